// Values set in a line of ours as plain text: the grid's keys, the command line tools' output. The escaping itself
// is describe.ts's (`printableLines`, which the first paint's `studio-error` uses too).

import { printableLines } from './describe.js';

/**
 * `text` whole and unquoted, with every control character (line feeds too: a value is one line), ANSI escape and
 * bidi override or isolate written as `\uXXXX`: a value from a file, a feed or a service, set in a line of ours.
 */
export const printable = (text: string): string => printableLines(text).replace(/\n/g, '\\u000a');

/**
 * What a command line tool prints: `printable` line by line, keeping only the line feeds that end its lines, so
 * that nothing a feed or a service wrote can clear the screen, set the title or turn the rest of a line around.
 */
export const terminalText = printableLines;
