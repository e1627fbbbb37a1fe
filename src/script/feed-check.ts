// Every row of a feed checked before anything is voiced or paid for: a value missing or too long for its slot,
// the filled script too long for the ad (the speed-up it would need against `vocal.maxFitSpeed`), too many words
// a second, and a key that is empty, unfit for a file name or another row's too. Each problem is named in
// words with its column. The length is the script's estimate from its words (spoken-length.ts), the same the
// Script panel shows before a take exists. Pure: no DOM.
//
// It lives in script/, not feed/: it reads the script and its length estimate, which stand above the feed's
// data (the document keeps the feed; the script's timing reads the document).
import { describe } from '../config/checks.js';
import { DEFAULT_MAX_FIT_SPEED } from '../config/fit-speed.js';
import { portableText } from '../delivery/file-name.js';
import { rowSlotValues } from '../feed/mapping.js';
import type { Feed, SlotDefinition } from '../feed/types.js';
import type { ProjectDocument } from '../model/document.js';
import { countSpokenWords, voiceWordsPerMinute } from './estimate.js';
import { scriptSlots, spokenText, type SlotSyntaxProblem } from './slots.js';
import { FAST_READ, MAX_WORDS_PER_SECOND, estimatedLength, tooFast, tooManyWords, type SpokenLength } from './spoken-length.js';

/** What a problem is about; the message says it in words. */
export type FeedProblemKind = 'template' | 'missing' | 'too-long' | 'length' | 'pace' | 'empty-key' | 'key-unportable' | 'duplicate-key' | 'ad-id';

/**
 * One problem of a row. `problem`: the row is not delivered by default (it would fail or be rushed);
 * `warning`: it is, and the grid says why it may sound wrong.
 */
export interface FeedProblem {
  /** The column at fault, as named in the feed; `null` for the row as a whole (or a slot no column fills). */
  readonly column: string | null;
  readonly kind: FeedProblemKind;
  readonly severity: 'problem' | 'warning';
  /** What is wrong and how to fix it; values and names from the file are quoted and escaped (`describe`). */
  readonly message: string;
}

/** One row's check, for a grid. */
export interface FeedRowCheck {
  /** The row, counted from 1 (as in the import's messages). */
  readonly row: number;
  /** The row's key value; `null` when the feed has no key column. */
  readonly key: string | null;
  /** `problem` when any problem is, else `warning` when any warning is, else `ok`. */
  readonly status: 'ok' | 'warning' | 'problem';
  readonly problems: readonly FeedProblem[];
  /**
   * The estimate of the filled script, or `null` while the script's placeholders are malformed: seconds at the
   * voice's speed, the speed it would be read at to fit the ad (never below the voice's), words a second then.
   */
  readonly length: { readonly seconds: number; readonly speed: number; readonly wordsPerSecond: number } | null;
}

/** The whole feed's check. */
export interface FeedCheck {
  /** The script's malformed placeholders; while any, every row has a `template` problem. */
  readonly template: readonly SlotSyntaxProblem[];
  readonly rows: readonly FeedRowCheck[];
  readonly summary: FeedCheckSummary;
}

/** The rows counted: `ok` + `withProblems` = `rows`; `withWarnings` are the OK rows that have warnings. */
export interface FeedCheckSummary {
  readonly rows: number;
  readonly ok: number;
  readonly withWarnings: number;
  readonly withProblems: number;
}

/** What a feed is checked against. */
export interface FeedCheckInput {
  readonly feed: Feed;
  /** The slot definitions (their `maxLength` and `say`); a slot with none has no limit and no respelling. */
  readonly slots: readonly SlotDefinition[];
  /** The script's sections in order, each with its voice's rate when known (see `estimatedLength`). */
  readonly sections: readonly { readonly label: string; readonly text: string; readonly wordsPerMinute?: number }[];
  /** The ad's length, seconds. */
  readonly duration: number;
  /** The voice's speed (the project's `voice.speed`); default 1. */
  readonly speed?: number;
  /** The fastest the editor reads to fit (`vocal.maxFitSpeed`); default 1.2. */
  readonly maxFitSpeed?: number;
}

const seconds = (value: number) => `${Number(value.toFixed(1))} s`;
const times = (value: number) => `${value.toFixed(2)}x`;
const rowList = (rows: readonly number[]) => {
  const shown = rows.slice(0, 3).map(String);
  if (rows.length > 3) shown.push(`${rows.length - 3} more`);
  return `${rows.length === 1 ? 'row' : 'rows'} ${shown.length > 1 ? `${shown.slice(0, -1).join(', ')} and ${shown.at(-1)}` : shown[0]}`;
};

