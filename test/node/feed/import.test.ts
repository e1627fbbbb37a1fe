import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { describe, it } from 'node:test';
import { StudioError } from '../../../src/errors.js';
import { StudioFeedError } from '../../../src/feed/errors.js';
import { parseCsvFeed, parseFeed, parseJsonFeed } from '../../../src/feed/import.js';
import { MAX_FEED_ROWS } from '../../../src/feed/types.js';

const sample = (name: string) => readFileSync(new URL(`samples/${name}`, import.meta.url), 'utf8');

/** The messages of the `StudioFeedError` that `run` throws (fails when it throws nothing or something else). */
function refused(run: () => unknown): string[] {
  try {
    run();
  } catch (error) {
    assert.ok(error instanceof StudioFeedError, `expected a StudioFeedError, got ${String(error)}`);
    assert.ok(error instanceof StudioError);
    assert.equal(error.code, 'feed');
    assert.equal(error.message.split('\n')[0], error.problems[0]!.message);
    return error.problems.map((problem) => problem.message);
  }
  assert.fail('expected the feed to be refused');
}

/** `count` CSV rows after a header. */
const csvRows = (count: number) => ['id,product_name,price', ...Array.from({ length: count }, (_, i) => `P${i + 1},Product ${i + 1},${i}.99`)].join('\n');

