// Direction marks in a section's text (src/script/direction.ts) and what the voice reads of them (src/script/ssml.ts).
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { directionProblems, rateRange, scanDirection, writeMark, type Mark } from '../../../src/script/direction.js';
import { directed, hasMarks, plainText, writeSsml } from '../../../src/script/ssml.js';
import { sampleSpokenText, spokenText } from '../../../src/script/slots.js';

const marksOf = (text: string) => scanDirection(text).marks.map((use) => use.mark);
const asIs = (raw: string) => raw;
const speak = (body: string, lang = '') => `<speak version="1.1" xmlns="http://www.w3.org/2001/10/synthesis"${lang}>${body}</speak>`;

describe('direction marks: reading', () => {
  it('reads each kind of mark, with where it stands, brackets included', () => {
    const text = 'Call [[pause 1.0s]] [[emphasis strong: Acme]] on [[say-as telephone: 800-555-0199]] at [[sub acme dot com: acme.com]], [[rate 90%: slowly now]].';
    const { marks, faults } = scanDirection(text);
    assert.deepEqual(faults, []);
    assert.deepEqual(
      marks.map((use) => use.mark),
      [
        { kind: 'pause', seconds: 1 },
        { kind: 'emphasis', level: 'strong', text: 'Acme' },
        { kind: 'say-as', as: 'telephone', text: '800-555-0199' },
        { kind: 'sub', alias: 'acme dot com', text: 'acme.com' },
        { kind: 'rate', percent: 90, text: 'slowly now' },
      ],
    );
    assert.equal(text.slice(marks[0]!.start, marks[0]!.end), '[[pause 1.0s]]');
    assert.equal(text.slice(marks[3]!.start, marks[3]!.end), '[[sub acme dot com: acme.com]]');
  });

  it('reads every say-as, and a slot inside a mark', () => {
    for (const as of ['digits', 'characters', 'telephone', 'currency', 'date', 'ordinal'] as const) {
      assert.deepEqual(marksOf(`[[say-as ${as}: {{value}}]]`), [{ kind: 'say-as', as, text: '{{value}}' }]);
    }
  });

  it('writes each mark back as it reads', () => {
    const marks: Mark[] = [
      { kind: 'pause', seconds: 2.5 },
      { kind: 'emphasis', level: 'moderate', text: 'the brand' },
      { kind: 'say-as', as: 'currency', text: '{{price}}' },
      { kind: 'sub', alias: 'acme dot com', text: 'acme.com' },
      { kind: 'rate', percent: 120, text: 'quick' },
    ];
    for (const mark of marks) assert.deepEqual(marksOf(writeMark(mark)), [mark]);
    assert.equal(writeMark({ kind: 'pause', seconds: 1 }), '[[pause 1.0s]]');
  });

  it('reads \\[[ as a literal [[', () => {
    const { pieces, marks, faults } = scanDirection('a \\[[pause 1.0s]] b');
    assert.deepEqual(marks, []);
    assert.deepEqual(faults, []);
    assert.deepEqual(pieces, ['a [[pause 1.0s]] b']);
  });

  it('names each malformed mark with where it is and how to fix it, and keeps it as text', () => {
    const cases: [string, string, RegExp][] = [
      ['Now [[pause 1.0s', 'unclosed', /Section "Body", character 5: "\[\[" is not closed/],
      ['[[emphasis strong: a [[pause 1.0s]] b]]', 'nested', /character 1: a mark cannot hold another/],
      ['[[shout: hey]]', 'unknown', /"\[\[shout: hey\]\]" is not a mark: use pause, emphasis, say-as, sub or rate/],
      ['[[pause 11s]]', 'pause', /a pause is 0.1 to 10 seconds/],
      ['[[pause 0.05s]]', 'pause', /at most one decimal/],
      ['[[pause 0.0s]]', 'pause', /0.1 to 10/],
      ['[[emphasis loud: x]]', 'level', /moderate or strong/],
      ['[[say-as money: 5]]', 'say-as', /digits, characters, telephone, currency, date, ordinal/],
      ['[[sub: acme.com]]', 'sub', /words to say before the colon/],
      ['[[rate 300%: x]]', 'rate', /50% to 200%/],
      ['[[rate 49%: x]]', 'rate', /50% to 200%/],
      ['[[emphasis strong:  ]]', 'empty', /no words to read/],
      ['[[emphasis strong]]', 'empty', /no words to read/],
    ];
    for (const [text, kind, words] of cases) {
      const problems = directionProblems(text, 'Body');
      assert.equal(problems.length, 1, text);
      assert.equal(problems[0]!.kind, kind, text);
      assert.match(problems[0]!.message, words, text);
      assert.deepEqual(scanDirection(text).marks.length, kind === 'nested' ? 1 : 0, text);
    }
    assert.deepEqual(directionProblems('Fine [[pause 0.5s]] and \\[[ text'), []);
  });
});