/**
 * A checker of `input`'s rows, one at a time (`row(index)`, counted from 0), so that a grid can check a few
 * thousand rows in slices without a long task. The script is read and the keys compared once, here.
 */
export function feedChecker(input: FeedCheckInput): { readonly template: readonly SlotSyntaxProblem[]; row(index: number): FeedRowCheck } {
  const { feed, duration } = input;
  const speed = input.speed ?? 1;
  const maxFitSpeed = input.maxFitSpeed ?? DEFAULT_MAX_FIT_SPEED;
  const script = scriptSlots(input.sections);
  const definitions = new Map(input.slots.map((slot) => [slot.name, slot]));
  const columnOf = new Map(feed.mapping.map((entry) => [entry.slot, entry.column]));
  const uses = new Map<string, number>();
  for (const section of script.sections) for (const use of section.slots) uses.set(use.name, (uses.get(use.name) ?? 0) + 1);
  const keyAt = feed.key === null ? -1 : feed.columns.indexOf(feed.key);
  const keyOf = (index: number) => (keyAt < 0 ? null : (feed.rows[index]?.[keyAt] ?? ''));
  // Rows by the folder name their key makes: two keys that make one name are one folder.
  const folders = new Map<string, number[]>();
  feed.rows.forEach((_, index) => {
    const folder = portableText(keyOf(index) ?? '').toLowerCase();
    if (folder === '') return;
    const rows = folders.get(folder);
    if (rows === undefined) folders.set(folder, [index + 1]);
    else rows.push(index + 1);
  });

  const keyProblems = (index: number): FeedProblem[] => {
    const key = keyOf(index);
    if (key === null || feed.key === null) return [];
    const problem = (kind: FeedProblemKind, message: string): FeedProblem[] => [{ column: feed.key, kind, severity: 'problem', message }];
    if (key.trim() === '') return problem('empty-key', `${describe(feed.key)} is empty: each row needs a key, which names its files`);
    const folder = portableText(key).toLowerCase();
    if (folder === '') return problem('key-unportable', `The key ${describe(key)} has no letter or digit a file name can hold (A-Z, 0-9, "-", "_"): write it with some, or choose another key column`);
    const others = folders.get(folder)!.filter((row) => row !== index + 1);
    if (others.length === 0) return [];
    const same = others.every((row) => keyOf(row - 1) === key);
    return problem(
      'duplicate-key',
      same
        ? `The key ${describe(key)} is also the key of ${rowList(others)}: each row needs its own key`
        : `The key ${describe(key)} makes the same file name as the key of ${rowList(others)}: keys must differ in their letters or digits, not only in case, accents or punctuation`,
    );
  };

  const row = (index: number): FeedRowCheck => {
    const values = rowSlotValues(feed, index);
    const problems: FeedProblem[] = [];
    if (script.problems.length > 0) {
      problems.push({ column: null, kind: 'template', severity: 'problem', message: `The script's placeholders need fixing first: ${script.problems[0]!.message}` });
    }
    problems.push(...keyProblems(index));
    let longest: { column: string; words: number } | undefined;
    for (const name of script.names) {
      const column = columnOf.get(name);
      const value = values.get(name);
      if (column === undefined || value === undefined) {
        problems.push({ column: null, kind: 'missing', severity: 'problem', message: `No column fills {{${name}}}: map a column to it` });
        continue;
      }
      if (value.trim() === '') problems.push({ column, kind: 'missing', severity: 'problem', message: `${describe(column)} is empty: {{${name}}} needs a value` });
      const max = definitions.get(name)?.maxLength;
      const length = [...value].length;
      if (max !== undefined && length > max) {
        problems.push({ column, kind: 'too-long', severity: 'problem', message: `${describe(column)} has ${length} characters, ${describe(value)}: {{${name}}} holds at most ${max}; shorten it` });
      }
      const words = countSpokenWords(value) * (uses.get(name) ?? 1);
      if (words > (longest?.words ?? 0)) longest = { column, words };
    }
    const estimate = script.problems.length > 0 ? null : lengthOf(values);
    if (estimate !== null) problems.push(...lengthProblems(estimate, longest));
    const status = problems.some((problem) => problem.severity === 'problem') ? 'problem' : problems.length > 0 ? 'warning' : 'ok';
    const length = estimate === null ? null : { seconds: estimate.natural / speed, speed: estimate.fitted.speed, wordsPerSecond: estimate.fitted.wordsPerSecond };
    return { row: index + 1, key: keyOf(index), status, problems, length };
  };

  /** The filled script's estimate at the voice's speed, and as read to fit the ad. */
  const lengthOf = (values: ReadonlyMap<string, string>): { natural: number; fitted: SpokenLength } => {
    // A slot with no value is read as nothing: its row has a problem already, and this is what is left.
    const read = new Map([...script.names.map((name): [string, string] => [name, '']), ...values]);
    const spoken = script.sections.map((template, at) => {
      const { wordsPerMinute } = input.sections[at]!;
      return { text: spokenText(template, read, input.slots), ...(wordsPerMinute === undefined ? {} : { wordsPerMinute }) };
    });
    const atOne = estimatedLength(spoken, duration, 1);
    // An estimate at speed s is the one at speed 1 over s (estimate.ts): scaled, not estimated twice.
    const fit = Math.max(speed, atOne.seconds / duration);
    const seconds = atOne.seconds / fit;
    const fitted: SpokenLength = { ...atOne, seconds, speaking: seconds, over: Math.max(0, seconds - duration), wordsPerSecond: seconds > 0 ? atOne.words / seconds : 0, speed: fit };
    return { natural: atOne.seconds, fitted };
  };

  const lengthProblems = ({ natural, fitted }: { natural: number; fitted: SpokenLength }, longest: { column: string; words: number } | undefined): FeedProblem[] => {
    const column = longest?.column ?? null;
    const shorten = longest === undefined ? 'shorten the script' : `shorten ${describe(longest.column)} (${longest.words} ${longest.words === 1 ? 'word' : 'words'}) or the script`;
    const reads = `about ${seconds(natural / speed)} at ${times(speed)}`;
    const problems: FeedProblem[] = [];
    if (Math.round(fitted.speed * 100) > Math.round(maxFitSpeed * 100)) {
      problems.push({
        column,
        kind: 'length',
        severity: 'problem',
        message: `Reads in ${reads}; the ad is ${seconds(duration)}: it would need ${times(fitted.speed)}, faster than the ${times(maxFitSpeed)} allowed; ${shorten}`,
      });
    } else if (tooFast(fitted)) {
      problems.push({ column, kind: 'length', severity: 'warning', message: `Read at ${times(fitted.speed)} to fit ${seconds(duration)} (${reads}): above ${times(FAST_READ)} it may sound rushed; ${shorten}` });
    }
    if (tooManyWords(fitted)) {
      problems.push({
        column,
        kind: 'pace',
        severity: 'warning',
        message: `${fitted.wordsPerSecond.toFixed(1)} words a second at ${times(fitted.speed)}: Amazon's audio ad specs advise at most ${MAX_WORDS_PER_SECOND}; ${shorten}`,
      });
    }
    return problems;
  };

  return { template: script.problems, row };
}

