import type { ConfigIssue } from '../errors.js';
import { describe, quote } from '../internal/describe.js';

export { describe };

/** Collects the problems found while reading a configuration, in the order they were found. */
export class IssueList {
  readonly items: ConfigIssue[] = [];

  add(path: string, message: string): undefined {
    this.items.push({ path, message });
    return undefined;
  }
}

/** A check reads one value; on a problem it records an issue and returns `undefined`. */
export type Check<T> = (value: unknown, path: string, issues: IssueList) => T | undefined;

/** The path of `key` inside `path`: `config.theme.accent`, or `config.i18n.strings["panel.export"]` for other keys. */
export function keyPath(path: string, key: string): string {
  return /^[A-Za-z_$][\w$-]{0,63}$/.test(key) ? `${path}.${key}` : `${path}[${quote(key)}]`;
}

const expected = (path: string, issues: IssueList, what: string, value: unknown) =>
  issues.add(path, `expected ${what}, got ${describe(value)}`);

/** Levenshtein distance, for did-you-mean suggestions on unknown keys. */
function distance(a: string, b: string): number {
  const row = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    let previous = row[0]!;
    row[0] = i;
    for (let j = 1; j <= b.length; j++) {
      const current = row[j]!;
      row[j] = Math.min(row[j]! + 1, row[j - 1]! + 1, previous + (a[i - 1] === b[j - 1] ? 0 : 1));
      previous = current;
    }
  }
  return row[b.length]!;
}

/** The closest known key, if it is close enough to be a likely typo. */
export function closest(key: string, known: readonly string[]): string | undefined {
  let best: string | undefined;
  let bestScore = Infinity;
  for (const candidate of known) {
    const score = distance(key.toLowerCase(), candidate.toLowerCase());
    if (score < bestScore) {
      best = candidate;
      bestScore = score;
    }
  }
  return bestScore <= Math.max(2, Math.floor(key.length / 3)) ? best : undefined;
}

/** Reads a plain object with a fixed set of keys; unknown keys are reported with a suggestion. */
export function readObject(
  value: unknown,
  path: string,
  issues: IssueList,
  known: readonly string[],
): Record<string, unknown> | undefined {
  if (value === undefined) return {};
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    return expected(path, issues, 'an object', value);
  }
  const record = value as Record<string, unknown>;
  for (const key of Object.keys(record)) {
    if (known.includes(key) || isAccountKeyName(key)) continue;
    const suggestion = closest(key, known);
    issues.add(
      keyPath(path, key),
      suggestion === undefined
        ? `unknown key; the keys of ${path} are ${known.join(', ')}`
        : `unknown key; did you mean "${suggestion}"?`,
    );
  }
  return record;
}

/** Reads `object[key]` with `check`, or gives `fallback` when it is absent or wrong. */
export function field<T>(
  object: Record<string, unknown> | undefined,
  key: string,
  path: string,
  issues: IssueList,
  check: Check<T>,
  fallback: T,
): T {
  const value = object?.[key];
  if (value === undefined) return fallback;
  return check(value, `${path}.${key}`, issues) ?? fallback;
}

/** Like `field`, but the key must be present. */
export function required<T>(
  object: Record<string, unknown> | undefined,
  key: string,
  path: string,
  issues: IssueList,
  check: Check<T>,
  what: string,
): T | undefined {
  if (object === undefined) return undefined;
  if (object[key] === undefined) return issues.add(`${path}.${key}`, `is required: ${what}`);
  return check(object[key], `${path}.${key}`, issues);
}

const CONTROL = /[\u0000-\u001f\u007f]/;

export const text =
  (options: { max: number; what?: string; nonEmpty?: boolean } = { max: 1000 }): Check<string> =>
  (value, path, issues) => {
    if (typeof value !== 'string') return expected(path, issues, options.what ?? 'a string', value);
    if (options.nonEmpty !== false && value.trim() === '') return expected(path, issues, `${options.what ?? 'a string'} that is not empty`, value);
    if (value.length > options.max) return issues.add(path, `expected at most ${options.max} characters, got ${value.length}`);
    return value;
  };

/** An opaque identifier: printable, no control characters. */
export const identifier =
  (max: number): Check<string> =>
  (value, path, issues) => {
    const id = text({ max, what: 'an id string' })(value, path, issues);
    if (id === undefined) return undefined;
    if (CONTROL.test(id)) return issues.add(path, 'expected an id without control characters (newlines, tabs, NUL)');
    return id;
  };

export const bool: Check<boolean> = (value, path, issues) =>
  typeof value === 'boolean' ? value : expected(path, issues, 'true or false', value);

