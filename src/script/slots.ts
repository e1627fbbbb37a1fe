// Slots in a script: `{{slot_name}}` placeholders a feed fills row by row. Pure: no DOM.
//
// The syntax, in full (docs/feeds.md says the same):
// - `{{name}}` is a slot. A name is 1 to 64 ASCII letters, digits and `_`, and starts with a letter or `_`.
// - Names are case-sensitive: `{{Price}}` and `{{price}}` are two names, and a script that holds both is
//   refused (`scriptSlots`), since a column matches slots without case (`Product Name` fills `product_name`).
// - `\{{` is a literal `{{`; nothing else is escaped (a lone `}}` is text, and so is a backslash elsewhere).
// - `{{` with no `}}` before the next `{{` or the end is unclosed; `{{` around anything but a name is a bad
//   name. Both are problems that name the section and the character (counted from 1, in characters).
// - A value is text: what fills a slot is copied as it is and never read for slots again, so a value that holds
//   `{{x}}` or `\{{` stays exactly that. The filled text is what the voice reads, not a template.
import { describe } from '../config/checks.js';
import { StudioError } from '../errors.js';
import { slotNameProblem } from '../feed/slot-name.js';
import type { SlotDefinition } from '../feed/types.js';
import { hasSample, scanSlots, slotReading, type SlotUse } from './slot-scan.js';

export { sampleSpokenText, slotNameAsWords, type SlotUse } from './slot-scan.js';

/** A malformed placeholder: where it starts (`index`, in UTF-16 units, for the editor) and the words to fix it. */
export interface SlotSyntaxProblem {
  readonly kind: 'unclosed' | 'bad-name' | 'case-clash';
  /** The section's label, as given (`''` when none was). */
  readonly section: string;
  /** Where the placeholder's `{{` is in the section's text (a `String` index). */
  readonly index: number;
  /** What is wrong and how to fix it, naming the section and the character (counted from 1). */
  readonly message: string;
  /** `bad-name` and `case-clash`: the text between the braces. */
  readonly name?: string;
  /** `case-clash`: the earlier spelling. */
  readonly other?: string;
}

/**
 * A text read for slots. `pieces` is the text to fill: literal text (escapes resolved) and slots, in order;
 * a malformed placeholder is kept as literal text there and listed in `problems`.
 */
export interface SlotTemplate {
  readonly slots: readonly SlotUse[];
  readonly problems: readonly SlotSyntaxProblem[];
  readonly pieces: readonly (string | SlotUse)[];
}

/** A slot's value by name: a `Map`, or a plain object (only its own keys count: `constructor` is no value). */
export type SlotValues = ReadonlyMap<string, string> | Readonly<Record<string, string>>;

/** A text could not be filled: a malformed placeholder, or a slot with no value. `problems` lists each. */
export class StudioSlotError extends StudioError {
  static override get kind(): string {
    return 'StudioSlotError';
  }
  readonly problems: readonly string[];

  constructor(problems: readonly string[]) {
    super('slot', problems.join('\n'));
    this.problems = problems;
  }
}

/** Where `index` is in words: the section and the character, counted from 1 in characters (not UTF-16 units). */
const where = (section: string, text: string, index: number) => {
  const character = [...text.slice(0, index)].length + 1;
  return section === '' ? `Character ${character}` : `Section ${describe(section)}, character ${character}`;
};

/** Reads `text` for slots (`scanSlots`); `section` (its label) names it in problems, which otherwise give the character only. */
export function parseSlots(text: string, section = ''): SlotTemplate {
  const { slots, faults, pieces } = scanSlots(text);
  const problems = faults.map((fault): SlotSyntaxProblem => {
    const words =
      fault.kind === 'unclosed'
        ? `"{{" is not closed: end the slot with "}}", like {{price}}, or write \\{{ for a literal "{{"`
        : `${slotNameProblem(fault.name!)}, or write \\{{ for a literal "{{"`;
    return { ...fault, section, message: `${where(section, text, fault.index)}: ${words}` };
  });
  return { slots, problems, pieces };
}

const valueOf = (values: SlotValues, name: string): string | undefined => {
  if (values instanceof Map) return values.get(name);
  const record = values as Readonly<Record<string, string>>;
  return Object.hasOwn(record, name) && typeof record[name] === 'string' ? record[name] : undefined;
};

