/** Fade curve shapes: `linear` in amplitude, or `sine` (quarter sine, equal power for uncorrelated material). */
export type FadeCurve = 'linear' | 'sine';

/** Gain of a fade-in at progress `t` in [0, 1] (0 = silent, 1 = full). A fade-out is `fadeGain(1 - t)`. */
export function fadeGain(t: number, curve: FadeCurve): number {
  if (t <= 0) return 0;
  if (t >= 1) return 1;
  return curve === 'sine' ? Math.sin((Math.PI / 2) * t) : t;
}

/** Samples between exact Math.sin anchors of the sine recurrence in `applyFade` (error stays near 1e-12). */
const ANCHOR = 256;

/**
 * Multiplies `data[from .. from + length)` by a fade-in (`inwards` true) or a fade-out over `length`
 * samples. Sample k of a fade-in gets fadeGain(k / length), so the first sample is silent; sample k of a
 * fade-out gets fadeGain((length - 1 - k) / length), so the last sample is silent. The sine curve steps
 * by a fixed angle, so it is computed by the recurrence sin(a + d) = 2 cos(d) sin(a) - sin(a - d),
 * re-anchored on Math.sin every 256 samples (a transcendental per sample would cost more than the mix).
 */
export function applyFade(data: Float32Array, from: number, length: number, inwards: boolean, curve: FadeCurve): void {
  const first = Math.max(0, -from);
  const last = Math.min(length, data.length - from);
  if (curve !== 'sine') {
    for (let k = first; k < last; k++) data[from + k]! *= (inwards ? k : length - 1 - k) / length;
    return;
  }
  // Sample k sits at angle j * delta, j = k (in) or length - 1 - k (out): walk j upwards from exact anchors,
  // so that the silent sample (j = 0) is an anchor and exactly 0.
  const delta = Math.PI / 2 / length;
  const twoCos = 2 * Math.cos(delta);
  const lo = inwards ? first : length - last;
  const hi = inwards ? last : length - first;
  for (let a = lo; a < hi; a += ANCHOR) {
    const end = Math.min(hi, a + ANCHOR);
    let previous = Math.sin((a - 1) * delta);
    let current = Math.sin(a * delta);
    for (let j = a; j < end; j++) {
      data[from + (inwards ? j : length - 1 - j)]! *= current;
      const next = twoCos * current - previous;
      previous = current;
      current = next;
    }
  }
}
