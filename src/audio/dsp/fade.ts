/** Fade curve shapes: `linear` in amplitude, or `sine` (quarter sine, equal power for uncorrelated material). */
export type FadeCurve = 'linear' | 'sine';

/** Gain of a fade-in at progress `t` in [0, 1] (0 = silent, 1 = full). A fade-out is `fadeGain(1 - t)`. */
export function fadeGain(t: number, curve: FadeCurve): number {
  if (t <= 0) return 0;
  if (t >= 1) return 1;
  return curve === 'sine' ? Math.sin((Math.PI / 2) * t) : t;
}

/**
 * Multiplies `data[from .. from + length)` by a fade-in (`inwards` true) or a fade-out over `length`
 * samples. Sample k of a fade-in gets fadeGain(k / length), so the first sample is silent; sample k of a
 * fade-out gets fadeGain((length - 1 - k) / length), so the last sample is silent.
 */
export function applyFade(data: Float32Array, from: number, length: number, inwards: boolean, curve: FadeCurve): void {
  const first = Math.max(0, -from);
  const last = Math.min(length, data.length - from);
  const sine = curve === 'sine';
  for (let k = first; k < last; k++) {
    const t = (inwards ? k : length - 1 - k) / length;
    data[from + k]! *= sine ? Math.sin((Math.PI / 2) * t) : t;
  }
}