export const func: Check<(...args: never[]) => unknown> = (value, path, issues) =>
  typeof value === 'function' ? (value as (...args: never[]) => unknown) : expected(path, issues, 'a function', value);

export const number =
  (min: number, max: number, unit: string, options: { integer?: boolean } = {}): Check<number> =>
  (value, path, issues) => {
    const kind = options.integer ? 'an integer' : 'a number';
    if (typeof value !== 'number' || !Number.isFinite(value) || (options.integer && !Number.isInteger(value)) || value < min || value > max) {
      return expected(path, issues, `${kind} from ${min} to ${max}${unit ? ` (${unit})` : ''}`, value);
    }
    return value;
  };

export const oneOf =
  <T extends string>(choices: readonly T[]): Check<T> =>
  (value, path, issues) =>
    typeof value === 'string' && (choices as readonly string[]).includes(value)
      ? (value as T)
      : expected(path, issues, `one of ${choices.map((c) => JSON.stringify(c)).join(', ')}`, value);

const LENGTH = /^(?:0|(?:\d+(?:\.\d+)?|\.\d+)(?:px|em|rem|%|vh|vw|dvh|svh|lvh|vmin|vmax|ch|ex|cm|mm|in|pt|pc))$/;

export const cssLength: Check<string> = (value, path, issues) =>
  typeof value === 'string' && LENGTH.test(value.trim())
    ? value.trim()
    : expected(path, issues, 'a CSS length like "640px" or "80vh"', value);

/** Characters and words that could break out of a custom property value or load something. */
const CSS_INJECTION = /[;{}<>\\@]|\/\*|url\s*\(|image\s*\(|image-set\s*\(|expression\s*\(|var\s*\(|attr\s*\(|!important/i;

export const cssColor: Check<string> = (value, path, issues) => {
  if (typeof value !== 'string') return expected(path, issues, 'a CSS colour like "#1a73e8" or "rgb(26 115 232)"', value);
  const colour = value.trim();
  const injected = CSS_INJECTION.exec(colour);
  if (injected) {
    return issues.add(path, `expected a plain CSS colour, got ${describe(value)}, which contains "${injected[0]}"; theme values may not carry CSS code`);
  }
  const valid = typeof CSS !== 'undefined' && typeof CSS.supports === 'function' ? CSS.supports('color', colour) : /^#[0-9a-f]{3,8}$/i.test(colour);
  return valid ? colour : expected(path, issues, 'a CSS colour like "#1a73e8" or "rgb(26 115 232)"', value);
};

const FONT_FAMILY = /^[\p{L}\p{N}\s"',._-]+$/u;

export const fontFamily: Check<string> = (value, path, issues) => {
  if (typeof value !== 'string' || value.length > 300 || !FONT_FAMILY.test(value) || CSS_INJECTION.test(value)) {
    return expected(path, issues, 'a font-family list like "\\"Inter\\", system-ui, sans-serif" (letters, digits, spaces, quotes, commas, hyphens)', value);
  }
  return value.trim();
};

/** An absolute http(s) URL without credentials, query or fragment. */
export const httpUrl =
  (what: string): Check<string> =>
  (value, path, issues) => {
    if (typeof value !== 'string') return expected(path, issues, what, value);
    let url: URL;
    try {
      url = new URL(value);
    } catch {
      return expected(path, issues, what, value);
    }
    if (url.protocol !== 'https:' && url.protocol !== 'http:') return expected(path, issues, `${what} (http or https)`, value);
    if (url.username !== '' || url.password !== '') return issues.add(path, 'expected a URL without a user name or password in it');
    return url.href;
  };

/** Key names that would hold the account API key, which must never reach the browser. */
export function isAccountKeyName(key: string): boolean {
  return /^(?:x[-_]?)?api[-_]?key$|^(?:account|secret)[-_]?key$|^api[-_]?secret$/i.test(key);
}

/** Finds account-key-like keys anywhere in the config (bounded depth; cycles ignored). */
export function findAccountKeys(value: unknown, path: string, seen = new Set<unknown>(), depth = 0): string[] {
  if (typeof value !== 'object' || value === null || seen.has(value) || depth > 6) return [];
  seen.add(value);
  const found: string[] = [];
  for (const [key, inner] of Object.entries(value)) {
    const innerPath = keyPath(path, key);
    if (isAccountKeyName(key)) found.push(innerPath);
    found.push(...findAccountKeys(inner, innerPath, seen, depth + 1));
  }
  return found;
}
