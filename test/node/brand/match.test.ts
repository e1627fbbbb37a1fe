import { describe, it } from 'node:test';
import { expect } from '../support/expect.js';
import { applyingPronunciations, brandAndProject, matchPronunciations, respell, samePronunciations } from '../../../src/brand/match.js';
import type { PronunciationEntry } from '../../../src/brand/pronunciations.js';

/** The matched pieces of `text`, in order. */
const found = (text: string, entries: readonly PronunciationEntry[]) => matchPronunciations(text, entries).map((match) => text.slice(match.start, match.end));

const site: PronunciationEntry = { text: 'acme-coffee.com', say: 'acme coffee dot com' };
const acme: PronunciationEntry = { text: 'Acme', say: 'ack-mee' };

describe('pronunciation matching', () => {
  it('matches whole words, in any case, not inside other words', () => {
    expect(found('ACME, acme and Acme are one brand; acmes and pacme are not.', [acme])).to.deep.equal(['ACME', 'acme', 'Acme']);
    expect(found('Acme2 and 2Acme are not words of their own', [acme])).to.deep.equal([]);
  });

  it('honours caseSensitive', () => {
    const entry = { text: 'US', say: 'you ess', caseSensitive: true };
    expect(found('Tell us about the US.', [entry])).to.deep.equal(['US']);
  });

  it('finds a web address at a sentence end, before a comma, in brackets and quotes', () => {
    const text = 'Go to acme-coffee.com, or (acme-coffee.com). "acme-coffee.com"? Visit acme-coffee.com.';
    expect(found(text, [site])).to.have.length(4);
    expect(respell('Visit acme-coffee.com.', [site])).to.equal('Visit acme coffee dot com.');
  });

  it('treats punctuation in the text as a boundary: a possessive and a hyphenated word still hold the brand', () => {
    expect(found("Acme's best, Acme-made", [acme])).to.deep.equal(['Acme', 'Acme']);
  });

  it('checks no boundary on an edge that is punctuation', () => {
    expect(found('We speak C++11 and C++.', [{ text: 'C++', say: 'see plus plus' }])).to.deep.equal(['C++', 'C++']);
  });

  it('takes text literally: pattern characters match only themselves', () => {
    const entries = [{ text: 'a.c', say: 'x' }, { text: '(b|c)*', say: 'y' }, { text: '$5', say: 'five dollars' }];
    expect(found('abc a.c (b|c)* bbb $5', entries)).to.deep.equal(['a.c', '(b|c)*', '$5']);
  });

  it('lets any run of white space in the text match the space of a phrase', () => {
    expect(found('Cold\nbrew  kit', [{ text: 'cold brew kit', say: 'cold brew kit' }])).to.deep.equal(['Cold\nbrew  kit']);
  });

  it('the longest match wins where entries overlap, wherever it starts', () => {
    const entries = [acme, { text: 'Acme Coffee', say: 'ack-mee coffee' }, { text: 'coffee company', say: 'coffee co' }, { text: 'Acme Coffee Company', say: 'ACC' }];
    expect(found('Acme Coffee Company', entries)).to.deep.equal(['Acme Coffee Company']);
    expect(found('Acme Coffee today', entries)).to.deep.equal(['Acme Coffee']);
    // "new york" and "york city" overlap; the longer one wins though it starts later.
    expect(found('new york city', [{ text: 'new york', say: 'NY' }, { text: 'york city pass', say: 'pass' }, { text: 'york city', say: 'YC' }])).to.deep.equal(['york city']);
    expect(respell('acme-coffee.com', [acme, site])).to.equal('acme coffee dot com');
  });

  it('on a tie, the earlier match wins, then the entry listed first', () => {
    expect(found('ab cd ef', [{ text: 'cd ef', say: '2' }, { text: 'ab cd', say: '1' }])).to.deep.equal(['ab cd']);
    const twice = [{ text: 'Acme', say: 'first' }, { text: 'ACME', say: 'second', caseSensitive: true }];
    expect(matchPronunciations('ACME', twice)[0]!.entry.say).to.equal('first');
  });

  it('matches letters of any spaced script with their accents as word characters', () => {
    const entries = [{ text: 'Café Zoë', say: 'ka-fay zo-ee' }, { text: 'Москва', say: 'Moskva' }, { text: 'Ελλάδα', say: 'Ellada' }];
    expect(found('CAFÉ ZOË in МОСКВА, not Москвае; Ελλάδα.', entries)).to.deep.equal(['CAFÉ ZOË', 'МОСКВА', 'Ελλάδα']);
    expect(found('Cafés', [{ text: 'Café', say: 'x' }])).to.deep.equal([]);
  });

  it('matches in scripts written without spaces (Chinese, Japanese, Thai) wherever the text appears', () => {
    expect(found('我爱星巴克咖啡', [{ text: '星巴克', say: 'xing ba ke' }])).to.deep.equal(['星巴克']);
    expect(found('アクメコーヒーへようこそ', [{ text: 'アクメコーヒー', say: 'akume kohi' }])).to.deep.equal(['アクメコーヒー']);
    expect(respell('ดื่มกาแฟเย็น', [{ text: 'กาแฟ', say: 'kafae' }])).to.equal('ดื่มkafaeเย็น');
  });

  it('checks a Latin edge against a Latin neighbour only: a brand written inside Chinese text still matches', () => {
    expect(found('欢迎来到Acme咖啡', [acme])).to.deep.equal(['Acme']);
  });

  it('lists the entries that apply, each once, in list order', () => {
    const other = { text: 'kit', say: 'kit' };
    expect(applyingPronunciations('Acme kit: acme-coffee.com and Acme again', [other, site, acme]).map((entry) => entry.say)).to.deep.equal(['kit', site.say, acme.say]);
    expect(applyingPronunciations('nothing here', [site, acme])).to.deep.equal([]);
  });

  it('hostile text is text: markup and long text are matched and replaced as characters', () => {
    const entry = { text: '<img src=x onerror=alert(1)>', say: 'a picture' };
    expect(respell('see <img src=x onerror=alert(1)> here', [entry])).to.equal('see a picture here');
    expect(found('a '.repeat(5000), [{ text: 'a', say: 'b' }])).to.have.length(5000);
  });

  it('compares lists as sets of (text, case rule, say)', () => {
    expect(samePronunciations([site, acme], [acme, site])).to.equal(true);
    expect(samePronunciations([site], [{ ...site, say: 'acme dot com' }])).to.equal(false);
    expect(samePronunciations([acme], [{ ...acme, text: 'ACME' }])).to.equal(true);
  });

  it('puts the host list first and drops a project entry that says the same text as a host entry', () => {
    const host = [acme];
    const project = [{ text: 'ACME', say: 'a-c-m-e' }, site];
    const both = brandAndProject(host, project);
    expect(both.map((entry) => entry.say)).to.deep.equal([acme.say, site.say]);
    expect(brandAndProject(host, project)).to.equal(both);
  });
});
