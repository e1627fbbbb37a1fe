// In the adopter role, the edits that remake the ad ("Make the ad", choosing an idea, a new take that moves the
// clips after it) keep the locked parts as they were instead of being refused whole.

import type { EditAction } from './actions.js';
import { clipLength, LEAD_IN_S, RESPACE_GAP_S } from './clip-layout.js';
import type { ProjectDocument, ProjectSection, VoiceClip } from './document.js';

/**
 * The chosen idea's sections with the locked sections of `before` put back: each in its place (one that
 * opened the script opens it, one that closed it closes it, the others at their index), still read in the
 * voice they were (an ad voice that changed is pinned on the section).
 */
function keptSections(before: ProjectDocument, after: ProjectDocument): readonly ProjectSection[] {
  const old = before.script.sections;
  const locked = old.flatMap((section, index) => (section.locked === true ? [{ section, index }] : []));
  if (locked.length === 0) return after.script.sections;
  const pin = (section: ProjectSection): ProjectSection =>
    section.voice !== undefined || before.voice.voice === null || before.voice.voice === after.voice.voice ? section : { ...section, voice: before.voice.voice };
  const ids = new Set(locked.map(({ section }) => section.id));
  const sections = after.script.sections.filter((section) => !ids.has(section.id));
  const closes = (index: number) => index > 0 && index === old.length - 1;
  for (const { section, index } of locked) if (!closes(index)) sections.splice(Math.min(index, sections.length), 0, pin(section));
  for (const { section, index } of locked) if (closes(index)) sections.push(pin(section));
  return sections;
}

/**
 * `after`'s clips with `before`'s locked clips and the takes of locked sections where they were, and the
 * other clips laid end to end from `LEAD_IN_S` in script order around them, `RESPACE_GAP_S` apart.
 */
function keptClips(before: ProjectDocument, after: ProjectDocument): readonly VoiceClip[] {
  const lockedSections = new Set(before.script.sections.filter((section) => section.locked === true).map((section) => section.id));
  const fixed = before.clips.filter((clip) => clip.locked === true || (clip.sectionId !== null && lockedSections.has(clip.sectionId)));
  if (fixed.length === 0) return after.clips;
  const fixedIds = new Set(fixed.map((clip) => clip.id));
  const doc = { ...after, clips: fixed };
  const spans = fixed.map((clip) => [clip.start, clip.start + (clipLength(doc, clip) ?? 0)] as const);
  const order = new Map(after.script.sections.map((section, index) => [section.id, index]));
  const rank = (clip: VoiceClip) => (clip.sectionId !== null && order.has(clip.sectionId) ? order.get(clip.sectionId)! : order.size);
  const movable = after.clips.filter((clip) => !fixedIds.has(clip.id) && !(clip.sectionId !== null && lockedSections.has(clip.sectionId)));
  let at = LEAD_IN_S;
  const placed = [...movable]
    .sort((a, b) => rank(a) - rank(b) || a.start - b.start)
    .map((clip) => {
      const length = clipLength(after, clip);
      if (length === undefined) return clip;
      for (let span = spans.find(([start, end]) => at < end && at + length > start); span !== undefined; span = spans.find(([start, end]) => at < end && at + length > start)) {
        at = span[1] + RESPACE_GAP_S;
      }
      const start = at;
      at += length + RESPACE_GAP_S;
      return start === clip.start ? clip : { ...clip, start };
    });
  return [...fixed, ...placed];
}

/**
 * `after` (what `action` made of `before`) keeping `before`'s locked parts, for the adopter role: "Make the ad"
 * and choosing an idea keep the locked sections (text, voice, takes, place), the locked clips where they are,
 * a locked bed, and a locked length; a new take keeps the locked clips after it in place. Other actions:
 * `after` as it is (the guard then decides).
 */
export function keepLocked(before: ProjectDocument, after: ProjectDocument, action: EditAction): ProjectDocument {
  if (after === before) return after;
  switch (action.type) {
    case 'recommendation/choose':
    case 'ad/assemble': {
      const kept: ProjectDocument = {
        ...after,
        script: { sections: keptSections(before, after) },
        duration: before.locks.duration === undefined ? after.duration : before.duration,
        music: before.music?.locked === true ? before.music : after.music,
      };
      return action.type === 'ad/assemble' ? { ...kept, clips: keptClips(before, kept) } : kept;
    }
    case 'voiceover/received': {
      const clips = after.clips.map((clip) => {
        const was = before.clips.find((item) => item.id === clip.id);
        return was?.locked === true && was.sectionId !== action.sectionId ? was : clip;
      });
      return clips.every((clip, index) => clip === after.clips[index]) ? after : { ...after, clips };
    }
    default:
      return after;
  }
}
