import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { describe, it } from 'node:test';
import { parseCsvFeed } from '../../../src/feed/import.js';
import { createFeed } from '../../../src/feed/mapping.js';
import type { Feed, SlotDefinition } from '../../../src/feed/types.js';
import { estimateScript } from '../../../src/script/estimate.js';
import { checkFeed, feedChecker, type FeedCheckInput } from '../../../src/rules/row.js';
import { scriptSlots } from '../../../src/script/slots.js';
import { estimatedLength } from '../../../src/script/spoken-length.js';
import { directed as directedText, saidText } from '../../../src/script/ssml.js';

/** The template: product name and price in the Body, a (locked) call to action without slots. */
const sections = [
  { label: 'Hook', text: 'Ready for the trail?' },
  { label: 'Body', text: 'The {{product_name}} is just {{price}} dollars at Northwind Outfitters, this week only.' },
  { label: 'Call to action', text: 'Visit northwind dot com today.' },
];
const slots: SlotDefinition[] = [
  { name: 'product_name', sample: 'Trail runner shoes', maxLength: 40 },
  { name: 'price', sample: '59.99' },
];
const feedOf = (csv: string, names = scriptSlots(sections).names): Feed => createFeed(parseCsvFeed(csv), names);
const proof = feedOf(readFileSync(new URL('../feed/samples/products.csv', import.meta.url), 'utf8'));
/** Seconds to read `texts` as sections at speed 1, from the editor's own estimate. */
const natural = (...texts: string[]) => estimateScript(texts.map((text) => ({ text }))).total;

describe("a row's values read as their say-as says (issue 52)", () => {
  const directed = [
    { label: 'Body', text: 'Only [[say-as currency: {{price}}]]. Call [[say-as telephone: {{phone}}]] by [[say-as date: {{ends}}]].' },
  ];
  const directedSlots: SlotDefinition[] = [{ name: 'price', sample: '$14.50' }, { name: 'phone', sample: '800-555-0199' }, { name: 'ends', sample: '2026-05-01' }];
  const csv = 'sku,price,phone,ends\nA-1,$14.50,800-555-0199,2026-05-01\nB-2,call us,800-555-0199,2026-05-01\nC-3,9.99,ask for Sam,tomorrow\nD-4,<speak>]]>,+44 20 7946 0958,1.5.2026\n';
  const feed = createFeed(parseCsvFeed(csv), scriptSlots(directed).names);
  const { rows } = checkFeed({ feed, slots: directedSlots, sections: directed, duration: 30, language: 'en-GB' });

  it('refuses, before voicing, a value that is not what its say-as reads: a price column that is no price, with its column and the fix', () => {
    assert.deepEqual(
      rows.map((row) => [row.key, row.problems.map((problem) => `${problem.rule}:${problem.column}`)]),
      [
        ['A-1', []],
        ['B-2', ['say-as:price']],
        ['C-3', ['say-as:phone', 'say-as:ends']],
        ['D-4', ['say-as:price']],
      ],
    );
    const [price] = rows[1]!.problems;
    assert.equal(price!.severity, 'problem');
    assert.equal(price!.message, '"price" holds "call us": {{price}} is said as a price; give a price like 14.50 or $14.50');
    assert.equal(rows[3]!.problems[0]!.message, '"price" holds "<speak>]]>": {{price}} is said as a price; give a price like 14.50 or $14.50', 'a hostile value quoted as text');
  });

  it('estimates a row by its words as said (each say-as written out, as the Script step reads), not the marks as written', () => {
    const plain = checkFeed({ feed, slots: directedSlots, sections: [{ label: 'Body', text: 'Only {{price}}. Call {{phone}} by {{ends}}.' }], duration: 30 }).rows[0]!.length!;
    const said = saidText(directedText('Only [[say-as currency: $14.50]]. Call [[say-as telephone: 800-555-0199]] by [[say-as date: 2026-05-01]].', (raw) => raw), 'en-GB');
    assert.equal(rows[0]!.length!.seconds, natural(said.words));
    assert.ok(rows[0]!.length!.seconds > plain.seconds + 1, `${rows[0]!.length!.seconds} s said, ${plain.seconds} s as written`);
  });

  it("adds a row's pauses to its estimate", () => {
    const paused = [{ label: 'Body', text: 'Only {{price}}.[[pause 1.5s]] Call now.' }];
    const [row] = checkFeed({ feed, slots: directedSlots, sections: paused, duration: 30 }).rows;
    assert.ok(Math.abs(row!.length!.seconds - (natural('Only $14.50. Call now.') + 1.5)) < 1e-9, `${row!.length!.seconds} s`);
  });
});

