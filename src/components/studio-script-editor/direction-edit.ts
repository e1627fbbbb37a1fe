// What the Direction toolbar does to a section's text: a pause at the caret, a mark around the selected words, a
// mark taken out (its words kept). Pure: no DOM; the marks are those of script/direction.ts.
import { scanDirection, writeMark, type Mark, type MarkUse } from '../../script/direction.js';

/** A mark the toolbar asks for, without its words (the selection gives them). */
export type DirectionAsk =
  | { readonly kind: 'pause'; readonly seconds: number }
  | { readonly kind: 'emphasis'; readonly level: 'moderate' | 'strong' }
  | { readonly kind: 'say-as'; readonly as: 'digits' | 'characters' | 'telephone' | 'currency' | 'date' | 'ordinal' }
  | { readonly kind: 'sub'; readonly alias: string }
  | { readonly kind: 'rate'; readonly percent: number };

/** Why a mark could not be made: no words selected, or the selection holds direction already (marks do not nest). */
export type DirectionRefusal = 'select' | 'nested';

/**
 * `text` with `ask` applied where the selection `from`..`to` is: a pause inserted at `to` (the caret), another mark
 * around the selected words (spaces at the selection's edges left outside). `caret`: just after what was written.
 */
export function applyDirection(text: string, from: number, to: number, ask: DirectionAsk): { text: string; caret: number } | DirectionRefusal {
  if (ask.kind === 'pause') {
    const mark = writeMark(ask);
    return { text: text.slice(0, to) + mark + text.slice(to), caret: to + mark.length };
  }
  const selected = text.slice(from, to);
  const words = selected.trim();
  if (words === '') return 'select';
  if (words.includes('[[') || words.includes(']]')) return 'nested';
  const start = from + selected.indexOf(words);
  const mark = writeMark({ ...ask, text: words } as Mark);
  return { text: text.slice(0, start) + mark + text.slice(start + words.length), caret: start + mark.length };
}

/** `text` with the mark `use` taken out: its words kept (a `sub` its written text), a pause gone. */
export function removeMark(text: string, use: MarkUse): string {
  const { mark } = use;
  return text.slice(0, use.start) + (mark.kind === 'pause' ? '' : mark.text) + text.slice(use.end);
}

/** The marks of `text`, where they stand. */
export const marksOf = (text: string): readonly MarkUse[] => scanDirection(text).marks;
