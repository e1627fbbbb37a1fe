// How a script reads: the speed it needs to fit the ad against the host's `vocal.maxFitSpeed`, a read sped up
// past `FAST_READ`, and words a second against Amazon's advice (or a destination's sheet that makes it a limit).
// The same figures give the same findings and the same words for the ad (the Script step, the version chip, the
// status line) and for a feed row (the grid, the run). Pure.
import type { RuleSubject } from './catalog.js';
import { ADVISED_WORDS_PER_SECOND, FAST_READ } from './limits.js';
import { figure, finding, times, type Finding } from './finding.js';
import { englishWords, type LaterKey, type SaidValues } from './said.js';

/** What the pace rules read: a read's speed and words a second (a `SpokenLength` has them). */
export interface PaceFigures {
  /** The speed the read is (or would be) at, times normal. */
  readonly speed: number;
  /** Words a second while speaking, at that speed. */
  readonly wordsPerSecond: number;
  /** The speed the user kept for this version ("Keep it"), when they did: no fast-read warning up to it. */
  readonly keptSpeed?: number | undefined;
}

/** What else the pace rules need. */
export interface PaceLimits {
  /** The fastest the editor reads to fit (`vocal.maxFitSpeed`); without it, the fit is not judged. */
  readonly maxFitSpeed?: number;
  /**
   * The destinations' sheets that limit words a second (`DestinationProfile.maxWordsPerSecond`): the lowest
   * limit makes words a second a problem above it. None: Amazon's advice, a warning.
   */
  readonly sheets?: readonly { readonly label: string; readonly maxWordsPerSecond?: number | undefined }[];
  /**
   * What to shorten, as the fix's words (src/i18n/*-later.ts) and their values: a row's section or slot to blame
   * (./row.ts). Default: `fix.shortenScript`, "shorten the script".
   */
  readonly shorten?: { readonly key: LaterKey; readonly values: SaidValues };
}

/** Rounded as the editor shows it (3.04 is 3.0, 1.004x is 1.00x): a figure never fails on a digit nobody sees. */
const overSpeed = (speed: number, limit: number) => Math.round(speed * 100) > Math.round(limit * 100);
/** Words a second over `limit`, at a tenth (a delivered file's rule rounds as the read's, ./file.ts). */
export const overPace = (wps: number, limit: number): boolean => Math.round(wps * 10) > Math.round(limit * 10);

/** The read is faster than `FAST_READ` and the user has not kept it at this speed. */
export const tooFast = (length: PaceFigures): boolean => overSpeed(length.speed, FAST_READ) && !(length.keptSpeed !== undefined && length.speed <= length.keptSpeed + 1e-9);

/** The lowest words-a-second limit among `sheets`, with the sheet that sets it; `undefined` when none sets one. */
function sheetLimit(sheets: PaceLimits['sheets']): { label: string; max: number } | undefined {
  let lowest: { label: string; max: number } | undefined;
  for (const sheet of sheets ?? []) {
    if (sheet.maxWordsPerSecond !== undefined && (lowest === undefined || sheet.maxWordsPerSecond < lowest.max)) lowest = { label: sheet.label, max: sheet.maxWordsPerSecond };
  }
  return lowest;
}

/** The pace findings of `length` in `subject` (`ad`, `version` or `row`), in the order a reader needs them. */
export function judgePace(length: PaceFigures, subject: RuleSubject, limits: PaceLimits = {}): Finding[] {
  const advice = limits.shorten ?? { key: 'fix.shortenScript', values: {} };
  const fix = englishWords(advice.key, advice.values);
  const found: (Finding | undefined)[] = [];
  if (limits.maxFitSpeed !== undefined && overSpeed(length.speed, limits.maxFitSpeed)) {
    found.push(
      finding('fit', subject, {
        measured: length.speed,
        required: `at most ${times(limits.maxFitSpeed)}`,
        limit: { value: limits.maxFitSpeed },
        message: `It would need ${times(length.speed)} to fit, faster than the ${times(limits.maxFitSpeed)} allowed`,
        fix,
        advice,
      }),
    );
  } else if (tooFast(length)) {
    found.push(
      finding('fast-read', subject, {
        measured: length.speed,
        required: `at most ${times(FAST_READ)}`,
        limit: { value: FAST_READ },
        message: `Read at ${times(length.speed)}: a read faster than ${times(FAST_READ)} can sound rushed`,
        fix,
        advice,
      }),
    );
  }
  const limit = sheetLimit(limits.sheets);
  const max = limit?.max ?? ADVISED_WORDS_PER_SECOND;
  if (overPace(length.wordsPerSecond, max)) {
    const wps = length.wordsPerSecond.toFixed(1);
    found.push(
      finding(
        'words-per-second',
        subject,
        limit === undefined
          ? { measured: length.wordsPerSecond, required: `at most ${figure(max)} words a second (advised)`, message: `${wps} words a second: Amazon audio ads advise at most ${figure(max)} words per second`, fix, advice, limit: { value: max } }
          : {
              measured: length.wordsPerSecond,
              required: `at most ${figure(max)} words a second`,
              message: `${wps} words a second: ${limit.label} takes at most ${figure(max)} words per second`,
              fix,
              advice,
              limit: { value: max, sheet: limit.label },
            },
        limit === undefined ? undefined : 'problem',
      ),
    );
  }
  return found.filter((item): item is Finding => item !== undefined);
}
