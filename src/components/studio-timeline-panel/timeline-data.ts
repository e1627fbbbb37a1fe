import type { ProjectDocument } from '../../model/document.js';
import { takeWords } from '../../script/captions.js';
import type { Translate } from '../../i18n/translate.js';
import { reviewThreads } from '../../model/review-views.js';
import type { TimelineClip, TimelineComment, TimelineMarker, TimelineMusic } from '../studio-timeline/types.js';

/** What the timeline needs from decoded audio: peaks and lengths by URL (the preview has them). */
export interface DecodedLookup {
  peaks(url: string, pointsPerSecond?: number): Float32Array | undefined;
  sourceDuration(url: string): number | undefined;
}

/** Peaks per second the timeline is given. */
export const PEAKS_PER_SECOND = 100;

const NO_PEAKS: Float32Array = new Float32Array(0);

/** The length of an asset: decoded, else as the service reported it (`reported`, or its asset), else 0. */
function sourceLength(project: ProjectDocument, decoded: DecodedLookup, url: string, assetId: string | null, reported?: unknown): number {
  const known = decoded.sourceDuration(url);
  if (known !== undefined) return known;
  const asset = assetId === null ? undefined : project.assets.find((candidate) => candidate.asset_id === assetId);
  const duration = asset?.duration_s ?? reported;
  return typeof duration === 'number' && Number.isFinite(duration) ? duration : 0;
}

/** How the timeline shows locks: whether they hold (adopter role), and the note of a lock ("Locked: <reason>"). */
export interface TimelineLocks {
  readonly holds: boolean;
  readonly note: (reason: string | undefined) => string;
}

/** The project's voice clips as the timeline shows them, labelled by their script section, with their locks and their take's words. */
export function timelineClips(project: ProjectDocument, decoded: DecodedLookup, fallbackLabel: string, locks?: TimelineLocks): TimelineClip[] {
  const labels = new Map(project.script.sections.map((section) => [section.id, section.label]));
  return project.clips.map((clip) => {
    const length = sourceLength(project, decoded, clip.url, clip.assetId);
    const text = clip.source?.text;
    const take = text === undefined ? undefined : takeWords(text, project.assets.find((asset) => asset.asset_id === clip.assetId));
    return {
      id: clip.id,
      label: (clip.sectionId === null ? undefined : labels.get(clip.sectionId)) ?? fallbackLabel,
      start: clip.start,
      length: Math.max(0, length - clip.trimIn - clip.trimOut),
      sourceLength: length,
      trimIn: clip.trimIn,
      trimOut: clip.trimOut,
      fadeIn: clip.fadeIn,
      fadeOut: clip.fadeOut,
      gain: clip.gain,
      peaks: decoded.peaks(clip.url, PEAKS_PER_SECOND) ?? NO_PEAKS,
      source: clip.url,
      ...(take === undefined || take.words.length === 0 ? {} : { words: take.words, wordsEstimated: !take.timed }),
      ...(clip.locked === true && locks !== undefined ? { lockNote: locks.note(clip.lockReason), fixed: locks.holds } : {}),
    };
  });
}

/** Where each section's voice starts (its earliest clip), in script order: the ruler's markers. */
export function sectionMarkers(project: Pick<ProjectDocument, 'clips' | 'script'>): TimelineMarker[] {
  const markers: TimelineMarker[] = [];
  for (const section of project.script.sections) {
    let time = Infinity;
    for (const clip of project.clips) if (clip.sectionId === section.id) time = Math.min(time, clip.start);
    if (time !== Infinity) markers.push({ time, label: section.label });
  }
  return markers;
}

/** Each thread of the open version whose audio is there (open or resolved; never an orphaned one), where it is now: the ruler's comment markers. */
export function commentMarkers(project: ProjectDocument, t: Translate): TimelineComment[] {
  const { open, resolved } = reviewThreads(project, project.openVersion);
  return [...open, ...resolved].map(({ id, comments, range, resolved: done }) => {
    const at = range.end > range.start ? `${t.clock(range.start, true)}–${t.clock(range.end, true)}` : t.clock(range.start, true);
    return { id, start: range.start, end: range.end, resolved: done, label: t('timeline.comment', { range: at, text: comments[0]!.body.slice(0, 80) }) };
  });
}

/** A clip id not used yet, from `id`: `hook-2`, `hook-3`... */
export function freshClipId(project: Pick<ProjectDocument, 'clips'>, id: string): string {
  const base = id.replace(/-\d+$/, '').slice(0, 180);
  const taken = new Set(project.clips.map((clip) => clip.id));
  let n = 2;
  while (taken.has(`${base}-${n}`)) n += 1;
  return `${base}-${n}`;
}

/**
 * Peaks of the bed as it plays over the ad: from `offset`, looped or once, cut at `length` seconds; the
 * same arithmetic as the mixdown, at `pointsPerSecond`.
 */
export function bedPeaks(source: Float32Array, pointsPerSecond: number, offset: number, loop: boolean, length: number): Float32Array {
  const count = Math.max(0, Math.round(length * pointsPerSecond));
  const out = new Float32Array(count);
  if (source.length === 0) return out;
  const first = Math.min(source.length, Math.max(0, Math.round(offset * pointsPerSecond)));
  for (let i = 0, j = first; i < count; i++, j++) {
    if (j >= source.length) {
      if (!loop) break;
      j = 0;
    }
    out[i] = source[j]!;
  }
  return out;
}

/** The project's music bed as the timeline shows it, or null without one (or before its track is resolved). */
export function timelineMusic(project: ProjectDocument, decoded: DecodedLookup, cache: Map<string, Float32Array>, locksHold = false): TimelineMusic | null {
  const bed = project.music;
  if (bed === null || bed.url === null) return null;
  const total = sourceLength(project, decoded, bed.url, bed.assetId, bed.track?.duration_s);
  const length = bed.loop ? project.duration : Math.min(project.duration, Math.max(0, total - bed.offset));
  const source = decoded.peaks(bed.url, PEAKS_PER_SECOND);
  let peaks: Float32Array = NO_PEAKS;
  if (source !== undefined) {
    const key = `${bed.url} ${bed.offset} ${bed.loop} ${length}`;
    peaks = cache.get(key) ?? bedPeaks(source, PEAKS_PER_SECOND, bed.offset, bed.loop, length);
    cache.clear();
    cache.set(key, peaks);
  }
  return { length, gain: bed.gain, fadeIn: bed.fadeIn, fadeOut: bed.fadeOut, peaks, ...(locksHold && bed.locked === true ? { fixed: true } : {}) };
}
