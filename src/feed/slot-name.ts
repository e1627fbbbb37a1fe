// What a slot may be called: the rule shared by the script's `{{slot_name}}` placeholders (script/slots.ts),
// the slot definitions the document keeps and the columns matched to them, with why a name is not one in
// words. Pure: no DOM. The rule alone (no words) is slot-name-rule.ts, for the first paint's spoken length.
import { describe } from '../config/checks.js';
import { SLOT_NAME, SLOT_NAME_MAX_LENGTH, slotNameFault } from './slot-name-rule.js';

export { SLOT_NAME_MAX_LENGTH, slotNameFault } from './slot-name-rule.js';

/** A slot name close to `name` (`product name` -> `product_name`), or `null` when none is. */
export function slotNameSuggestion(name: string): string | null {
  const suggestion = name.trim().replace(/[^A-Za-z0-9_]+/g, '_').replace(/^_+|_+$/g, '');
  return SLOT_NAME.test(suggestion) && suggestion.length <= SLOT_NAME_MAX_LENGTH ? suggestion : null;
}

/** Why `name` cannot be a slot name (in words, with the fix), or `null` when it can. */
export function slotNameProblem(name: string): string | null {
  switch (slotNameFault(name)) {
    case null:
      return null;
    case 'empty':
      return 'a slot name is not empty: write one between the braces, like {{price}}';
    case 'too-long':
      return `a slot name has at most ${SLOT_NAME_MAX_LENGTH} characters; ${describe(name)} has ${name.length}`;
    case 'characters': {
      const suggestion = slotNameSuggestion(name);
      const fix = suggestion === null ? 'write a name like {{product_name}}' : `write {{${suggestion}}}`;
      return `${describe(name)} is not a slot name: a name holds only letters (A-Z), digits and "_", and starts with a letter or "_"; ${fix}`;
    }
  }
}
