import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { categorise, factsFromUrl, fitSections, recommend } from '../../demo/server/emulator/recommend.js';
import { countWords } from '../../demo/server/emulator/voices.js';

describe('emulator recommendations from a URL', () => {
  it('reads brand, product and category from host and path words', () => {
    assert.deepEqual(factsFromUrl(new URL('https://www.acme-coffee.com/products/cold-brew-kit?ref=x')), { brand: 'Acme Coffee', product: 'Cold Brew Kit', category: 'food' });
    assert.deepEqual(factsFromUrl(new URL('https://shop.example.co/en/p/12345/trail_runner.html')), { brand: 'Shop Example', product: 'Trail Runner', category: 'fitness' });
    assert.equal(factsFromUrl(new URL('https://northwind.io/')).product, 'the Northwind range');
    assert.equal(categorise('ultra laptop stand'), 'tech');
    assert.equal(categorise('something else'), 'general');
  });

  it('fits scripts to the duration at the voice rate, deterministically', () => {
    const facts = factsFromUrl(new URL('https://www.acme-coffee.com/products/cold-brew-kit'));
    const short = recommend(facts, 'seed', 10, 2, () => 150);
    const long = recommend(facts, 'seed', 60, 2, () => 150);
    const words = (r: typeof short) => countWords(r[0]!.script.sections.map((s) => s.text).join(' '));
    assert.ok(words(short) <= 25 + 2, String(words(short)));
    assert.ok(words(long) > words(short));
    assert.deepEqual(recommend(facts, 'seed', 10, 2, () => 150), short);
    assert.equal(new Set(short.map((r) => r.recommendation_id)).size, 2);
  });

  it('fitSections trims the longest sections, sentence first, and leaves short scripts alone', () => {
    const sections = [
      { id: 'a', label: 'A', text: 'One two three.' },
      { id: 'b', label: 'B', text: 'Four five six seven. Eight nine ten eleven. Twelve thirteen fourteen fifteen.' },
    ];
    const fitted = fitSections(sections, 4, 120); // 8 words
    assert.ok(countWords(fitted.map((s) => s.text).join(' ')) <= 8);
    assert.equal(fitted[0]!.text, 'One two three.');
    assert.equal(fitted[1]!.text, 'Four five six seven.');
    assert.deepEqual(fitSections(sections, 60, 120), sections);
  });
});
