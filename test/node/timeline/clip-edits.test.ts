import { describe, it } from 'node:test';
import { expect } from '../support/expect.js';
import { adjacentMarker, isHeard, joinPartner, splitPoint } from '../../../src/components/studio-timeline/clip-edits.js';
import type { TimelineClip } from '../../../src/components/studio-timeline/types.js';

const piece = (id: string, start: number, length: number, trimIn = 0, source = 'a.wav'): TimelineClip => ({
  id, label: id, start, length, sourceLength: 10, trimIn, trimOut: 10 - trimIn - length, fadeIn: 0, fadeOut: 0, gain: 0, peaks: new Float32Array(0), source,
});
const heard = { muted: false, solo: false, gainDb: 0 };

describe('timeline clip edits', () => {
  it('splits only inside a clip, leaving pieces of at least 50 ms', () => {
    expect(splitPoint(piece('a', 1, 4), 2.5)).to.equal(1.5);
    expect(splitPoint(piece('a', 1, 4), 1.01)).to.equal(undefined);
    expect(splitPoint(piece('a', 1, 4), 6)).to.equal(undefined);
  });

  it('joins a piece with the nearest piece of the same audio in line with it, after it first', () => {
    const left = piece('l', 1, 2, 0);
    const right = piece('r', 3, 2, 2);
    const far = piece('f', 7, 1, 6);
    const moved = piece('m', 4, 1, 1);
    const other = piece('o', 3, 2, 2, 'b.wav');
    const clips = [left, right, far, moved, other];
    expect(joinPartner(clips, left)).to.equal(right);
    expect(joinPartner(clips, far)).to.equal(right);
    expect(joinPartner(clips, moved)).to.equal(undefined);
    expect(joinPartner(clips, { ...left, source: undefined })).to.equal(undefined);
  });

  it('finds the marker before or after a time', () => {
    const markers = [{ time: 7, label: 'Offer' }, { time: 1, label: 'Hook' }];
    expect(adjacentMarker(markers, 0, 1)!.label).to.equal('Hook');
    expect(adjacentMarker(markers, 1, 1)!.label).to.equal('Offer');
    expect(adjacentMarker(markers, 7, -1)!.label).to.equal('Hook');
    expect(adjacentMarker(markers, 1, -1)).to.equal(undefined);
  });

  it('hears a track unless it is muted or another is soloed; mute wins over solo', () => {
    expect(isHeard({ voice: heard, music: heard }, 'music')).to.equal(true);
    expect(isHeard({ voice: { ...heard, solo: true }, music: heard }, 'music')).to.equal(false);
    expect(isHeard({ voice: { ...heard, solo: true }, music: heard }, 'voice')).to.equal(true);
    expect(isHeard({ voice: { ...heard, solo: true, muted: true }, music: heard }, 'voice')).to.equal(false);
  });
});
