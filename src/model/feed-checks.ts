// The checks of the document's slots and feed (schema 7), by path: read by the checks of a whole document
// (./validate.ts) and by the slot and feed edits (./feed-edits.ts), which refuse what a loaded document would.
// A feed has up to 5,000 rows of text: its rows are read in one pass, with plain loops.
import { describe } from '../config/checks.js';
import { slotNameProblem } from '../feed/slot-name.js';
import { MAX_FEED_ROWS, SLOT_LIMITS } from '../feed/types.js';
import { fail, isObject, list, object, text, uniqueIds, type Issues, type Shape } from './shapes.js';

/** The most problems listed for a feed's rows; the rest are counted in one more. */
const SHOWN_ROW_PROBLEMS = 10;

const count = (n: number) => n.toLocaleString('en-US');

/** A slot's name, as `{{name}}` in the script uses it (see `slotNameProblem`). */
export const slotName: Shape = (v, p, i) => {
  if (typeof v !== 'string') return fail(i, p, 'a slot name (text)', v);
  const problem = slotNameProblem(v);
  if (problem !== null) i.push({ path: p, message: problem });
};

const maxLength: Shape = (v, p, i) => {
  if (typeof v !== 'number' || !Number.isInteger(v) || v < 1 || v > SLOT_LIMITS.maxLength) {
    fail(i, p, `a whole number of characters from 1 to ${count(SLOT_LIMITS.maxLength)} (or no maxLength: no limit)`, v);
  }
};

/** One slot's definition. */
export const slotShape = object(
  { name: slotName, sample: text(SLOT_LIMITS.sample, "a slot's sample: text") },
  { maxLength, say: text(SLOT_LIMITS.say, "a slot's say: text") },
);

/** The slots' definitions: one per name. */
export const slotsShape = uniqueIds(list(slotShape), 'name');

/** A column's name as a feed keeps it: text, trimmed, not empty. */
const columnProblem = (name: unknown): boolean => typeof name !== 'string' || name === '' || name.trim() !== name;

/** The columns: names trimmed and distinct without regard to case. */
function columnsShape(v: unknown, p: string, i: Issues): void {
  if (!Array.isArray(v)) return fail(i, p, "an array of the feed's column names", v);
  if (v.length === 0) return void i.push({ path: p, message: 'expected at least one column: a feed names its columns in its first row' });
  const first = new Map<string, number>();
  v.forEach((name: unknown, index) => {
    if (columnProblem(name)) return fail(i, `${p}[${index}]`, 'a column name (not empty, no spaces around it)', name);
    const folded = (name as string).toLowerCase();
    const earlier = first.get(folded);
    if (earlier === undefined) first.set(folded, index);
    else i.push({ path: `${p}[${index}]`, message: `has the name of columns[${earlier}] (${describe(v[earlier])}), case aside: give each column its own name` });
  });
}

/** The rows: at most `MAX_FEED_ROWS`, each exactly `width` strings (a value per column). */
function rowsShape(v: unknown, p: string, i: Issues, width: number | undefined): void {
  if (!Array.isArray(v)) return fail(i, p, 'an array of rows', v);
  if (v.length > MAX_FEED_ROWS) {
    return void i.push({ path: p, message: `has ${count(v.length)} rows; a feed holds at most ${count(MAX_FEED_ROWS)}: split it into files of ${count(MAX_FEED_ROWS)} rows or fewer` });
  }
  let wrong = 0;
  const problem = (path: string, message: string) => {
    if (wrong++ < SHOWN_ROW_PROBLEMS) i.push({ path, message });
  };
  for (let index = 0; index < v.length; index++) {
    const row: unknown = v[index];
    if (!Array.isArray(row)) {
      problem(`${p}[${index}]`, `expected a row (an array of values), got ${describe(row)}`);
      continue;
    }
    if (width !== undefined && row.length !== width) {
      problem(`${p}[${index}]`, `expected ${width} values (one for each column), got ${row.length}: give the row a value for each column ("" when empty)`);
      continue;
    }
    for (let column = 0; column < row.length; column++) {
      if (typeof row[column] !== 'string') {
        problem(`${p}[${index}][${column}]`, `expected a string (a feed's values are text), got ${describe(row[column])}`);
        break;
      }
    }
  }
  if (wrong > SHOWN_ROW_PROBLEMS) i.push({ path: p, message: `has ${count(wrong - SHOWN_ROW_PROBLEMS)} more rows with problems like these` });
}

/** The mapping: each entry a known column and a slot name, each slot at most once. */
function mappingShape(v: unknown, p: string, i: Issues, columns: ReadonlySet<string> | undefined): void {
  list(object({ column: feedColumn(columns), slot: slotName }))(v, p, i);
  if (!Array.isArray(v)) return;
  const slots = new Map<unknown, number>();
  v.forEach((entry: unknown, index) => {
    const slot = isObject(entry) ? entry['slot'] : undefined;
    if (typeof slot !== 'string') return;
    const earlier = slots.get(slot);
    if (earlier === undefined) slots.set(slot, index);
    else i.push({ path: `${p}[${index}].slot`, message: `is filled by mapping[${earlier}] already: a slot is filled by one column, so remove one of the two` });
  });
}

/** A shape of the name of one of `columns` (undefined: the columns could not be read, so only text is checked). */
export const feedColumn =
  (columns: ReadonlySet<string> | undefined, what = "the name of one of the feed's columns"): Shape =>
  (v, p, i) => {
    if (typeof v !== 'string' || (columns !== undefined && !columns.has(v))) fail(i, p, what, v);
  };

const FEED_FIELDS = new Set(['columns', 'rows', 'key', 'mapping']);

/** The feed: `null`, or a table of text with its key column and mapping. */
export const feedShape: Shape = (v, p, i) => {
  if (v === null) return;
  if (!isObject(v)) return fail(i, p, 'a feed (an object) or null', v);
  for (const key of Object.keys(v)) if (!FEED_FIELDS.has(key)) i.push({ path: `${p}.${key}`, message: 'is not a known field of the project document' });
  const before = i.length;
  columnsShape(v['columns'], `${p}.columns`, i);
  const columns = i.length === before ? (v['columns'] as readonly string[]) : undefined;
  const names = columns === undefined ? undefined : new Set(columns);
  rowsShape(v['rows'], `${p}.rows`, i, columns?.length);
  if (v['key'] !== null) feedColumn(names, "null (no key) or the name of one of the feed's columns")(v['key'], `${p}.key`, i);
  mappingShape(v['mapping'], `${p}.mapping`, i, names);
};

export { issuesOf } from './shapes.js';
