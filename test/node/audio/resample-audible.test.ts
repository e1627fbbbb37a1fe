// The decode path's resampler (`resample(..., { audible: true })`): measured pass band flatness, the level of
// every image or alias that lands in the audible band; the figures are printed (docs/audio.md). Its speed against
// the default design is a figure of bench/resample.ts (`npm run bench:resample`), never asserted here.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { resample, Resampler } from '../../../src/audio/dsp/resample.js';
import { sine } from '../../audio/signals.js';

/**
 * Amplitude of the component at `frequency` in `x` (edges skipped): a Hann-windowed DFT at that frequency, so
 * that a tone a few hundred hertz away leaks nothing measurable into it.
 */
function amplitude(x: Float32Array, frequency: number, sampleRate: number, skip = 400): number {
  const n = x.length - 2 * skip;
  let re = 0;
  let im = 0;
  let sum = 0;
  for (let i = 0; i < n; i++) {
    const w = 0.5 - 0.5 * Math.cos((2 * Math.PI * i) / (n - 1));
    const v = x[skip + i]! * w;
    const phase = (2 * Math.PI * frequency * (skip + i)) / sampleRate;
    re += v * Math.cos(phase);
    im += v * Math.sin(phase);
    sum += w;
  }
  return (2 * Math.hypot(re, im)) / sum;
}

/** Where images (upsampling) and aliases (downsampling) of a tone at `f` land in the output, below 20 kHz. */
function spurs(f: number, from: number, to: number): number[] {
  const out = new Set<number>();
  for (let m = 1; m <= 8; m++) {
    for (const g of [m * from - f, m * from + f]) {
      let x = g % to;
      if (x > to / 2) x = to - x;
      if (x < 20_000 && Math.abs(x - f) > 50 && x > 20) out.add(x);
    }
  }
  return [...out];
}

const db = (x: number): number => 20 * Math.log10(x);

describe('resample, audible design', () => {
  for (const [from, to, top] of [[44_100, 48_000, 20_000], [22_050, 48_000, 9_900], [48_000, 44_100, 20_000], [32_000, 48_000, 14_400]] as const) {
    it(`${from} to ${to} Hz: flat within 0.1 dB to ${top} Hz, images and aliases below 20 kHz at least 80 dB down`, (t) => {
      let ripple = 0;
      let worst = -Infinity;
      for (let f = 50; f <= top; f += f < 1000 ? 190 : 730) {
        const y = resample(sine(f, 0.5, 0.3, from), from, to, { audible: true });
        ripple = Math.max(ripple, Math.abs(db(amplitude(y, f, to) / 0.5)));
        for (const spur of spurs(f, from, to)) worst = Math.max(worst, db(amplitude(y, spur, to) / 0.5));
      }
      t.diagnostic(`${from} -> ${to} Hz: pass band to ${top} Hz within ${ripple.toFixed(3)} dB; worst image/alias below 20 kHz ${worst.toFixed(1)} dB`);
      assert.ok(ripple < 0.1, `ripple ${ripple} dB`);
      assert.ok(worst < -80, `image or alias at ${worst} dB`);
    });
  }

  it('keeps the documented shape: round(n * to / from) samples, no delay, unity gain at DC', () => {
    const x = sine(1000, 0.5, 0.2, 44_100);
    const y = resample(x, 44_100, 48_000, { audible: true });
    assert.equal(y.length, Math.round((x.length * 48_000) / 44_100));
    const ideal = sine(1000, 0.5, 0.2, 48_000);
    for (let i = 500; i < 9000; i += 101) assert.ok(Math.abs(y[i]! - ideal[i]!) < 1e-3, `at ${i}`);
    const dc = resample(new Float32Array(4410).fill(0.25), 44_100, 48_000, { audible: true });
    for (let i = 100; i < dc.length - 100; i += 37) assert.ok(Math.abs(dc[i]! - 0.25) < 1e-6, `DC at ${i}: ${dc[i]}`);
  });
});

describe('Resampler (a part at a time)', () => {
  it('gives what resample gives, however the input arrives', () => {
    const x = sine(997, 0.5, 2, 44_100);
    for (const options of [{ audible: true }, {}]) {
      const whole = resample(x, 44_100, 48_000, options);
      const resampler = new Resampler(x.length, 44_100, 48_000, options);
      let available = 0;
      for (let step = 1; available < x.length; step = (step * 7 + 13) % 5000) {
        available = Math.min(x.length, available + step);
        resampler.advance(x, available);
        assert.equal(resampler.done, available === x.length);
      }
      assert.deepEqual(resampler.output, whole);
    }
  });
});
