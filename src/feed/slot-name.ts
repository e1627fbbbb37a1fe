// What a slot may be called: the rule shared by the script's `{{slot_name}}` placeholders (script/slots.ts),
// the slot definitions the document keeps and the columns matched to them. Pure: no DOM.
import { describe } from '../config/checks.js';

/** The longest slot name, in characters. */
export const SLOT_NAME_MAX_LENGTH = 64;

/** A slot name: ASCII letters, digits and `_`, starting with a letter or `_`. Case-sensitive. */
const NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;

/** Why `name` cannot be a slot name (in words, with the fix), or `null` when it can. */
export function slotNameProblem(name: string): string | null {
  if (name === '') return 'a slot name is not empty: write one between the braces, like {{price}}';
  if (name.length > SLOT_NAME_MAX_LENGTH) return `a slot name has at most ${SLOT_NAME_MAX_LENGTH} characters; ${describe(name)} has ${name.length}`;
  if (NAME.test(name)) return null;
  const suggestion = name.trim().replace(/[^A-Za-z0-9_]+/g, '_').replace(/^_+|_+$/g, '');
  const fix = NAME.test(suggestion) && suggestion.length <= SLOT_NAME_MAX_LENGTH ? `write {{${suggestion}}}` : 'write a name like {{product_name}}';
  return `${describe(name)} is not a slot name: a name holds only letters (A-Z), digits and "_", and starts with a letter or "_"; ${fix}`;
}
