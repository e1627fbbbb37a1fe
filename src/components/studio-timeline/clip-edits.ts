/** Pure helpers of the timeline's keyboard edits: where a split falls, which piece a clip joins, markers, words. */
import { overlapsOf } from '../../audio/timing-rules.js';
import type { TimelineClip, TimelineMarker, TimelineTrackId, TimelineTracks } from './types.js';

/** The shortest piece a split leaves, seconds (the reducer refuses shorter ones too). */
export const MIN_PIECE = 0.05;

/**
 * Seconds into `clip` where a split at `time` falls, or undefined when `time` is not inside it. A time inside one
 * of its words moves to the middle of the nearer gap between words (a word is never cut in two).
 */
export function splitPoint(clip: TimelineClip, time: number): number | undefined {
  const inside = (at: number) => at >= MIN_PIECE && at <= clip.length - MIN_PIECE;
  const words = clip.words ?? [];
  const origin = clip.start - clip.trimIn;
  const word = words.findIndex(({ start, end }) => origin + start < time && time < origin + end);
  const times =
    word < 0
      ? [time]
      : [origin + (words[word]!.start + (words[word - 1]?.end ?? words[word]!.start)) / 2, origin + (words[word]!.end + (words[word + 1]?.start ?? words[word]!.end)) / 2].sort(
          (a, b) => Math.abs(a - time) - Math.abs(b - time),
        );
  return times.map((candidate) => Number((candidate - clip.start).toFixed(3))).find(inside);
}

/** The word of `clip` heard first after `time` (`1`), or the last one before it (`-1`), at least 10 ms away: its text and time. */
export function adjacentWord(clip: TimelineClip, time: number, direction: -1 | 1): { text: string; time: number } | undefined {
  const origin = clip.start - clip.trimIn;
  const heard = (clip.words ?? []).map((word) => ({ text: word.text, time: Number((origin + word.start).toFixed(3)) })).filter((word) => word.time >= clip.start - 0.01 && word.time < clip.start + clip.length);
  return direction > 0 ? heard.find((word) => word.time > time + 0.01) : heard.reverse().find((word) => word.time < time - 0.01);
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
