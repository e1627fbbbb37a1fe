/** The fastest a fit may read by default (`vocal.maxFitSpeed`), times normal speed. */
export const DEFAULT_MAX_FIT_SPEED = 1.2;
/** The range of `vocal.maxFitSpeed`: past 1.5 a read sounds rushed. */
export const MAX_FIT_SPEED_LIMITS = { min: 1, max: 1.5 } as const;
