// The script's {{slots}} in the user's words: a placeholder's problem (the parser's, script/slots.ts, which says
// it in English for logs and node), and a slot as a chip or a legend shows it. Shared by the Script editor and
// the Slots group.
import { SLOT_NAME_MAX_LENGTH, slotNameFault, slotNameSuggestion } from '../../feed/slot-name.js';
import type { Translate } from '../../i18n/translate.js';
import type { SlotSyntaxProblem } from '../../script/slots.js';

/** `{{name}}`, as the script writes a slot. */
export const slotMark = (name: string): string => `{{${name}}}`;

/** What is wrong with a placeholder of `text` and how to fix it: the character (counted from 1) and the words. */
export function slotProblemText(t: Translate, problem: SlotSyntaxProblem, text: string): string {
  const character = t.number([...text.slice(0, problem.index)].length + 1, 0);
  const name = problem.name ?? '';
  switch (problem.kind) {
    case 'unclosed':
      return t('slots.unclosed', { character, open: '{{', close: '}}', example: slotMark('price'), escape: '\\{{' });
    case 'case-clash':
      return t('slots.caseClash', { character, slot: slotMark(name), other: slotMark(problem.other ?? '') });
    case 'bad-name':
      switch (slotNameFault(name)) {
        case 'empty':
          return t('slots.emptyName', { character, example: slotMark('price') });
        case 'too-long':
          return t('slots.longName', { character, max: SLOT_NAME_MAX_LENGTH, count: t.number(name.length, 0) });
        default:
          return t('slots.badName', { character, name, example: slotMark(slotNameSuggestion(name) ?? 'product_name') });
      }
  }
}
