// The small checks that documents are read with: each `Shape` reads one value at a path and adds an issue per
// problem, naming the path and what was expected. Used by the checks of a whole document (./validate.ts) and by
// the edits that take whole values from their caller (./feed-edits.ts), so both say the same words.
import { describe } from '../config/checks.js';
import type { ProjectIssue } from './project-error.js';

export type Issues = ProjectIssue[];
export type Shape = (value: unknown, path: string, issues: Issues) => void;

export const fail = (issues: Issues, path: string, what: string, value: unknown) => {
  issues.push({ path, message: `expected ${what}, got ${describe(value)}` });
};

/** Whether a value is a JSON-like plain object. */
export const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

export const str: Shape = (v, p, i) => {
  if (typeof v !== 'string') fail(i, p, 'a string', v);
};
export const id: Shape = (v, p, i) => {
  if (typeof v !== 'string' || v.length === 0 || v.length > 200) fail(i, p, 'a non-empty id of at most 200 characters', v);
};
export const bool: Shape = (v, p, i) => {
  if (typeof v !== 'boolean') fail(i, p, 'true or false', v);
};
export const num =
  (min: number, max: number, unit = ''): Shape =>
  (v, p, i) => {
    if (typeof v !== 'number' || !Number.isFinite(v)) return fail(i, p, `a number${unit}`, v);
    if (v < min || v > max) fail(i, p, `a number from ${min} to ${max}${unit}`, v);
  };
/** Text of at most `max` characters (`what` names it in the message: "a comment's body"). */
export const text =
  (max: number, what = 'text'): Shape =>
  (v, p, i) => {
    if (typeof v !== 'string' || v.length > max) fail(i, p, `${what} of at most ${max} characters`, typeof v === 'string' ? `${v.length} characters` : v);
  };
export const oneOf =
  (...values: readonly (string | number)[]): Shape =>
  (v, p, i) => {
    if (!values.includes(v as string)) fail(i, p, `one of ${values.map((x) => JSON.stringify(x)).join(', ')}`, v);
  };
export const nullable =
  (shape: Shape): Shape =>
  (v, p, i) => {
    if (v !== null) shape(v, p, i);
  };
/** An object from the service, kept as it came: only its identifying fields are checked. */
export const serviceObject =
  (fields: Record<string, Shape>): Shape =>
  (v, p, i) => {
    if (!isObject(v)) return fail(i, p, 'an object', v);
    for (const [key, shape] of Object.entries(fields)) shape(v[key], `${p}.${key}`, i);
  };
/** An object with exactly these fields (`optional` ones may be absent); any other field is refused. */
export const object =
  (fields: Record<string, Shape>, optional: Record<string, Shape> = {}): Shape =>
  (v, p, i) => {
    if (!isObject(v)) return fail(i, p, 'an object', v);
    for (const [key, shape] of Object.entries(fields)) shape(v[key], `${p}.${key}`, i);
    for (const [key, shape] of Object.entries(optional)) if (v[key] !== undefined) shape(v[key], `${p}.${key}`, i);
    for (const key of Object.keys(v)) {
      if (!(key in fields) && !(key in optional)) i.push({ path: `${p}.${key}`, message: 'is not a known field of the project document' });
    }
  };
export const list =
  (shape: Shape, max = 10_000): Shape =>
  (v, p, i) => {
    if (!Array.isArray(v)) return fail(i, p, 'an array', v);
    if (v.length > max) return fail(i, p, `at most ${max} entries`, `${v.length} entries`);
    v.forEach((item, index) => shape(item, `${p}[${index}]`, i));
  };
/** `shape`, and no two entries with the same `key`. */
export const uniqueIds =
  (shape: Shape, key: string): Shape =>
  (v, p, i) => {
    shape(v, p, i);
    if (!Array.isArray(v)) return;
    const seen = new Set<unknown>();
    v.forEach((item, index) => {
      const value = isObject(item) ? item[key] : undefined;
      if (value !== undefined && seen.has(value)) i.push({ path: `${p}[${index}].${key}`, message: `is a duplicate of an earlier ${key}: ${describe(value)}` });
      seen.add(value);
    });
  };

/** What `shape` finds wrong in `value` at `path` (none: an empty list). */
export function issuesOf(shape: Shape, value: unknown, path: string): Issues {
  const issues: Issues = [];
  shape(value, path, issues);
  return issues;
}
