import { bits } from './true-peak-runs.js';
import { kaiser, sinc } from './window.js';

/**
 * The 4x scan's interpolator (ITU-R BS.1770-4 Annex 2): a polyphase windowed-sinc FIR of 64 taps (16 per
 * phase, longer than the Annex's 48-tap example so that content near Nyquist is not underestimated; Kaiser
 * window, beta 5, each phase normalised to unity DC gain). Phase 0 of the interpolator is the input sample
 * itself, so only the in-between phases are computed, and the symmetry of the phases (phase 3 is phase 1
 * reversed, phase 2 is symmetric) halves the multiplications. Also the bounds the scans skip blocks with:
 * an interpolated value is at most the local maximum times the phase's sum of absolute coefficients, and
 * `coarseBlock` reads the middle 6 taps only.
 */

export const TAPS = 16;
export const HALF = TAPS / 2;
const BETA = 5;
/** Samples per block of the scans. */
export const BLOCK = 32;
/** A 4x value this close to the level wanted (1.5 dB) has its interval refined. */
export const CANDIDATE = Math.pow(10, -1.5 / 20);

/** Oversampling factor used for true peak at this rate: 4 below 96 kHz, 2 below 192 kHz, else 1. */
export function truePeakFactor(sampleRate: number): number {
  return sampleRate < 96000 ? 4 : sampleRate < 192000 ? 2 : 1;
}

/** Coefficients (16 taps) of the interpolator at fraction `frac` of a sample past x[n]; tap i weighs x[n - 7 + i]. */
export function interpolationPhase(frac: number): Float64Array {
  const c = new Float64Array(TAPS);
  let sum = 0;
  for (let i = 0; i < TAPS; i++) {
    const tau = frac - (1 - HALF + i);
    c[i] = sinc(tau) * kaiser(tau / HALF, BETA);
    sum += c[i]!;
  }
  for (let i = 0; i < TAPS; i++) c[i]! /= sum;
  return c;
}

interface Kernel {
  /** u (8), v (8), b (8): phase 1 = u.s + v.d, phase 3 = u.s - v.d, phase 2 = b.s (s, d: sums and differences of mirrored taps). */
  coefficients: Float64Array;
  bound: number;
  /** The largest absolute sum of a phase's 10 outer taps (those `coarseBlock` leaves out), rounded up. */
  coarseSlack: number;
}

let kernel: Kernel | undefined;

export function getKernel(): Kernel {
  if (kernel) return kernel;
  const a = interpolationPhase(0.25);
  const m = interpolationPhase(0.5);
  const coefficients = new Float64Array(HALF * 3);
  let boundA = 0;
  let boundM = 0;
  let outerA = 0;
  let outerM = 0;
  for (let i = 0; i < TAPS; i++) {
    boundA += Math.abs(a[i]!);
    boundM += Math.abs(m[i]!);
    if (i < HALF - 3 || i > HALF + 2) {
      outerA += Math.abs(a[i]!);
      outerM += Math.abs(m[i]!);
    }
  }
  for (let i = 0; i < HALF; i++) {
    coefficients[i] = (a[i]! + a[TAPS - 1 - i]!) / 2;
    coefficients[HALF + i] = (a[i]! - a[TAPS - 1 - i]!) / 2;
    coefficients[2 * HALF + i] = m[i]!;
  }
  // The margin covers the rounding of both sums (each term well under 1e-15 of the largest |x|).
  kernel = { coefficients, bound: Math.max(boundA, boundM, 1), coarseSlack: Math.max(outerA, outerM) + 1e-9 };
  return kernel;
}

/**
 * The largest gain a value can have over its neighbourhood's maximum: a 4x value at most the taps'
 * absolute sum, a refined one at most that over CANDIDATE (see above).
 */
export function interpolationBound(): number {
  return getKernel().bound / CANDIDATE;
}

/**
 * Interpolates between each sample i and i+1 for i in [from, to), tap 0 of sample i being src[i + shift]. With `out`
 * (the bits of a Float32Array), sets out[i - from] to the largest |value| there or at sample i. Returns the largest
 * value above `floor`. Each value goes into that running maximum on its own (see `coarseBlock`). The 16 taps
 * slide through locals (one load per sample): with the 24 coefficients also in locals, reloading all 16
 * each time spills registers and costs about a third more. Math.abs and Math.max rather than comparisons:
 * the signs of audio are a coin toss for the branch predictor.
 */
