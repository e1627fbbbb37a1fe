// Largest |value| per run of samples, as the true-peak scans read them to skip blocks: the float32 bit
// patterns with the sign bit cleared, compared as integers (for non-negative floats their order is the
// values' order, and integer maxima are cheaper than float ones).

/** Run length of the per-run maxima that the block test reads. */
export const SUB = 8;

/** The bits of a Float32Array as int32 (same memory). */
export function bits(x: Float32Array): Int32Array {
  return new Int32Array(x.buffer, x.byteOffset, x.length);
}

/** Clears the sign bit: the bits of |v|. */
export const ABS = 0x7fffffff;

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
