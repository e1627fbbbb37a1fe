// Schema 7's checks, by path: the slots, the feed, the review and the campaign's clearance. One bad value each.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { CLEARANCE_MAX_LENGTH, REVIEW_LIMITS } from '../../../src/model/document.js';
import { StudioProjectError, validateProject } from '../../../src/model/validate.js';
import { MAX_FEED_ROWS, SLOT_LIMITS } from '../../../src/feed/types.js';
import { sampleProject } from '../../model/fixtures.js';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

const AT = '2026-05-01T09:30:00Z';
const person = (id: string) => ({ id, name: `Name ${id}`, role: 'client' });
const comment = (id: string, thread = id) => ({ id, thread, body: 'Louder here', author: person('u1'), at: AT, anchor: { version: 'v1', start: 1, end: 2, clip: { id: 'c1', offset: 0.5 } } });

/** A schema 7 document with two slots, a 12-row feed, a review and a clearance number: valid. */
function full(): Json {
  const doc = JSON.parse(JSON.stringify(sampleProject())) as Json;
  const columns = ['id', 'Product Name', 'price'];
  return {
    ...doc,
    campaign: { ...doc['campaign'], clearance: 'CLR-2026-001' },
    slots: [
      { name: 'product_name', sample: 'Trail shoes', maxLength: 40, say: 'trail shoos' },
      { name: 'price', sample: '59.99' },
    ],
    feed: {
      columns,
      rows: Array.from({ length: 12 }, (_, row) => [`SKU-${row}`, `Product ${row}`, `${row}.99`]),
      key: 'id',
      mapping: [
        { column: 'Product Name', slot: 'product_name' },
        { column: 'price', slot: 'price' },
      ],
    },
    review: {
      comments: [comment('k1'), { ...comment('k2', 'k1'), resolved: { by: person('u2'), at: '2026-05-02T10:00:00.000+02:00' } }, { ...comment('k3'), orphaned: true }],
      decisions: [
        { id: 'd1', version: 'v1', reviewer: person('u2'), at: AT, label: 'approved', contentHash: 'sha256-abc' },
        { id: 'd2', version: 'v1', reviewer: person('u3'), at: AT, label: 'changes-required', note: 'Say the price slower.', contentHash: 'sha256-abc' },
      ],
    },
  };
}

/** The issues `validateProject` finds in `full()` changed by `change`; fails when it finds none. */
function issues(change: (doc: Json) => void): StudioProjectError['issues'] {
  const doc = full();
  change(doc);
  try {
    validateProject(doc);
  } catch (error) {
    if (error instanceof StudioProjectError) return error.issues;
    throw error;
  }
  assert.fail('expected the document to be refused');
}

/** `change` is refused with an issue at `path` whose message matches `message`. */
function refused(change: (doc: Json) => void, path: string, message: RegExp): void {
  const found = issues(change);
  assert.ok(
    found.some((issue) => issue.path === path && message.test(issue.message)),
    `expected an issue at ${path} matching ${message}, got:\n${found.map((issue) => `${issue.path}: ${issue.message}`).join('\n')}`,
  );
}

const long = (n: number) => 'x'.repeat(n);

