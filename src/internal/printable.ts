// Values set in a line of ours as plain text: the grid's keys, the command line tools' output. A module of its own,
// apart from describe.ts (which the first paint loads): what loads later keeps it out of the first paint.

/** Control (C0, DEL, C1), line and paragraph separator, bidi mark, embedding, override and isolate characters. */
const UNPRINTABLE = /[\u0000-\u001f\u007f-\u009f\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]/g;

/**
 * `text` whole and unquoted, with every control character (line feeds too: a value is one line), ANSI escape and
 * bidi override or isolate written as `\uXXXX`: a value from a file, a feed or a service, set in a line of ours.
 */
export const printable = (text: string): string => text.replace(UNPRINTABLE, (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`);

/**
 * What a command line tool prints: `printable` line by line, keeping only the line feeds that end its lines, so
 * that nothing a feed or a service wrote can clear the screen, set the title or turn the rest of a line around.
 */
export const terminalText = (text: string): string => text.split('\n').map(printable).join('\n');
