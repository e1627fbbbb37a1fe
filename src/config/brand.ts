// The brand keys of a configuration: the licensed voices and tracks, the host's pronunciations, and the
// request field that carries pronunciations to the service.

import { PRONUNCIATIONS_FIELD } from '../api/contract.js';
import { pronunciationProblems, type PronunciationEntry } from '../brand/pronunciations.js';
import { describe, identifier, type Check } from './checks.js';

/** The most ids in `vocal.voices` or `music.tracks`. */
export const MAX_APPROVED_IDS = 1000;

/** A list of library ids (`vocal.voices`, `music.tracks`): 1 to 1,000 ids; one given twice is kept once. */
export const idList =
  (what: 'voice' | 'track'): Check<readonly string[]> =>
  (value, path, issues) => {
    if (!Array.isArray(value) || value.length === 0 || value.length > MAX_APPROVED_IDS) {
      return issues.add(path, `expected a list of 1 to ${MAX_APPROVED_IDS} ${what} ids from the service's library, got ${Array.isArray(value) ? `${value.length} ids` : describe(value)}`);
    }
    const ids: string[] = [];
    value.forEach((item: unknown, index) => {
      const id = identifier(128)(item, `${path}[${index}]`, issues);
      if (id !== undefined && !ids.includes(id)) ids.push(id);
    });
    return Object.freeze(ids);
  };

/** The host's pronunciation list: every problem `pronunciationProblems` finds, at the entry's path, its text quoted. */
export const pronunciationList: Check<readonly PronunciationEntry[]> = (value, path, issues) => {
  const problems = pronunciationProblems(value);
  for (const problem of problems) {
    if (problem.index < 0) {
      issues.add(path, problem.message);
      continue;
    }
    const entry = (value as unknown[])[problem.index] as { text?: unknown } | null;
    const named = typeof entry?.text === 'string' && entry.text.trim() !== '' && problem.field !== 'text' ? ` (${describe(entry.text)})` : '';
    issues.add(`${path}[${problem.index}]${problem.field === undefined ? '' : `.${problem.field}`}`, `entry ${problem.index + 1}${named}: ${problem.message}`);
  }
  if (problems.length > 0) return undefined;
  return Object.freeze(
    (value as PronunciationEntry[]).map((entry) => Object.freeze({ text: entry.text, say: entry.say, ...(entry.caseSensitive === undefined ? {} : { caseSensitive: entry.caseSensitive }) })),
  );
};

/** Fields of the voice-over request that the pronunciations cannot be sent under. */
const REQUEST_FIELDS = ['project_id', 'text', 'voice_id', 'speed', 'section_id'];

/** `api.pronunciationsField`: a JSON field name that is not already one of the request's, or `null`. */
export const pronunciationsField: Check<string> = (value, path, issues) => {
  if (typeof value !== 'string' || !/^[A-Za-z_][A-Za-z0-9_]{0,63}$/.test(value)) {
    return issues.add(path, `expected a field name like "${PRONUNCIATIONS_FIELD}" (letters, digits, _), or null to respell the text in the editor, got ${describe(value)}`);
  }
  if (REQUEST_FIELDS.includes(value)) return issues.add(path, `"${value}" is already a field of the voice-over request (${REQUEST_FIELDS.join(', ')}): choose another name`);
  return value;
};