describe('schema 7: checks of the document', () => {
  it('reads a document with slots, a feed, a review and a clearance number', () => {
    const doc = full();
    assert.equal(validateProject(doc), doc);
    assert.doesNotThrow(() => validateProject(JSON.parse(JSON.stringify(sampleProject()))));
  });

  it("the slots: each name a slot name, distinct; sample and say at most 500; maxLength a whole number 1..5000; no other field", () => {
    refused((doc) => (doc['slots'][0].name = 'product name'), 'project.slots[0].name', /is not a slot name.*write \{\{product_name\}\}/);
    refused((doc) => (doc['slots'][1].name = 'product_name'), 'project.slots[1].name', /duplicate of an earlier name: "product_name"/);
    refused((doc) => (doc['slots'][0].sample = long(SLOT_LIMITS.sample + 1)), 'project.slots[0].sample', /at most 500 characters, got "501 characters"/);
    refused((doc) => (doc['slots'][1].sample = 59.99), 'project.slots[1].sample', /expected a slot's sample: text of at most 500 characters, got 59.99/);
    refused((doc) => (doc['slots'][0].say = long(501)), 'project.slots[0].say', /at most 500 characters/);
    for (const bad of [0, 1.5, 5001, '40']) refused((doc) => (doc['slots'][0].maxLength = bad), 'project.slots[0].maxLength', /a whole number of characters from 1 to 5,000/);
    refused((doc) => (doc['slots'][0].label = 'Price'), 'project.slots[0].label', /not a known field/);
    refused((doc) => (doc['slots'] = {}), 'project.slots', /expected an array/);
  });

  it('the feed: null or an object of columns, rows, key and mapping', () => {
    assert.doesNotThrow(() => validateProject({ ...full(), feed: null }));
    refused((doc) => (doc['feed'] = []), 'project.feed', /expected a feed \(an object\) or null, got an array/);
    refused((doc) => (doc['feed'].name = 'rows.csv'), 'project.feed.name', /not a known field/);
  });

  it('the columns: at least one, each trimmed and not empty, distinct without regard to case', () => {
    refused((doc) => (doc['feed'] = { ...doc['feed'], columns: [], rows: [], key: null, mapping: [] }), 'project.feed.columns', /at least one column/);
    refused((doc) => (doc['feed'].columns[2] = ' price'), 'project.feed.columns[2]', /a column name \(not empty, no spaces around it\), got " price"/);
    refused((doc) => (doc['feed'].columns[2] = ''), 'project.feed.columns[2]', /a column name/);
    refused((doc) => (doc['feed'].columns[2] = 'ID'), 'project.feed.columns[2]', /has the name of columns\[0\] \("id"\), case aside: give each column its own name/);
  });

  it('the rows: at most 5,000, each exactly one string per column', () => {
    refused(
      (doc) => (doc['feed'].rows = Array.from({ length: MAX_FEED_ROWS + 1 }, () => ['a', 'b', 'c'])),
      'project.feed.rows',
      /has 5,001 rows; a feed holds at most 5,000: split it into files of 5,000 rows or fewer/,
    );
    refused((doc) => doc['feed'].rows[11].pop(), 'project.feed.rows[11]', /expected 3 values \(one for each column\), got 2/);
    refused((doc) => (doc['feed'].rows[3][1] = 7), 'project.feed.rows[3][1]', /expected a string \(a feed's values are text\), got 7/);
    refused((doc) => (doc['feed'].rows[0] = 'SKU-0,Product,0.99'), 'project.feed.rows[0]', /expected a row \(an array of values\)/);
    refused((doc) => (doc['feed'].rows = {}), 'project.feed.rows', /expected an array of rows/);
  });

  it('lists ten problems of rows, then how many more', () => {
    const found = issues((doc) => (doc['feed'].rows = Array.from({ length: 40 }, () => ['only one'])));
    assert.equal(found.filter((issue) => /^project\.feed\.rows\[\d+\]$/.test(issue.path)).length, 10);
    assert.ok(found.some((issue) => issue.path === 'project.feed.rows' && issue.message === 'has 30 more rows with problems like these'));
  });

  it('the key: null or one of the columns', () => {
    assert.doesNotThrow(() => validateProject({ ...full(), feed: { ...full()['feed'], key: null } }));
    refused((doc) => (doc['feed'].key = 'sku'), 'project.feed.key', /expected null \(no key\) or the name of one of the feed's columns, got "sku"/);
    refused((doc) => (doc['feed'].key = 'ID'), 'project.feed.key', /one of the feed's columns/);
  });

  it('the mapping: an existing column and a slot name each, each slot once', () => {
    refused((doc) => (doc['feed'].mapping[0].column = 'name'), 'project.feed.mapping[0].column', /expected the name of one of the feed's columns, got "name"/);
    refused((doc) => (doc['feed'].mapping[0].slot = '1st'), 'project.feed.mapping[0].slot', /is not a slot name/);
    refused((doc) => (doc['feed'].mapping[1].slot = 'product_name'), 'project.feed.mapping[1].slot', /is filled by mapping\[0\] already: a slot is filled by one column/);
    refused((doc) => (doc['feed'].mapping[1].from = 'x'), 'project.feed.mapping[1].from', /not a known field/);
  });

  it('checks a 5,000 x 10 feed in one pass (time printed, not asserted)', (t) => {
    const columns = Array.from({ length: 10 }, (_, index) => `column ${index}`);
    const doc = { ...full(), feed: { columns, rows: Array.from({ length: MAX_FEED_ROWS }, (_, row) => columns.map((column) => `${column} of row ${row}`)), key: 'column 0', mapping: [] } };
    validateProject(doc);
    const runs = Array.from({ length: 5 }, () => {
      const started = performance.now();
      validateProject(doc);
      return performance.now() - started;
    });
    t.diagnostic(`validateProject of a 5,000 x 10 feed: ${Math.min(...runs).toFixed(2)} ms at best, ${Math.max(...runs).toFixed(2)} ms at worst of 5 (budget: well under 50 ms)`);
    t.diagnostic(`its JSON: ${(JSON.stringify(doc).length / 1024).toFixed(0)} KiB`);
    doc.feed.rows[4999]![9] = 5 as unknown as string;
    assert.throws(() => validateProject(doc), /project\.feed\.rows\[4999\]\[9\]/);
  });

  it('the comments: distinct ids, each in the thread of a comment of the list', () => {
    refused((doc) => (doc['review'].comments[0].id = ''), 'project.review.comments[0].id', /a non-empty id/);
    refused((doc) => (doc['review'].comments[2].id = 'k1'), 'project.review.comments[2].id', /duplicate of an earlier id: "k1"/);
    refused((doc) => (doc['review'].comments[1].thread = 'k9'), 'project.review.comments[1].thread', /names no comment of the review \("k9"\): a thread is the id of its first comment/);
    refused((doc) => (doc['review'].comments = null), 'project.review.comments', /expected an array/);
    refused((doc) => (doc['review'].notes = []), 'project.review.notes', /not a known field/);
  });

  it("a comment's body, author and time", () => {
    refused((doc) => (doc['review'].comments[0].body = long(REVIEW_LIMITS.body + 1)), 'project.review.comments[0].body', /a comment's body: text of at most 2000 characters, got "2001 characters"/);
    refused((doc) => (doc['review'].comments[0].author.name = ''), 'project.review.comments[0].author.name', /a person's name: text, not empty, of at most 200 characters/);
    refused((doc) => (doc['review'].comments[0].author.id = long(201)), 'project.review.comments[0].author.id', /a person's id: text, not empty/);
    refused((doc) => (doc['review'].comments[0].author.role = ''), 'project.review.comments[0].author.role', /a person's role/);
    refused((doc) => (doc['review'].comments[0].at = 'yesterday'), 'project.review.comments[0].at', /an ISO 8601 date and time with its zone, like "2026-05-01T09:30:00Z", got "yesterday"/);
    refused((doc) => (doc['review'].comments[0].at = '2026-13-01T09:30:00Z'), 'project.review.comments[0].at', /ISO 8601/);
    refused((doc) => (doc['review'].comments[0].at = '2026-05-01T09:30:00'), 'project.review.comments[0].at', /with its zone/);
  });

  it("a comment's anchor: a version, a range from 0 with its end at or after its start, and a clip's offset", () => {
    refused((doc) => (doc['review'].comments[0].anchor.version = ''), 'project.review.comments[0].anchor.version', /a non-empty id/);
    refused((doc) => (doc['review'].comments[0].anchor.start = -1), 'project.review.comments[0].anchor.start', /a number of seconds, 0 or more, got -1/);
    refused((doc) => (doc['review'].comments[0].anchor.end = Infinity), 'project.review.comments[0].anchor.end', /a number of seconds/);
    refused((doc) => (doc['review'].comments[0].anchor.end = 0.5), 'project.review.comments[0].anchor.end', /at or after start \(1\), got 0.5/);
    refused((doc) => (doc['review'].comments[0].anchor.clip.offset = -0.1), 'project.review.comments[0].anchor.clip.offset', /0 or more/);
    refused((doc) => (doc['review'].comments[0].anchor.clip.id = 3), 'project.review.comments[0].anchor.clip.id', /a non-empty id/);
  });

  it('a resolved thread names who and when; orphaned is true where present', () => {
    refused((doc) => delete doc['review'].comments[1].resolved.by.name, 'project.review.comments[1].resolved.by.name', /a person's name/);
    refused((doc) => (doc['review'].comments[1].resolved.at = 'now'), 'project.review.comments[1].resolved.at', /ISO 8601/);
    refused((doc) => (doc['review'].comments[2].orphaned = false), 'project.review.comments[2].orphaned', /expected true/);
  });

  it('the decisions: distinct ids, a version, a reviewer, a time, a label, a note with changes required, a content hash', () => {
    refused((doc) => (doc['review'].decisions[1].id = 'd1'), 'project.review.decisions[1].id', /duplicate of an earlier id/);
    refused((doc) => (doc['review'].decisions[0].version = ''), 'project.review.decisions[0].version', /a non-empty id/);
    refused((doc) => (doc['review'].decisions[0].reviewer = 'Ana'), 'project.review.decisions[0].reviewer', /expected an object/);
    refused((doc) => (doc['review'].decisions[0].at = 1714555800000), 'project.review.decisions[0].at', /ISO 8601/);
    refused((doc) => (doc['review'].decisions[0].label = 'rejected'), 'project.review.decisions[0].label', /one of "approved", "approved-with-changes", "changes-required"/);
    refused((doc) => delete doc['review'].decisions[1].note, 'project.review.decisions[1].note', /is required with "changes-required": say what must change/);
    refused((doc) => (doc['review'].decisions[1].note = '   '), 'project.review.decisions[1].note', /is required with "changes-required"/);
    refused((doc) => (doc['review'].decisions[0].note = long(REVIEW_LIMITS.note + 1)), 'project.review.decisions[0].note', /a decision's note: text of at most 2000 characters/);
    refused((doc) => (doc['review'].decisions[0].contentHash = ''), 'project.review.decisions[0].contentHash', /a content hash: text, not empty, of at most 128 characters/);
    refused((doc) => (doc['review'].decisions[0].contentHash = long(129)), 'project.review.decisions[0].contentHash', /at most 128/);
  });

  it("the campaign's clearance: text of at most 40 characters, where present", () => {
    refused((doc) => (doc['campaign'].clearance = long(CLEARANCE_MAX_LENGTH + 1)), 'project.campaign.clearance', /a clearance number: text of at most 40 characters, got "41 characters"/);
    refused((doc) => (doc['campaign'].clearance = 12345), 'project.campaign.clearance', /a clearance number/);
    assert.doesNotThrow(() => validateProject({ ...full(), campaign: { ...full()['campaign'], clearance: long(40) } }));
  });

  it('each field of schema 7 is required', () => {
    for (const field of ['slots', 'feed', 'review']) {
      const found = issues((doc) => delete doc[field]);
      assert.ok(found.some((issue) => issue.path === `project.${field}`), `nothing said of a missing ${field}`);
    }
  });
});
