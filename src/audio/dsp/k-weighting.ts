/**
 * K-weighting of ITU-R BS.1770-4: a high-shelf ("stage 1", head effects) then a high-pass ("RLB", stage 2).
 * The standard gives the coefficients at 48 kHz only; here they are re-derived for any rate from the
 * analog prototypes that reproduce the 48 kHz values to the printed precision (the same derivation as
 * libebur128 and ffmpeg): shelf at 1681.97 Hz, +4.0 dB, Q 0.7072; high-pass at 38.135 Hz, Q 0.5003.
 */
export interface Biquad {
  readonly b0: number;
  readonly b1: number;
  readonly b2: number;
  readonly a1: number;
  readonly a2: number;
}

/** The two K-weighting stages at `sampleRate`, as normalised biquads (a0 = 1). */
export function kWeightingFilters(sampleRate: number): [Biquad, Biquad] {
  // Stage 1: high shelf.
  let f0 = 1681.974450955533;
  const gainDb = 3.999843853973347;
  let q = 0.7071752369554196;
  let k = Math.tan((Math.PI * f0) / sampleRate);
  const vh = Math.pow(10, gainDb / 20);
  const vb = Math.pow(vh, 0.4996667741545416);
  let a0 = 1 + k / q + k * k;
  const shelf: Biquad = {
    b0: (vh + (vb * k) / q + k * k) / a0,
    b1: (2 * (k * k - vh)) / a0,
    b2: (vh - (vb * k) / q + k * k) / a0,
    a1: (2 * (k * k - 1)) / a0,
    a2: (1 - k / q + k * k) / a0,
  };
  // Stage 2: high-pass (revised low-frequency B-curve).
  f0 = 38.13547087602444;
  q = 0.5003270373238773;
  k = Math.tan((Math.PI * f0) / sampleRate);
  a0 = 1 + k / q + k * k;
  const highPass: Biquad = { b0: 1, b1: -2, b2: 1, a1: (2 * (k * k - 1)) / a0, a2: (1 - k / q + k * k) / a0 };
  return [shelf, highPass];
}

/**
 * K-weighted power summed over channels with their weights, averaged over runs of `run` samples:
 * out[k] = mean over run k of the sum of G_c * y_c[n]^2 (a trailing partial run is dropped). With runs of
 * 100 ms these are BS.1770's step energies. With short runs, the step energies of a gain-modulated copy
 * g[n] * x[n] are close to the sum over its runs of out[k] times the run's mean g^2 when g moves slowly
 * against the filters' memory (used to steer mastering passes cheaply; the final figures are always
 * measured on the real output).
 *
 * The filters run in transposed direct form II with double states, in one flat loop with a run counter:
 * in Chromium, direct form I's 12 stereo states spill registers (about four times slower), and a loop
 * nested in a loop over runs is compiled on-stack for the inner loop only and deoptimised at every exit.
 * Each state update adds its feedback term last: the terms that do not wait on the output are summed
 * while it is computed (about a tenth faster in Chromium than the textbook order).
 */
export function kWeightedPower<T extends Float32Array | Float64Array>(channels: readonly Float32Array[], sampleRate: number, weights: readonly number[], run: number, out: T): T {
  const runs = Math.min(out.length, Math.floor((channels[0]?.length ?? 0) / run));
  const n = runs * run;
  const [s, h] = kWeightingFilters(sampleRate);
  const { b0, b1, b2, a1, a2 } = s;
  const ha1 = h.a1;
  const ha2 = h.a2;
  const scale = 1 / run;
  if (channels.length === 2 && weights[0] === 1 && weights[1] === 1) {
    // Stereo: both recursions interleaved (the biquads are latency-bound).
    const left = channels[0]!;
    const right = channels[1]!;
    let s1 = 0, s2 = 0, q1 = 0, q2 = 0;
    let t1 = 0, t2 = 0, r1 = 0, r2 = 0;
    let sum = 0;
    let j = 0;
    let k = 0;
    for (let i = 0; i < n; i++) {
      const x = left[i]!;
      const u = right[i]!;
      const y = b0 * x + s1;
      const t = b0 * u + t1;
      s1 = b1 * x + s2 - a1 * y;
      s2 = b2 * x - a2 * y;
      t1 = b1 * u + t2 - a1 * t;
      t2 = b2 * u - a2 * t;
      const v = y + q1;
      const w = t + r1;
      q1 = q2 - 2 * y - ha1 * v;
      q2 = y - ha2 * v;
      r1 = r2 - 2 * t - ha1 * w;
      r2 = t - ha2 * w;
      sum += v * v + w * w;
      if (++j === run) {
        out[k++] = sum * scale;
        sum = 0;
        j = 0;
      }
    }
    return out;
  }
  out.fill(0, 0, runs);
  channels.forEach((x, c) => {
    const weight = weights[c] ?? 1;
    if (weight === 0) return;
    const scaled = weight * scale;
    let s1 = 0, s2 = 0, q1 = 0, q2 = 0;
    let sum = 0;
    let j = 0;
    let k = 0;
    for (let i = 0; i < n; i++) {
      const x0 = x[i]!;
      const y = b0 * x0 + s1;
      s1 = b1 * x0 + s2 - a1 * y;
      s2 = b2 * x0 - a2 * y;
      const v = y + q1;
      q1 = q2 - 2 * y - ha1 * v;
      q2 = y - ha2 * v;
      sum += v * v;
      if (++j === run) {
        out[k++]! += sum * scaled;
        sum = 0;
        j = 0;
      }
    }
  });
  return out;
}
