import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { heardRuns } from '../../src/script/heard-words.js';

describe('heardRuns', () => {
  it('marks the words the take does not say, in runs, case and punctuation aside', () => {
    assert.deepEqual(heardRuns('Spring is here.', 'Summer is here, at last.'), [
      { text: 'Summer', fresh: true },
      { text: 'is here,', fresh: false },
      { text: 'at last.', fresh: true },
    ]);
    assert.deepEqual(heardRuns('Visit our store today.', 'visit our NEW store today'), [
      { text: 'visit our', fresh: false },
      { text: 'NEW', fresh: true },
      { text: 'store today', fresh: false },
    ]);
  });

  it('marks every word of a take that said nothing, and none of the same words', () => {
    assert.deepEqual(heardRuns('', 'All new.'), [{ text: 'All new.', fresh: true }]);
    assert.deepEqual(heardRuns('Same words.', 'Same   words.'), [{ text: 'Same words.', fresh: false }]);
    assert.deepEqual(heardRuns('Words gone.', ''), []);
  });

  it('keeps hostile text as words', () => {
    assert.deepEqual(heardRuns('Buy now', 'Buy <img src=x onerror=alert(1)> now'), [
      { text: 'Buy', fresh: false },
      { text: '<img src=x onerror=alert(1)>', fresh: true },
      { text: 'now', fresh: false },
    ]);
  });
});
