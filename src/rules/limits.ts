// The judge's fixed thresholds, in a module of their own so that a view that needs one (the status line, the
// export panel) reads it without the catalog's table. The catalog (./catalog.ts) states them as its rules' thresholds.
// Pure.
export { SPEECH_SLACK, speechPastEnd } from '../script/spoken-length.js';

/** The words a second above which a read is advised against (Amazon's guideline), unless a destination's sheet sets a limit. */
export const ADVISED_WORDS_PER_SECOND = 3;

/** A read faster than this many times normal can sound rushed. */
export const FAST_READ = 1.1;