describe('CSV import', () => {
  it('reads the proof feed: 6 rows of id, product_name and price, a quoted value with a comma, an empty price', () => {
    const table = parseCsvFeed(sample('products.csv'), { name: 'products.csv' });
    assert.deepEqual(table.columns, ['id', 'product_name', 'price']);
    assert.equal(table.rows.length, 6);
    assert.deepEqual(table.rows[1], ['WS-200', 'Wool socks', '']);
    assert.deepEqual(table.rows[2], ['HJ-300', 'Waterproof hiking jacket with a detachable hood, taped seams and pit zips', '189.00']);
    assert.deepEqual(table.rows[5], ['WB-600', 'Water bottle, 1 litre', '9.99']);
  });

  it("reads a spreadsheet's export: byte-order mark, CRLF, a newline and \"\" inside quotes, trailing empty columns", () => {
    const text = sample('spreadsheet-export.csv');
    assert.ok(text.startsWith('\uFEFF') && text.includes('\r\n'), 'the sample has lost its BOM or its CRLF line ends');
    const table = parseCsvFeed(text);
    assert.deepEqual(table.columns, ['SKU', 'Product Name', 'Price', 'Description']);
    assert.deepEqual(table.rows, [
      ['TR-100', 'Trail runner shoes', '59.99', 'Light, grippy\r\nand quick to dry'],
      ['WS-200', 'Wool socks, "merino"', '12.00', ''],
    ]);
  });

  it('keeps values as text exactly: leading zeros, spaces, {{slots}}, markup and bidi characters', () => {
    const table = parseCsvFeed('id,name\n007, spaced \n"{{price}}","<script>alert(1)</script>"\nx,"a\u202Eb"\n');
    assert.deepEqual(table.rows, [
      ['007', ' spaced '],
      ['{{price}}', '<script>alert(1)</script>'],
      ['x', 'a\u202Eb'],
    ]);
  });

  it('skips blank lines, a trailing newline among them', () => {
    assert.equal(parseCsvFeed('id,name\n\nA,a\n\n\nB,b\n\n').rows.length, 2);
  });

  it('takes exactly 5,000 rows, and refuses 5,001 with the count and the advice to split', () => {
    assert.equal(parseCsvFeed(csvRows(MAX_FEED_ROWS)).rows.length, 5000);
    const messages = refused(() => parseCsvFeed(csvRows(MAX_FEED_ROWS + 1), { name: 'rows.csv' }));
    assert.deepEqual(messages, ['"rows.csv" has 5,001 rows; a feed holds at most 5,000: split it into files of 5,000 rows or fewer']);
  });

  it('refuses an empty file, and one that is only a byte-order mark and spaces', () => {
    assert.match(refused(() => parseCsvFeed(''))[0]!, /^The CSV is empty: a feed's first row names its columns/);
    assert.match(refused(() => parseCsvFeed('\uFEFF  \r\n'))[0]!, /is empty/);
  });

  it('refuses a file with a header and no rows', () => {
    assert.deepEqual(refused(() => parseCsvFeed('id,name\n')), ['The CSV has no rows, only the column names: add a row for each ad']);
  });

  it('refuses a file whose first row is data, not names', () => {
    const messages = refused(() => parseCsvFeed('A1,Trail runner shoes,59.99\nA2,Wool socks,12\n'));
    assert.match(messages[0]!, /^The first row of The CSV reads like data \("59\.99" is a number\): a feed's first row names its columns/);
  });

  it('refuses empty and repeated column names, naming their places', () => {
    const messages = refused(() => parseCsvFeed('id,,price,Price\n1,x,2,3\n'));
    assert.deepEqual(messages, [
      'Column 2 of The CSV has no name: name every column in the first row',
      'Columns 3 and 4 of The CSV are both named "Price" ("price"): give each column its own name',
    ]);
  });

  it('refuses ragged rows, each with its row number and fix', () => {
    const messages = refused(() => parseCsvFeed('id,name,price\nA,a,1\nB,b,2,extra\nC,c\n'));
    assert.deepEqual(messages, [
      'Row 2 of The CSV has 4 values; the header names 3 columns: quote a value that holds a comma ("Shoes, blue"), or name the extra column in the header',
      'Row 3 of The CSV has 2 values; the header names 3 columns: add the missing values (an empty value is nothing between two commas)',
    ]);
  });

  it("refuses a quote papaparse cannot close, with papaparse's row number", () => {
    const messages = refused(() => parseCsvFeed('id,name\nA,a\nB,"unclosed\nC,c\n'));
    assert.equal(messages.length, 1);
    assert.match(messages[0]!, /^Row 2 of The CSV: a quoted value is not closed/);
  });

  it('says when a file is separated by semicolons', () => {
    assert.match(refused(() => parseCsvFeed('id;name;price\nA;a;1\n'))[0]!, /separated by semicolons; save it as CSV with commas/);
  });

  it('lists at most 10 problems in the message, then how many more', () => {
    const text = ['id,name', ...Array.from({ length: 14 }, (_, i) => `${i},x,extra`)].join('\n');
    try {
      parseCsvFeed(text);
      assert.fail('expected a refusal');
    } catch (error) {
      assert.ok(error instanceof StudioFeedError);
      assert.equal(error.problems.length, 14);
      assert.equal(error.message.split('\n').length, 11);
      assert.match(error.message, /\.\.\. and 4 more problems like these\.$/);
    }
  });

  it('quotes a hostile file name safely', () => {
    const message = refused(() => parseCsvFeed('', { name: 'rows\u202Evsc.csv' }))[0]!;
    assert.ok(!message.includes('\u202E'));
    assert.match(message, /^"rows\\u202evsc\.csv" is empty/);
  });
});

describe('JSON import', () => {
  it('reads an array of flat objects: numbers and booleans as their text, null and absent keys as empty', () => {
    const table = parseJsonFeed(sample('products.json'));
    assert.deepEqual(table.columns, ['id', 'product_name', 'price', 'in_stock', 'colour']);
    assert.deepEqual(table.rows, [
      ['TR-100', 'Trail runner shoes', '59.99', 'true', ''],
      ['WS-200', 'Wool socks', '', 'false', ''],
      ['HJ-300', 'Waterproof hiking jacket', '189.00', '', 'Slate'],
    ]);
  });

  it('keeps a column named __proto__ as a plain name, and a value with {{slots}} as text', () => {
    const table = parseJsonFeed('[{"__proto__": "p", "name": "{{price}}"}]');
    assert.deepEqual(table.columns, ['__proto__', 'name']);
    assert.deepEqual(table.rows, [['p', '{{price}}']]);
  });

  it('refuses a nested object or list, naming the row and column', () => {
    const messages = refused(() => parseJsonFeed('[{"id": "A"}, {"id": "B", "specs": {"colour": "red"}}, {"id": "C", "tags": ["x"]}]'));
    assert.deepEqual(messages, [
      'Row 2 of The JSON, column "specs", holds an object: a value is text, a number or true/false; give each inner value its own column, like "specs_colour"',
      'Row 3 of The JSON, column "tags", holds a list: a value is text, a number or true/false; give each inner value its own column, like "tags_1"',
    ]);
  });

  it('refuses a number too large to read exactly', () => {
    assert.match(refused(() => parseJsonFeed('[{"id": 12345678901234567890}]'))[0]!, /^Row 1 of The JSON, column "id": the number .* is too large to read exactly; write it as text/);
  });

  it('refuses what is not an array, pointing at an inner list when there is one', () => {
    assert.match(refused(() => parseJsonFeed('{"id": "A"}'))[0]!, /^The JSON holds an object, not a list of rows/);
    assert.match(refused(() => parseJsonFeed('{"items": [{"id": "A"}]}'))[0]!, /its "items" holds a list: save that list alone$/);
    assert.match(refused(() => parseJsonFeed('"text"'))[0]!, /holds text, not a list of rows/);
  });

  it('refuses a row that is not an object', () => {
    assert.deepEqual(refused(() => parseJsonFeed('[{"id": "A"}, 5]')), ['Row 2 of The JSON is a number: each row is an object of column names and values, like {"id": "A1", "price": "9.99"}']);
  });

  it('refuses invalid JSON with the line and column where the parser gives a position, never echoing the file', () => {
    const located = refused(() => parseJsonFeed('[\n  {"id": "A\u202E"},\n  {"id" 1}\n]'))[0]!;
    assert.equal(located, 'The JSON is not valid JSON near line 3, column 9: check the commas, quotes and brackets there, or export the feed again');
    const unlocated = refused(() => parseJsonFeed('[\n  {"id": "A\u202E<script>"},\n  {"id": }\n]'))[0]!;
    assert.equal(unlocated, 'The JSON is not valid JSON: check the commas, quotes and brackets there, or export the feed again');
  });

  it('refuses an empty array, an empty file, a key that is empty, and keys that differ only in case', () => {
    assert.deepEqual(refused(() => parseJsonFeed('[]')), ['The JSON has no rows: add a row for each ad']);
    assert.match(refused(() => parseJsonFeed(' '))[0]!, /^The JSON is empty/);
    assert.match(refused(() => parseJsonFeed('[{"": "x"}]'))[0]!, /^Column 1 of The JSON has no name/);
    assert.match(refused(() => parseJsonFeed('[{"sku": "A"}, {"SKU": "B"}]'))[0]!, /^Columns 1 and 2 of The JSON are both named "SKU" \("sku"\)/);
  });

  it('refuses 5,001 rows', () => {
    const rows = JSON.stringify(Array.from({ length: MAX_FEED_ROWS + 1 }, (_, i) => ({ id: `P${i}` })));
    assert.match(refused(() => parseJsonFeed(rows, { name: 'feed.json' }))[0]!, /^"feed\.json" has 5,001 rows; a feed holds at most 5,000: split it/);
  });
});

describe('parseFeed: which format', () => {
  it('goes by the format given, then the extension, then the first character', () => {
    assert.deepEqual(parseFeed('[{"id": "A"}]').rows, [['A']]);
    assert.deepEqual(parseFeed('\uFEFF [{"id": "A"}]').rows, [['A']]);
    assert.deepEqual(parseFeed('id\nA\n').rows, [['A']]);
    assert.deepEqual(parseFeed('[x]\nA\n', { name: 'odd.csv' }).columns, ['[x]']);
    assert.deepEqual(parseFeed('id\nA\n', { format: 'csv', name: 'rows.json' }).rows, [['A']]);
    assert.match(refused(() => parseFeed('id\nA\n', { name: 'rows.json' }))[0]!, /^"rows\.json" is not valid JSON/);
  });
});
