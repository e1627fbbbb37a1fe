import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { describe, it } from 'node:test';
import { parseCsvFeed } from '../../../src/feed/import.js';
import { chooseKey, createFeed, matchColumns, matchName, rowSlotValues } from '../../../src/feed/mapping.js';

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

});
