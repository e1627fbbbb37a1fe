// A feed's rows from a file's text: CSV (RFC 4180, a header row, read by papaparse) or JSON (an array of flat
// objects). The caller reads the File; this module only sees its text. Every value becomes text. Whatever is
// wrong is refused at once with a `StudioFeedError` that names the row and column and says how to fix it.
// Rows are counted from 1 after the header row, in CSV and JSON alike. Pure: no DOM.
import Papa from 'papaparse';
import { describe } from '../config/checks.js';
import { StudioFeedError, type FeedImportProblem } from './errors.js';
import { MAX_FEED_ROWS, type FeedTable } from './types.js';

/** Where a feed's text came from, for the messages: the file's name, when there is one. */
export interface FeedSource {
  /** The file's name (`rows.csv`); absent: the messages say "The CSV" or "The JSON". */
  readonly name?: string;
}

const BOM = /^\uFEFF/;
const count = (n: number) => n.toLocaleString('en-US');
const plural = (n: number, one: string, many = `${one}s`) => `${count(n)} ${n === 1 ? one : many}`;
const label = (format: 'CSV' | 'JSON', source: FeedSource) => (source.name === undefined ? `The ${format}` : describe(source.name));
function refuse(problems: FeedImportProblem[]): never {
  throw new StudioFeedError(problems);
}

