/**
 * What a pointer gesture on the timeline changes, as pure functions: the values when it begins, and the
 * values for a pointer `dt` seconds and `dy` pixels away, snapped against the times captured at its start.
 */
import { gridStep, snapClipStart, snapTime } from './geometry.js';
import { ENVELOPE_FLOOR_DB, GAIN_BOTTOM, GAIN_TOP, MIN_LENGTH, clamp, round, type Lanes } from './scale.js';
import type { TimelineClip, TimelineMusic } from './types.js';

export type DragKind = 'move' | 'trim-in' | 'trim-out' | 'fade-in' | 'fade-out' | 'gain' | 'music-gain' | 'music-fade-in' | 'music-fade-out' | 'duck' | 'seek';

const KINDS = new Set<string>(['move', 'trim-in', 'trim-out', 'fade-in', 'fade-out', 'gain', 'music-gain', 'music-fade-in', 'music-fade-out', 'duck', 'seek']);

export const isDragKind = (value: string | undefined): value is DragKind => value !== undefined && KINDS.has(value);

/** The values a gesture reads and writes, by name (`start`, `trimIn`, `gain`, `depthDb`...). */
export type GestureValues = Record<string, number>;

/** What the values are computed from: the timeline's properties when the gesture began. */
export interface GestureContext {
  clip: TimelineClip | undefined;
  music: TimelineMusic | null;
  duckDepth: number;
  zoom: number;
  /** The lanes' heights: a vertical drag is read against them. */
  lanes: Lanes;
  /** Times an edge snaps to (0, the target, the other clips' edges). */
  candidates: readonly number[];
}

/** Pixels within which a dragged edge snaps. */
export const SNAP_PX = 8;

/** Times a dragged edge of clip `except` snaps to: 0, the target, the other clips' edges. */
export function snapCandidates(clips: readonly TimelineClip[], targetDuration: number, except: string | undefined): number[] {
  const times = [0, targetDuration];
  for (const clip of clips) if (clip.id !== except) times.push(clip.start, clip.start + clip.length);
  return times;
}

/** Where `clip`'s words begin and end on the timeline when its take starts at `origin` (a trim snaps to them). */
const wordEdges = (clip: TimelineClip, origin: number): number[] => (clip.words ?? []).flatMap((word) => [origin + word.start, origin + word.end]);

/** The values `kind` changes, as they are before the gesture. */
export function gestureStart(kind: DragKind, { clip, music, duckDepth }: Pick<GestureContext, 'clip' | 'music' | 'duckDepth'>): GestureValues {
  switch (kind) {
    case 'move':
      return { start: clip!.start };
    case 'trim-in':
    case 'trim-out':
      return { start: clip!.start, trimIn: clip!.trimIn, trimOut: clip!.trimOut };
    case 'fade-in':
    case 'fade-out':
      return { fadeIn: clip!.fadeIn, fadeOut: clip!.fadeOut };
    case 'gain':
      return { gain: clip!.gain };
    case 'music-gain':
      return { gain: music?.gain ?? 0 };
    case 'music-fade-in':
    case 'music-fade-out':
      return { fadeIn: music?.fadeIn ?? 0, fadeOut: music?.fadeOut ?? 0 };
    case 'duck':
      return { depthDb: duckDepth };
    case 'seek':
      return {};
  }
}

/** The gesture's values for a pointer `dt` seconds and `dy` pixels from where it went down (Alt: `noSnap`). */
export function gestureValues(kind: DragKind, b: GestureValues, dt: number, dy: number, noSnap: boolean, context: GestureContext): GestureValues {
  const { clip, music, zoom, candidates } = context;
  const threshold = noSnap ? 0 : SNAP_PX / zoom;
  const grid = noSnap ? undefined : gridStep(zoom);
  switch (kind) {
    case 'move':
      return { start: round(snapClipStart(b['start']! + dt, clip!.length, candidates, grid, threshold)) };
    case 'trim-in': {
      const maxIn = clip!.sourceLength - b['trimOut']! - MIN_LENGTH;
      // The left edge moves; the audio under it stays where it is. A trim lands where it is released: it
      // snaps to other clips' edges, the target and its words' edges, never to the grid (that would cut somewhere else).
      const edge = snapTime(b['start']! + dt, [...candidates, ...wordEdges(clip!, b['start']! - b['trimIn']!)], undefined, threshold).time;
      const trimIn = clamp(b['trimIn']! + (edge - b['start']!), 0, maxIn);
      const start = Math.max(0, b['start']! + (trimIn - b['trimIn']!));
      return { start: round(start), trimIn: round(b['trimIn']! + (start - b['start']!)), trimOut: b['trimOut']! };
    }
    case 'trim-out': {
      const end = b['start']! + clip!.sourceLength - b['trimIn']! - b['trimOut']!;
      const edge = snapTime(end + dt, [...candidates, ...wordEdges(clip!, b['start']! - b['trimIn']!)], undefined, threshold).time;
      const trimOut = clamp(b['trimOut']! - (edge - end), 0, clip!.sourceLength - b['trimIn']! - MIN_LENGTH);
      return { start: b['start']!, trimIn: b['trimIn']!, trimOut: round(trimOut) };
    }
    case 'fade-in':
      return { fadeIn: round(clamp(b['fadeIn']! + dt, 0, clip!.length - b['fadeOut']!)), fadeOut: b['fadeOut']! };
    case 'fade-out':
      return { fadeIn: b['fadeIn']!, fadeOut: round(clamp(b['fadeOut']! - dt, 0, clip!.length - b['fadeIn']!)) };
    case 'gain':
    case 'music-gain': {
      const height = kind === 'gain' ? context.lanes.voice : context.lanes.music;
      return { gain: round(clamp(b['gain']! - (dy / height) * (GAIN_TOP - GAIN_BOTTOM), GAIN_BOTTOM, GAIN_TOP), 1) };
    }
    case 'music-fade-in':
      return { fadeIn: round(clamp(b['fadeIn']! + dt, 0, (music?.length ?? 0) - b['fadeOut']!)), fadeOut: b['fadeOut']! };
    case 'music-fade-out':
      return { fadeIn: b['fadeIn']!, fadeOut: round(clamp(b['fadeOut']! - dt, 0, (music?.length ?? 0) - b['fadeIn']!)) };
    case 'duck':
      return { depthDb: Math.round(clamp(b['depthDb']! + (dy / context.lanes.music) * -ENVELOPE_FLOOR_DB, 0, 40) * 2) / 2 };
    case 'seek':
      return {};
  }
}
