/** Decibels to a linear gain factor. */
export function dbToGain(db: number): number {
  return Math.pow(10, db / 20);
}

/** A linear amplitude to decibels; `-Infinity` for 0. */
export function gainToDb(gain: number): number {
  return gain > 0 ? 20 * Math.log10(gain) : -Infinity;
}

/** Rounds to the given number of decimals, keeping infinities. */
export function round(value: number, decimals = 2): number {
  if (!Number.isFinite(value)) return value;
  const f = Math.pow(10, decimals);
  return Math.round(value * f) / f;
}
