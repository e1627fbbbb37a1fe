// The locks' guard (schema 6): in the adopter role, an edit whose result changes a locked part is refused.
// It compares the document before and after, so it holds whatever the action (a drag, a key, a paste, undo).

import type { ProjectDocument, ProjectSection, VersionContent, VoiceClip } from './document.js';
import { keepLocked } from './keep-locked.js';
import type { BrokenLock, LockTarget } from './lock-types.js';
import { openContent, versionContent } from './versions.js';

export type { BrokenLock, EditorRole } from './lock-types.js';
export { keepLocked };

/** Structural equality of plain data (JSON-like values), key order aside. */
export function sameData(a: unknown, b: unknown): boolean {
  if (Object.is(a, b)) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  const keysA = Object.keys(a).filter((key) => (a as Record<string, unknown>)[key] !== undefined);
  const keysB = Object.keys(b).filter((key) => (b as Record<string, unknown>)[key] !== undefined);
  if (keysA.length !== keysB.length) return false;
  return keysA.every((key) => sameData((a as Record<string, unknown>)[key], (b as Record<string, unknown>)[key]));
}

/** What a take is heard as: its audio and what it was voiced from (its place and levels aside). */
const takeAudio = ({ id, assetId, url, trimIn, trimOut, source }: VoiceClip) => ({ id, assetId, url, trimIn, trimOut, source });

/** The voice a section is read in: its own, else the ad's. */
const sectionVoice = (section: ProjectSection, content: VersionContent): string | null => section.voice ?? content.voice.voice;

/** A section as a lock fixes it: its fields, with its voice as heard (its own or the ad's, once there is one). */
function sameSection(before: ProjectSection, beforeContent: VersionContent, after: ProjectSection, afterContent: VersionContent): boolean {
  const { voice: _a, ...restBefore } = before;
  const { voice: _b, ...restAfter } = after;
  const voice = sectionVoice(before, beforeContent);
  return sameData(restBefore, restAfter) && (voice === null || voice === sectionVoice(after, afterContent));
}

const clipName = (content: VersionContent, clip: VoiceClip): string | undefined => content.script.sections.find((section) => section.id === clip.sectionId)?.label;

const brokenClip = (content: VersionContent, clip: VoiceClip): BrokenLock => ({ target: { kind: 'clip', id: clip.id }, reason: clip.lockReason, name: clipName(content, clip) });
const brokenSection = (section: ProjectSection): BrokenLock => ({ target: { kind: 'section', id: section.id }, reason: section.lockReason, name: section.label });

/** The first locked part of `content`, or undefined when it has none. */
function firstLocked(content: VersionContent): BrokenLock | undefined {
  if (content.music?.locked === true) return { target: { kind: 'bed' }, reason: content.music.lockReason, name: undefined };
  const section = content.script.sections.find((item) => item.locked === true);
  if (section !== undefined) return brokenSection(section);
  const clip = content.clips.find((item) => item.locked === true);
  return clip === undefined ? undefined : brokenClip(content, clip);
}

/**
 * Whether the locked sections of `before` are in place in `after`: in the same order among themselves, and
 * one that opens (or closes) the script still does.
 */
function sectionsInPlace(before: readonly ProjectSection[], after: readonly ProjectSection[]): ProjectSection | undefined {
  const locked = before.filter((section) => section.locked === true);
  const order = after.filter((section) => locked.some((item) => item.id === section.id)).map((section) => section.id);
  for (const [index, section] of locked.entries()) {
    if (order[index] !== section.id) return section;
    const at = after.findIndex((item) => item.id === section.id);
    if (before[0] === section && at !== 0) return section;
    if (before.length > 1 && before[before.length - 1] === section && at !== after.length - 1) return section;
  }
  return undefined;
}

/** The takes (clips) of the sections in `ids`, by section id. */
function takesOf(clips: readonly VoiceClip[], ids: ReadonlySet<string>): Map<string, VoiceClip[]> {
  const takes = new Map<string, VoiceClip[]>();
  for (const clip of clips) {
    if (clip.sectionId === null || !ids.has(clip.sectionId)) continue;
    const list = takes.get(clip.sectionId);
    if (list === undefined) takes.set(clip.sectionId, [clip]);
    else list.push(clip);
  }
  return takes;
}

/** Whether the takes of a locked section are the same audio (by id; they may have moved). */
function sameTakes(before: readonly VoiceClip[] = [], after: readonly VoiceClip[] = []): boolean {
  if (before.length !== after.length) return false;
  return before.every((take) => {
    const now = after.find((clip) => clip.id === take.id);
    return now !== undefined && (now === take || sameData(takeAudio(take), takeAudio(now)));
  });
}

/**
 * The first locked part of `before` that `after` changed (same version, or a version made from it). Parts the
 * edit did not touch are the same objects, so a drag on a large project compares little.
 */
