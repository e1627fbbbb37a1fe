// A reason in the reader's language (src/rules/said.ts): the words of its key, the judge's finding with what to do,
// or an error's words, after the names of where it happened. What has no words of its own is said in English, and
// marked so (`lang`) by the view that shows it. Pure: a translator in, text out.
import { describeError } from '../../i18n/error-words.js';
import type { StringKey } from '../../i18n/en.js';
import type { Translate } from '../../i18n/translate.js';
import type { Finding } from '../../rules/finding.js';
import type { Reason, Said, SaidValues } from '../../rules/said.js';
import { findingWords, shortFigure } from './finding-words.js';
import { StudioRowRefusedError } from '../../session/deliver-failed-error.js';
import '../../i18n/later-words.js';

/** Words `key` with `values`, each number a figure in the reader's format (at most 2 decimals). */
export const wordsOf = (t: Translate, key: string, values: SaidValues): string =>
  t(key as StringKey, Object.fromEntries(Object.entries(values).map(([name, value]) => [name, typeof value === 'number' ? shortFigure(t, value) : value])));

/** A finding and what to do about it: its fix in the reader's words where it has them, else in English. */
export function findingAndFix(t: Translate, finding: Finding): string {
  const words = findingWords(t, finding).replace(/\.$/, '');
  const fix = finding.advice === undefined ? finding.fix : wordsOf(t, finding.advice.key, finding.advice.values);
  return fix === undefined ? words : `${words}; ${fix}`;
}

/** `said` in the reader's words; `english` where it has none. */
export function saidWords(t: Translate, said: Said | undefined, english: string): string {
  if (said === undefined) return english;
  if ('finding' in said) return findingAndFix(t, said.finding);
  if ('error' in said) {
    // In English, the error's own words (a service's reason is more than its code's); else its code's, translated.
    if (t.locale.toLowerCase().startsWith('en')) return english;
    const message = describeError(said.error, t).text;
    return said.lead === undefined ? message : t(said.lead as StringKey, { message });
  }
  return wordsOf(t, said.key, said.values);
}

/** A reason in the reader's words, the names of where it happened first (`:15: price: …`). */
export const reasonWords = (t: Translate, reason: Reason): string => [...reason.where, saidWords(t, reason.said, reason.message)].join(': ');

/** The reasons a refused row gives (`StudioRowRefusedError.why`) in the reader's words; `undefined` for any other error. */
export const refusalWords = (t: Translate, error: unknown): string | undefined =>
  error instanceof StudioRowRefusedError && error.why.length > 0 ? error.why.map((reason) => reasonWords(t, reason)).join(' ') : undefined;
