/**
 * The shortest and longest ad, in seconds. Spots run 5 to 120 s; long-form sponsorship reads and
 * podcast host reads run up to 10 minutes, so the document allows that. (A service's own limits, such as
 * the length it writes ideas for, are the service's: see `src/api/contract.ts`.)
 */
export const DURATION_LIMITS = { min: 5, max: 600 } as const;

/** The range of a `custom` loudness target, LUFS (`config.mastering.target`, the project's `mastering.target`). */
export const TARGET_LIMITS = { min: -40, max: -5 } as const;

/** The range of a `custom` true-peak ceiling, dBTP (`config.mastering.truePeak`, the project's `mastering.truePeak`). */
export const TRUE_PEAK_LIMITS = { min: -9, max: 0 } as const;

