// Where pronunciation entries apply in a text, and the text as the voice should read it. Pure: no DOM.
// The rules are written out in docs/guardrails.md ("Pronunciations"); the tests are test/brand/match.test.ts.

import { pronunciationKey, type PronunciationEntry } from './pronunciations.js';

/** One place in a text where an entry applies: `text.slice(start, end)` is read as `entry.say`. */
export interface PronunciationMatch {
  readonly start: number;
  readonly end: number;
  readonly entry: PronunciationEntry;
}

/**
 * Scripts written without spaces between words (Chinese, Japanese, Thai, Lao, Khmer, Myanmar, Tibetan): a text
 * in them has no word boundary to check, so an entry's edge in one of them matches wherever its text appears.
 */
const UNSPACED = String.raw`\p{scx=Han}\p{scx=Hiragana}\p{scx=Katakana}\p{scx=Thai}\p{scx=Lao}\p{scx=Khmer}\p{scx=Myanmar}\p{scx=Tibetan}`;
/** A character that joins with its neighbours into one word: a letter, mark or digit of a spaced script. */
const JOINING = `(?![${UNSPACED}])[\\p{L}\\p{M}\\p{N}]`;
const joining = new RegExp(`^${JOINING}$`, 'u');

/** Regular-expression syntax characters, escaped so that an entry's text is matched literally. */
const escape = (text: string): string => text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');

interface Compiled {
  readonly entry: PronunciationEntry;
  readonly pattern: RegExp;
}

/**
 * The pattern of one entry: its text literally, any run of white space in it matching any run in the script,
 * and a word boundary checked at each edge whose character joins words (see `JOINING`).
 */
function compile(entry: PronunciationEntry): Compiled | undefined {
  const text = entry.text.trim();
  if (text === '') return undefined;
  const chars = [...text];
  const body = text.split(/\s+/u).map(escape).join('\\s+');
  const before = joining.test(chars[0]!) ? `(?<!${JOINING})` : '';
  const after = joining.test(chars[chars.length - 1]!) ? `(?!${JOINING})` : '';
  return { entry, pattern: new RegExp(`${before}${body}${after}`, entry.caseSensitive === true ? 'gu' : 'giu') };
}

/** Compiled lists, by list: a list is compiled once however often it is matched (lists are immutable). */
const compiled = new WeakMap<readonly PronunciationEntry[], readonly Compiled[]>();

function compileList(entries: readonly PronunciationEntry[]): readonly Compiled[] {
  let list = compiled.get(entries);
  if (list === undefined) {
    list = entries.map(compile).filter((item): item is Compiled => item !== undefined);
    compiled.set(entries, list);
  }
  return list;
}

/**
 * Where `entries` apply in `text`, in text order, none overlapping. Every occurrence of every entry is a
 * candidate; the longest candidate wins, then the one that starts first, then the entry listed first; a
 * candidate overlapping one already chosen is dropped. Matching is literal and whole-word (see `compile`),
 * and ignores case unless the entry is `caseSensitive` (Unicode simple case folding: "É" matches "é").
 */
export function matchPronunciations(text: string, entries: readonly PronunciationEntry[]): PronunciationMatch[] {
  if (text === '' || entries.length === 0) return [];
  const candidates: Array<PronunciationMatch & { order: number }> = [];
  compileList(entries).forEach(({ entry, pattern }, order) => {
    pattern.lastIndex = 0;
    for (let found = pattern.exec(text); found !== null; found = pattern.exec(text)) {
      candidates.push({ start: found.index, end: found.index + found[0].length, entry, order });
      pattern.lastIndex = found.index + 1;
    }
  });
  if (candidates.length === 0) return [];
  candidates.sort((a, b) => b.end - b.start - (a.end - a.start) || a.start - b.start || a.order - b.order);
  const taken = new Uint8Array(text.length);
  const chosen: PronunciationMatch[] = [];
  for (const candidate of candidates) {
    if (taken.subarray(candidate.start, candidate.end).includes(1)) continue;
    taken.fill(1, candidate.start, candidate.end);
    chosen.push({ start: candidate.start, end: candidate.end, entry: candidate.entry });
  }
  return chosen.sort((a, b) => a.start - b.start);
}

/** The entries that apply somewhere in `text`, each once, in list order. */
export function applyingPronunciations(text: string, entries: readonly PronunciationEntry[]): PronunciationEntry[] {
  const used = new Set(matchPronunciations(text, entries).map((match) => match.entry));
  return entries.filter((entry) => used.has(entry));
}

/** `text` with every match replaced by its entry's `say`: what a voice that knows no entries should read. */
export function respell(text: string, entries: readonly PronunciationEntry[]): string {
  let out = '';
  let at = 0;
  for (const match of matchPronunciations(text, entries)) {
    out += text.slice(at, match.start) + match.entry.say;
    at = match.end;
  }
  return out + text.slice(at);
}

/** Whether two lists hold the same entries (same text, say and case rule), in any order. */
export function samePronunciations(a: readonly PronunciationEntry[], b: readonly PronunciationEntry[]): boolean {
  if (a.length !== b.length) return false;
  const key = (entry: PronunciationEntry) => `${pronunciationKey(entry)}\u0000${entry.say}`;
  const keys = new Set(a.map(key));
  return b.every((entry) => keys.has(key(entry)));
}

const combined = new WeakMap<readonly PronunciationEntry[], WeakMap<readonly PronunciationEntry[], readonly PronunciationEntry[]>>();

/**
 * The list that applies to a project: the host's brand entries first, then the project's own, less those that
 * say the same text as a host entry (the brand's word wins). The same two lists give the same array back.
 */
export function brandAndProject(host: readonly PronunciationEntry[], project: readonly PronunciationEntry[]): readonly PronunciationEntry[] {
  if (project.length === 0) return host;
  if (host.length === 0) return project;
  let byProject = combined.get(host);
  if (byProject === undefined) combined.set(host, (byProject = new WeakMap()));
  let list = byProject.get(project);
  if (list === undefined) {
    const hostKeys = new Set(host.map(pronunciationKey));
    list = [...host, ...project.filter((entry) => !hostKeys.has(pronunciationKey(entry)))];
    byProject.set(project, list);
  }
  return list;
}