/** Reads a feed from `text` as `format`, or else as the file name's extension says, or else as it looks. */
export function parseFeed(text: string, options: FeedSource & { format?: 'csv' | 'json' } = {}): FeedTable {
  const extension = /\.([a-z]+)$/i.exec(options.name ?? '')?.[1]?.toLowerCase();
  const format = options.format ?? (extension === 'json' ? 'json' : extension === 'csv' || extension === 'txt' ? 'csv' : /^\s*[[{]/.test(text.replace(BOM, '')) ? 'json' : 'csv');
  const source = options.name === undefined ? {} : { name: options.name };
  return format === 'json' ? parseJsonFeed(text, source) : parseCsvFeed(text, source);
}

/**
 * The rows of a CSV: comma-separated, `"` quoted (a quoted value may hold commas, newlines and `""` for a
 * quote), CRLF or LF lines, an optional byte-order mark. The first row names the columns. Rows with every value
 * blank are skipped, and so is a column with neither a name nor a value (a spreadsheet's trailing commas).
 */
export function parseCsvFeed(text: string, source: FeedSource = {}): FeedTable {
  const name = label('CSV', source);
  // papaparse drops a byte-order mark; trim() counts one as a space.
  if (text.trim() === '') refuse([{ message: `${name} is empty: a feed's first row names its columns (id,product_name,price) and each row after it is one ad` }]);
  const parsed = Papa.parse<string[]>(text, { delimiter: ',', skipEmptyLines: 'greedy' });
  const quotes = parsed.errors.filter((error) => error.type === 'Quotes');
  if (quotes.length > 0) {
    // After an unclosed quote the rest of the file is one value: report the quotes only.
    refuse(
      quotes.map((error) => ({
        ...(error.row === undefined || error.row === 0 ? {} : { row: error.row }),
        message: `${error.row === undefined ? name : error.row === 0 ? `The header row of ${name}` : `Row ${count(error.row)} of ${name}`}: ${
          error.code === 'MissingQuotes'
            ? 'a quoted value is not closed: a value that starts with " ends with ", and a " inside it is written ""'
            : 'a quote is out of place: quote the whole value ("Shoes, 2"" wide") and write a " inside it as ""'
        }`,
      })),
    );
  }
  const [header = [], ...rows] = parsed.data;
  const columns = header.map((column) => column.trim());
  const problems: FeedImportProblem[] = [];
  // A column with no name and no value anywhere is a spreadsheet's trailing comma: leave it out.
  const kept = columns.map((column, index) => column !== '' || rows.some((row) => (row[index] ?? '').trim() !== ''));
  const number = columns.find((column) => /^[-+]?\d[\d.,]*$/.test(column));
  if (number !== undefined) {
    problems.push({ message: `The first row of ${name} reads like data (${describe(number)} is a number): a feed's first row names its columns, like id,product_name,price; add such a row` });
  }
  if (columns.length === 1 && /[;\t]/.test(header[0] ?? '')) {
    problems.push({ message: `${name} has one column, ${describe(columns[0]!)}: its values are separated by ${header[0]!.includes(';') ? 'semicolons' : 'tabs'}; save it as CSV with commas` });
  }
  rows.forEach((row, index) => {
    if (row.length === columns.length) return;
    const fix = row.length > columns.length ? 'quote a value that holds a comma ("Shoes, blue"), or name the extra column in the header' : 'add the missing values (an empty value is nothing between two commas)';
    problems.push({ row: index + 1, message: `Row ${count(index + 1)} of ${name} has ${plural(row.length, 'value')}; the header names ${plural(columns.length, 'column')}: ${fix}` });
  });
  tableProblems(name, columns, rows.length, problems, kept);
  if (problems.length > 0) refuse(problems);
  return {
    columns: columns.filter((_, index) => kept[index]),
    rows: rows.map((row) => row.filter((_, index) => kept[index])),
  };
}

/**
 * The rows of a JSON array of flat objects, one per row. Columns are the objects' keys in order of first
 * appearance; a key an object lacks is an empty value, and so is `null`. Numbers and booleans become their
 * text (`9.99`, `true`); an object or an array as a value is refused, naming its row and column.
 */
export function parseJsonFeed(text: string, source: FeedSource = {}): FeedTable {
  const name = label('JSON', source);
  const body = text.replace(BOM, '');
  if (body.trim() === '') refuse([{ message: `${name} is empty: a JSON feed is an array of objects, one per row, like [{"id": "A1", "price": "9.99"}]` }]);
  let data: unknown;
  try {
    data = JSON.parse(body);
  } catch (error) {
    refuse([{ message: `${name} is not valid JSON${near(body, error)}: check the commas, quotes and brackets there, or export the feed again` }]);
  }
  if (!Array.isArray(data)) refuse([{ message: `${name} holds ${kind(data)}, not a list of rows: a JSON feed is an array of objects, one per row, like [{"id": "A1", "price": "9.99"}]${innerList(data)}` }]);
  const rows = data as unknown[];
  const problems: FeedImportProblem[] = [];
  const columns: string[] = [];
  const seen = new Set<string>();
  for (const [index, row] of rows.entries()) {
    if (typeof row !== 'object' || row === null || Array.isArray(row)) {
      problems.push({ row: index + 1, message: `Row ${count(index + 1)} of ${name} is ${kind(row)}: each row is an object of column names and values, like {"id": "A1", "price": "9.99"}` });
      continue;
    }
    for (const key of Object.keys(row)) {
      if (seen.has(key)) continue;
      seen.add(key);
      columns.push(key);
    }
  }
  tableProblems(name, columns.map((column) => column.trim()), rows.length, problems);
  if (problems.length > 0) refuse(problems);
  const table = rows.map((row, index) => columns.map((column) => textOf((row as Record<string, unknown>)[column], index + 1, column, name, problems)));
  if (problems.length > 0) refuse(problems);
  return { columns: columns.map((column) => column.trim()), rows: table };
}

/**
 * The problems of a table's shape common to CSV and JSON: no rows, too many, empty or repeated column names
 * (two that differ only in case are repeated: they would match the same slot). `kept`: the columns that count.
 */
function tableProblems(name: string, columns: readonly string[], rows: number, problems: FeedImportProblem[], kept?: readonly boolean[]): void {
  if (rows > MAX_FEED_ROWS) problems.unshift({ message: `${name} has ${count(rows)} rows; a feed holds at most ${count(MAX_FEED_ROWS)}: split it into files of ${count(MAX_FEED_ROWS)} rows or fewer` });
  else if (rows === 0) problems.push({ message: `${name} has no rows${columns.length > 0 ? ', only the column names' : ''}: add a row for each ad` });
  const first = new Map<string, number>();
  columns.forEach((column, index) => {
    if (kept?.[index] === false) return;
    if (column === '') return void problems.push({ message: `Column ${index + 1} of ${name} has no name: name every column in the first row` });
    const earlier = first.get(column.toLowerCase());
    if (earlier === undefined) first.set(column.toLowerCase(), index);
    else problems.push({ column, message: `Columns ${earlier + 1} and ${index + 1} of ${name} are both named ${describe(column)}${columns[earlier] === column ? '' : ` (${describe(columns[earlier]!)})`}: give each column its own name` });
  });
}

/** A JSON value as a feed's text, or a problem for an object or an unsafe number. */
function textOf(value: unknown, row: number, column: string, name: string, problems: FeedImportProblem[]): string {
  if (value === undefined || value === null) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'boolean') return String(value);
  if (typeof value === 'number') {
    if (Number.isInteger(value) && !Number.isSafeInteger(value)) {
      problems.push({ row, column, message: `Row ${count(row)} of ${name}, column ${describe(column)}: the number ${String(value)} is too large to read exactly; write it as text, in quotes` });
    }
    return String(value);
  }
  const inner = Array.isArray(value) ? '1' : (Object.keys(value as object)[0] ?? 'name');
  problems.push({ row, column, message: `Row ${count(row)} of ${name}, column ${describe(column)}, holds ${kind(value)}: a value is text, a number or true/false; give each inner value its own column, like ${describe(`${column}_${inner}`)}` });
  return '';
}

/** What a JSON value is, in words. */
function kind(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'a list';
  if (typeof value === 'object') return 'an object';
  return typeof value === 'string' ? 'text' : `a ${typeof value}`;
}

/** When an object holds one list (`{ "items": [...] }`), the hint to save that list alone. */
function innerList(value: unknown): string {
  if (typeof value !== 'object' || value === null) return '';
  const lists = Object.entries(value).filter(([, inner]) => Array.isArray(inner));
  return lists.length === 1 ? `; its ${describe(lists[0]![0])} holds a list: save that list alone` : '';
}

/** Where JSON.parse stopped, as a line and column of `text`, when its message says (the message is not echoed: it may quote the file). */
function near(text: string, error: unknown): string {
  const message = error instanceof Error ? error.message : '';
  const lineColumn = /line (\d+) column (\d+)/.exec(message);
  if (lineColumn) return ` near line ${lineColumn[1]}, column ${lineColumn[2]}`;
  const position = /position (\d+)/.exec(message);
  if (!position) return '';
  const before = text.slice(0, Number(position[1]));
  const lines = before.split('\n');
  return ` near line ${lines.length}, column ${lines.at(-1)!.length + 1}`;
}
