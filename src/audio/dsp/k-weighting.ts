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
 * K-weights `input` and adds the mean square of each consecutive `blockSize` samples into `energies`
 * (energies[i] += mean of squares of block i, weighted by `weight`). A trailing partial block is dropped.
 */
export function accumulateKWeightedEnergy(input: Float32Array, sampleRate: number, blockSize: number, weight: number, energies: Float64Array): void {
  const [s, h] = kWeightingFilters(sampleRate);
  const { b0, b1, b2, a1, a2 } = s;
  const ha1 = h.a1;
  const ha2 = h.a2;
  // Transposed direct form II, states in doubles: two states per stage, so that the two channels of
  // the stereo versions below fit in registers together (see kWeightedPower).
  let s1 = 0, s2 = 0, q1 = 0, q2 = 0;
  const blocks = Math.min(energies.length, Math.floor(input.length / blockSize));
  const scale = weight / blockSize;
  let n = 0;
  for (let block = 0; block < blocks; block++) {
    let sum = 0;
    const end = n + blockSize;
    for (; n < end; n++) {
      const x = input[n]!;
      const y = b0 * x + s1;
      s1 = b1 * x - a1 * y + s2;
      s2 = b2 * x - a2 * y;
      const v = y + q1;
      q1 = -2 * y - ha1 * v + q2;
      q2 = y - ha2 * v;
      sum += v * v;
    }
    energies[block]! += sum * scale;
  }
}

/**
 * `accumulateKWeightedEnergy` for two channels of weight 1 at once: the two filter recursions interleave,
 * which roughly halves the time of a latency-bound biquad.
 */
export function accumulateKWeightedEnergyPair(left: Float32Array, right: Float32Array, sampleRate: number, blockSize: number, energies: Float64Array): void {
  const [s, h] = kWeightingFilters(sampleRate);
  const { b0, b1, b2, a1, a2 } = s;
  const ha1 = h.a1;
  const ha2 = h.a2;
  // Transposed direct form II (see accumulateKWeightedEnergy), the two channels' recursions interleaved.
  let s1 = 0, s2 = 0, q1 = 0, q2 = 0;
  let t1 = 0, t2 = 0, r1 = 0, r2 = 0;
  const blocks = Math.min(energies.length, Math.floor(left.length / blockSize));
  const scale = 1 / blockSize;
  let n = 0;
  for (let block = 0; block < blocks; block++) {
    let sum = 0;
    const end = n + blockSize;
    for (; n < end; n++) {
      const x = left[n]!;
      const u = right[n]!;
      const y = b0 * x + s1;
      const t = b0 * u + t1;
      s1 = b1 * x - a1 * y + s2;
      s2 = b2 * x - a2 * y;
      t1 = b1 * u - a1 * t + t2;
      t2 = b2 * u - a2 * t;
      const v = y + q1;
      const k = t + r1;
      q1 = -2 * y - ha1 * v + q2;
      q2 = y - ha2 * v;
      r1 = -2 * t - ha1 * k + r2;
      r2 = t - ha2 * k;
      sum += v * v + k * k;
    }
    energies[block]! += sum * scale;
  }
}

/**
 * K-weighted power summed over channels with their weights, averaged over runs of `run` samples:
 * out[k] = mean over run k of the sum of G_c * y_c[n]^2 (a trailing partial run is dropped). The 100 ms
 * step energies of a gain-modulated copy g[n] * x[n] are then close to the sum over its runs of out[k]
 * times the run's mean g^2 when g moves slowly against the filters' memory (used to steer mastering
 * passes cheaply; the final figures are always measured on the real output).
 */
export function kWeightedPower(channels: readonly Float32Array[], sampleRate: number, weights: readonly number[], run: number, out: Float32Array = new Float32Array(Math.floor((channels[0]?.length ?? 0) / run))): Float32Array {
  const runs = Math.floor((channels[0]?.length ?? 0) / run);
  const [s, h] = kWeightingFilters(sampleRate);
  const { b0, b1, b2, a1, a2 } = s;
  const ha1 = h.a1;
  const ha2 = h.a2;
  const scale = 1 / run;
  if (channels.length === 2 && weights[0] === 1 && weights[1] === 1) {
    // Stereo: both recursions interleaved (the biquads are latency-bound). In transposed direct form II
    // the 8 states and 7 coefficients fit in registers; in direct form I (12 states) Chromium's V8 spills
    // them and the loop takes about four times as long.
    const left = channels[0]!;
    const right = channels[1]!;
    let s1 = 0, s2 = 0, q1 = 0, q2 = 0;
    let t1 = 0, t2 = 0, r1 = 0, r2 = 0;
    // One flat loop with a run counter: nested loops of 8 samples compile worse in Chromium.
    let sum = 0;
    let j = 0;
    let k = 0;
    for (let i = 0, n = runs * run; i < n; i++) {
      const x = left[i]!;
      const u = right[i]!;
      const y = b0 * x + s1;
      const t = b0 * u + t1;
      s1 = b1 * x - a1 * y + s2;
      s2 = b2 * x - a2 * y;
      t1 = b1 * u - a1 * t + t2;
      t2 = b2 * u - a2 * t;
      const v = y + q1;
      const w = t + r1;
      q1 = -2 * y - ha1 * v + q2;
      q2 = y - ha2 * v;
      r1 = -2 * t - ha1 * w + r2;
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
  out.fill(0);
  channels.forEach((x, c) => {
    const w = weights[c] ?? 1;
    if (w === 0) return;
    let s1 = 0, s2 = 0, q1 = 0, q2 = 0;
    for (let k = 0, i = 0; k < runs; k++) {
      let sum = 0;
      for (const end = i + run; i < end; i++) {
        const x0 = x[i]!;
        const y = b0 * x0 + s1;
        s1 = b1 * x0 - a1 * y + s2;
        s2 = b2 * x0 - a2 * y;
        const v = y + q1;
        q1 = -2 * y - ha1 * v + q2;
        q2 = y - ha2 * v;
        sum += v * v;
      }
      out[k]! += w * sum * scale;
    }
  });
  return out;
}
