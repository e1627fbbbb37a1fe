// Where a script section's words are heard on the open version, for a comment on them (docs/review.md). Where the
// take's word timings are the section's words one for one, a selection is placed exactly by them; else by the
// words' share of the section's estimated speech (./estimate.ts) in its take, and said to be an estimate.
import { clipLength } from '../model/clip-layout.js';
import type { ProjectDocument, VoiceClip } from '../model/document.js';
import { takeWords } from './captions.js';
import { estimateSpeechSeconds } from './estimate.js';

/** A span of the open version, seconds; `estimated` when it was narrowed to words by their estimated speech. */
export interface WordsRange {
  readonly start: number;
  readonly end: number;
  readonly estimated: boolean;
}

/** The section's clips on the open version that can be placed (their take's length is known), with it. */
function placedClips(project: ProjectDocument, sectionId: string): { clip: VoiceClip; length: number }[] {
  return project.clips.flatMap((clip) => {
    const length = clip.sectionId === sectionId ? clipLength(project, clip) : undefined;
    return length === undefined ? [] : [{ clip, length }];
  });
}

/** Where section `sectionId` is heard on the open version: from its first clip's start to its last clip's end; undefined when it is not voiced. */
export function sectionRange(project: ProjectDocument, sectionId: string): { start: number; end: number } | undefined {
  let start = Infinity;
  let end = -Infinity;
  for (const clip of project.clips) {
    if (clip.sectionId !== sectionId) continue;
    start = Math.min(start, clip.start);
    end = Math.max(end, clip.start + (clipLength(project, clip) ?? 0));
  }
  return start === Infinity ? undefined : { start, end: Math.max(start, end) };
}

/** Where `offset` seconds into the take is heard (the clip of the section that plays it), or undefined. */
function heardAt(placed: readonly { clip: VoiceClip; length: number }[], offset: number): number | undefined {
  const piece = placed.find(({ clip, length }) => offset >= clip.trimIn && offset <= clip.trimIn + length);
  return piece === undefined ? undefined : piece.clip.start + offset - piece.clip.trimIn;
}

/**
 * When, seconds into the take, the words of `text` that characters `from` to `to` touch are heard: from the first
 * one's start to the last one's end, by the take's word timings. Undefined when the take has none, or they are not
 * `text`'s words one for one (a slot's value, an edit since it was voiced), or no word is selected.
 */
function timedSpan(project: ProjectDocument, clip: VoiceClip, text: string, from: number, to: number): { start: number; end: number } | undefined {
  const take = clip.source === null ? undefined : takeWords(clip.source.text, project.assets.find((asset) => asset.asset_id === clip.assetId));
  const written = [...text.matchAll(/\S+/g)];
  if (take?.timed !== true || take.words.length !== written.length || take.words.some((word, at) => word.text !== written[at]![0])) return undefined;
  const first = written.findIndex((word) => word.index + word[0].length > from);
  const last = written.filter((word) => word.index < to).length - 1;
  if (first < 0 || last < first) return undefined;
  return { start: take.words[first]!.start, end: take.words[last]!.end };
}

/**
 * Where the characters `from` to `to` of `text` (the section's words) are heard on the open version. Narrowed to
 * the words where the section is one take (its clips, split or trimmed, all play it): by the take's word timings
 * where they are the section's words (`estimated: false`), else the take's length times the share of the section's
 * estimated speech before them and through them (`estimated: true`), placed where the clip that plays that moment
 * is. Otherwise, or when a selection's end is not heard (trimmed
 * away), or nothing is selected, the section's clips (`sectionRange`). Undefined when the section is not voiced.
 */
export function wordsRange(project: ProjectDocument, sectionId: string, text: string, from: number, to: number): WordsRange | undefined {
  const whole = sectionRange(project, sectionId);
  if (whole === undefined) return undefined;
  const section = { ...whole, estimated: false };
  const placed = placedClips(project, sectionId);
  const total = estimateSpeechSeconds(text);
  const takes = new Set(placed.map(({ clip }) => clip.assetId));
  if (to <= from || total === 0 || takes.size !== 1 || text.slice(0, from).trim() + text.slice(to).trim() === '') return section;
  const take = placed[0]!.length + placed[0]!.clip.trimIn + placed[0]!.clip.trimOut;
  const timed = timedSpan(project, placed[0]!.clip, text, from, to);
  const span = timed ?? { start: (take * estimateSpeechSeconds(text.slice(0, from))) / total, end: (take * estimateSpeechSeconds(text.slice(0, to))) / total };
  const start = heardAt(placed, span.start);
  const end = heardAt(placed, span.end);
  if (start === undefined || end === undefined || end <= start) return section;
  return { start: round(start), end: round(end), estimated: timed === undefined };
}

/** To the millisecond, as the timeline keeps times. */
const round = (seconds: number): number => Math.round(seconds * 1000) / 1000;
