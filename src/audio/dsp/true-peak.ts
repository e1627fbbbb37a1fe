import { refinedPeak } from './true-peak-refine.js';
import { kaiser, sinc } from './window.js';

/**
 * True-peak detection per ITU-R BS.1770-4 Annex 2: oversample (4x below 96 kHz, 2x below 192 kHz, none
 * above) with a polyphase windowed-sinc FIR of 64 taps (16 per phase, longer than the Annex's 48-tap example
 * so that content near Nyquist is not underestimated; Kaiser window, beta 5, each phase normalised to unity DC gain), and take the largest absolute value. Phase 0 of the
 * interpolator is the input sample itself, so only the in-between phases are computed, and the symmetry
 * of the phases (phase 3 is phase 1 reversed, phase 2 is symmetric) halves the multiplications.
 * Blocks whose neighbourhood cannot beat the peak found so far (or the caller's threshold) are skipped:
 * an interpolated value is bounded by the local maximum times the phase's sum of absolute coefficients,
 * and, where that cannot decide, by the middle 6 taps' value plus the local maximum times the outer taps'
 * absolute sum (`coarseBlock`): the 16-tap values of a skipped block could not have come near the level.
 *
 * The 4x values are candidates: where one comes within CANDIDATE of the peak found so far (or of the
 * threshold) and is a local maximum, the interval is refined (true-peak-refine.ts: a 256-tap interpolator
 * read at quarter and eighth samples, the peak between them read off a parabola), and the larger of the two counts. 4x points read a band-limited peak at least cos(pi / 8)
 * of it (0.69 dB under); the 16 taps fall away near fs / 2 and read full-band material up to a few dB
 * lower still, hence the wider CANDIDATE. Everything that skips a block allows for it too.
 */

const TAPS = 16;
const HALF = TAPS / 2;
const BETA = 5;
const BLOCK = 32;
/** Run length of the per-run maxima that the block test reads. */
export const SUB = 8;
/** A 4x value this close to the level wanted (1.5 dB) has its interval refined. */
const CANDIDATE = Math.pow(10, -1.5 / 20);

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

