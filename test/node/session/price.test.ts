// The one price (session/price.ts), table-driven: each paid call at the emulator's prices, the dearest of an
// action's ways, nothing said when the service states no price for a call, and voice-overs priced by their words
// as the emulator charges them (never fewer).
import { describe, it } from 'node:test';
import { expect } from '../support/expect.js';
import type { PriceList } from '../../../src/api/contract.js';
import { priceOf, voiceCalls, type PaidCall } from '../../../src/script/price.js';

/** The emulator's price list (demo/server/emulator/usage.ts). */
const PRICE_LIST: PriceList = {
  operations: {
    recommendUrl: { per_recommendation: 1 },
    recommendProduct: { per_recommendation: 1 },
    format: { base: 1 },
    voiceover: { per_25_words: 1, minimum: 1 },
    mix: { base: 2 },
    generate: { base: 5, per_section: 1 },
  },
};

const words = (n: number) => Array.from({ length: n }, (_, i) => `word${i}`).join(' ');

describe('priceOf (the one price)', () => {
  const cases: readonly { name: string; list: PriceList | undefined; ways: PaidCall[][]; credits: number | undefined }[] = [
    { name: 'no call costs nothing', list: PRICE_LIST, ways: [[]], credits: 0 },
    { name: 'three ideas from a URL', list: PRICE_LIST, ways: [[{ operation: 'recommendUrl', recommendations: 3 }]], credits: 3 },
    { name: 'two ideas from a product', list: PRICE_LIST, ways: [[{ operation: 'recommendProduct', recommendations: 2 }]], credits: 2 },
    { name: 'a fit', list: PRICE_LIST, ways: [[{ operation: 'format' }]], credits: 1 },
    { name: 'a mix', list: PRICE_LIST, ways: [[{ operation: 'mix' }]], credits: 2 },
    { name: 'an ad of 3 sections generated', list: PRICE_LIST, ways: [[{ operation: 'generate', sections: 3 }]], credits: 8 },
    { name: 'a voice-over of 1 word: the minimum', list: PRICE_LIST, ways: [voiceCalls(['Hello.'])], credits: 1 },
    { name: 'a voice-over of 25 words', list: PRICE_LIST, ways: [voiceCalls([words(25)])], credits: 1 },
    { name: 'a voice-over of 26 words: a second 25 started', list: PRICE_LIST, ways: [voiceCalls([words(26)])], credits: 2 },
    { name: 'each take its own call, its own minimum', list: PRICE_LIST, ways: [voiceCalls(['One.', 'Two.', 'Three.'])], credits: 3 },
    { name: 'a fit and its takes', list: PRICE_LIST, ways: [[{ operation: 'format' }, ...voiceCalls([words(30), 'Buy now.'])]], credits: 4 },
    { name: 'the dearest way: generate (8) or voice each (3)', list: PRICE_LIST, ways: [[{ operation: 'generate', sections: 3 }], voiceCalls(['a', 'b', 'c'])], credits: 8 },
    { name: 'the dearest way: a fit and a take (1 + 6) over generate (5 + 1)', list: PRICE_LIST, ways: [[{ operation: 'generate', sections: 1 }], [{ operation: 'format' }, ...voiceCalls([words(150)])]], credits: 7 },
    { name: 'no price list: nothing said', list: undefined, ways: [voiceCalls(['Hello.'])], credits: undefined },
    { name: 'a call without a price: nothing said, not 0', list: { operations: { voiceover: { base: 1 } } }, ways: [[{ operation: 'format' }, ...voiceCalls(['Hi.'])]], credits: undefined },
    { name: 'a way without a price: nothing said', list: { operations: { generate: { base: 5 } } }, ways: [[{ operation: 'generate', sections: 2 }], voiceCalls(['Hi.'])], credits: undefined },
    { name: 'no call, no price list: 0 (nothing is paid)', list: undefined, ways: [[]], credits: 0 },
  ];
  for (const { name, list, ways, credits } of cases) {
    it(name, () => {
      expect(priceOf(list, ...ways)).to.equal(credits);
    });
  }

  it('prices a take by its words as spoken, never fewer than the emulator counts as written', () => {
    // "1,299,000" is read as about 4 words; the emulator counts 1. 24 words plus it: a second 25 started.
    expect(priceOf(PRICE_LIST, voiceCalls([`${words(22)} 1,299,000`]))).to.equal(2);
    expect(priceOf(PRICE_LIST, voiceCalls([`${words(24)} —`]))).to.equal(1, 'a dash is no word');
  });
});
