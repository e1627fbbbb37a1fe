// The optimised true-peak scan (symmetric phases, block skipping, edge scratch, refinement of candidates)
// equals a plain polyphase FIR evaluation of the same interpolator refined everywhere, and the
// interpolator is flat where it matters.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { limiterGains } from '../../../src/audio/dsp/limiter.js';
import { refinedPeak } from '../../../src/audio/dsp/true-peak-refine.js';
import { envelopeBlockMaxima, envelopeBlocks, lowerTruePeakEnvelope, truePeakEnvelope } from '../../../src/audio/dsp/true-peak-envelope.js';
import { gainedCopy, gainedPeaks } from '../../../src/audio/dsp/true-peak-gained.js';
import { interpolationPhase } from '../../../src/audio/dsp/true-peak-interpolator.js';
import { runMaxima } from '../../../src/audio/dsp/true-peak-runs.js';
import { peaks, truePeak } from '../../../src/audio/dsp/true-peak.js';
import { prng } from '../../audio/signals.js';

/** Plain evaluation: max |x| and every 1/4-sample point, taps of zero-padded x. */
function bruteForce(x: Float32Array): Float32Array {
  const phases = [0.25, 0.5, 0.75].map(interpolationPhase);
  const out = new Float32Array(x.length);
  for (let n = 0; n < x.length; n++) {
    let m = Math.abs(x[n]!);
    for (const c of phases) {
      let y = 0;
      for (let i = 0; i < c.length; i++) {
        const j = n + 1 - c.length / 2 + i;
        if (j >= 0 && j < x.length) y += c[i]! * x[j]!;
      }
      m = Math.max(m, Math.abs(y));
    }
    out[n] = m;
  }
  return out;
}

