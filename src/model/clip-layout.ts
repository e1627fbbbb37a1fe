import type { ClipSource, ProjectDocument, VoiceClip } from './document.js';

/**
 * A new take of `asset` as the clip `id` of `sectionId` at `start`: untrimmed, keeping the gain, fades and lock
 * of the take it replaces (`previous`; a creator re-voicing a locked section's take keeps its lock).
 */
export function takeClip(
  take: { readonly id: string; readonly sectionId: string | null; readonly asset: { readonly asset_id: string; readonly url: string }; readonly start: number; readonly source: ClipSource | null },
  previous: VoiceClip | undefined,
): VoiceClip {
  return {
    id: take.id,
    sectionId: take.sectionId,
    assetId: take.asset.asset_id,
    url: take.asset.url,
    start: take.start,
    gain: previous?.gain ?? 0,
    trimIn: 0,
    trimOut: 0,
    fadeIn: previous?.fadeIn ?? 0,
    fadeOut: previous?.fadeOut ?? 0,
    source: take.source,
    ...(previous?.locked === true ? { locked: true, ...(previous.lockReason === undefined ? {} : { lockReason: previous.lockReason }) } : {}),
  };
}

/** A clip's length on the timeline from its asset's duration, or undefined when the asset is unknown. */
export function clipLength(doc: Pick<ProjectDocument, 'assets'>, clip: VoiceClip): number | undefined {
  const asset = doc.assets.find((item) => item.asset_id === clip.assetId);
  const duration = asset?.duration_s;
  if (typeof duration !== 'number' || !Number.isFinite(duration)) return undefined;
  return Math.max(0, duration - clip.trimIn - clip.trimOut);
}

/**
 * Ripple: `replaced` became `next` (a new take of its section); the clips that started at or after the
 * old take's end move by the change of length, so the gaps the user set stay as they were.
 */
export function rippleAfter(doc: ProjectDocument, clips: readonly VoiceClip[], replaced: VoiceClip, next: VoiceClip): readonly VoiceClip[] {
  const before = clipLength(doc, replaced);
  const after = clipLength(doc, next);
  if (before === undefined || after === undefined) return clips;
  const oldEnd = replaced.start + before;
  const delta = next.start + after - oldEnd;
  if (Math.abs(delta) < 1e-6) return clips;
  // A clip that started inside the old take (an overlap already there) is left where it is.
  return clips.map((clip) => (clip !== next && clip.start >= oldEnd - 1e-6 ? { ...clip, start: Math.max(0, clip.start + delta) } : clip));
}

/** The space between voice clips that "Re-space sections" and "Make the ad" leave, seconds. */
export const RESPACE_GAP_S = 0.3;
/** Where "Make the ad" starts the first voice clip: a breath of music first, seconds. */
export const LEAD_IN_S = 0.5;

/**
 * "Re-space sections": the voice clips, in script order (free clips after, by start), laid end to end from
 * where the first one starts with `gap` seconds between them. Clips of unknown length keep their place.
 */
export function respaceClips(doc: ProjectDocument, gap: number): readonly VoiceClip[] {
  const order = new Map(doc.script.sections.map((section, index) => [section.id, index]));
  const rank = (clip: VoiceClip) => (clip.sectionId !== null && order.has(clip.sectionId) ? order.get(clip.sectionId)! : order.size);
  const sorted = [...doc.clips].filter((clip) => clipLength(doc, clip) !== undefined).sort((a, b) => rank(a) - rank(b) || a.start - b.start);
  if (sorted.length === 0) return doc.clips;
  const moved = new Map<string, number>();
  let at = Math.min(...sorted.map((clip) => clip.start));
  for (const clip of sorted) {
    moved.set(clip.id, at);
    at += clipLength(doc, clip)! + gap;
  }
  const clips = doc.clips.map((clip) => (moved.has(clip.id) && moved.get(clip.id) !== clip.start ? { ...clip, start: moved.get(clip.id)! } : clip));
  return clips.every((clip, i) => clip === doc.clips[i]) ? doc.clips : clips;
}
