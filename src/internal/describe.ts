// A value described for a message, briefly and safely: strings quoted and shortened, control and bidi characters
// escaped. Low, so that every floor's messages (the config's checks, the delivery's rules) quote the same way.

/** Control (but the line feed), bidi-override and isolate characters, which would garble or reorder a message. */
const UNPRINTABLE = /[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]/g;

/**
 * `text` with every control character but the line feed, ANSI escape and bidi mark, override or isolate written as
 * `\uXXXX`: a message quoting a value from a file, a feed or a service stays text (`studio-error`, a terminal).
 */
export const printableLines = (text: string): string => text.replace(UNPRINTABLE, (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`);

/** A string quoted for a message: shortened, with control and bidi characters escaped as `\uXXXX` (JSON writes `\n`). */
export function quote(value: string): string {
  const shown = value.length > 48 ? `${value.slice(0, 45)}...` : value;
  return printableLines(JSON.stringify(shown));
}

/** Describes a found value briefly and safely (strings quoted and shortened). */
export function describe(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  switch (typeof value) {
    case 'string':
      return quote(value);
    case 'number':
    case 'boolean':
    case 'bigint':
      return String(value);
    case 'function':
      return 'a function';
    case 'undefined':
      return 'undefined';
    case 'symbol':
      return 'a symbol';
    default:
      return 'an object';
  }
}
