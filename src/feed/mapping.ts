// Which column fills which slot, and which column is the row's key: matched by name when a feed is imported,
// changed by the user after (the feed/map and feed/key edits, model/feed-edits.ts). Pure: no DOM.
import { describe } from '../config/checks.js';
import { isAdIdTarget } from './ad-id-column.js';
import { KEY_COLUMN_NAMES, type Feed, type FeedMappingEntry, type FeedTable } from './types.js';

/**
 * A name as columns and slots are matched: compatibility forms made one (NFKC), lower case, with no spaces,
 * `_`, `-` or `.`. So `Product Name`, `product-name` and `PRODUCT_NAME` all match the slot `product_name`.
 */
export const matchName = (name: string): string => name.normalize('NFKC').toLowerCase().replace(/[\s_.-]+/g, '');

/** The columns matched to slots by name. */
export interface ColumnMatch {
  /** One entry per matched slot, in the order of `slots`. */
  readonly mapping: readonly FeedMappingEntry[];
  /** The slots no column matched, in the order of `slots`. */
  readonly unmatched: readonly string[];
}

/** Matches each slot to the first column of the same name (see `matchName`). */
export function matchColumns(columns: readonly string[], slots: readonly string[]): ColumnMatch {
  const byName = new Map<string, string>();
  for (const column of columns) if (!byName.has(matchName(column))) byName.set(matchName(column), column);
  const mapping: FeedMappingEntry[] = [];
  const unmatched: string[] = [];
  for (const slot of slots) {
    const column = byName.get(matchName(slot));
    if (column === undefined) unmatched.push(slot);
    else mapping.push({ column, slot });
  }
  return { mapping, unmatched };
}

/** The key column chosen, and a sentence that says which and why, for the Feed step to show. */
export interface KeyChoice {
  readonly key: string | null;
  readonly message: string;
}

/** The key column by default: the one named `id`, else `sku` (any case, spaces around aside), else none. */
export function chooseKey(columns: readonly string[]): KeyChoice {
  for (const wanted of KEY_COLUMN_NAMES) {
    const key = columns.find((column) => column.trim().toLowerCase() === wanted);
    if (key !== undefined) return { key, message: `${describe(key)} is the key: its value names each row's files and its entry in the manifest` };
  }
  return {
    key: null,
    message: `No column is named "id" or "sku": choose the column whose value names each row (a product id or SKU); it goes into the file names and the manifest`,
  };
}

/** A feed of `table`: the key chosen by `chooseKey` and the columns matched to `slots` by `matchColumns`. */
export function createFeed(table: FeedTable, slots: readonly string[]): Feed {
  return { columns: table.columns, rows: table.rows, key: chooseKey(table.columns).key, mapping: matchColumns(table.columns, slots).mapping };
}

/** The value of each mapped slot in row `index` (counted from 0), by slot name (an Ad-ID column is no slot: `rowAdId`). */
export function rowSlotValues(feed: Feed, index: number): Map<string, string> {
  const row = feed.rows[index];
  const values = new Map<string, string>();
  if (row === undefined) return values;
  for (const { column, slot } of feed.mapping) {
    if (isAdIdTarget(slot)) continue;
    const at = feed.columns.indexOf(column);
    if (at >= 0) values.set(slot, row[at] ?? '');
  }
  return values;
}
