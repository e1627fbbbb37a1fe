// The part of papaparse's API that the feed import uses (papaparse 5.7, https://www.papaparse.com/docs), declared
// here rather than with @types/papaparse: those types reference Node's (`stream`), which would enter the
// editor's DOM-only type check (tsconfig.json, `types: []`).
declare module 'papaparse' {
  /** A problem papaparse met; `row` counts from 0, the header included. */
  export interface ParseError {
    type: 'Quotes' | 'Delimiter' | 'FieldMismatch';
    code: 'MissingQuotes' | 'UndetectableDelimiter' | 'TooFewFields' | 'TooManyFields' | 'InvalidQuotes';
    message: string;
    row?: number;
    index?: number;
  }

  export interface ParseResult<T> {
    data: T[];
    errors: ParseError[];
  }

  export interface ParseConfig {
    delimiter?: string;
    skipEmptyLines?: boolean | 'greedy';
  }

  /** Parses CSV text, synchronously, into rows of values (no `header` option: the first row is a row). */
  export function parse<T>(text: string, config?: ParseConfig): ParseResult<T>;

  const Papa: { parse: typeof parse };
  export default Papa;
}
