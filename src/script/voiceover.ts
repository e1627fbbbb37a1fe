import { applyingPronunciations, brandAndProject, samePronunciations } from '../brand/match.js';
import type { PronunciationEntry } from '../brand/pronunciations.js';
import type { ProjectDocument, ProjectSection } from '../model/document.js';
import { sampleSpokenText } from './slot-scan.js';
import { directed, plainText, saidText, voicedText } from './ssml.js';

/** Silence before the first clip and between clips placed one after another, seconds. */
export const LEAD_IN = 0.5;
export const GAP = 0.35;

/** The voice a section is spoken in: its own, or the project's. */
export const sectionVoice = (project: ProjectDocument, section: Pick<ProjectSection, 'voice'>): string | null => section.voice ?? project.voice.voice;

/**
 * What a section's take says: its text with each `{{slot}}` read as the slot's sample (`sampleSpokenText`), and
 * its direction's marks as the words they say (`plainText`). The text sent for its voice-over, kept as its take's
 * `source.text`, and what its length is estimated from.
 */
export const sectionSpokenText = (project: ProjectDocument, section: Pick<ProjectSection, 'text'>): string =>
  plainText(directed(section.text, (raw) => sampleSpokenText(raw, project.slots)));

/**
 * What a section takes to say, for its estimate and price: its words as said (slots as their samples, say-as
 * written out, a sub as its words) and its pauses' seconds (`saidText`).
 */
export const sectionSaid = (project: ProjectDocument, section: Pick<ProjectSection, 'text' | 'voice'>): { words: string; pauses: number } =>
  saidText(directed(section.text, (raw) => sampleSpokenText(raw, project.slots)), sectionLanguage(project, section));

/** The language a section's voice speaks, when the project knows it (its own voice's details). */
const sectionLanguage = (project: ProjectDocument, section: Pick<ProjectSection, 'voice'>): string | undefined =>
  sectionVoice(project, section) === project.voice.voice ? project.voice.details?.language : undefined;

/**
 * What a section's voice-over request says: its words (`sectionSpokenText`) and, when it has direction, its SSML
 * (`writeSsml`, in its voice's language), which its take keeps as `source.ssml`. `read` fills the slots: their
 * samples, or a feed row's values.
 */
export const sectionRead = (
  project: ProjectDocument,
  section: Pick<ProjectSection, 'text' | 'voice'>,
  read = (raw: string): string => sampleSpokenText(raw, project.slots),
): { text: string; ssml?: string } => voicedText(section.text, read, sectionLanguage(project, section));

/**
 * The pronunciation entries that apply to `text` in `project`: the host's brand list (`vocal.pronunciations`)
 * first, then the project's own (see `brandAndProject`), those that match somewhere in it.
 */
export const textPronunciations = (project: ProjectDocument, text: string, brand: readonly PronunciationEntry[] = []): PronunciationEntry[] =>
  applyingPronunciations(text, brandAndProject(brand, project.pronunciations));

/**
 * Sections whose voice-over is missing or was rendered from other text, voice or speed, or with other
 * pronunciation entries applying to its text than apply now (`brand`: the host's list), or other direction
 * (`source.ssml`): only these need a new render. The text is the spoken one (`sectionSpokenText`): a slot's new sample makes stale only the
 * sections that use it. An entry's change makes stale only the sections its text is in. Empty sections need none.
 */
export function staleSections(project: ProjectDocument, brand: readonly PronunciationEntry[] = []): Set<string> {
  const stale = new Set<string>();
  for (const section of project.script.sections) {
    if (section.text.trim() === '') continue;
    const clip = project.clips.find((candidate) => candidate.sectionId === section.id);
    const source = clip?.source;
    const { text: spoken, ssml } = sectionRead(project, section);
    if (
      !source ||
      source.text !== spoken ||
      source.ssml !== ssml ||
      source.voice !== sectionVoice(project, section) ||
      source.speed !== project.voice.speed ||
      !samePronunciations(source.pronunciations ?? [], textPronunciations(project, spoken, brand))
    ) {
      stale.add(section.id);
    }
  }
  return stale;
}

/** Length of a clip on the timeline: its asset's length less its trims. */
export function clipLength(project: ProjectDocument, clipId: string): number {
  const clip = project.clips.find((candidate) => candidate.id === clipId);
  if (clip === undefined) return 0;
  const asset = project.assets.find((candidate) => candidate.asset_id === clip.assetId);
  return Math.max(0, (asset?.duration_s ?? 0) - clip.trimIn - clip.trimOut);
}

/**
 * Where a new take of `sectionId` goes: where its previous take was, if any (the user may have moved it);
 * otherwise right after the clip of the section before it, or at the lead-in for the first.
 */
export function placeTake(project: ProjectDocument, sectionId: string): number {
  const existing = project.clips.find((clip) => clip.sectionId === sectionId);
  if (existing !== undefined) return existing.start;
  const index = project.script.sections.findIndex((section) => section.id === sectionId);
  for (let before = index - 1; before >= 0; before--) {
    const clip = project.clips.find((candidate) => candidate.sectionId === project.script.sections[before]!.id);
    if (clip !== undefined) return clip.start + clipLength(project, clip.id) + GAP;
  }
  return LEAD_IN;
}
