// Input checks of request bodies: each failure is a 400 that names the field and what it must be.
import type { ScriptSection } from '../../../src/api/contract.js';
import { pronunciationProblems, type PronunciationEntry } from '../../../src/brand/pronunciations.js';
import { HttpError } from '../http.js';

const invalid = (field: string, what: string) => new HttpError(400, 'invalid_request', `${field} ${what}.`);

export function string(body: Record<string, unknown>, field: string, maxLength = 200, path = field): string {
  const value = body[field];
  if (typeof value !== 'string' || value.trim() === '') throw invalid(path, 'is required: a non-empty string');
  if (value.length > maxLength) throw invalid(path, `must be at most ${maxLength} characters`);
  return value;
}

export function optionalString(body: Record<string, unknown>, field: string, maxLength = 200, path = field): string | undefined {
  return body[field] === undefined ? undefined : string(body, field, maxLength, path);
}

export function number(body: Record<string, unknown>, field: string, min: number, max: number, path = field): number {
  const value = body[field];
  if (typeof value !== 'number' || !Number.isFinite(value) || value < min || value > max) {
    throw invalid(path, `must be a number from ${min} to ${max}`);
  }
  return value;
}

export function optionalNumber(body: Record<string, unknown>, field: string, min: number, max: number, fallback: number, path = field): number {
  return body[field] === undefined ? fallback : number(body, field, min, max, path);
}

export function integer(body: Record<string, unknown>, field: string, min: number, max: number, path = field): number {
  const value = number(body, field, min, max, path);
  if (!Number.isInteger(value)) throw invalid(path, `must be a whole number from ${min} to ${max}`);
  return value;
}

export function object(body: Record<string, unknown>, field: string, path = field): Record<string, unknown> {
  const value = body[field];
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw invalid(path, 'is required: an object');
  return value as Record<string, unknown>;
}

export function array(body: Record<string, unknown>, field: string, min: number, max: number, path = field): unknown[] {
  const value = body[field];
  if (!Array.isArray(value) || value.length < min || value.length > max) throw invalid(path, `must be an array of ${min} to ${max} items`);
  return value;
}

export function httpUrl(body: Record<string, unknown>, field: string): URL {
  const raw = string(body, field, 2048);
  try {
    const url = new URL(raw);
    if (url.protocol === 'http:' || url.protocol === 'https:') return url;
  } catch {
    // reported below
  }
  throw invalid(field, 'must be an absolute http(s) URL');
}

export function sections(body: Record<string, unknown>, field: string, path = field): ScriptSection[] {
  return array(body, field, 1, 20, path).map((item, index) => {
    const at = `${path}[${index}]`;
    if (typeof item !== 'object' || item === null || Array.isArray(item)) throw invalid(at, 'must be an object { id, label, text }');
    const entry = item as Record<string, unknown>;
    return {
      id: string(entry, 'id', 100, `${at}.id`),
      label: typeof entry['label'] === 'string' ? entry['label'] : string(entry, 'id', 100, `${at}.id`),
      text: string(entry, 'text', 2000, `${at}.text`),
    };
  });
}

/** The range of `duration` (seconds) the emulator accepts. */
export const DURATION = { min: 5, max: 120 } as const;

/**
 * Optional pronunciation entries `[{ text, say, case_sensitive? }]` (at most 1,000, each `text` and `say` 1 to
 * 200 characters, no duplicates), as the brand rules read them; none when the field is absent.
 */
export function pronunciations(body: Record<string, unknown>, field: string): PronunciationEntry[] {
  const value = body[field];
  if (value === undefined) return [];
  if (!Array.isArray(value)) throw invalid(field, 'must be an array of { text, say, case_sensitive? }');
  const entries = value.map((item: unknown, index) => {
    if (typeof item !== 'object' || item === null || Array.isArray(item)) throw invalid(`${field}[${index}]`, 'must be an object { text, say, case_sensitive? }');
    const { case_sensitive: caseSensitive, ...rest } = item as Record<string, unknown>;
    if (caseSensitive !== undefined && typeof caseSensitive !== 'boolean') throw invalid(`${field}[${index}].case_sensitive`, 'must be true or false');
    return { ...rest, ...(caseSensitive === true ? { caseSensitive } : {}) } as unknown as PronunciationEntry;
  });
  const problem = pronunciationProblems(entries)[0];
  if (problem !== undefined) throw invalid(problem.index < 0 ? field : `${field}[${problem.index}]${problem.field === undefined ? '' : `.${problem.field}`}`, `is wrong: ${problem.message}`);
  return entries;
}