describe('direction: the rates a voice can read', () => {
  it('keeps speed times rate within the 0.5x to 2x a voice reads, within 50% to 200%', () => {
    assert.deepEqual(rateRange(1), { min: 50, max: 200 });
    assert.deepEqual(rateRange(1.5), { min: 50, max: 133 });
    assert.deepEqual(rateRange(2), { min: 50, max: 100 });
    assert.deepEqual(rateRange(0.5), { min: 100, max: 200 });
    assert.deepEqual(rateRange(0.8), { min: 63, max: 200 });
  });
});

describe('direction: what the voice reads', () => {
  const text = 'Save at [[emphasis strong: Acme]].[[pause 1.0s]] Call [[say-as telephone: {{phone}}]], visit [[sub acme dot com: acme.com]].';
  const fill = (raw: string) => spokenText(raw, { phone: '800-555-0199' }, []);

  it('gives the plain words: marks as their text, a sub as its words, a pause as nothing', () => {
    assert.equal(plainText(directed(text, fill)), 'Save at Acme. Call 800-555-0199, visit acme dot com.');
    assert.equal(hasMarks(directed('no direction here', asIs)), false);
    assert.equal(hasMarks(directed(text, fill)), true);
  });

  it('writes SSML with each mark as its element', () => {
    assert.equal(
      writeSsml(directed(text, fill), 'en-US'),
      speak(
        'Save at <emphasis level="strong">Acme</emphasis>.<break time="1.0s"/> Call <say-as interpret-as="telephone">800-555-0199</say-as>, visit <sub alias="acme dot com">acme.com</sub>.',
        ' xml:lang="en-US"',
      ),
    );
    assert.equal(writeSsml(directed('[[rate 80%: slow]] [[say-as ordinal: 3]]', asIs)), speak('<prosody rate="80%">slow</prosody> <say-as interpret-as="ordinal">3</say-as>'));
    for (const as of ['digits', 'characters', 'telephone', 'currency', 'date', 'ordinal']) {
      assert.equal(writeSsml(directed(`[[say-as ${as}: 12]]`, asIs)), speak(`<say-as interpret-as="${as}">12</say-as>`));
    }
  });

  it('escapes hostile values and script text: never read as SSML, never a mark', () => {
    const hostile = '<speak>]]><break time="60s"/> [[pause 9.0s]] & \'quoted\'';
    const values = { price: hostile, alias: hostile };
    const written = writeSsml(directed(`Pay [[say-as currency: {{price}}]] <b>now</b> [[sub {{alias}}: x]] ]]>`, (raw) => spokenText(raw, values, [])), 'en');
    assert.doesNotMatch(written, /<break time="60s"\/>|<b>|<speak>\]\]/);
    assert.equal((written.match(/<break/g) ?? []).length, 0);
    assert.match(written, /<say-as interpret-as="currency">&lt;speak&gt;\]\]&gt;&lt;break time=&quot;60s&quot;\/&gt; \[\[pause 9\.0s\]\] &amp; &apos;quoted&apos;<\/say-as>/);
    assert.match(written, /&lt;b&gt;now&lt;\/b&gt;/);
    assert.match(written, /<sub alias="&lt;speak&gt;\]\]&gt;&lt;break time=&quot;60s&quot;\/&gt; \[\[pause 9\.0s\]\] &amp; &apos;quoted&apos;">x<\/sub> \]\]&gt;<\/speak>$/);
    // The value's own mark stays words in the plain text too.
    assert.match(plainText(directed('{{price}}', (raw) => spokenText(raw, values, []))), /\[\[pause 9\.0s\]\]/);
  });

  it('fills slots with their samples inside marks', () => {
    const slots = [{ name: 'price', sample: '$14.50' }];
    assert.equal(plainText(directed('Only [[say-as currency: {{price}}]]!', (raw) => sampleSpokenText(raw, slots))), 'Only $14.50!');
  });
});
