// The English words are cut in two (src/i18n/en-first.ts for the first paint, en-later.ts loaded with the
// later modules); config validation knows the later keys from the generated table src/i18n/later-keys.ts,
// a chunk of its own that `loadStringKeys()` brings when a host's `i18n.strings` names a key not in en-first.ts.
import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import { enFirst } from '../../src/i18n/en-first.js';
import { enLater } from '../../src/i18n/en-later.js';
import { LATER_KEYS } from '../../src/i18n/later-keys.js';
import { de } from '../../src/i18n/de.js';
import { fr } from '../../src/i18n/fr.js';
import { allStringKeysKnown, loadStringKeys, placeholdersOf, stringKeys } from '../../src/i18n/translate.js';
import { laterKeys } from '../../scripts/i18n-keys.mjs';

describe('the English words in two parts', () => {
  it('knows the first paint’s keys only until the table of the later ones is loaded', () => {
    assert.equal(allStringKeysKnown(), false);
    assert.deepEqual(stringKeys().sort(), Object.keys(enFirst).sort());
    assert.equal(placeholdersOf('script.total'), undefined);
  });

  describe('with the table of the later keys', () => {
    before(() => loadStringKeys());
    it('has a key table that matches en-later.ts (else run `node scripts/i18n-keys.mjs`)', () => {
      assert.equal(LATER_KEYS, laterKeys(enLater));
    });

    it('has each key in one part only, and French and German have every key', () => {
      const first = Object.keys(enFirst);
      const later = Object.keys(enLater);
      assert.deepEqual(first.filter((key) => later.includes(key)), []);
      const all = [...first, ...later].sort();
      assert.deepEqual([...stringKeys()].sort(), all);
      assert.deepEqual(Object.keys(fr).sort(), all);
      assert.deepEqual(Object.keys(de).sort(), all);
    });

    it('knows the placeholders of a later key without its words', () => {
      assert.deepEqual(placeholdersOf('script.total'), ['{seconds}', '{target}']);
      assert.deepEqual(placeholdersOf('master.heading'), []);
      assert.deepEqual(placeholdersOf('status.meets'), ['{preset}']);
      assert.equal(placeholdersOf('master.nonsense'), undefined);
      for (const [key, text] of Object.entries({ ...enFirst, ...enLater })) {
        assert.deepEqual(placeholdersOf(key), [...new Set(text.match(/\{\w+\}/g) ?? [])], key);
      }
    });
  });
});
