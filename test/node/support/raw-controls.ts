/**
 * A control (C0 but the line feed, DEL, C1), bidi mark, embedding, override or isolate character left raw: what no
 * line a command prints, nor a report, may hold (issue 54).
 */
export const RAW_CONTROL = /[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u200e\u200f\u202a-\u202e\u2066-\u2069]/u;