function block(src: Float32Array, shift: number, from: number, to: number, k: Float64Array, quarter: boolean, floor: number, out: Int32Array | null): number {
  const u0 = k[0]!, u1 = k[1]!, u2 = k[2]!, u3 = k[3]!, u4 = k[4]!, u5 = k[5]!, u6 = k[6]!, u7 = k[7]!;
  const v0 = k[8]!, v1 = k[9]!, v2 = k[10]!, v3 = k[11]!, v4 = k[12]!, v5 = k[13]!, v6 = k[14]!, v7 = k[15]!;
  const b0 = k[16]!, b1 = k[17]!, b2 = k[18]!, b3 = k[19]!, b4 = k[20]!, b5 = k[21]!, b6 = k[22]!, b7 = k[23]!;
  const o = from + shift;
  let x0 = src[o]!, x1 = src[o + 1]!, x2 = src[o + 2]!, x3 = src[o + 3]!, x4 = src[o + 4]!, x5 = src[o + 5]!, x6 = src[o + 6]!, x7 = src[o + 7]!;
  let x8 = src[o + 8]!, x9 = src[o + 9]!, x10 = src[o + 10]!, x11 = src[o + 11]!, x12 = src[o + 12]!, x13 = src[o + 13]!, x14 = src[o + 14]!;
  for (let i = from; i < to; i++) {
    const x15 = src[i + shift + 15]!;
    const s0 = x0 + x15, s1 = x1 + x14, s2 = x2 + x13, s3 = x3 + x12, s4 = x4 + x11, s5 = x5 + x10, s6 = x6 + x9, s7 = x7 + x8;
    const mid = Math.abs(b0 * s0 + b1 * s1 + b2 * s2 + b3 * s3 + b4 * s4 + b5 * s5 + b6 * s6 + b7 * s7);
    floor = Math.max(floor, mid);
    let quarters = 0;
    if (quarter) {
      const even = u0 * s0 + u1 * s1 + u2 * s2 + u3 * s3 + u4 * s4 + u5 * s5 + u6 * s6 + u7 * s7;
      const odd =
        v0 * (x0 - x15) + v1 * (x1 - x14) + v2 * (x2 - x13) + v3 * (x3 - x12) + v4 * (x4 - x11) + v5 * (x5 - x10) + v6 * (x6 - x9) + v7 * (x7 - x8);
      // max(|even + odd|, |even - odd|), the same float: the larger is the sum of the magnitudes, rounded alike.
      quarters = Math.abs(even) + Math.abs(odd);
      floor = Math.max(floor, quarters);
    }
    if (out !== null) {
      // The envelope holds the sample itself too. Its value is the largest of the three as a float32 (the
      // rounding keeps their order): taken as integers from their bits (no branch to mispredict).
      const sample = Math.abs(x7);
      floor = Math.max(floor, sample);
      three[0] = mid;
      three[1] = quarters;
      three[2] = sample;
      out[i - from] = Math.max(threeBits[0]!, threeBits[1]!, threeBits[2]!);
    }
    x0 = x1; x1 = x2; x2 = x3; x3 = x4; x4 = x5; x5 = x6; x6 = x7; x7 = x8;
    x8 = x9; x9 = x10; x10 = x11; x11 = x12; x12 = x13; x13 = x14; x14 = x15;
  }
  return floor;
}

/**
 * The largest |value| of samples [from, to) of `src` through the middle 6 of the 16 taps (x[i - 2] to
 * x[i + 3]; the caller keeps them inside `src`). A 16-tap value differs from it by at most `coarseSlack`
 * times the largest |x| under the taps, so where this plus that cannot reach a level, no 16-tap value can:
 * a third of the multiplications decides most blocks of dense material, whose samples sit too close to
 * the peak for the taps' absolute sum to skip them. Math.abs and Math.max, not comparisons: the signs of
 * music are a coin toss, and mispredicted branches made this loop four times slower.
 */
export function coarseBlock(src: Float32Array, from: number, to: number, k: Float64Array, quarter: boolean): number {
  const u5 = k[5]!, u6 = k[6]!, u7 = k[7]!, v5 = k[13]!, v6 = k[14]!, v7 = k[15]!, b5 = k[21]!, b6 = k[22]!, b7 = k[23]!;
  let x0 = src[from - 2]!, x1 = src[from - 1]!, x2 = src[from]!, x3 = src[from + 1]!, x4 = src[from + 2]!;
  let top = 0;
  for (let i = from; i < to; i++) {
    const x5 = src[i + 3]!;
    const s0 = x0 + x5, s1 = x1 + x4, s2 = x2 + x3;
    const mid = b5 * s0 + b6 * s1 + b7 * s2;
    // Each value into the running maximum on its own: which of two values is larger is a coin toss (a
    // float Math.max branches on it), whether a value beats the block's maximum so far rarely is.
    top = Math.max(top, Math.abs(mid));
    if (quarter) {
      // max(|even + odd|, |even - odd|)
      const even = u5 * s0 + u6 * s1 + u7 * s2;
      const odd = v5 * (x0 - x5) + v6 * (x1 - x4) + v7 * (x2 - x3);
      top = Math.max(top, Math.abs(even) + Math.abs(odd));
    }
    x0 = x1; x1 = x2; x2 = x3; x3 = x4; x4 = x5;
  }
  return top;
}

/** Where `block` rounds a sample's three values to float32 to compare them as integers. */
const three = new Float32Array(3);
const threeBits = bits(three);

/**
 * Interpolates samples [start, end) of `x` (see `block`; `out` is indexed from `start`): blocks at the
 * edges read a zero-padded copy of their neighbourhood in `pad` (BLOCK + TAPS long), the others read `x` itself.
 */
export function blockAt(x: Float32Array, start: number, end: number, quarter: boolean, floor: number, out: Int32Array | null, pad: Float32Array): number {
  const { coefficients } = getKernel();
  const lo = start + 1 - HALF;
  const hi = end + HALF;
  if (lo >= 0 && hi <= x.length) return block(x, 1 - HALF, start, end, coefficients, quarter, floor, out);
  pad.fill(0);
  for (let j = Math.max(0, lo); j < Math.min(x.length, hi); j++) pad[j - lo] = x[j]!;
  return block(pad, 1 - HALF - lo, start, end, coefficients, quarter, floor, out);
}
