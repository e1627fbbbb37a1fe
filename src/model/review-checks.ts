// The checks of the document's review (schema 7; a decision's `jws` schema 8), by path: comments with their threads and anchors, and the
// decisions on versions. Read by the checks of a whole document (./validate.ts).
import { describe } from '../config/checks.js';
import { REVIEW_LIMITS } from './document.js';
import { fail, id, isObject, list, object, oneOf, text, uniqueIds, type Shape } from './shapes.js';

/** An ISO 8601 date and time with its zone (`Z` or `+02:00`), as `Date.prototype.toISOString` writes it. */
const ISO_DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d{1,9})?)?(?:Z|[+-]\d{2}:\d{2})$/;

const isoTime: Shape = (v, p, i) => {
  if (typeof v !== 'string' || !ISO_DATE_TIME.test(v) || !Number.isFinite(Date.parse(v))) {
    fail(i, p, 'an ISO 8601 date and time with its zone, like "2026-05-01T09:30:00Z"', v);
  }
};

/** Text that is not empty, of at most `max` characters. */
const filled =
  (max: number, what: string): Shape =>
  (v, p, i) => {
    if (typeof v !== 'string' || v === '' || v.length > max) fail(i, p, `${what}: text, not empty, of at most ${max} characters`, v);
  };

/** Seconds on a version's timeline: a finite number, 0 or more. */
const seconds: Shape = (v, p, i) => {
  if (typeof v !== 'number' || !Number.isFinite(v) || v < 0) fail(i, p, 'a number of seconds, 0 or more', v);
};

const person = object({ id: filled(REVIEW_LIMITS.person, "a person's id"), name: filled(REVIEW_LIMITS.person, "a person's name") }, { role: filled(REVIEW_LIMITS.person, "a person's role") });

const anchor: Shape = (v, p, i) => {
  object({ version: id, start: seconds, end: seconds }, { clip: object({ id, offset: seconds }) })(v, p, i);
  if (isObject(v) && typeof v['start'] === 'number' && typeof v['end'] === 'number' && v['end'] < v['start']) {
    i.push({ path: `${p}.end`, message: `expected a time at or after start (${v['start']}), got ${v['end']}: a range ends where it starts or later` });
  }
};

const orphaned: Shape = (v, p, i) => {
  if (v !== true) fail(i, p, 'true (a comment whose audio is there has no "orphaned" field)', v);
};

/** One comment (also what a `review/comment` makes is checked with). */
export const commentShape = object(
  { id, thread: id, body: text(REVIEW_LIMITS.body, "a comment's body: text"), author: person, at: isoTime, anchor },
  { resolved: object({ by: person, at: isoTime }), orphaned },
);

/** The comments: distinct ids, each in the thread of a comment of the list. */
const comments: Shape = (v, p, i) => {
  uniqueIds(list(commentShape), 'id')(v, p, i);
  if (!Array.isArray(v)) return;
  const ids = new Set(v.map((entry: unknown) => (isObject(entry) ? entry['id'] : undefined)));
  v.forEach((entry: unknown, index) => {
    const thread = isObject(entry) ? entry['thread'] : undefined;
    if (typeof thread === 'string' && thread !== '' && !ids.has(thread)) {
      i.push({ path: `${p}[${index}].thread`, message: `names no comment of the review (${describe(thread)}): a thread is the id of its first comment, which is its own thread` });
    }
  });
};

/** The most characters of a decision's `jws` (a note of 2,000 characters, in UTF-8 and base64url, fits). */
export const JWS_MAX_LENGTH = 16384;

const compactJws: Shape = (v, p, i) => {
  if (typeof v !== 'string' || v.length > JWS_MAX_LENGTH || !/^[\w-]+\.[\w-]+\.[\w-]+$/.test(v)) fail(i, p, `a compact JWS (header.payload.signature, base64url) of at most ${JWS_MAX_LENGTH} characters`, v);
};

const LABELS = ['approved', 'approved-with-changes', 'changes-required'] as const;

/** One decision (also what a `review/decide` makes is checked with). */
export const decisionShape: Shape = (v, p, i) => {
  object(
    { id, version: id, reviewer: person, at: isoTime, label: oneOf(...LABELS), contentHash: filled(REVIEW_LIMITS.contentHash, 'a content hash') },
    // Schema 8: the host's signature (a compact JWS: three base64url parts); what it signed is checked where keys are.
    { note: text(REVIEW_LIMITS.note, "a decision's note: text"), jws: compactJws },
  )(v, p, i);
  if (!isObject(v) || v['label'] !== 'changes-required') return;
  const note = v['note'];
  if (note === undefined || (typeof note === 'string' && note.trim() === '')) i.push({ path: `${p}.note`, message: 'is required with "changes-required": say what must change' });
};

/** The review: comments and decisions. */
export const reviewShape = object({ comments, decisions: uniqueIds(list(decisionShape), 'id') });
