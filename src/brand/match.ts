// Where pronunciation entries apply in a text, and the text as the voice should read it. Pure: no DOM.
// The rules are written out in docs/guardrails.md ("Pronunciations"); the tests are test/node/brand/match.test.ts.

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
const JOINING = `^(?![${UNSPACED}])[\\p{L}\\p{M}\\p{N}]$`;
/** Made at the first match, not when the module loads: its Unicode sets take a few milliseconds to build. */
let joining: RegExp | undefined;

/** Whether a character (one code point) joins words. Decided once per character. */
const joinCache = new Map<string, boolean>();
function joins(char: string): boolean {
  let known = joinCache.get(char);
  if (known === undefined) joinCache.set(char, (known = (joining ??= new RegExp(JOINING, 'u')).test(char)));
  return known;
}

/**
 * A character in a form where case does not count: its upper case, then that in lower case (so `ς`, `σ`
 * and `Σ` are one), each step kept only when it stays one character (Unicode simple case folding, nearly:
 * `ß` and `SS`, `İ` and `i̇` stay apart).
 */
const foldCache = new Map<string, string>();
function fold(char: string): string {
  let folded = foldCache.get(char);
  if (folded === undefined) {
    const one = (text: string, or: string) => ([...text].length === 1 ? text : or);
    const upper = one(char.toUpperCase(), char);
    foldCache.set(char, (folded = one(upper.toLowerCase(), upper)));
  }
  return folded;
}

const SPACE = /^\s$/u;
/** What a run of white space is in a key. */
const GAP = ' ';

/** A trie of entry texts by character; `ends` are the orders of the entries whose text ends at the node. */
interface Node {
  readonly next: Map<string, Node>;
  ends?: number[];
}

interface Compiled {
  readonly entries: readonly PronunciationEntry[];
  /** Whether the entry's first (last) character joins words, so that the text's neighbour there must not. */
  readonly checkBefore: readonly boolean[];
  readonly checkAfter: readonly boolean[];
  /** Case-insensitive entries by their folded characters, case-sensitive ones by their own. */
  readonly folded: Node;
  readonly exact: Node;
}

/**
 * A list ready to match: each entry's text, trimmed, as characters (code points) with every run of white
 * space as one `GAP`, put in the trie of its case rule. The text is never a pattern: each character is itself.
 */
function compile(entries: readonly PronunciationEntry[]): Compiled {
  const folded: Node = { next: new Map() };
  const exact: Node = { next: new Map() };
  const checkBefore: boolean[] = [];
  const checkAfter: boolean[] = [];
  entries.forEach((entry, order) => {
    const chars = [...entry.text.trim()];
    checkBefore.push(chars.length > 0 && joins(chars[0]!));
    checkAfter.push(chars.length > 0 && joins(chars[chars.length - 1]!));
    if (chars.length === 0) return;
    const sensitive = entry.caseSensitive === true;
    let node = sensitive ? exact : folded;
    let gap = false;
    for (const char of chars) {
      if (SPACE.test(char)) {
        gap = true;
        continue;
      }
      for (const key of gap ? [GAP, sensitive ? char : fold(char)] : [sensitive ? char : fold(char)]) {
        let child = node.next.get(key);
        if (child === undefined) node.next.set(key, (child = { next: new Map() }));
        node = child;
      }
      gap = false;
    }
    (node.ends ??= []).push(order);
  });
  return { entries, checkBefore, checkAfter, folded, exact };
}

/** Compiled lists, by list: a list is compiled once however often it is matched (lists are immutable). */
const compiled = new WeakMap<readonly PronunciationEntry[], Compiled>();

function compileList(entries: readonly PronunciationEntry[]): Compiled {
  let list = compiled.get(entries);
  if (list === undefined) compiled.set(entries, (list = compile(entries)));
  return list;
}

interface Candidate extends PronunciationMatch {
  readonly order: number;
}

/**
 * Every occurrence of an entry of `root` in the text (given as its characters and their offsets), as
 * candidates: from each character, the trie is walked as far as the text follows it; a run of white space in
 * the text follows a `GAP`. An occurrence whose joining edge has a joining neighbour is not one.
 */
function occurrences(list: Compiled, root: Node, chars: readonly string[], keys: readonly string[], offsets: readonly number[], out: Candidate[]): void {
  if (root.next.size === 0) return;
  for (let from = 0; from < chars.length; from++) {
    let node: Node | undefined = root;
    let at = from;
    while (at < chars.length) {
      if (keys[at] === GAP) {
        node = node.next.get(GAP);
        while (at < chars.length && keys[at] === GAP) at++;
        if (node === undefined || at === chars.length) break;
      }
      node = node.next.get(keys[at]!);
      if (node === undefined) break;
      at++;
      for (const order of node.ends ?? []) {
        if (list.checkBefore[order] === true && from > 0 && joins(chars[from - 1]!)) continue;
        if (list.checkAfter[order] === true && at < chars.length && joins(chars[at]!)) continue;
        out.push({ start: offsets[from]!, end: offsets[at]!, entry: list.entries[order]!, order });
      }
    }
  }
}

/**
 * Where `entries` apply in `text`, in text order, none overlapping. Every occurrence of every entry is a
 * candidate; the longest candidate wins, then the one that starts first, then the entry listed first; a
 * candidate overlapping one already chosen is dropped. Matching is literal and whole-word (see `compile`,
 * `occurrences`), and ignores case unless the entry is `caseSensitive` (see `fold`: "É" matches "é").
 */
export function matchPronunciations(text: string, entries: readonly PronunciationEntry[]): PronunciationMatch[] {
  if (text === '' || entries.length === 0) return [];
  const list = compileList(entries);
  const chars = [...text];
  const offsets = new Array<number>(chars.length + 1);
  let offset = 0;
  chars.forEach((char, index) => {
    offsets[index] = offset;
    offset += char.length;
  });
  offsets[chars.length] = offset;
  const spaced = chars.map((char) => (SPACE.test(char) ? GAP : char));
  const candidates: Candidate[] = [];
  occurrences(list, list.folded, chars, spaced.map((char) => (char === GAP ? GAP : fold(char))), offsets, candidates);
  occurrences(list, list.exact, chars, spaced, offsets, candidates);
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