/** Checks every row of `input.feed` (see `feedChecker`), and counts them. */
export function checkFeed(input: FeedCheckInput): FeedCheck {
  const checker = feedChecker(input);
  const rows = input.feed.rows.map((_, index) => checker.row(index));
  const ok = rows.filter((row) => row.status !== 'problem').length;
  return {
    template: checker.template,
    rows,
    summary: { rows: rows.length, ok, withWarnings: rows.filter((row) => row.status === 'warning').length, withProblems: rows.length - ok },
  };
}

/** What `projectCheckInput` reads of a project: its feed, slots, script, length and voice. */
export type FeedCheckProject = Pick<ProjectDocument, 'feed' | 'slots' | 'script' | 'duration' | 'voice'>;

/**
 * What a project's feed is checked against (`feedChecker`, `checkFeed`), the same for the Feed step's grid and
 * for a run: the feed and slots of `doc`, and the script, length and speed of `doc` as it is (the open version,
 * or a `versionView`). A section read by another voice than the ad's is estimated at the default rate (its rate is
 * not in the document). `null` without a feed.
 */
export function projectCheckInput(doc: FeedCheckProject, maxFitSpeed: number): FeedCheckInput | null {
  if (doc.feed === null) return null;
  const rate = voiceWordsPerMinute(doc.voice);
  return {
    feed: doc.feed,
    slots: doc.slots,
    sections: doc.script.sections.map((section) => ({
      label: section.label,
      text: section.text,
      ...(rate === undefined || (section.voice !== undefined && section.voice !== doc.voice.voice) ? {} : { wordsPerMinute: rate }),
    })),
    duration: doc.duration,
    speed: doc.voice.speed,
    maxFitSpeed,
  };
}
