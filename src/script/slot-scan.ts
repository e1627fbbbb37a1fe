// The script's `{{slots}}` scanned, without words: where each slot and each malformed placeholder is, and a
// section's text as the editor voices it before any row fills it. Light on purpose: the spoken length (the
// status line's, in the first paint) reads it; the problems' words, the filling and its errors are in slots.ts,
// which the panels load. Pure: no DOM. The syntax is described in slots.ts and docs/feeds.md.
import { slotNameFault } from '../feed/slot-name-rule.js';
import type { SlotDefinition } from '../feed/types.js';

/** Where a slot stands in a text: `text.slice(start, end)` is `{{name}}`, braces included. */
export interface SlotUse {
  readonly name: string;
  readonly start: number;
  readonly end: number;
}

/** A malformed placeholder: its `{{` at `index` (a `String` index); `name`, the text between the braces. */
export interface SlotFault {
  readonly kind: 'unclosed' | 'bad-name';
  readonly index: number;
  readonly name?: string;
}

/** A text scanned: its pieces to fill (literal text with escapes resolved, and slots), its slots, its faults. */
export interface SlotScan {
  readonly pieces: readonly (string | SlotUse)[];
  readonly slots: readonly SlotUse[];
  /** Each malformed placeholder, kept as literal text in `pieces`. */
  readonly faults: readonly SlotFault[];
}

/**
 * The tokens of the syntax, tried in this order at each place: `\{{`; `{{`, then anything without `{{` or `}}`,
 * then `}}` (a slot, when what is between is a name); `{{` alone (unclosed: no `}}` before the next `{{` or the end).
 */
const TOKEN = /\\\{\{|\{\{((?:(?!\{\{|\}\})[^])*)\}\}|\{\{/g;

/** Scans `text` for slots: `{{name}}` is a slot, `\{{` a literal `{{`; anything else malformed is a fault. */
export function scanSlots(text: string): SlotScan {
  const slots: SlotUse[] = [];
  const faults: SlotFault[] = [];
  const pieces: (string | SlotUse)[] = [];
  let literal = '';
  let at = 0;
  for (const match of text.matchAll(TOKEN)) {
    const [token, name] = match;
    const index = match.index;
    literal += text.slice(at, index);
    at = index + token.length;
    if (token === '\\{{') {
      literal += '{{';
    } else if (name === undefined) {
      faults.push({ kind: 'unclosed', index });
      literal += '{{';
    } else if (slotNameFault(name) !== null) {
      faults.push({ kind: 'bad-name', index, name });
      literal += token;
    } else {
      const use: SlotUse = { name, start: index, end: at };
      if (literal !== '') pieces.push(literal);
      literal = '';
      pieces.push(use);
      slots.push(use);
    }
  }
  literal += text.slice(at);
  if (literal !== '') pieces.push(literal);
  return { slots, faults, pieces };
}

/** A slot read with no value and no sample: its name, each `_` a space (`product_name` is "product name"). */
export const slotNameAsWords = (name: string): string => name.replaceAll('_', ' ').trim() || name;

/** A blank sample is none. */
export const hasSample = (definition: SlotDefinition | undefined): definition is SlotDefinition => definition !== undefined && definition.sample.trim() !== '';

/**
 * How `value` of a slot is read: its definition's `say` where the value is the definition's sample (spaces around
 * aside) and the definition has a `say`, as a pronunciation's `say` is read for its `text`; else the value.
 */
export function slotReading(definition: SlotDefinition | undefined, value: string): string {
  const say = definition?.say;
  return say !== undefined && say.trim() !== '' && value.trim() === definition!.sample.trim() ? say : value;
}

/**
 * `text` as the editor voices it before any row fills it (a take's text, its staleness, its length): each slot
 * read as its sample (its `say` when it has one), or, with no definition or a blank sample, as its name in words
 * (`slotNameAsWords`); `\{{` as `{{`. A malformed placeholder is read as written (the Script panel shows it as a
 * problem). A text without `{{` is returned as it is.
 */
export function sampleSpokenText(text: string, slots: readonly SlotDefinition[]): string {
  if (!text.includes('{{')) return text;
  const definitions = new Map(slots.map((slot) => [slot.name, slot]));
  return scanSlots(text)
    .pieces.map((piece) => {
      if (typeof piece === 'string') return piece;
      const definition = definitions.get(piece.name);
      return hasSample(definition) ? slotReading(definition, definition.sample) : slotNameAsWords(piece.name);
    })
    .join('');
}
