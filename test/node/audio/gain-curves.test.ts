// The mix's gain curves computed without a transcendental per sample (sine fades by recurrence, ducking
// ramps as geometric sequences) against the direct formulas, sample by sample.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { duckingEnvelopeDb, duckingGains } from '../../../src/audio/dsp/ducking.js';
import { applyFade, fadeGain } from '../../../src/audio/dsp/fade.js';

describe('applyFade', () => {
  for (const inwards of [true, false]) {
    it(`${inwards ? 'fade-in' : 'fade-out'}: every sample within 1e-7 of fadeGain, the silent sample exactly 0`, () => {
      const length = 96000;
      const data = new Float32Array(length + 20).fill(1);
      applyFade(data, 10, length, inwards, 'sine');
      let worst = 0;
      for (let k = 0; k < length; k++) {
        const expected = fadeGain((inwards ? k : length - 1 - k) / length, 'sine');
        worst = Math.max(worst, Math.abs(data[10 + k]! - expected));
      }
      assert.ok(worst < 1e-7, `largest error ${worst}`);
      assert.equal(data[inwards ? 10 : 10 + length - 1], 0);
      assert.equal(data[9], 1);
      assert.equal(data[10 + length], 1);
    });
  }

  it('clips a fade that starts before the data and runs past its end', () => {
    const data = new Float32Array(1000).fill(1);
    applyFade(data, -300, 2000, true, 'sine');
    for (const i of [0, 1, 500, 999]) assert.ok(Math.abs(data[i]! - fadeGain((i + 300) / 2000, 'sine')) < 1e-7, `at ${i}`);
  });
});

describe('duckingGains', () => {
  it('equals gain * 10^(dB / 20) of duckingEnvelopeDb at every sample, with clipped and overlapping ramps', () => {
    const sr = 48000;
    const length = 5 * sr;
    const ducking = { depthDb: 15, attackMs: 300, releaseMs: 700 };
    // A span starting inside the first attack, two whose ramps overlap, one running past the end.
    const spans = [
      { start: 0.1 * sr, end: 0.5 * sr },
      { start: 1.2 * sr, end: 1.6 * sr },
      { start: 2.0 * sr, end: 2.3 * sr },
      { start: 4.8 * sr, end: 6 * sr },
    ];
    const db = duckingEnvelopeDb(spans, length, sr, ducking);
    const gains = duckingGains(spans, sr, ducking, 0.5, new Float32Array(length));
    let worst = 0;
    for (let i = 0; i < length; i++) {
      const expected = 0.5 * Math.pow(10, db[i]! / 20);
      worst = Math.max(worst, Math.abs(gains[i]! - expected) / expected);
    }
    assert.ok(worst < 1e-5, `largest relative error ${worst}`);
    assert.equal(gains[Math.round(3.5 * sr)], 0.5);
  });
});