describe('true peak', () => {
  const random = prng(11);
  const noise = new Float32Array(3000).map(() => random() * 2 - 1);
  noise[2999] = 0.99;
  noise[2998] = -0.99;
  const reference = bruteForce(noise);
  // The 4x values refined everywhere: as a measurement (eighths) and as an envelope (quarters).
  const measured = reference.map((v, n) => Math.max(v, refinedPeak(noise, n, 0, true)));
  const refined = reference.map((v, n) => Math.max(v, refinedPeak(noise, n, 0, false)));
  // Where the 4x values peak: there the scans refine whatever comes near their level.
  const peaking = (i: number): boolean => (i === 0 || reference[i]! >= reference[i - 1]!) && (i === noise.length - 1 || reference[i]! >= reference[i + 1]!);

  it('equals a plain FIR evaluation refined everywhere, edges included', () => {
    const expected = Math.max(...measured);
    assert.ok(expected > Math.max(...reference) * 1.01, 'white noise: the refinement finds more than the 4x points');
    assert.ok(Math.abs(truePeak([noise], 48000) - expected) < 1e-6, `${truePeak([noise], 48000)} vs ${expected}`);
  });

  it('gives a per-sample envelope between the 4x values and their refinement, refined where they peak', () => {
    const envelope = truePeakEnvelope([noise], 48000, 0);
    for (let i = 0; i < noise.length; i++) {
      assert.ok(envelope[i]! >= reference[i]! - 1e-6 && envelope[i]! <= refined[i]! + 1e-6, `sample ${i}`);
      if (peaking(i)) assert.ok(Math.abs(envelope[i]! - refined[i]!) < 1e-6, `sample ${i}: ${envelope[i]} vs ${refined[i]}`);
    }
  });

  it('is refined wherever its 4x values peak within 1.5 dB of the threshold, and 0 only where none come near it', () => {
    const near = 0.9 * Math.pow(10, -1.5 / 20);
    const envelope = truePeakEnvelope([noise], 48000, 0.9);
    let exact = 0;
    for (let i = 0; i < noise.length; i++) {
      if (envelope[i] === 0) {
        assert.ok(reference[i]! <= near, `sample ${i} left at 0: ${reference[i]}`);
      } else {
        assert.ok(envelope[i]! >= reference[i]! - 1e-6 && envelope[i]! <= refined[i]! + 1e-6, `sample ${i}`);
      }
      if (reference[i]! > near && peaking(i)) {
        assert.ok(Math.abs(envelope[i]! - refined[i]!) < 1e-6, `sample ${i}: ${envelope[i]} vs ${refined[i]}`);
        exact++;
      }
    }
    assert.ok(exact > 10, `${exact} samples over the threshold`);
  });

  it('lowered to a threshold, equals the envelope computed for it, value for value', () => {
    // Bursts at several levels, in two channels of a length that is no multiple of the block, loud edges.
    const n = 30000 + 7;
    const left = new Float32Array(n).map((_, i) => 0.02 * (random() * 2 - 1) + (Math.floor(i / 1700) % 3) * 0.2 * Math.sin(i * 0.7) * Math.sin(i * 0.003));
    const right = new Float32Array(n).map((_, i) => 0.03 * (random() * 2 - 1) + (Math.floor(i / 2300) % 2 ? 0.5 * Math.sin(i * 2.9) : 0));
    left[0] = 0.8;
    right[n - 1] = -0.7;
    const channels = [left, right];
    for (const sampleRate of [44100, 48000, 96000]) {
      const pending = channels.map(() => new Float32Array(envelopeBlocks(n)));
      const thresholds = [0.9, 0.6, 0.59, 0.3, 0.05, 0.01];
      const envelope = truePeakEnvelope(channels, sampleRate, thresholds[0]!, undefined, undefined, pending);
      for (let t = 1; t < thresholds.length; t++) {
        lowerTruePeakEnvelope(channels, sampleRate, thresholds[t - 1]!, thresholds[t]!, envelope, undefined, pending);
        const fresh = truePeakEnvelope(channels, sampleRate, thresholds[t]!);
        let differ = 0;
        for (let i = 0; i < n; i++) if (envelope[i] !== fresh[i]) differ++;
        assert.equal(differ, 0, `${sampleRate} Hz, lowered to ${thresholds[t]}`);
      }
    }
  });

  it('refines inside the signal (mirrored taps folded) as at its edges (every tap on its own)', () => {
    // The same 100 samples alone, where every refinement's taps reach past both ends (zeros there), and
    // with 300 zeros either side, where they reach no end: the two ways of summing must agree.
    const alone = noise.subarray(1000, 1100);
    const padded = new Float32Array(700);
    padded.set(alone, 300);
    let compared = 0;
    for (const fine of [false, true]) {
      for (let n = 0; n < alone.length; n++) {
        const edge = refinedPeak(alone, n, 0, fine);
        const inside = refinedPeak(padded, 300 + n, 0, fine);
        assert.ok(Math.abs(edge - inside) <= 1e-12 * Math.max(1, edge), `${fine ? 'eighths' : 'quarters'} at ${n}: ${inside} vs ${edge}`);
        compared++;
      }
    }
    assert.equal(compared, 200);
  });

  it('takes the larger channel and reports 0 for silence', () => {
    assert.equal(truePeak([new Float32Array(100), new Float32Array(100)], 48000), 0);
    const half = noise.map((v) => v / 2);
    assert.ok(Math.abs(truePeak([half, noise], 48000) - truePeak([noise], 48000)) < 1e-9);
  });

  it('uses phases with unity DC gain whose response is within 0.05 dB up to 0.4 fs', () => {
    for (const frac of [0.25, 0.5, 0.75]) {
      const c = interpolationPhase(frac);
      assert.ok(Math.abs(c.reduce((a, v) => a + v, 0) - 1) < 1e-12);
      for (const f of [0.05, 0.2, 0.3, 0.4]) {
        let re = 0;
        let im = 0;
        c.forEach((v, i) => {
          const t = 1 - c.length / 2 + i - frac;
          re += v * Math.cos(2 * Math.PI * f * t);
          im += v * Math.sin(2 * Math.PI * f * t);
        });
        const db = 20 * Math.log10(Math.hypot(re, im));
        assert.ok(Math.abs(db) < 0.05, `phase ${frac} at ${f} fs: ${db.toFixed(3)} dB`);
      }
    }
  });

  describe('of a gained copy, read with the input envelope', () => {
    // Speech-like bursts over noise, in two channels, with edges that start and end loud.
    const n = 48000 + 13;
    const left = new Float32Array(n).map((_, i) => 0.05 * (random() * 2 - 1) + (Math.floor(i / 3000) % 2 ? 0.6 * Math.sin(i * 0.9 + 0.3) * Math.sin(i * 0.0021) : 0));
    const right = new Float32Array(n).map((_, i) => 0.05 * (random() * 2 - 1) + (Math.floor(i / 2500) % 3 ? 0.5 * Math.sin(i * 1.7) : 0));
    left[0] = 0.7;
    right[n - 1] = -0.8;
    const input = [left, right];
    const cases: [string, number, Float32Array | null, number][] = [];
    for (const sampleRate of [44100, 48000, 96000]) {
      for (const threshold of [0.05, 0.3, 2]) {
        cases.push([`a constant gain (${sampleRate} Hz, threshold ${threshold})`, sampleRate, null, threshold]);
        // A limiter curve for 1.6 gain into a 0.9 ceiling (its envelope read down to 0.9 / 1.6; release 2 ms:
        // it moves a lot).
        const limited = limiterGains(truePeakEnvelope(input, sampleRate, 0.9 / 1.6), 1.6, 0.9, 240, Math.exp(-1 / 96))!;
        cases.push([`a limiter's curve (${sampleRate} Hz, threshold ${threshold})`, sampleRate, limited.gains.slice(), threshold]);
        // Sharp steps every 777 samples, the worst case for the bound.
        cases.push([`a stepped curve (${sampleRate} Hz, threshold ${threshold})`, sampleRate, new Float32Array(n).map((_, i) => 0.5 + (Math.floor(i / 777) % 4) * 0.4), threshold]);
      }
    }
    for (const [name, sampleRate, gains, threshold] of cases) {
      it(`finds what a full scan of the output finds: ${name}`, () => {
        const envelope = truePeakEnvelope(input, sampleRate, threshold);
        const copy = gainedCopy(input, gains, 1.6, envelope, threshold);
        assert.deepEqual(copy.channels, input.map((x) => x.map((v, i) => v * (gains ? gains[i]! : 1.6))));
        assert.deepEqual(gainedPeaks(copy, sampleRate), peaks(copy.channels, sampleRate));
        // The same summary written into work arrays that hold another render's values, the envelope's
        // block maxima taken from its run maxima.
        const stale = (): Float32Array => new Float32Array(envelopeBlocks(n)).fill(0.01);
        const tops = envelopeBlockMaxima(envelope, runMaxima(envelope, 8, new Float32Array(Math.floor(n / 8))), 8, stale());
        const reused = gainedCopy(input, gains, 1.6, envelope, threshold, undefined, tops, { low: stale(), high: stale() });
        assert.deepEqual([reused.top, reused.low, reused.high], [copy.top, copy.low, copy.high]);
      });
    }

    it('finds the overshoot of a gain step on a steady signal (where only the gain makes the peak)', () => {
      // A bump makes the sample peak (0.884); the steps' overshoot beats it.
      const steady = [new Float32Array(4800).fill(0.5)];
      steady[0]![1050] = 0.52;
      const gains = new Float32Array(4800).map((_, i) => (Math.floor(i / 700) % 2 ? 1.7 : 0.2));
      const copy = gainedCopy(steady, gains, 1, truePeakEnvelope(steady, 48000, 0.1), 0.1);
      const expected = peaks(copy.channels, 48000);
      assert.ok(expected.samplePeak > 0.88 && expected.truePeak > expected.samplePeak * 1.02, `the step overshoots: ${expected.truePeak} over ${expected.samplePeak}`);
      assert.deepEqual(gainedPeaks(copy, 48000), expected);
    });
  });
});