function brokenInContent(before: VersionContent, after: VersionContent): BrokenLock | undefined {
  if (before.music?.locked === true && before.music !== after.music && !sameData(before.music, after.music)) return { target: { kind: 'bed' }, reason: before.music.lockReason, name: undefined };
  const sameSections = before.script.sections === after.script.sections && before.voice.voice === after.voice.voice;
  const sameClips = before.clips === after.clips;
  if (sameSections && sameClips) return undefined;
  const locked = before.script.sections.filter((section) => section.locked === true);
  if (locked.length > 0) {
    const ids = new Set(locked.map((section) => section.id));
    const [takes, nowTakes] = sameClips ? [undefined, undefined] : [takesOf(before.clips, ids), takesOf(after.clips, ids)];
    for (const section of locked) {
      if (!sameSections) {
        const now = after.script.sections.find((item) => item.id === section.id);
        if (now === undefined || !sameSection(section, before, now, after)) return brokenSection(section);
      }
      // Its takes are part of it: the same audio, neither replaced, split, joined nor removed (they may move).
      if (takes !== undefined && !sameTakes(takes.get(section.id), nowTakes!.get(section.id))) return brokenSection(section);
    }
    const misplaced = sameSections ? undefined : sectionsInPlace(before.script.sections, after.script.sections);
    if (misplaced !== undefined) return brokenSection(misplaced);
  }
  if (sameClips) return undefined;
  const now = new Map(after.clips.map((clip) => [clip.id, clip]));
  for (const clip of before.clips) {
    if (clip.locked !== true) continue;
    const kept = now.get(clip.id);
    if (kept === undefined || (kept !== clip && !sameData(clip, kept))) return brokenClip(before, clip);
  }
  return undefined;
}

/** The delivery settings a delivery lock fixes. */
const deliveryFacts = (doc: ProjectDocument) => ({ mastering: doc.mastering, format: doc.delivery.format, sampleRate: doc.delivery.sampleRate, destinations: doc.delivery.destinations });

/**
 * The first lock of `before` that `after` breaks, or undefined when `after` keeps every one: each locked clip,
 * section (with its takes and place) and bed of every version, open or parked, unchanged and still locked with
 * its reason; a version with locked parts not removed, and a new version keeping the locked parts of the one
 * open before; with `locks.duration`, every version's length (a new one has one of the lengths there were);
 * with `locks.delivery`, the mastering and the delivery format, rate and destinations.
 */
export function brokenLock(before: ProjectDocument, after: ProjectDocument): BrokenLock | undefined {
  if (before === after) return undefined;
  const { duration, delivery } = before.locks;
  if (duration !== undefined && !sameData(duration, after.locks.duration)) return { target: { kind: 'duration' }, reason: duration.reason, name: undefined };
  if (delivery !== undefined && (!sameData(delivery, after.locks.delivery) || !sameData(deliveryFacts(before), deliveryFacts(after)))) {
    return { target: { kind: 'delivery' }, reason: delivery.reason, name: undefined };
  }
  const lengths = new Set<number>();
  for (const version of before.versions) {
    const content = versionContent(before, version.id)!;
    lengths.add(content.duration);
    const now = versionContent(after, version.id);
    if (now === content) continue; // a parked version nothing touched
    const broken = now === undefined ? firstLocked(content) : brokenInContent(content, now);
    if (broken !== undefined) return broken;
    if (duration !== undefined && now !== undefined && now.duration !== content.duration) return { target: { kind: 'duration' }, reason: duration.reason, name: undefined };
  }
  for (const version of after.versions) {
    if (before.versions.some((item) => item.id === version.id)) continue;
    const made = versionContent(after, version.id)!;
    const broken = brokenInContent(openContent(before), made);
    if (broken !== undefined) return broken;
    if (duration !== undefined && !lengths.has(made.duration)) return { target: { kind: 'duration' }, reason: duration.reason, name: undefined };
  }
  return undefined;
}

/** The lock on `target` in `doc` as a refusal names it (its reason and name; none when it is not locked). */
export function describeLock(doc: ProjectDocument, target: LockTarget): BrokenLock {
  switch (target.kind) {
    case 'clip': {
      const clip = doc.clips.find((item) => item.id === target.id);
      return clip === undefined ? { target, reason: undefined, name: undefined } : brokenClip(doc, clip);
    }
    case 'section': {
      const section = doc.script.sections.find((item) => item.id === target.id);
      return section === undefined ? { target, reason: undefined, name: undefined } : brokenSection(section);
    }
    case 'bed':
      return { target, reason: doc.music?.lockReason, name: undefined };
    case 'duration':
    case 'delivery':
      return { target, reason: doc.locks[target.kind]?.reason, name: undefined };
  }
}

/** Whether `target` is locked in `doc`. */
export function isLocked(doc: ProjectDocument, target: LockTarget): boolean {
  switch (target.kind) {
    case 'clip':
      return doc.clips.some((clip) => clip.id === target.id && clip.locked === true);
    case 'section':
      return doc.script.sections.some((section) => section.id === target.id && section.locked === true);
    case 'bed':
      return doc.music?.locked === true;
    case 'duration':
    case 'delivery':
      return doc.locks[target.kind] !== undefined;
  }
}

