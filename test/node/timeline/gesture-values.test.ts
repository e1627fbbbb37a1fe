import { describe, it } from 'node:test';
import { expect } from '../support/expect.js';
import { gestureStart, gestureValues, isDragKind, snapCandidates, type GestureContext } from '../../../src/components/studio-timeline/gesture-values.js';
import type { TimelineClip } from '../../../src/components/studio-timeline/types.js';
import { BASE_LANES, lanesWith } from '../../../src/components/studio-timeline/scale.js';

const clip = (id: string, start: number, length: number, extra: Partial<TimelineClip> = {}): TimelineClip => ({
  id, label: id, start, length, sourceLength: length, trimIn: 0, trimOut: 0, fadeIn: 0, fadeOut: 0, gain: 0, peaks: new Float32Array(0), ...extra,
});
const music = { length: 12, gain: -3, fadeIn: 1, fadeOut: 1, peaks: new Float32Array(0) };

describe('timeline gesture values', () => {
  const hook = clip('hook', 1, 4);
  const context = (extra: Partial<GestureContext> = {}): GestureContext => ({
    clip: hook, music, duckDepth: 10, zoom: 50, lanes: BASE_LANES, candidates: snapCandidates([hook, clip('offer', 6, 2)], 10, 'hook'), ...extra,
  });

  it('knows its kinds and the times an edge snaps to', () => {
    expect(isDragKind('trim-in')).to.equal(true);
    expect(isDragKind('scroll')).to.equal(false);
    expect(isDragKind(undefined)).to.equal(false);
    expect(snapCandidates([hook, clip('offer', 6, 2)], 10, 'hook')).to.deep.equal([0, 10, 6, 8]);
  });

  it('reads the values each gesture starts from', () => {
    expect(gestureStart('move', context())).to.deep.equal({ start: 1 });
    expect(gestureStart('trim-out', context())).to.deep.equal({ start: 1, trimIn: 0, trimOut: 0 });
    expect(gestureStart('music-gain', context())).to.deep.equal({ gain: -3 });
    expect(gestureStart('duck', context())).to.deep.equal({ depthDb: 10 });
    expect(gestureStart('seek', context())).to.deep.equal({});
  });

  it('moves snapped to the grid, to other clips and not at all with Alt', () => {
    expect(gestureValues('move', { start: 1 }, 0.96, 0, false, context())).to.deep.equal({ start: 2 });
    // The end (1 + 0.95 + 4 = 5.95) lands 0.05 s before the offer at 6: butted against it.
    expect(gestureValues('move', { start: 1 }, 0.95, 0, false, context())).to.deep.equal({ start: 2 });
    expect(gestureValues('move', { start: 1 }, 1.03, 0, true, context())).to.deep.equal({ start: 2.03 });
  });

  it('trims an edge keeping the audio in place and never below the shortest length', () => {
    expect(gestureValues('trim-in', { start: 1, trimIn: 0, trimOut: 0 }, 0.5, 0, true, context())).to.deep.equal({ start: 1.5, trimIn: 0.5, trimOut: 0 });
    expect(gestureValues('trim-out', { start: 1, trimIn: 0, trimOut: 0 }, -10, 0, true, context())).to.deep.equal({ start: 1, trimIn: 0, trimOut: 3.9 });
  });

  it('lands a trim where it is released, with snapping on: never on the grid, only on other edges (issue 15)', () => {
    // A clip at 1.3 s, 40 px per second: a 10 px drag is 0.25 s, whatever the grid's step.
    const shifted = clip('hook', 1.3, 4);
    const at40 = context({ clip: shifted, zoom: 40, candidates: snapCandidates([shifted, clip('offer', 9, 2)], 20, 'hook') });
    expect(gestureValues('trim-in', { start: 1.3, trimIn: 0, trimOut: 0 }, 0.25, 0, false, at40)).to.deep.equal({ start: 1.55, trimIn: 0.25, trimOut: 0 });
    expect(gestureValues('trim-out', { start: 1.3, trimIn: 0, trimOut: 0 }, -0.25, 0, false, at40)).to.deep.equal({ start: 1.3, trimIn: 0, trimOut: 0.25 });
    // Near another clip's edge it still snaps to it.
    expect(gestureValues('trim-out', { start: 1.3, trimIn: 0, trimOut: 0 }, -0.25, 0, false, { ...at40, clip: clip('hook', 1.3, 8) })).to.deep.equal({ start: 1.3, trimIn: 0, trimOut: 0.3 });
  });

  it('drags gains by the lane height and the ducking depth in half decibels', () => {
    expect(gestureValues('gain', { gain: 0 }, 0, 20, false, context())).to.deep.equal({ gain: -10 });
    expect(gestureValues('music-gain', { gain: 0 }, 0, -14, false, context())).to.deep.equal({ gain: 9 });
    expect(gestureValues('duck', { depthDb: 10 }, 0, 14, false, context())).to.deep.equal({ depthDb: 20 });
    expect(gestureValues('duck', { depthDb: 10 }, 0, 1000, false, context())).to.deep.equal({ depthDb: 40 });
    // In lanes twice as tall, the same drag moves half as far.
    const tall = context({ lanes: { voice: 144, music: 112 } });
    expect(gestureValues('gain', { gain: 0 }, 0, 20, false, tall)).to.deep.equal({ gain: -5 });
    expect(gestureValues('duck', { depthDb: 10 }, 0, 14, false, tall)).to.deep.equal({ depthDb: 15 });
  });

  it('shares a taller stage between the lanes, the voice a little more, each up to its cap', () => {
    expect(lanesWith(0)).to.deep.equal(BASE_LANES);
    expect(lanesWith(-30)).to.deep.equal(BASE_LANES);
    expect(lanesWith(Number.NaN)).to.deep.equal(BASE_LANES);
    expect(lanesWith(100)).to.deep.equal({ voice: 127, music: 101 });
    expect(lanesWith(10_000)).to.deep.equal({ voice: 240, music: 180 });
  });

  it('keeps fades inside the clip and the bed', () => {
    expect(gestureValues('fade-in', { fadeIn: 0, fadeOut: 1 }, 9, 0, false, context())).to.deep.equal({ fadeIn: 3, fadeOut: 1 });
    expect(gestureValues('music-fade-out', { fadeIn: 1, fadeOut: 1 }, -20, 0, false, context())).to.deep.equal({ fadeIn: 1, fadeOut: 11 });
  });
});
