// The Feed step's grid says each row problem in the reader's language, from the words the check gave it; in English
// those words are the problem's message itself (the manifest's, the report's, the batch's): one text, not two.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { problemText } from '../../../src/components/studio-feed-panel/feed-words.js';
import { parseCsvFeed } from '../../../src/feed/import.js';
import { createFeed } from '../../../src/feed/mapping.js';
import { de } from '../../../src/i18n/de.js';
import { en } from '../../../src/i18n/en.js';
import { fr } from '../../../src/i18n/fr.js';
import { createTranslator } from '../../../src/i18n/translate.js';
import { checkFeed } from '../../../src/rules/row.js';
import type { SlotDefinition } from '../../../src/feed/types.js';
import { scriptSlots } from '../../../src/script/slots.js';

const sections = [{ label: 'Hook', text: 'Meet {{product_name}}.' }, { label: 'Offer', text: 'Only [[say-as currency: {{price}}]].' }];
const slots: SlotDefinition[] = [{ name: 'product_name', sample: 'Trail shoes', maxLength: 12 }, { name: 'price', sample: '59' }];
// Every rule of a row's values and key: an empty key, a control character, one no file name holds, a key twice,
// one file name twice, a value too long, an empty value, a price that is none.
const csv = 'id,product_name,price\n,Mug,1\nGL-7\u0007,Lamp,2\n日本,Tent,3\nA1,Socks,4\nA1,Hat,5\na-1,Cap,6\nB2,A very long lantern name,7\nC3,,8\nD4,Cup,free\n';

describe("the Feed step's row problems, in the reader's words", () => {
  const feed = createFeed(parseCsvFeed(csv), scriptSlots(sections).names);
  const problems = checkFeed({ feed, slots, sections, duration: 30 }).rows.flatMap((row) => row.problems);
  const kinds = new Set(problems.map((problem) => problem.rule));

  it('has a problem of every value and key rule to say', () => {
    for (const rule of ['empty-key', 'key-control', 'key-unportable', 'duplicate-key', 'too-long', 'missing', 'say-as'] as const) assert.ok(kinds.has(rule), rule);
  });

  it('says each in English exactly as its message', () => {
    const t = createTranslator('en', {}, en);
    for (const problem of problems) {
      assert.ok(problem.said !== undefined, problem.message);
      assert.equal(problemText(t, problem), problem.message);
    }
  });

  for (const [language, catalogue, word] of [['de', de, /Schlüssel|Spalte|leer|Zeichen/], ['fr', fr, /clé|colonne|vide|caractères/]] as const) {
    it(`says each in ${language}, with the values quoted and escaped as in English`, () => {
      const t = createTranslator(language, {}, catalogue);
      for (const problem of problems) {
        const text = problemText(t, problem);
        assert.notEqual(text, problem.message, `${language}: ${text}`);
        assert.match(text, word, text);
        assert.doesNotMatch(text, /(^|[^{])\{\w+\}(?!\})/, `no placeholder left: ${text}`);
        assert.doesNotMatch(text, /[\u0000-\u001f\u202a-\u202e]/, text);
      }
    });
  }
});
