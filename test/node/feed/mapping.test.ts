import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { describe, it } from 'node:test';
import { StudioFeedError } from '../../../src/feed/errors.js';
import { parseCsvFeed } from '../../../src/feed/import.js';
import { chooseKey, createFeed, mapSlot, matchColumns, matchName, rowSlotValues, setKey } from '../../../src/feed/mapping.js';

const spreadsheet = parseCsvFeed(readFileSync(new URL('samples/spreadsheet-export.csv', import.meta.url), 'utf8'));

describe('columns matched to slots', () => {
  it('match without case or separators: "Product Name" fills product_name', () => {
    assert.equal(matchName('Product Name'), matchName('product_name'));
    assert.equal(matchName('PRODUCT-NAME'), matchName('product.name'));
    assert.notEqual(matchName('product name 2'), matchName('product_name'));
    assert.deepEqual(matchColumns(spreadsheet.columns, ['product_name', 'price', 'store']), {
      mapping: [
        { column: 'Product Name', slot: 'product_name' },
        { column: 'Price', slot: 'price' },
      ],
      unmatched: ['store'],
    });
  });

  it('take the first of two columns that match one slot', () => {
    assert.deepEqual(matchColumns(['product_name', 'Product Name'], ['product_name']).mapping, [{ column: 'product_name', slot: 'product_name' }]);
  });

  it('can be changed: a slot takes another column, or none, and the feed given is left as it was', () => {
    const feed = createFeed(spreadsheet, ['product_name', 'price']);
    const changed = mapSlot(feed, 'product_name', 'Description');
    assert.deepEqual(changed.mapping, [
      { column: 'Price', slot: 'price' },
      { column: 'Description', slot: 'product_name' },
    ]);
    assert.equal(feed.mapping.length, 2);
    assert.equal(feed.mapping[0]!.column, 'Product Name');
    assert.deepEqual(mapSlot(changed, 'price', null).mapping, [{ column: 'Description', slot: 'product_name' }]);
    assert.throws(() => mapSlot(feed, 'price', 'Cost'), (error: unknown) => error instanceof StudioFeedError && /The feed has no column "Cost"; its columns are "SKU", "Product Name"/.test(error.message));
  });

  it("give each row's values by slot", () => {
    const feed = createFeed(spreadsheet, ['product_name', 'price']);
    assert.deepEqual([...rowSlotValues(feed, 1)], [
      ['product_name', 'Wool socks, "merino"'],
      ['price', '12.00'],
    ]);
    assert.equal(rowSlotValues(feed, 9).size, 0);
  });
});

describe('the key column', () => {
  it('is id, else sku, in any case', () => {
    assert.equal(chooseKey(['sku', 'name', 'ID']).key, 'ID');
    assert.equal(chooseKey(['name', 'SKU']).key, 'SKU');
    assert.match(chooseKey(['name', 'SKU']).message, /^"SKU" is the key: its value names each row's files/);
    assert.equal(createFeed(spreadsheet, []).key, 'SKU');
  });

  it('is none, saying what to choose, when there is neither', () => {
    const choice = chooseKey(['product_id', 'name']);
    assert.equal(choice.key, null);
    assert.match(choice.message, /^No column is named "id" or "sku": choose the column whose value names each row/);
  });

  it('can be chosen, among the columns only', () => {
    const feed = createFeed(spreadsheet, []);
    assert.equal(setKey(feed, 'Product Name').key, 'Product Name');
    assert.equal(setKey(feed, null).key, null);
    assert.throws(() => setKey(feed, 'id'), StudioFeedError);
  });
});
