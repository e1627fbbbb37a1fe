// The brand's pronunciation entries: what an entry may hold, and the words for what is wrong with a list.
// The host's `vocal.pronunciations` and the project's own list are checked here, by config and model alike.

/** How the voice must say a word or phrase: `text` as written, `say` as read. See `Pronunciation` in the model. */
export interface PronunciationEntry {
  readonly text: string;
  readonly say: string;
  /** Match `text` only in this case; default: any case. */
  readonly caseSensitive?: boolean;
}

/** The most entries in one list, and the most characters of `text` and of `say`. */
export const PRONUNCIATION_LIMITS = { entries: 1000, chars: 200 } as const;

/** One problem with a list of entries, addressed by the entry's index (`-1`: the list itself). */
export interface PronunciationProblem {
  readonly index: number;
  /** The field at fault, when one is. */
  readonly field?: 'text' | 'say' | 'caseSensitive';
  readonly message: string;
}

/** The key under which two entries are the same entry: their text, in lower case unless case-sensitive. */
export const pronunciationKey = (entry: PronunciationEntry): string => (entry.caseSensitive === true ? `=${entry.text.trim()}` : `~${entry.text.trim().toLowerCase()}`);

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * Every problem with `value` as a list of pronunciation entries: not a list, more than 1,000 entries, an entry
 * that is not `{ text, say, caseSensitive? }`, an empty or over-long `text` or `say` (200 characters), an
 * unknown field, or a duplicate of an earlier entry (same text under the same case rule). Empty when fine.
 */
export function pronunciationProblems(value: unknown): PronunciationProblem[] {
  if (!Array.isArray(value)) return [{ index: -1, message: 'expected a list of { text, say } entries' }];
  if (value.length > PRONUNCIATION_LIMITS.entries) return [{ index: -1, message: `holds at most ${PRONUNCIATION_LIMITS.entries} entries; this one has ${value.length}` }];
  const problems: PronunciationProblem[] = [];
  const seen = new Map<string, number>();
  value.forEach((entry: unknown, index) => {
    if (!isObject(entry)) return void problems.push({ index, message: 'expected an entry { text, say }' });
    for (const field of ['text', 'say'] as const) {
      const text = entry[field];
      if (typeof text !== 'string' || text.trim() === '') problems.push({ index, field, message: `${field} is empty: write the ${field === 'text' ? 'word or phrase as the script has it' : 'way the voice should say it'}` });
      else if (text.length > PRONUNCIATION_LIMITS.chars) problems.push({ index, field, message: `${field} holds at most ${PRONUNCIATION_LIMITS.chars} characters; this one has ${text.length}` });
    }
    if (entry['caseSensitive'] !== undefined && typeof entry['caseSensitive'] !== 'boolean') problems.push({ index, field: 'caseSensitive', message: 'caseSensitive is true or false' });
    for (const key of Object.keys(entry)) {
      if (key !== 'text' && key !== 'say' && key !== 'caseSensitive') problems.push({ index, message: `"${key}" is not a field of an entry (text, say, caseSensitive)` });
    }
    if (typeof entry['text'] !== 'string') return;
    const key = pronunciationKey(entry as unknown as PronunciationEntry);
    const earlier = seen.get(key);
    if (earlier === undefined) seen.set(key, index);
    else problems.push({ index, field: 'text', message: `"${entry['text'].slice(0, 60)}" is already said by entry ${earlier + 1}: edit that entry instead` });
  });
  return problems;
}