describe('a feed checked row by row', () => {
  it("names the proof feed's two problems, each with its column: a missing price and a product name too long", () => {
    const { rows, summary } = checkFeed({ feed: proof, slots, sections, duration: 10 });
    assert.deepEqual(
      rows.map((row) => [row.key, row.status, row.problems.map((problem) => `${problem.kind}:${problem.column}`)]),
      [
        ['TR-100', 'ok', []],
        ['WS-200', 'problem', ['missing:price']],
        ['HJ-300', 'problem', ['too-long:product_name', 'length:product_name', 'pace:product_name']],
        ['RH-400', 'ok', []],
        ['CP-500', 'ok', []],
        ['WB-600', 'ok', []],
      ],
    );
    assert.deepEqual(summary, { rows: 6, ok: 4, withWarnings: 0, withProblems: 2 });
    const [missing] = rows[1]!.problems;
    assert.equal(missing!.message, '"price" is empty: {{price}} needs a value');
    const [tooLong, length, pace] = rows[2]!.problems;
    assert.equal(tooLong!.message, '"product_name" has 73 characters, "Waterproof hiking jacket with a detachable ho...": {{product_name}} holds at most 40; shorten it');
    const seconds = natural('Ready for the trail?', `The ${proof.rows[2]![1]} is just 189.00 dollars at Northwind Outfitters, this week only.`, 'Visit northwind dot com today.');
    const speed = (seconds / 10).toFixed(2);
    assert.equal(length!.message, `Reads in about ${seconds.toFixed(1)} s at 1.00x; the ad is 10 s. It would need ${speed}x to fit, faster than the 1.20x allowed; shorten "product_name" (12 words, in "Body") or the script's "Body"`);
    assert.equal(length!.severity, 'problem');
    // The fix in a form another language says: its words' key, and the names and figure it names.
    const fit = length!.said !== undefined && 'finding' in length!.said ? length!.said.finding : undefined;
    assert.deepEqual(fit?.advice, { key: 'fix.shortenSlot', values: { column: '"product_name"', words: 12, section: '"Body"' } });
    assert.match(pace!.message, /^\d\.\d words a second: Amazon audio ads advise at most 3 words per second; shorten "product_name"/);
    assert.equal(pace!.severity, 'warning');
  });

  it('gives each row its estimate: seconds at the voice speed, the speed to fit, words a second', () => {
    const row = checkFeed({ feed: proof, slots, sections, duration: 30 }).rows[0]!;
    const seconds = natural('Ready for the trail?', 'The Trail runner shoes is just 59.99 dollars at Northwind Outfitters, this week only.', 'Visit northwind dot com today.');
    assert.ok(Math.abs(row.length!.seconds - seconds) < 1e-9, `${row.length!.seconds} against ${seconds}`);
    assert.equal(row.length!.speed, 1);
    assert.ok(row.length!.wordsPerSecond > 2 && row.length!.wordsPerSecond < 3);
    const faster = checkFeed({ feed: proof, slots, sections, duration: 30, speed: 1.1 }).rows[0]!;
    assert.ok(Math.abs(faster.length!.seconds - seconds / 1.1) < 1e-9);
    assert.equal(faster.length!.speed, 1.1);
  });

  describe('the speed a row would need to fit the ad', () => {
    const feed = feedOf('id,product_name,price\nA,Trail runner shoes,59.99\n');
    const seconds = natural('Ready for the trail?', 'The Trail runner shoes is just 59.99 dollars at Northwind Outfitters, this week only.', 'Visit northwind dot com today.');
    const check = (duration: number, options: Partial<FeedCheckInput> = {}) => checkFeed({ feed, slots, sections, duration, ...options }).rows[0]!;

    it('is fine up to 1.10x', () => {
      assert.equal(check(seconds / 1.05).status, 'ok');
      assert.equal(check(seconds / 1.1).status, 'ok');
    });

    it('is a warning past 1.10x up to vocal.maxFitSpeed, and the row is still OK', () => {
      const row = check(seconds / 1.15);
      assert.equal(row.status, 'warning');
      assert.deepEqual(
        row.problems.map((problem) => [problem.kind, problem.severity, problem.column]),
        // The row's values are the samples: the template is too long as it is, and no value is to blame.
        [['length', 'warning', null]],
      );
      assert.equal(row.problems[0]!.message, 'Read at 1.15x: a read faster than 1.10x can sound rushed; shorten the script\'s "Body"');
      assert.equal(check(seconds / 1.2).status, 'warning');
      // The estimate as read at 1.15x is the editor's own estimate at that speed.
      const filled = ['Ready for the trail?', 'The Trail runner shoes is just 59.99 dollars at Northwind Outfitters, this week only.', 'Visit northwind dot com today.'].map((text) => ({ text }));
      const own = estimatedLength(filled, seconds / 1.15, 1.15);
      assert.ok(Math.abs(row.length!.speed - 1.15) < 1e-9 && Math.abs(row.length!.wordsPerSecond - own.wordsPerSecond) < 1e-9, `${row.length!.wordsPerSecond} against ${own.wordsPerSecond}`);
      const { summary } = checkFeed({ feed, slots, sections, duration: seconds / 1.15 });
      assert.deepEqual(summary, { rows: 1, ok: 1, withWarnings: 1, withProblems: 0 });
    });

    it('is a problem past vocal.maxFitSpeed, which it takes from the input', () => {
      assert.equal(check(seconds / 1.25).status, 'problem');
      assert.equal(check(seconds / 1.25).problems[0]!.kind, 'length');
      assert.equal(check(seconds / 1.25, { maxFitSpeed: 1.3 }).status, 'warning');
      assert.equal(check(seconds / 1.15, { maxFitSpeed: 1.1 }).status, 'problem');
    });
  });

  it('warns past 3 words a second, naming Amazon as the source', () => {
    const fast = sections.map((section) => ({ ...section, wordsPerMinute: 240 }));
    const row = checkFeed({ feed: proof, slots, sections: fast, duration: 60 }).rows[0]!;
    assert.equal(row.status, 'warning');
    assert.deepEqual(
      row.problems.map((problem) => problem.kind),
      ['pace'],
    );
    assert.match(row.problems[0]!.message, /^3\.\d words a second: Amazon audio ads advise at most 3 words per second; shorten the script's "Body"$/);
  });

  it("reads a slot's say where the value is the sample", () => {
    const long = [{ ...slots[0]!, say: 'the trail runner shoes, now in eleven colours and every size from three to fourteen' }, slots[1]!];
    const feed = feedOf('id,product_name,price\nA,Trail runner shoes,59.99\nB,Trail runner boots,59.99\n');
    const [sample, other] = checkFeed({ feed, slots: long, sections, duration: 30 }).rows;
    assert.ok(sample!.length!.seconds > other!.length!.seconds + 3, `${sample!.length!.seconds} against ${other!.length!.seconds}`);
  });

  it('says when no column fills a slot', () => {
    const feed = feedOf('id,name,price\nA,Shoes,1\n');
    const row = checkFeed({ feed, slots, sections, duration: 30 }).rows[0]!;
    assert.deepEqual(row.problems, [
      { column: null, kind: 'missing', rule: 'missing', severity: 'problem', message: 'No column fills {{product_name}}: map a column to it', said: { key: 'feed.says.noColumn', values: { slot: '{{product_name}}' } } },
    ]);
  });

  it("marks every row while the script's placeholders are malformed, with no estimate", () => {
    const broken = [...sections.slice(0, 2), { label: 'Call to action', text: 'Visit {{store today.' }];
    const check = checkFeed({ feed: proof, slots, sections: broken, duration: 30 });
    assert.equal(check.template.length, 1);
    assert.deepEqual(check.summary, { rows: 6, ok: 0, withWarnings: 0, withProblems: 6 });
    assert.ok(check.rows.every((row) => row.length === null && row.problems[0]!.kind === 'template'));
    assert.match(check.rows[0]!.problems[0]!.message, /^The script's placeholders need fixing first: Section "Call to action", character 7: "\{\{" is not closed/);
  });
});

describe("a feed's keys", () => {
  const check = (csv: string) => checkFeed({ feed: feedOf(csv), slots, sections, duration: 30 }).rows;
  const keyProblems = (csv: string) => check(csv).map((row) => row.problems.filter((problem) => problem.column === 'id').map((problem) => problem.kind));

  it('refuses one key on two rows, naming the other rows', () => {
    const rows = check('id,product_name,price\nA1,Shoes,1\nB2,Socks,2\nA1,Hat,3\n');
    assert.deepEqual(
      rows.map((row) => row.status),
      ['problem', 'ok', 'problem'],
    );
    assert.equal(rows[0]!.problems[0]!.message, 'The key "A1" is also the key of row 3: each row needs its own key');
    assert.equal(rows[2]!.problems[0]!.message, 'The key "A1" is also the key of row 1: each row needs its own key');
  });

  it('refuses keys that make one file name: case, accents and punctuation aside', () => {
    assert.deepEqual(keyProblems('id,product_name,price\nCafé-1,a,1\ncafe 1,b,2\nCAFE.1,c,3\ncafe2,d,4\n'), [['duplicate-key'], ['duplicate-key'], ['duplicate-key'], []]);
    const [first] = check('id,product_name,price\nA1,a,1\na1,b,2\n');
    assert.equal(first!.problems[0]!.message, 'The key "A1" makes the same file name as the key of row 2: keys must differ in their letters or digits, not only in case, accents or punctuation');
  });

  it('lists at most three other rows', () => {
    const rows = check(['id,product_name,price', ...Array.from({ length: 6 }, (_, i) => `X,p${i},1`)].join('\n'));
    assert.equal(rows[0]!.problems[0]!.message, 'The key "X" is also the key of row 2, 3, 4 (+2): each row needs its own key');
  });

  it('refuses an empty key, and one a file name cannot hold', () => {
    assert.deepEqual(keyProblems('id,product_name,price\n ,a,1\n日本,b,2\nA,c,3\n'), [['empty-key'], ['key-unportable'], []]);
    assert.match(check('id,product_name,price\n,a,1\n')[0]!.problems[0]!.message, /^"id" is empty: each row needs a key, which names its files$/);
  });

  it('checks no key when the feed has no key column', () => {
    const feed = feedOf('name,product_name,price\nA,a,1\nA,b,2\n');
    assert.equal(feed.key, null);
    const rows = checkFeed({ feed, slots, sections, duration: 30 }).rows;
    assert.deepEqual(
      rows.map((row) => [row.key, row.status]),
      [
        [null, 'ok'],
        [null, 'ok'],
      ],
    );
  });
});

describe('hostile values', () => {
  const hostile = 'id,product_name,price\n"<script>alert(1)</script>","{{price}} \u202Egnp.exe",9\n"a\u2066b","x",1\n"a\u2066b","y",2\n';
  const rows = checkFeed({ feed: feedOf(hostile), slots: [{ ...slots[0]!, maxLength: 5 }, slots[1]!], sections, duration: 30 }).rows;

  it('stay text: a {{slot}} in a value is not filled, and markup is only quoted', () => {
    assert.equal(rows[0]!.key, '<script>alert(1)</script>');
    const tooLong = rows[0]!.problems.find((problem) => problem.kind === 'too-long')!;
    assert.match(tooLong.message, /^"product_name" has 18 characters, "\{\{price\}\} \\u202egnp\.exe": \{\{product_name\}\} holds at most 5/);
  });

  it('are quoted with their bidi controls escaped in every message', () => {
    const messages = rows.flatMap((row) => row.problems.map((problem) => problem.message));
    assert.ok(messages.length >= 3, messages.join('\n'));
    for (const message of messages) assert.ok(!/[\u202A-\u202E\u2066-\u2069]/.test(message), message);
    assert.ok(messages.includes('The key "a\\u2066b" holds a control or bidirectional character, which file names, terminals and ad servers read differently: write the key without it'), messages.join('\n'));
  });

  it('refuse a key with a control, escape or bidirectional character before anything is voiced', () => {
    const feed = feedOf('id,product_name,price\n"ok\u202Eevil",a,1\n"\u001b[2J\u001b]0;pwned\u0007title",b,2\n"tab\there",c,3\nfine,d,4\n');
    const checked = checkFeed({ feed, slots, sections, duration: 30 }).rows;
    assert.deepEqual(
      checked.map((row) => [row.status, row.problems.map((problem) => `${problem.rule}:${problem.column}`)]),
      [
        ['problem', ['key-control:id']],
        ['problem', ['key-control:id']],
        ['problem', ['key-control:id']],
        ['ok', []],
      ],
    );
    for (const row of checked) for (const problem of row.problems) assert.ok(!/[\u0000-\u001f\u202A-\u202E]/.test(problem.message), problem.message);
  });
});

describe('the checker', () => {
  it('checks one row at a time as checkFeed does, for a grid to check in slices', () => {
    const input = { feed: proof, slots, sections, duration: 10 };
    const checker = feedChecker(input);
    assert.deepEqual(
      proof.rows.map((_, index) => checker.row(index)),
      checkFeed(input).rows,
    );
  });

  it('checks 5,000 rows', () => {
    const csv = ['id,product_name,price', ...Array.from({ length: 5000 }, (_, i) => `P${i},Product ${i},${i % 7 === 0 ? '' : '9.99'}`)].join('\n');
    const { summary } = checkFeed({ feed: feedOf(csv), slots, sections, duration: 30 });
    assert.deepEqual(summary, { rows: 5000, ok: 4285, withWarnings: 0, withProblems: 715 });
  });
});
