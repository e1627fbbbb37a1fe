// The feed import in a browser: papaparse ships CommonJS only, and the test runner (as the build) serves it as a
// module through @rollup/plugin-commonjs. The node tests (test/node/feed/) hold the import's full behaviour;
// these prove the same module runs in each engine.
import { expect } from '@open-wc/testing';
import { StudioFeedError } from '../../src/feed/errors.js';
import { parseFeed } from '../../src/feed/import.js';

/** The text of a file as the Feed step reads it. */
const read = (parts: BlobPart[], name: string) => new File(parts, name).text();

describe('parseFeed in the browser', () => {
  it('reads a CSV with a byte-order mark, CRLF line ends and quoted values (a comma, a line break, "")', () => {
    // File.text() drops a UTF-8 byte-order mark; text that keeps one (pasted, or read otherwise) reads the same.
    const csv = 'id,product_name,price\r\nTR-100,"Trail runner shoes, ""light""",59.99\r\nHJ-300,"Hiking jacket\r\nwaterproof",189.00\r\n';
    const table = parseFeed(`\uFEFF${csv}`, { name: 'rows.csv' });
    expect(table.columns).to.deep.equal(['id', 'product_name', 'price']);
    expect(table.rows).to.deep.equal([
      ['TR-100', 'Trail runner shoes, "light"', '59.99'],
      ['HJ-300', 'Hiking jacket\r\nwaterproof', '189.00'],
    ]);
  });

  it('reads a CSV file whose bytes start with a byte-order mark', async () => {
    const text = await read([new Uint8Array([0xef, 0xbb, 0xbf]), 'id,price\r\n"TR-100","59.99"\r\n'], 'rows.csv');
    expect(parseFeed(text, { name: 'rows.csv' })).to.deep.equal({ columns: ['id', 'price'], rows: [['TR-100', '59.99']] });
  });

  it('reads a JSON feed: numbers and booleans as text, a missing key or null as empty', async () => {
    const text = await read([JSON.stringify([{ id: 'TR-100', price: 59.99, in_stock: true }, { id: 'WS-200', price: null }])], 'rows.json');
    const table = parseFeed(text, { name: 'rows.json' });
    expect(table.columns).to.deep.equal(['id', 'price', 'in_stock']);
    expect(table.rows).to.deep.equal([
      ['TR-100', '59.99', 'true'],
      ['WS-200', '', ''],
    ]);
  });

  it('refuses a CSV whose quote is never closed, naming the row and how quotes are written', async () => {
    const text = await read(['id,name\nA,"open\nB,b\n'], 'broken.csv');
    let error: unknown;
    try {
      parseFeed(text, { name: 'broken.csv' });
    } catch (caught) {
      error = caught;
    }
    expect(error).to.be.instanceOf(StudioFeedError);
    const problems = (error as StudioFeedError).problems;
    expect(problems).to.have.length(1);
    expect(problems[0]!.message).to.equal('Row 1 of "broken.csv": a quoted value is not closed: a value that starts with " ends with ", and a " inside it is written ""');
  });
});
