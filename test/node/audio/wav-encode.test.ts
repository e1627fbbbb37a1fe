// encodeWav's sample writers: the codes of a plain per-sample formula (the encoder before its fast loops)
// byte for byte, in range and out of it, and a dither that is TPDF of +-1 LSB, independent of the signal.
import { describe, it } from 'node:test';
import { expect } from '../support/expect.js';
import { encodeWav } from '../../../src/audio/index.js';
import { prng } from '../../audio/signals.js';

/** The plain encoder the fast one must equal: clamp, scale (32767 for positive 16-bit), round halves up, NaN to 0. */
function reference(channels: Float32Array[], bits: 16 | 24): Uint8Array {
  const scale = bits === 16 ? 32768 : 8388608;
  const positive = bits === 16 ? 32767 : scale;
  const bytes = bits / 8;
  const out = new Uint8Array(channels[0]!.length * channels.length * bytes);
  let p = 0;
  for (let i = 0; i < channels[0]!.length; i++) {
    for (const channel of channels) {
      const v = channel[i]!;
      const q = Number.isNaN(v) ? 0 : Math.min(scale - 1, Math.max(-scale, Math.floor((v > 0 ? v * positive : v * scale) + (scale + 0.5)) - scale));
      for (let b = 0; b < bytes; b++) out[p++] = (q >> (8 * b)) & 0xff;
    }
  }
  return out;
}

/** Random samples with every awkward value mixed in: over range, NaN, infinities, signed zeros, half-codes. */
function awkward(length: number, seed: number, oddEvery: number): Float32Array {
  const random = prng(seed);
  const odd = [NaN, Infinity, -Infinity, 0, -0, 1, -1, 1.5, -1.5, 1e9, -1e9, 2 ** -16, -(2 ** -24), 1e-30, 0.5 / 32768, -0.5 / 32768, 0.5 / 32767, 0.5 / 8388608, 1 - 2 ** -15, -(1 - 2 ** -15), 1 - 2 ** -24];
  const x = new Float32Array(length);
  for (let i = 0; i < length; i++) {
    if (i % oddEvery === 0) x[i] = odd[(i / oddEvery) % odd.length]!;
    else if (i % 3 === 0) x[i] = (Math.floor(random() * 65536) - 32768 + 0.5) / (random() < 0.5 ? 32768 : 32767);
    else if (i % 3 === 1) x[i] = (Math.floor(random() * 16777216) - 8388608 + 0.5) / 8388608;
    else x[i] = (random() * 2 - 1) * 0.9;
  }
  return x;
}

describe('encodeWav sample writers', () => {
  for (const bits of [16, 24] as const) {
    for (const count of [1, 2]) {
      // Lengths around the writers' blocks and groups of four; awkward values rarely (most blocks take the
      // fast loop) and often (most take the exact one).
      for (const [length, oddEvery] of [[20000, 5], [3 * 4096 + 3, 4099], [9001, 1000003], [7, 2]] as const) {
        it(`${bits}-bit ${count === 2 ? 'stereo' : 'mono'}, ${length} frames: the plain formula's bytes`, () => {
          const channels = Array.from({ length: count }, (_, c) => awkward(length, 11 + c, oddEvery + c));
          const bytes = encodeWav(channels, 48000, { bitDepth: bits });
          const expected = reference(channels, bits);
          let first = -1;
          for (let i = 0; i < expected.length && first < 0; i++) if (bytes[44 + i] !== expected[i]) first = i;
          expect(bytes.length).to.equal(44 + expected.length);
          expect(first, 'first differing byte').to.equal(-1);
        });
      }
    }
  }

  /** Codes of a constant `value` LSB with dither, and their counts by offset from the undithered code. */
  function dithered(value: number, count: number, seed?: number): { codes: Int16Array; shares: Map<number, number> } {
    const x = new Float32Array(100000).fill(value / 32768);
    const bytes = encodeWav(Array.from({ length: count }, () => x), 48000, { dither: true, ditherSeed: seed });
    const codes = new Int16Array(bytes.buffer, 44, x.length * count);
    const shares = new Map<number, number>();
    for (const q of codes) shares.set(q, (shares.get(q) ?? 0) + 1 / codes.length);
    return { codes, shares };
  }

  it('dithers with TPDF noise of +-1 LSB: the shares of the codes a triangle gives, unbiased', () => {
    // A quarter LSB below 0: the code is floor(0.25 + d), -1 for d < -0.25 (9/32), 1 for d >= 0.75 (1/32).
    for (const count of [1, 2]) {
      const { codes, shares } = dithered(-0.25, count);
      expect(shares.get(-1) ?? 0).to.be.closeTo(9 / 32, 0.01);
      expect(shares.get(1) ?? 0).to.be.closeTo(1 / 32, 0.005);
      expect(shares.get(0) ?? 0).to.be.closeTo(22 / 32, 0.01);
      expect([...shares.keys()].every((q) => Math.abs(q) <= 1)).to.equal(true);
      let mean = 0;
      for (const q of codes) mean += q / codes.length;
      expect(mean).to.be.closeTo(-0.25, 0.01);
    }
  });

  it('dithers each sample independently: no correlation between neighbours or channels, another seed another noise', () => {
    const { codes } = dithered(0, 2);
    const { codes: other } = dithered(0, 2, 2);
    const correlation = (a: (i: number) => number, b: (i: number) => number, n: number): number => {
      let ab = 0, aa = 0, bb = 0;
      for (let i = 0; i < n; i++) {
        ab += a(i) * b(i);
        aa += a(i) ** 2;
        bb += b(i) ** 2;
      }
      return ab / Math.sqrt(aa * bb);
    };
    const frames = codes.length / 2;
    // Left with right, left with the next left, and the two seeds' left channels.
    expect(correlation((i) => codes[2 * i]!, (i) => codes[2 * i + 1]!, frames)).to.be.closeTo(0, 0.02);
    expect(correlation((i) => codes[2 * i]!, (i) => codes[2 * i + 2]!, frames - 1)).to.be.closeTo(0, 0.02);
    expect(correlation((i) => codes[2 * i]!, (i) => other[2 * i]!, frames)).to.be.closeTo(0, 0.02);
  });
});
