/** Corner of the mastering chain's high-pass, Hz: removes DC and subsonic rumble, leaves 20 Hz within 0.1 dB. */
export const DC_CUTOFF_HZ = 10;

/** The high-pass's biquad (b2 = b0). */
function coefficients(sampleRate: number, cutoffHz: number): { b0: number; b1: number; a1: number; a2: number } {
  const k = Math.tan((Math.PI * cutoffHz) / sampleRate);
  const q = Math.SQRT1_2;
  const norm = 1 / (1 + k / q + k * k);
  return { b0: norm, b1: -2 * norm, a1: 2 * (k * k - 1) * norm, a2: (1 - k / q + k * k) * norm };
}

/**
 * 2nd-order Butterworth high-pass (bilinear transform, Q = 1/sqrt(2)) of `x` into `out` (may be `x`
 * itself), state from rest. A constant offset decays to nothing within a few hundred milliseconds
 * (about 0.2 s at 10 Hz). One flat loop; the state stays in float64 locals, and its feedback term is
 * added last (see kWeightedPower).
 */
export function highPass(x: Float32Array, sampleRate: number, cutoffHz: number, out: Float32Array): Float32Array {
  const { b0, b1, a1, a2 } = coefficients(sampleRate, cutoffHz);
  // Transposed direct form II: two state values.
  let s1 = 0;
  let s2 = 0;
  const n = Math.min(x.length, out.length);
  for (let i = 0; i < n; i++) {
    const v = x[i]!;
    const y = b0 * v + s1;
    s1 = b1 * v + s2 - a1 * y;
    s2 = b0 * v - a2 * y;
    out[i] = y;
  }
  return out;
}

/**
 * `highPass` of each channel into `out` (one array per channel; it may be `channels` themselves, each
 * sample being read before its output is written), the same values: a stereo pair in one loop, the two
 * recursions interleaved (each alone waits on its own latency; see kWeightedPower).
 */
export function highPassChannels(channels: readonly Float32Array[], sampleRate: number, cutoffHz: number, out: readonly Float32Array[]): Float32Array[] {
  if (channels.length !== 2) return channels.map((x, c) => highPass(x, sampleRate, cutoffHz, out[c]!));
  const { b0, b1, a1, a2 } = coefficients(sampleRate, cutoffHz);
  const [l, r] = channels as [Float32Array, Float32Array];
  const [yl, yr] = out as [Float32Array, Float32Array];
  let s1 = 0, s2 = 0, t1 = 0, t2 = 0;
  const n = Math.min(l.length, r.length, yl.length, yr.length);
  for (let i = 0; i < n; i++) {
    const v = l[i]!;
    const w = r[i]!;
    const y = b0 * v + s1;
    const z = b0 * w + t1;
    s1 = b1 * v + s2 - a1 * y;
    t1 = b1 * w + t2 - a1 * z;
    s2 = b0 * v - a2 * y;
    t2 = b0 * w - a2 * z;
    yl[i] = y;
    yr[i] = z;
  }
  return [yl, yr];
}
