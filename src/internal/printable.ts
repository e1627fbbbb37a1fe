// Values set in a line of ours as plain text: the grid's keys, each value the command line tools print (one at a
// time, so that none can start a line of its own). The escaping itself is describe.ts's (`printableLines`, which
// the first paint's `studio-error` uses too).

import { printableLines } from './describe.js';

/**
 * `text` whole and unquoted, with every control character (line feeds and carriage returns too: a value is one
 * line), ANSI escape, line or paragraph separator and bidi override or isolate written as `\uXXXX`: a value from a
 * file, a feed, a service or an argument, set in a line of ours.
 */
export const printable = (text: string): string => printableLines(text).replace(/\n/g, '\\u000a');

/** What `JSON.stringify` leaves raw in a string and `printable` writes out: DEL, C1, bidi marks, overrides, isolates, separators. */
const JSON_UNPRINTABLE = /[\u007f-\u009f\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]/g;

/**
 * `value` as JSON, two spaces an indent, with the characters JSON leaves raw in a string written as `\uXXXX` too:
 * the same values, parsed back, and every line of it stays text on a terminal (its only line feeds are its own).
 */
export const printableJson = (value: unknown): string => JSON.stringify(value, null, 2).replace(JSON_UNPRINTABLE, (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`);
