// A reason something failed, said twice: in English words (the manifest's, the report's, the batch's, the message
// of an error thrown to a host) and in a form the editor says in the reader's language. A row of a feed, a file
// of a delivery and a VAST document fail for reasons from several places (the judge's findings, a check's words,
// a service's error); each carries its `said`, and where it happened (a version, a column, a file) as names. Pure.
import { enLater, type LaterKey } from '../i18n/en-later.js';
import { figure, type Finding, type SaidValues } from './finding.js';

export type { LaterKey } from '../i18n/en-later.js';
export type { SaidValues } from './finding.js';

/**
 * How a reason is said in the reader's language: a key of the later words with its values, the judge's finding
 * (`findingWords`), or an error (its code's words, `describeError`), led by words whose `{message}` it fills.
 */
export type Said = { readonly key: LaterKey; readonly values: SaidValues } | { readonly finding: Finding } | { readonly error: unknown; readonly lead?: LaterKey };

/** Why something failed: its English `message`, the names of where (outermost first), and how to say it. */
export interface Reason {
  /** Where it happened, outermost first: a version's name, a column, a file (names, said as they are). */
  readonly where: readonly string[];
  /** What is wrong and what to do, in English. */
  readonly message: string;
  readonly said?: Said;
}

/** The English words of `key` with `values` (a number as a figure of at most two decimals). */
export const englishWords = (key: LaterKey, values: SaidValues): string =>
  enLater[key].replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = values[name];
    return typeof value === 'number' ? figure(value) : String(value);
  });

/** `message` and `said` of words `key` with `values`. */
export const saidAs = (key: LaterKey, values: SaidValues): { readonly message: string; readonly said: Said } => ({ message: englishWords(key, values), said: { key, values } });

/** A reason with its words, where nothing more is known than its English message (a check that has no words of its own). */
export const reason = (message: string, said?: Said, where: readonly string[] = []): Reason => (said === undefined ? { where, message } : { where, message, said });

/** `reason` happened in `place` (a version, a file): named before the places it already has. */
export const within = (place: string, item: Reason): Reason => ({ ...item, where: [place, ...item.where] });

/** A reason in English, its places first: `:15: price: price is empty…`. */
export const reasonText = (item: Reason): string => [...item.where, item.message].join(': ');