export interface FillOptions {
  /** The section's label, for the error. */
  readonly section?: string;
  /** The text for a slot `values` lacks; absent: a slot without a value throws. */
  readonly missing?: (name: string) => string;
}

/**
 * `text` with each slot replaced by its value, copied as text (never read for slots again), and each `\{{`
 * by `{{`. Throws a `StudioSlotError` on a malformed placeholder, or on a slot with no value and no `missing`.
 */
export function fillSlots(text: string | SlotTemplate, values: SlotValues, options: FillOptions = {}): string {
  const template = typeof text === 'string' ? parseSlots(text, options.section) : text;
  if (template.problems.length > 0) throw new StudioSlotError(template.problems.map((problem) => problem.message));
  const lacking = new Set<string>();
  let filled = '';
  for (const piece of template.pieces) {
    if (typeof piece === 'string') {
      filled += piece;
      continue;
    }
    const value = valueOf(values, piece.name) ?? options.missing?.(piece.name);
    if (value === undefined) lacking.add(piece.name);
    else filled += value;
  }
  if (lacking.size > 0) {
    const section = options.section === undefined ? '' : ` in section ${describe(options.section)}`;
    throw new StudioSlotError([...lacking].map((name) => `{{${name}}}${section} has no value: give one, or a sample in its slot definition`));
  }
  return filled;
}

/**
 * `text` as the voice reads it: each slot filled with its value from `values`, or else its definition's
 * `sample` (a blank sample is none), or else `options.missing`; where that text is the definition's sample (the
 * same, spaces around aside) and the definition has a `say`, the `say` is read instead (as a pronunciation's `say`
 * is read for its `text`). Throws like `fillSlots`.
 */
export function spokenText(text: string | SlotTemplate, values: SlotValues, slots: readonly SlotDefinition[], options: FillOptions = {}): string {
  const definitions = new Map(slots.map((slot) => [slot.name, slot]));
  const read = new Map<string, string>();
  const template = typeof text === 'string' ? parseSlots(text, options.section) : text;
  for (const { name } of template.slots) {
    const definition = definitions.get(name);
    const value = valueOf(values, name) ?? (hasSample(definition) ? definition.sample : undefined);
    if (value !== undefined) read.set(name, slotReading(definition, value));
  }
  return fillSlots(template, read, options);
}

/** A section of a script, as far as slots go. */
export interface SlotSection {
  readonly label: string;
  readonly text: string;
}

/** The slots of a whole script. */
export interface ScriptSlots {
  /** Each name once, in the order of first use. */
  readonly names: readonly string[];
  /** Each section's text read for slots, in script order. */
  readonly sections: readonly SlotTemplate[];
  /** Every section's problems, and names that differ from an earlier one only in case (`case-clash`). */
  readonly problems: readonly SlotSyntaxProblem[];
  /** The same problems by section, in script order (a section's own, then its case clashes). */
  readonly bySection: readonly (readonly SlotSyntaxProblem[])[];
}

/** Reads every section of a script for slots, and refuses two names that differ only in case. */
export function scriptSlots(sections: readonly SlotSection[]): ScriptSlots {
  const names: string[] = [];
  const first = new Map<string, { name: string; section: string }>();
  const bySection: SlotSyntaxProblem[][] = [];
  const read = sections.map((section) => {
    const template = parseSlots(section.text, section.label);
    const problems = [...template.problems];
    for (const use of template.slots) {
      const earlier = first.get(use.name.toLowerCase());
      if (earlier === undefined) {
        first.set(use.name.toLowerCase(), { name: use.name, section: section.label });
        names.push(use.name);
      } else if (earlier.name !== use.name) {
        problems.push({
          kind: 'case-clash',
          section: section.label,
          index: use.start,
          message: `${where(section.label, section.text, use.start)}: {{${use.name}}} and {{${earlier.name}}} (section ${describe(earlier.section)}) differ only in case; slot names are case-sensitive, so write one spelling for one slot`,
          name: use.name,
          other: earlier.name,
        });
      }
    }
    bySection.push(problems);
    return template;
  });
  return { names, sections: read, problems: bySection.flat(), bySection };
}
