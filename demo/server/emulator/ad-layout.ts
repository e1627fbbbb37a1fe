// Where `generate` places the voiced sections of an ad: recommendations are fitted to the same layout.

/** Silence before the first section, seconds. */
export const LEAD_S = 0.5;
/** Silence between sections, seconds. */
export const GAP_S = 0.35;
/** Silence after the last section, seconds. */
export const TAIL_S = 0.5;

/** Length of an ad whose sections speak for `sectionSeconds`, laid out as `generate` does. */
export function adSeconds(sectionSeconds: readonly number[]): number {
  const speech = sectionSeconds.reduce((sum, seconds) => sum + seconds, 0);
  return LEAD_S + speech + GAP_S * Math.max(0, sectionSeconds.length - 1) + TAIL_S;
}
