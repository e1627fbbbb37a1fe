import { describe, it } from 'node:test';
import { expect } from '../support/expect.js';
import { adjacentMarker, adjacentWord, isHeard, joinPartner, splitPoint } from '../../../src/components/studio-timeline/clip-edits.js';
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

  it('splits between words: a time inside one moves to the middle of the nearer gap, or the other where that piece would be too short', () => {
    // Take words at 0.2-0.6 and 0.8-1.5 s; the clip plays the take from 1 s, trimmed 0.1 s at its start.
    const clip = { ...piece('a', 1, 4, 0.1), words: [{ text: 'Cold', start: 0.2, end: 0.6 }, { text: 'brew', start: 0.8, end: 1.5 }] };
    expect(splitPoint(clip, 1.9), 'inside "brew" (1.7-2.4 s), nearer the gap before it (1.5-1.7 s)').to.equal(0.6);
    expect(splitPoint(clip, 2.3), 'nearer its end: the last word\'s end').to.equal(1.4);
    expect(splitPoint(clip, 1.65), 'in the gap: where it is').to.equal(0.65);
    // Inside "Cold" (1.03-1.43 s), trimmed to 30 ms of its start: a piece that short is refused, so the gap after it.
    expect(splitPoint({ ...clip, trimIn: 0.17, trimOut: 10 - 0.17 - 4 }, 1.1)).to.equal(0.53);
  });

  it('finds the previous or next word heard in a clip, not one trimmed away', () => {
    const clip = { ...piece('a', 1, 1, 0.5), words: [{ text: 'Cold', start: 0.2, end: 0.6 }, { text: 'brew', start: 0.8, end: 1.2 }, { text: 'now', start: 1.6, end: 1.9 }] };
    expect(adjacentWord(clip, 0, 1)).to.deep.equal({ text: 'brew', time: 1.3 });
    expect(adjacentWord(clip, 1.3, 1)).to.equal(undefined);
    expect(adjacentWord(clip, 1.5, -1)).to.deep.equal({ text: 'brew', time: 1.3 });
    expect(adjacentWord(clip, 1.3, -1)).to.equal(undefined);
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
