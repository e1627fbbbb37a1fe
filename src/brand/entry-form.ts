// What is wrong with an entry a person is adding to, or editing in, the project's pronunciation list: one
// problem per field, as codes the form puts in words. The same limits as `pronunciationProblems`.

import { PRONUNCIATION_LIMITS, pronunciationKey, type PronunciationEntry } from './pronunciations.js';

/** A problem of one field of the form. */
export type EntryFieldProblem =
  | { readonly code: 'empty' }
  | { readonly code: 'long'; readonly max: number; readonly count: number }
  /** Another entry of the project says the same text (`index` is that entry's). */
  | { readonly code: 'duplicate'; readonly index: number }
  /** The host's brand list says the same text already. */
  | { readonly code: 'brand' }
  /** The project's list is full. */
  | { readonly code: 'full'; readonly max: number };

export interface EntryFormProblems {
  readonly text?: EntryFieldProblem;
  readonly say?: EntryFieldProblem;
}

/**
 * The problems of `draft` put at `index` of `entries` (a new entry when `index` is undefined), beside the host's
 * `brand` list. Empty when the entry can be saved.
 */
export function entryFormProblems(draft: PronunciationEntry, entries: readonly PronunciationEntry[], brand: readonly PronunciationEntry[], index?: number): EntryFormProblems {
  const field = (value: string): EntryFieldProblem | undefined => {
    if (value.trim() === '') return { code: 'empty' };
    if (value.length > PRONUNCIATION_LIMITS.chars) return { code: 'long', max: PRONUNCIATION_LIMITS.chars, count: value.length };
    return undefined;
  };
  let text = field(draft.text);
  if (text === undefined) {
    const key = pronunciationKey(draft);
    const duplicate = entries.findIndex((entry, at) => at !== index && pronunciationKey(entry) === key);
    if (brand.some((entry) => pronunciationKey(entry) === key)) text = { code: 'brand' };
    else if (duplicate >= 0) text = { code: 'duplicate', index: duplicate };
    else if (index === undefined && entries.length >= PRONUNCIATION_LIMITS.entries) text = { code: 'full', max: PRONUNCIATION_LIMITS.entries };
  }
  const say = field(draft.say);
  return { ...(text === undefined ? {} : { text }), ...(say === undefined ? {} : { say }) };
}
