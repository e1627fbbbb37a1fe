import { BLOCK, CANDIDATE, HALF, TAPS, blockAt, coarseBlock, getKernel } from './true-peak-interpolator.js';
import { refinedPeak } from './true-peak-refine.js';
import { SUB, bits, subMaxima } from './true-peak-runs.js';

/**
 * The scan of one channel, block by block of BLOCK (32) samples. Blocks whose neighbourhood cannot beat the
 * peak found so far (or the caller's threshold) are skipped: an interpolated value is bounded by the local
 * maximum times the phase's sum of absolute coefficients, and, where that cannot decide, by the middle 6
 * taps' value plus the local maximum times the outer taps' absolute sum (`coarseBlock`): the 16-tap values
 * of a skipped block could not have come near the level. The 4x values are candidates: where one comes
 * within CANDIDATE of the level and is a local maximum, the interval is refined (true-peak-refine.ts).
 */

/**
 * The largest value of samples [start, end) of `x` (each the largest |value| at sample i or between i and
 * i+1; the 4x values go to `values`, from index 0), those within CANDIDATE of `level` refined (see
 * `refinedPeak`): `level` rises to each value found, and the refinement reads eighths where that could
 * beat `level`.
 */
export function refineBlock(x: Float32Array, start: number, end: number, quarter: boolean, level: number, values: Float32Array, valueBits: Int32Array, pad: Float32Array): number {
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
export function scan(x: Float32Array, factor: number, floor: number, out: Float32Array | null, maxima: Float32Array = subMaxima(x), pending: Float32Array | null = null, above = Infinity, touched: Uint8Array | null = null): number {
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
