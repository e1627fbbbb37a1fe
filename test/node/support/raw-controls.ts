/**
 * A control (C0 but the line feed, DEL, C1), bidi mark, embedding, override or isolate character left raw: what no
 * line a command prints, nor a report, may hold (issue 54).
 */
export const RAW_CONTROL = /[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u200e\u200f\u202a-\u202e\u2066-\u2069]/u;

/** A line break but the line feed (CR, U+2028, U+2029): in printed output, only the program's own line feeds end lines. */
export const RAW_BREAK = /[\r\u2028\u2029]/;

/** Any line break: what a message quoting outside values (one line) may not hold. */
export const LINE_BREAK = /[\n\r\u2028\u2029]/;
