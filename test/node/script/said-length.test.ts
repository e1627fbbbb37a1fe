// The estimate, words a second and the price count a script's direction: its pauses (their seconds) and its
// expansions (the words as said: a telephone number's digits, a price in words), never the marks' own syntax.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { ProjectDocument } from '../../../src/model/document.js';
import { countSpokenWords } from '../../../src/script/estimate.js';
import { priceOf, voiceCalls } from '../../../src/script/price.js';
import { directedLength } from '../../../src/script/said-length.js';
import { spokenLength } from '../../../src/script/spoken-length.js';
import { sectionSaid } from '../../../src/script/voiceover.js';
import { parseCsvFeed } from '../../../src/feed/import.js';
import { createFeed } from '../../../src/feed/mapping.js';
import { judgeAdRead } from '../../../src/rules/read.js';
import { checkFeed, projectCheckInput } from '../../../src/rules/row.js';
import { documentRate } from '../../../src/script/read-length.js';
import { sampleProject } from '../../model/fixtures.js';

/** The sample project without takes, its one section `text`, read by `language`'s voice at `speed`. */
function script(text: string, speed = 1, language = 'en-US'): ProjectDocument {
  const base = sampleProject();
  return {
    ...base,
    clips: [],
    voice: { ...base.voice, voice: 'v-anna', details: { voice_id: 'v-anna', name: 'Anna', language }, speed },
    slots: [{ name: 'price', sample: '14,50 €' }],
    script: { sections: [{ id: 's1', label: 'Hook', text }] },
  };
}

describe('the estimate with direction', () => {
  it('adds each pause at its length (over the speed), counting no mark as words', () => {
    const plain = directedLength(script('Fresh coffee. Only at Acme.'));
    const paused = directedLength(script('Fresh coffee.[[pause 2.0s]] Only at [[emphasis strong: Acme]].'));
    assert.ok(Math.abs(paused.seconds - plain.seconds - 2) < 1e-9, `${paused.seconds} against ${plain.seconds}`);
    assert.equal(paused.words, plain.words);
    assert.ok(paused.wordsPerSecond < plain.wordsPerSecond, 'the pause slows the words a second');
    const fast = directedLength(script('Fresh coffee.[[pause 2.0s]] Only at Acme.', 1.25));
    assert.ok(Math.abs(fast.seconds - (directedLength(script('Fresh coffee. Only at Acme.', 1.25)).seconds + 2 / 1.25)) < 1e-9);
    assert.equal(paused.estimate, true);
  });

  it('counts the words as said: a telephone number digit by digit, a price in words, a sub as its words', () => {
    assert.equal(countSpokenWords(sectionSaid(script(''), { text: 'Call [[say-as telephone: 800-555-0199]].' }).words), 11);
    assert.ok(directedLength(script('Call [[say-as telephone: 800-555-0199]].')).words > directedLength(script('Call 800-555-0199.')).words);
    const german = script('Nur [[say-as currency: {{price}}]].', 1, 'de-DE');
    assert.equal(sectionSaid(german, german.script.sections[0]!).words, 'Nur  14 Euro und 50 Cent .');
    assert.equal(sectionSaid(script(''), { text: 'Visit [[sub acme dot com: acme.com]]' }).words, 'Visit acme dot com');
  });

  it('prices a voice-over by the words as said', () => {
    const list = { operations: { voiceover: { per_25_words: 1 } } };
    const numbers = ['800-555-0199', '800-555-0123', '800-555-0456'];
    const directed = script(`Call ${numbers.map((number) => `[[say-as telephone: ${number}]]`).join(' or ')}.`);
    // 33 words as said (each digit one), where the written figures count 18: two lots of 25 words, not one.
    assert.equal(priceOf(list, voiceCalls([sectionSaid(directed, directed.script.sections[0]!).words])), 2);
    assert.equal(priceOf(list, voiceCalls([`Call ${numbers.join(' or ')}.`])), 1);
  });

  it('is the one figure of the Script step, the judge of the ad and a feed row with the same values', () => {
    const base = script('Fresh coffee.[[pause 1.5s]] Only [[say-as currency: {{price}}]]. Call [[say-as telephone: 800-555-0199]].', 1.1, 'en-US');
    const doc: ProjectDocument = { ...base, slots: [{ name: 'price', sample: '$14.50' }], feed: createFeed(parseCsvFeed('sku,price\nA-1,$14.50\n'), ['price']) };
    const step = directedLength(doc, documentRate(doc));
    const judged = judgeAdRead(doc, 'ad', { maxFitSpeed: 1.2 });
    assert.deepEqual(judged.length, step, 'the judge shows the Script step\'s figure');
    const [row] = checkFeed(projectCheckInput(doc, 1.2)!).rows;
    assert.ok(Math.abs(row!.length!.seconds - step.seconds) < 1e-9, `the row ${row!.length!.seconds} s, the Script step ${step.seconds} s`);
    assert.ok(step.seconds > directedLength(script('Fresh coffee. Only $14.50. Call 800-555-0199.', 1.1)).seconds + 1.5 / 1.1, 'pauses and expansions counted');
  });

  it('is the takes as voiced once there are takes', () => {
    const doc = sampleProject();
    assert.deepEqual(directedLength(doc), spokenLength(doc));
  });
});
