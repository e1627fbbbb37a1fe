// What a slot may be called, without the words (slot-name.ts says why a name is not one): light, for the spoken
// length of the first paint, which reads a script's slots (script/slot-scan.ts). Pure: no DOM.

/** The longest slot name, in characters. */
export const SLOT_NAME_MAX_LENGTH = 64;

/** A slot name: ASCII letters, digits and `_`, starting with a letter or `_`. Case-sensitive. */
export const SLOT_NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;

/** What is wrong with `name` as a slot name, or `null` when nothing is. */
export function slotNameFault(name: string): 'empty' | 'too-long' | 'characters' | null {
  if (name === '') return 'empty';
  if (name.length > SLOT_NAME_MAX_LENGTH) return 'too-long';
  return SLOT_NAME.test(name) ? null : 'characters';
}
