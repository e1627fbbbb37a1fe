/** Pure helpers of the timeline's keyboard edits: where a split falls, which piece a clip joins, markers. */
import { overlapsOf } from '../../audio/timing-rules.js';
import type { TimelineClip, TimelineMarker, TimelineTrackId, TimelineTracks } from './types.js';

/** The shortest piece a split leaves, seconds (the reducer refuses shorter ones too). */
export const MIN_PIECE = 0.05;

/** Seconds into `clip` where a split at `time` falls, or undefined when `time` is not inside it. */
export function splitPoint(clip: TimelineClip, time: number): number | undefined {
  const at = Number((time - clip.start).toFixed(3));
  return at >= MIN_PIECE && at <= clip.length - MIN_PIECE ? at : undefined;
}

/**
 * The piece `clip` joins with: one of the same source placed in line with it (the same source time at the
 * same place), the nearest after it, else the nearest before it.
 */
export function joinPartner(clips: readonly TimelineClip[], clip: TimelineClip): TimelineClip | undefined {
  if (clip.source === undefined) return undefined;
  const origin = clip.start - clip.trimIn;
  const pieces = clips.filter((other) => other !== clip && other.source === clip.source && Math.abs(other.start - other.trimIn - origin) < 1e-6);
  const after = pieces.filter((other) => other.start >= clip.start).sort((a, b) => a.start - b.start);
  const before = pieces.filter((other) => other.start < clip.start).sort((a, b) => b.start - a.start);
  return after[0] ?? before[0];
}

/** The marker before (`-1`) or after (`1`) `time`, at least 10 ms away. */
export function adjacentMarker(markers: readonly TimelineMarker[], time: number, direction: -1 | 1): TimelineMarker | undefined {
  const sorted = [...markers].sort((a, b) => a.time - b.time);
  return direction > 0 ? sorted.find((marker) => marker.time > time + 0.01) : sorted.reverse().find((marker) => marker.time < time - 0.01);
}

/** Whether `track` is heard: not muted, and soloed when any track is (mute wins over solo). */
export function isHeard(tracks: TimelineTracks, track: TimelineTrackId): boolean {
  const soloed = tracks.voice.solo || tracks.music.solo;
  return !tracks[track].muted && (!soloed || tracks[track].solo);
}

/** For each clip that sounds together with another, the seconds it shares with the others (0: none). */
export function overlapSeconds(clips: readonly Pick<TimelineClip, 'id' | 'start' | 'length'>[]): Map<string, number> {
  const shared = new Map<string, number>();
  for (const { a, b, seconds } of overlapsOf(clips.map((clip) => ({ id: clip.id, start: clip.start, end: clip.start + clip.length })))) {
    shared.set(a, (shared.get(a) ?? 0) + seconds);
    shared.set(b, (shared.get(b) ?? 0) + seconds);
  }
  return shared;
}
