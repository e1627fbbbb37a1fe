import { describe, it } from 'node:test';
import { expect } from '../support/expect.js';
import type { ProjectDocument } from '../../../src/model/document.js';
import { estimateSpeechSeconds } from '../../../src/script/estimate.js';
import { sectionRange, wordsRange } from '../../../src/script/word-range.js';
import { asset, clip, sampleProject } from '../../model/fixtures.js';

const WORDS = 'Cold brew in minutes, at home. Order today and save twenty percent.';

/** Section s1 voiced as one take of `take` seconds (asset a-c1), played from 2 s. */
function voiced(take: number, clips = [clip('c1', 's1', 2)]): ProjectDocument {
  return sampleProject({
    script: { sections: [{ id: 's1', label: 'Hook', text: WORDS }, { id: 's2', label: 'Body', text: 'Not voiced' }] },
    clips,
    assets: [{ ...asset('a-c1'), duration_s: take }],
  });
}

describe('wordsRange: where a section\'s words are heard', () => {
  it('narrows a selection to its share of the section\'s estimated speech in the take, and says it is an estimate', () => {
    const project = voiced(5);
    const from = WORDS.indexOf('Order');
    const to = WORDS.indexOf(' and');
    const total = estimateSpeechSeconds(WORDS);
    const range = wordsRange(project, 's1', WORDS, from, to)!;
    expect(range.estimated).to.equal(true);
    expect(range.start).to.be.closeTo(2 + (5 * estimateSpeechSeconds(WORDS.slice(0, from))) / total, 0.001);
    expect(range.end).to.be.closeTo(2 + (5 * estimateSpeechSeconds(WORDS.slice(0, to))) / total, 0.001);
    // Inside the section's clip, after its first sentence: "Order today" begins the second.
    expect(range.start).to.be.above(2 + 2);
    expect(range.end).to.be.below(2 + 5);
  });

  it('follows the take through a split piece moved later and a trim', () => {
    // The take cut at 2 s: its second piece later, and trimmed 0.2 s at its start.
    const split = [{ ...clip('c1', 's1', 2), trimOut: 3 }, { ...clip('c1b', 's1', 5.7), assetId: 'a-c1', trimIn: 2.2 }];
    const project = voiced(5, split);
    const from = WORDS.indexOf('Order');
    const offset = (5 * estimateSpeechSeconds(WORDS.slice(0, from))) / estimateSpeechSeconds(WORDS);
    expect(offset, 'in the second piece').to.be.above(2.2);
    expect(wordsRange(project, 's1', WORDS, from, WORDS.length)!.start).to.be.closeTo(5.7 + offset - 2.2, 0.001);
  });

  it('keeps the section\'s clips without a selection, with all its words, for words trimmed away, and for several takes; nothing where not voiced', () => {
    const project = voiced(5);
    const whole = { start: 2, end: 7, estimated: false };
    expect(wordsRange(project, 's1', WORDS, 3, 3)).to.deep.equal(whole);
    expect(wordsRange(project, 's1', WORDS, 0, WORDS.length)).to.deep.equal(whole);
    const trimmed = voiced(5, [{ ...clip('c1', 's1', 2), trimOut: 3 }]);
    expect(wordsRange(trimmed, 's1', WORDS, WORDS.indexOf('Order'), WORDS.length)).to.deep.equal({ start: 2, end: 4, estimated: false });
    const two = sampleProject({ ...voiced(5), clips: [clip('c1', 's1', 2), clip('c9', 's1', 8)], assets: [{ ...asset('a-c1'), duration_s: 5 }, { ...asset('a-c9'), duration_s: 1 }] });
    expect(wordsRange(two, 's1', WORDS, 0, 4)).to.deep.equal({ ...sectionRange(two, 's1')!, estimated: false });
    expect(wordsRange(project, 's2', 'Not voiced', 0, 3)).to.equal(undefined);
  });

  it('places a selection exactly by the take\'s word timings where they are the section\'s words, and says it is not an estimate', () => {
    const words = WORDS.split(' ').map((text, at) => ({ text: text.replace(/[.,]/g, ''), start_s: 0.1 + at * 0.4, end_s: 0.1 + at * 0.4 + 0.3 }));
    const timed = (clips = [clip('c1', 's1', 2)], given = words) =>
      sampleProject({ ...voiced(5, clips.map((piece) => ({ ...piece, source: { text: WORDS, voice: 'v-anna', speed: 1 } }))), assets: [{ ...asset('a-c1'), duration_s: 5, words: given }] });
    // "Order today" are words 6 and 7: heard from 0.1 + 6 * 0.4 to 0.1 + 7 * 0.4 + 0.3 into the take, played from 2 s.
    const from = WORDS.indexOf('Order');
    const to = WORDS.indexOf(' and');
    expect(wordsRange(timed(), 's1', WORDS, from, to)).to.deep.equal({ start: 4.5, end: 5.2, estimated: false });
    // A selection inside a word takes the whole word.
    expect(wordsRange(timed(), 's1', WORDS, from + 2, from + 3)).to.deep.equal({ start: 4.5, end: 4.8, estimated: false });
    // Through a split piece moved later and trimmed: the words still where they are heard.
    const split = [{ ...clip('c1', 's1', 2), trimOut: 3 }, { ...clip('c1b', 's1', 5.7), assetId: 'a-c1', trimIn: 2.2 }];
    expect(wordsRange(timed(split), 's1', WORDS, from, to)).to.deep.equal({ start: 6, end: 6.7, estimated: false });
    // Timings that are not the section's words one for one (a word fewer): the estimate, said so.
    const fewer = wordsRange(timed(undefined, words.slice(1)), 's1', WORDS, from, to)!;
    expect(fewer.estimated).to.equal(true);
    expect(fewer.start).to.not.equal(4.5);
  });
});
