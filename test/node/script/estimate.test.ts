import { describe, it } from 'node:test';
import { expect } from '../support/expect.js';
import { countSpokenWords, estimateScript, estimateSpeechSeconds, PAUSES } from '../../../src/script/estimate.js';

describe('speech estimates', () => {
  it('counts words, reading numbers by pairs of digits', () => {
    expect(countSpokenWords('  Save 20% until 2026, today!  ')).to.equal(6);
    expect(countSpokenWords('')).to.equal(0);
    expect(countSpokenWords('— … !')).to.equal(0);
  });

  it('gives words at the rate, plus pauses, divided by speed', () => {
    // 8 words at 160 wpm = 3 s; one sentence pause inside, one comma.
    const text = 'Meet the new bike, light and fast. Ride.';
    const expected = 3 + PAUSES.sentence + PAUSES.clause;
    expect(estimateSpeechSeconds(text, 160, 1)).to.be.closeTo(expected, 1e-9);
    expect(estimateSpeechSeconds(text, 160, 2)).to.be.closeTo(expected / 2, 1e-9);
    expect(estimateSpeechSeconds(text, 120, 1)).to.be.closeTo(4 + PAUSES.sentence + PAUSES.clause, 1e-9);
  });

  it('is zero for an empty text', () => {
    expect(estimateSpeechSeconds('   ')).to.equal(0);
  });

  it('adds the pause between spoken sections only', () => {
    const result = estimateScript([{ text: 'One two three four.' }, { text: '' }, { text: 'Five six seven eight.', wordsPerMinute: 120 }]);
    expect(result.sections).to.deep.equal([1.5, 0, 2]);
    expect(result.total).to.be.closeTo(1.5 + 2 + PAUSES.section, 1e-9);
  });
});