function getKernel(): Kernel {
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

function absMax(x: Float32Array, from: number, to: number): number {
  let m = 0;
  for (let i = from; i < to; i++) {
    const v = x[i]!;
    if (v > m) m = v;
    else if (-v > m) m = -v;
  }
  return m;
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
function coarseBlock(src: Float32Array, from: number, to: number, k: Float64Array, quarter: boolean): number {
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

/** The bits of a Float32Array as int32 (same memory). */
function bits(x: Float32Array): Int32Array {
  return new Int32Array(x.buffer, x.byteOffset, x.length);
}

/** Where `block` rounds a sample's three values to float32 to compare them as integers. */
const three = new Float32Array(3);
const threeBits = bits(three);

/** Clears the sign bit: the bits of |v|. */
const ABS = 0x7fffffff;

/**
 * Largest |value| of each run of `run` samples of `x` into `out`, for `out.length` runs from the start
 * (the last may be partial where they reach past the end). It compares the float32 bit patterns with the
 * sign bit cleared: for non-negative floats, the order of the patterns as integers is the order of the
 * values, and integer maxima are cheaper than float ones. Runs of 8 are unrolled; other lengths take one
 * flat loop with a run counter (see kWeightedPower on nested loops in Chromium).
 */
export function runMaxima(x: Float32Array, run: number, out: Float32Array): Float32Array {
  const o = bits(out);
  const v = bits(x);
  const full = Math.min(out.length, Math.floor(x.length / run));
  if (run === 8) {
    for (let k = 0, b = 0; k < full; k++, b += 8) {
      o[k] = Math.max(v[b]! & ABS, v[b + 1]! & ABS, v[b + 2]! & ABS, v[b + 3]! & ABS, v[b + 4]! & ABS, v[b + 5]! & ABS, v[b + 6]! & ABS, v[b + 7]! & ABS);
    }
  } else {
    let top = 0;
    let j = 0;
    let k = 0;
    for (let i = 0, n = full * run; i < n; i++) {
      top = Math.max(top, v[i]! & ABS);
      if (++j === run) {
        o[k++] = top;
        top = 0;
        j = 0;
      }
    }
  }
  for (let k = full; k < out.length; k++) out[k] = absMax(x, k * run, Math.min(x.length, k * run + run));
  return out;
}

/**
 * Largest |value| of each run of SUB (8) samples, the last run possibly shorter: what the scans read to
 * skip blocks. A caller scanning the same channels again (`truePeakEnvelope` for another threshold) can
 * compute them once and pass them.
 */
export function subMaxima(x: Float32Array): Float32Array {
  return runMaxima(x, SUB, new Float32Array(Math.ceil(x.length / SUB)));
}

/**
 * Interpolates samples [start, end) of `x` (see `block`; `out` is indexed from `start`): blocks at the
 * edges read a zero-padded copy of their neighbourhood in `pad` (BLOCK + TAPS long), the others read `x` itself.
 */
function blockAt(x: Float32Array, start: number, end: number, quarter: boolean, floor: number, out: Int32Array | null, pad: Float32Array): number {
  const { coefficients } = getKernel();
  const lo = start + 1 - HALF;
  const hi = end + HALF;
  if (lo >= 0 && hi <= x.length) return block(x, 1 - HALF, start, end, coefficients, quarter, floor, out);
  pad.fill(0);
  for (let j = Math.max(0, lo); j < Math.min(x.length, hi); j++) pad[j - lo] = x[j]!;
  return block(pad, 1 - HALF - lo, start, end, coefficients, quarter, floor, out);
}

/**
 * The largest value of samples [start, end) of `x` (each the largest |value| at sample i or between i and
 * i+1; the 4x values go to `values`, from index 0), those within CANDIDATE of `level` refined (see
 * `refinedPeak`): `level` rises to each value found, and the refinement reads eighths where that could
 * beat `level`.
 */
function refineBlock(x: Float32Array, start: number, end: number, quarter: boolean, level: number, values: Float32Array, valueBits: Int32Array, pad: Float32Array): number {
  let top = blockAt(x, start, end, quarter, 0, valueBits, pad);
  if (top <= level * CANDIDATE) return top;
  const last = end - start - 1;
  // The 4x value before values[i] was refined.
  let before = 0;
  for (let i = 0; i <= last; i++) {
    let v = values[i]!;
    const coarse = v;
    // Only where the 4x values peak (the refinement looks a quarter sample beyond the interval), and at
    // the block's edges, whose neighbours are not at hand.
    if (v > level * CANDIDATE && (i === 0 || i === last || (v >= before && v >= values[i + 1]!))) {
      const r = refinedPeak(x, start + i, level, true);
      if (r > v) values[i] = v = r;
      if (v > level) level = v;
    }
    before = coarse;
    if (v > top) top = v;
  }
  return top;
}

/**
 * An envelope's values for samples [start, end) of `x`, raised into `out` (indexed like `x`): the 4x
 * values, those that peak (as in `refineBlock`) above `lo` and at most `hi` refined. Returns the largest
 * value that peaks at or under `lo`, left as it is (0 if none): what a lower threshold would refine.
 */
function envelopeBlock(x: Float32Array, start: number, end: number, quarter: boolean, lo: number, hi: number, values: Float32Array, valueBits: Int32Array, pad: Float32Array, out: Int32Array): number {
  const top = blockAt(x, start, end, quarter, 0, valueBits, pad);
  let rest = top;
  if (top > lo) {
    // The tests on the values' float32 bits as integers, combined without branches (whether a value
    // peaks is a coin toss): only the refinement is branched to.
    let restBits = 0;
    const last = end - start - 1;
    let before = 0;
    for (let i = 0; i <= last; i++) {
      const v = values[i]!;
      const b = valueBits[i]!;
      const after = i < last ? valueBits[i + 1]! : 0;
      const peaks = Number(i === 0) | Number(i === last) | (Number(b >= before) & Number(b >= after));
      const under = peaks & Number(v <= lo);
      restBits = Math.max(restBits, b & -under);
      if ((peaks & ~under & Number(v <= hi)) !== 0) {
        const r = refinedPeak(x, start + i, lo, false);
        if (r > v) values[i] = r;
      }
      before = b;
    }
    oneBits[0] = restBits;
    rest = one[0]!;
  }
  // Integer maxima of non-negative floats' bits (see runMaxima): the channels' order is a coin toss.
  for (let i = start, j = 0; i < end; i++, j++) out[i] = Math.max(out[i]!, valueBits[j]!);
  return rest;
}

const one = new Float32Array(1);
const oneBits = bits(one);

/** The least float32 at or above `v` (v >= 0, finite): a bound kept in a Float32Array stays a bound. */
function roundUp(v: number): number {
  one[0] = v;
  // Rounded down: the next float32 up (for a non-negative float, its bits plus one).
  oneBits[0] = oneBits[0]! + Number(one[0]! < v);
  return one[0]!;
}

/**
 * Scans one channel block by block, skipping blocks whose values cannot come within CANDIDATE of `floor`.
 * With `out`, raises out[n] to the largest |value| between n and n+1 (refined where within CANDIDATE of
 * `floor`) and keeps `floor` fixed; without, returns the peak. With `pending` (one value per block), the
 * scan records what a lower floor would add to each block (for a skipped block, minus the least level
 * at which the tests below skip it, rounded up: a lower floor at or above it skips the block without
 * testing it again, as a fresh scan would; else
 * `envelopeBlock`'s value, never negative); with `above` too, `out` already holds the scan for the floor
 * `above` (higher) and those records, and only what the lower floor adds is computed.
 */
function scan(x: Float32Array, factor: number, floor: number, out: Float32Array | null, maxima: Float32Array = subMaxima(x), pending: Float32Array | null = null, above = Infinity, touched: Uint8Array | null = null): number {
  if (factor === 1) return floor;
  const { bound, coarseSlack, coefficients } = getKernel();
  const n = x.length;
  const quarter = factor === 4;
  const pad = new Float32Array(BLOCK + TAPS);
  const values = new Float32Array(BLOCK);
  const valueBits = bits(values);
  const outBits = out === null ? null : bits(out);
  const lo = floor * CANDIDATE;
  const hi = above * CANDIDATE;
  // Blocks whose whole neighbourhood lies inside: taps of samples start..start+31 reach x[start - 7] ..
  // x[start + 39], the runs q - 1 .. q + 4 of SUB samples (q = start / SUB), unrolled below.
  const inner = Math.floor((n - BLOCK - HALF) / BLOCK) * BLOCK;
  const top = bits(maxima);
  for (let start = 0, k = 0; start < n; start += BLOCK, k++) {
    const end = Math.min(n, start + BLOCK);
    if (pending !== null && hi !== Infinity) {
      // Scanned for the higher floor: only the values between the two floors are new.
      const rest = pending[k]!;
      if (rest < 0) {
        // Skipped for the higher floor: still skipped where its bound stays under this one.
        if (-rest <= lo) continue;
      } else {
        if (rest <= lo) continue;
        pending[k] = envelopeBlock(x, start, end, quarter, lo, hi, values, valueBits, pad, outBits!);
        if (touched !== null) touched[k] = 1;
        continue;
      }
    }
    let m = 0;
    const within = start > 0 && start <= inner;
    if (within) {
      // Integer maxima of the float32 bit patterns (see runMaxima), read back as a float.
      const q = start / SUB;
      oneBits[0] = Math.max(top[q - 1]!, top[q]!, top[q + 1]!, top[q + 2]!, top[q + 3]!, top[q + 4]!);
      m = one[0]!;
    } else {
      for (let r = (Math.max(0, start + 1 - HALF) / SUB) | 0, last = ((Math.min(n, end + HALF) - 1) / SUB) | 0; r <= last; r++) m = Math.max(m, maxima[r]!);
    }
    const loose = m * bound;
    if (loose <= lo) {
      if (pending !== null) pending[k] = -roundUp(loose);
      continue;
    }
    // The 6-tap values of a loud block are rarely under half its largest sample: where the outer taps' share
    // and that half would already reach the level (a limiter's envelope, far under the peaks), the 6-tap
    // test is not tried.
    if (within && m * (coarseSlack + 0.5) <= lo) {
      const tight = coarseBlock(x, start, end, coefficients, quarter) + coarseSlack * m;
      if (tight <= lo) {
        // Both conditions, so that a lower floor skips the block where a fresh scan would, no more.
        if (pending !== null) pending[k] = -roundUp(Math.max(tight, m * (coarseSlack + 0.5)));
        continue;
      }
    }
    if (out === null) {
      if (blockAt(x, start, end, quarter, 0, null, pad) <= lo) continue;
      floor = Math.max(floor, refineBlock(x, start, end, quarter, floor, values, valueBits, pad));
    } else {
      const rest = envelopeBlock(x, start, end, quarter, lo, Infinity, values, valueBits, pad, outBits!);
      if (pending !== null) pending[k] = rest;
      if (touched !== null) touched[k] = 1;
    }
  }
  return floor;
}

/** Highest true peak over all channels, linear (1.0 = 0 dBTP). */
export function truePeak(channels: readonly Float32Array[], sampleRate: number): number {
  return peaks(channels, sampleRate).truePeak;
}

/** Highest sample peak and true peak over all channels, linear, in one scan. */
export function peaks(channels: readonly Float32Array[], sampleRate: number): { samplePeak: number; truePeak: number } {
  const maxima = channels.map(subMaxima);
  let samplePeak = 0;
  for (const m of maxima) for (let k = 0; k < m.length; k++) samplePeak = Math.max(samplePeak, m[k]!);
  if (samplePeak === 0) return { samplePeak, truePeak: 0 };
  const factor = truePeakFactor(sampleRate);
  let peak = samplePeak;
  channels.forEach((channel, c) => (peak = scan(channel, factor, peak, null, maxima[c])));
  return { samplePeak, truePeak: peak };
}

/**
 * Per-sample true-peak envelope over all channels: out[n] is the largest |value| at sample n or between
 * n and n+1 in any channel, refined where it comes within CANDIDATE of `threshold` (linear). Where a block
 * cannot, out[n] is left at 0: every sample there is at most `threshold` over `interpolationBound`, and
 * callers such as the limiter only act on what exceeds `threshold`. (At 192 kHz and above, where nothing is
 * interpolated, out[n] is the samples' largest |value|.) `maxima`: the channels' `subMaxima`, if known.
 * `pending` (one array per channel, `envelopeBlocks` long): where to record what `lowerTruePeakEnvelope`
 * needs to lower the threshold later. `touched` (`envelopeBlocks` long, zeros): set to 1 for each block of
 * BLOCK (32) samples where `out` may be non-zero, for `envelopeRunMaxima`.
 */
export function truePeakEnvelope(channels: readonly Float32Array[], sampleRate: number, threshold: number, out: Float32Array = new Float32Array(channels[0]?.length ?? 0), maxima?: readonly Float32Array[], pending?: readonly Float32Array[], touched?: Uint8Array): Float32Array {
  const n = channels[0]?.length ?? 0;
  const factor = truePeakFactor(sampleRate);
  out.fill(0);
  if (factor === 1) {
    for (const channel of channels) {
      for (let i = 0; i < n; i++) {
        const v = Math.abs(channel[i]!);
        if (v > out[i]!) out[i] = v;
      }
    }
    touched?.fill(1);
    return out;
  }
  channels.forEach((channel, c) => scan(channel, factor, threshold, out, maxima?.[c] ?? subMaxima(channel), pending?.[c] ?? null, Infinity, touched ?? null));
  return out;
}

/** Length of the arrays of `pending` of `truePeakEnvelope` for `frames` samples. */
export function envelopeBlocks(frames: number): number {
  return Math.ceil(frames / BLOCK);
}

/**
 * Lowers the threshold of an envelope that `truePeakEnvelope` computed for `from`, with `pending`, to
 * `to` (at most `from`): `out` then holds what `truePeakEnvelope` would compute for `to`, value for value,
 * and `pending` is updated for a further lowering. Only the values between the two thresholds are
 * computed: the blocks skipped before that now come within reach, and the peaks that now count as
 * candidates. `maxima` as for `truePeakEnvelope`; `touched`: set to 1 for each block of `out` that changed.
 */
export function lowerTruePeakEnvelope(channels: readonly Float32Array[], sampleRate: number, from: number, to: number, out: Float32Array, maxima: readonly Float32Array[] | undefined, pending: readonly Float32Array[], touched?: Uint8Array): Float32Array {
  const factor = truePeakFactor(sampleRate);
  if (factor === 1 || to >= from) return out;
  channels.forEach((channel, c) => scan(channel, factor, to, out, maxima?.[c] ?? subMaxima(channel), pending[c]!, from, touched ?? null));
  return out;
}

/**
 * `runMaxima(envelope, run, out)` where only the blocks of BLOCK (32) samples flagged in `touched` can
 * have changed since `out` last held it (with `fresh`: where `envelope` is 0 outside them, as
 * `truePeakEnvelope` leaves it), the same values; clears `touched`. A limiter's envelope is mostly skipped
 * blocks: this reads the few that were written instead of every sample.
 */
export function envelopeRunMaxima(envelope: Float32Array, run: number, out: Float32Array, touched: Uint8Array, fresh: boolean): Float32Array {
  const n = envelope.length;
  if (run > BLOCK) {
    runMaxima(envelope, run, out);
  } else {
    if (fresh) out.fill(0);
    const v = bits(envelope);
    const o = bits(out);
    const runs = out.length;
    for (let k = 0; k < touched.length; k++) {
      if (touched[k] !== 1) continue;
      // The runs that overlap block k.
      const last = Math.min(runs - 1, Math.floor((k * BLOCK + BLOCK - 1) / run));
      for (let r = Math.floor((k * BLOCK) / run); r <= last; r++) {
        let top = 0;
        for (let i = r * run, to = Math.min(n, i + run); i < to; i++) top = Math.max(top, v[i]! & ABS);
        o[r] = top;
      }
    }
  }
  touched.fill(0);
  return out;
}

/** A gained copy of some channels, and what `gainedPeaks` reads of it per block of BLOCK (32) samples. */
export interface GainedCopy {
  /** The channels times the gain. */
  readonly channels: Float32Array[];
  /** The input's true-peak envelope and the threshold it was computed for (see `truePeakEnvelope`). */
  readonly envelope: Float32Array;
  readonly threshold: number;
  /** Per block: the envelope's largest value, and the gain's lowest and highest. */
  readonly top: Float32Array;
  readonly low: Float32Array;
  readonly high: Float32Array;
  /** The copy's largest |value|. */
  readonly samplePeak: number;
}

/**
 * The largest value of `envelope` in each block of BLOCK (32) samples, from its `runMaxima` for runs of
 * `run` samples (`runs`, from the start, whole runs only) where runs tile the blocks; else undefined.
 * For `gainedCopy`, which otherwise reads the whole envelope for them. Into `out` (`envelopeBlocks` long)
 * when given.
 */
export function envelopeBlockMaxima(envelope: Float32Array, runs: Float32Array, run: number, out?: Float32Array): Float32Array | undefined {
  if (BLOCK % run !== 0) return undefined;
  const n = envelope.length;
  const per = BLOCK / run;
  const covered = runs.length * run;
  const top = out ?? new Float32Array(Math.ceil(n / BLOCK));
  for (let k = 0; k < top.length; k++) {
    const start = k * BLOCK;
    const end = Math.min(n, start + BLOCK);
    let e = 0;
    if (end <= covered) {
      for (let r = k * per, last = r + per; r < last; r++) if (runs[r]! > e) e = runs[r]!;
    } else {
      // Past the last whole run: from the samples.
      for (let i = start; i < end; i++) if (envelope[i]! > e) e = envelope[i]!;
    }
    top[k] = e;
  }
  return top;
}

/**
 * `channels` times the per-sample `gains` (or `gain` throughout), into `into` (one array per channel of
 * their length, not the channels themselves) or new arrays, summarised for `gainedPeaks` on the way:
 * `envelope` is the channels' `truePeakEnvelope` for `threshold`; `tops`, if known, its largest value in
 * each block (`envelopeBlockMaxima`). `work`: arrays (`envelopeBlocks` long) for the gain's extremes per
 * block, instead of new ones.
 */
export function gainedCopy(channels: readonly Float32Array[], gains: Float32Array | null, gain: number, envelope: Float32Array, threshold: number, into?: readonly Float32Array[], tops?: Float32Array, work?: { readonly low: Float32Array; readonly high: Float32Array }): GainedCopy {
  const n = envelope.length;
  const blocks = Math.ceil(n / BLOCK);
  const top = tops ?? new Float32Array(blocks);
  const low = (work?.low ?? new Float32Array(blocks)).fill(gain);
  const high = (work?.high ?? new Float32Array(blocks)).fill(gain);
  const out = into ? [...into] : channels.map(() => new Float32Array(n));
  // The largest |value| is taken before the float32 rounding: rounding is monotonic, so the largest
  // stored value is that one rounded.
  let peak = 0;
  if (out.length === 2 && gains) {
    peak = gainedStereo(channels[0]!, channels[1]!, gains, tops ? null : envelope, out[0]!, out[1]!, top, low, high);
  } else {
    for (let k = 0; k < blocks; k++) {
      const start = k * BLOCK;
      const end = Math.min(n, start + BLOCK);
      if (!tops) {
        let e = 0;
        for (let i = start; i < end; i++) if (envelope[i]! > e) e = envelope[i]!;
        top[k] = e;
      }
      if (gains) {
        let g0 = gains[start]!;
        let g1 = g0;
        for (let i = start; i < end; i++) {
          if (gains[i]! > g1) g1 = gains[i]!;
          if (gains[i]! < g0) g0 = gains[i]!;
        }
        low[k] = g0;
        high[k] = g1;
      }
    }
    for (let c = 0; c < out.length; c++) {
      const x = channels[c]!;
      const y = out[c]!;
      if (gains) for (let i = 0; i < n; i++) peak = Math.max(peak, Math.abs((y[i] = x[i]! * gains[i]!)));
      else for (let i = 0; i < n; i++) peak = Math.max(peak, Math.abs((y[i] = x[i]! * gain)));
    }
  }
  return { channels: out, envelope, threshold, top, low, high, samplePeak: Math.fround(peak) };
}

/**
 * `gainedCopy` of a stereo pair through a gain curve, in one loop; returns the largest |value| (unrounded).
 * With `envelope`, also its largest value per block into `top` (null: `top` is known).
 */
function gainedStereo(l: Float32Array, r: Float32Array, gains: Float32Array, envelope: Float32Array | null, yl: Float32Array, yr: Float32Array, top: Float32Array, low: Float32Array, high: Float32Array): number {
  const n = l.length;
  let m = 0;
  for (let k = 0, start = 0; start < n; k++, start += BLOCK) {
    const end = Math.min(n, start + BLOCK);
    let g0 = gains[start]!;
    let g1 = g0;
    if (envelope !== null) {
      let e = 0;
      for (let i = start; i < end; i++) if (envelope[i]! > e) e = envelope[i]!;
      top[k] = e;
    }
    for (let i = start; i < end; i++) {
      const g = gains[i]!;
      if (g > g1) g1 = g;
      if (g < g0) g0 = g;
      const a = Math.abs((yl[i] = l[i]! * g));
      const b = Math.abs((yr[i] = r[i]! * g));
      if (a > m) m = a;
      if (b > m) m = b;
    }
    low[k] = g0;
    high[k] = g1;
  }
  return m;
}

/**
 * Sample peak and true peak of a gained copy, as `peaks(copy.channels)` finds them, but interpolating
 * fewer blocks. Where the gain is g throughout a block's taps, an interpolated output value is g times
 * the input's, and the input's is at most max(envelope, threshold) there; where the gain moves, by at
 * most the movement times `interpolationBound` times the input's largest |value|. A block is
 * interpolated only when that bound (with a margin for the float32 rounding) can beat the peak found so
 * far, and refined as in `peaks`. After a limiter, whose gain holds the envelope under its ceiling, few
 * blocks are left.
 */
export function gainedPeaks(copy: GainedCopy, sampleRate: number): { samplePeak: number; truePeak: number } {
  const { channels, threshold, top, low, high, samplePeak } = copy;
  const factor = truePeakFactor(sampleRate);
  if (samplePeak === 0 || factor === 1) return { samplePeak, truePeak: samplePeak };
  const n = copy.envelope.length;
  const blocks = top.length;
  const bound = interpolationBound();
  const quarter = factor === 4;
  const pad = new Float32Array(BLOCK + TAPS);
  const values = new Float32Array(BLOCK);
  const valueBits = bits(values);
  let peak = samplePeak;
  for (let k = 0; k < blocks; k++) {
    // A block's taps reach HALF samples into each neighbour (HALF < BLOCK).
    const before = k > 0 ? k - 1 : k;
    const after = k < blocks - 1 ? k + 1 : k;
    // Where the envelope was left at 0, every |value| is at most threshold / bound.
    const m = Math.max(top[before]!, top[k]!, top[after]!, threshold / bound);
    const g1 = Math.max(high[before]!, high[k]!, high[after]!);
    const g0 = Math.min(low[before]!, low[k]!, low[after]!);
    // The interpolated input is at most max(envelope, threshold) and bound * m; the float32 rounding of
    // each output sample moves an interpolated value by at most bound * g1 * m * 2^-24 (here 2^-22).
    const reach = g1 * Math.min(Math.max(top[k]!, threshold), bound * m) + bound * m * (g1 - g0 + g1 * 2.4e-7);
    if (reach <= peak) continue;
    const start = k * BLOCK;
    const end = Math.min(n, start + BLOCK);
    for (const channel of channels) {
      if (blockAt(channel, start, end, quarter, 0, null, pad) > peak * CANDIDATE) peak = Math.max(peak, refineBlock(channel, start, end, quarter, peak, values, valueBits, pad));
    }
  }
  return { samplePeak, truePeak: peak };
}
