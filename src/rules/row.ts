// Every row of a feed judged before anything is voiced or paid for: a value missing or too long for its slot,
// the filled script too long for the ad (the speed it would need against `vocal.maxFitSpeed`), a read sped up past
// 1.10x and words a second (the pace rules the ad is judged by, ./pace.ts, with the same words), and a key that is
// empty, holds control or bidirectional characters, is unfit for a file name or another row's too. Each problem
// is named in words with its column, and a row too long names the section that is (and a slot only when its
// value made it so). The length is the one estimate of the Script step (script/read-length.ts): from the
// template's takes where it has them. Pure: no DOM.
import { describe } from '../config/checks.js';
import { DEFAULT_MAX_FIT_SPEED } from '../config/fit-speed.js';
import { portableText } from '../delivery/file-name.js';
import { rowSlotValues } from '../feed/mapping.js';
import type { Feed, SlotDefinition } from '../feed/types.js';
import { clipLength } from '../model/clip-layout.js';
import type { ProjectDocument } from '../model/document.js';
import { countSpokenWords } from '../script/estimate.js';

import { documentRate, readLength, type ReadLength, type ReadSection, type SectionTake, type TakesSpan } from '../script/read-length.js';
import { scanDirection } from '../script/direction.js';
import { readsAs } from '../script/say-as.js';
import { scriptSlots, spokenText, type SlotSyntaxProblem } from '../script/slots.js';
import { directed, plainText, saidText } from '../script/ssml.js';
import type { RuleId } from './catalog.js';
import { findingText, times } from './finding.js';
import type { PaceLimits } from './pace.js';
import { judgeRead } from './read.js';
import { saidAs, type LaterKey, type Said } from './said.js';

/** What a problem is about; the message says it in words. */
export type FeedProblemKind = 'template' | 'missing' | 'too-long' | 'say-as' | 'length' | 'pace' | 'empty-key' | 'key-control' | 'key-unportable' | 'duplicate-key' | 'ad-id';

/**
 * One problem of a row. `problem`: the row is not delivered by default (it would fail or be rushed);
 * `warning`: it is, and the grid says why it may sound wrong.
 */
export interface FeedProblem {
  /** The column at fault, as named in the feed; `null` for the row as a whole (or a slot no column fills). */
  readonly column: string | null;
  readonly kind: FeedProblemKind;
  /** The rule of the judge that found it (src/rules/catalog.ts). */
  readonly rule: RuleId;
  readonly severity: 'problem' | 'warning';
  /** What is wrong and how to fix it; values and names from the file are quoted and escaped (`describe`). */
  readonly message: string;
  /**
   * The same in the reader's words: a key of the later words with its values (quoted as in `message`), or the
   * judge's finding for a rule of the read (the Feed step says it with `findingWords`). `message` stays English for
   * the manifest, the report and the batch.
   */
  readonly said?: Said;
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
  /**
   * The script's sections in order (their text with `{{slots}}`), each with its voice's rate when known and the
   * template's take of it, when it has one (see `readLength`).
   */
  readonly sections: readonly { readonly label: string; readonly text: string; readonly wordsPerMinute?: number; readonly take?: SectionTake }[];
  /** Where the template's takes lie, when every spoken section has one: the length is then read from them. */
  readonly span?: TakesSpan;
  /** The ad's length, seconds. */
  readonly duration: number;
  /** The voice's speed (the project's `voice.speed`); default 1. */
  readonly speed?: number;
  /** The fastest the editor reads to fit (`vocal.maxFitSpeed`); default 1.2. */
  readonly maxFitSpeed?: number;
  /** The destinations' sheets the run delivers to (a sheet's `maxWordsPerSecond` makes words a second a limit). */
  readonly sheets?: PaceLimits['sheets'];
  /** The speed the user kept for the template ("Keep it"): a row read up to it is no fast read. */
  readonly keptSpeed?: number;
  /** The voice's language (BCP 47), when known: a value under a say-as is read in it (a date's order). */
  readonly language?: string;
}

/** Each slot a say-as holds (`[[say-as currency: {{price}}]]`), with how it is said, once. */
function sayAsSlots(sections: FeedCheckInput['sections']): { readonly name: string; readonly as: string }[] {
  const found = new Map<string, { name: string; as: string }>();
  for (const section of sections) {
    for (const { mark } of scanDirection(section.text).marks) {
      if (mark.kind !== 'say-as') continue;
      for (const [, name] of mark.text.matchAll(/\{\{([A-Za-z_][A-Za-z0-9_]*)\}\}/g)) found.set(`${name} ${mark.as}`, { name: name!, as: mark.as });
    }
  }
  return [...found.values()];
}

const seconds = (value: number) => `${Number(value.toFixed(1))} s`;
/** Other rows by their numbers, at most three (`2, 3, 4 (+2)`): the same in every language. */
const rowNumbers = (rows: readonly number[]) => `${rows.slice(0, 3).join(', ')}${rows.length > 3 ? ` (+${rows.length - 3})` : ''}`;


/** Control characters (C0, DEL, C1) and the bidirectional embeddings, overrides and isolates. */
const CONTROL = /[\u0000-\u001f\u007f-\u009f\u200e\u200f\u202a-\u202e\u2066-\u2069]/u;

/** The kind a pace finding is shown as in the grid. */
const PACE_KIND: Partial<Record<RuleId, FeedProblemKind>> = { fit: 'length', 'fast-read': 'length', 'words-per-second': 'pace' };

/**
 * A checker of `input`'s rows, one at a time (`row(index)`, counted from 0), so that a grid can check a few
 * thousand rows in slices without a long task. The script is read and the keys compared once, here.
 */
export function feedChecker(input: FeedCheckInput): { readonly template: readonly SlotSyntaxProblem[]; row(index: number): FeedRowCheck } {
  const { feed, duration } = input;
  const speed = input.speed ?? 1;
  const maxFitSpeed = input.maxFitSpeed ?? DEFAULT_MAX_FIT_SPEED;
  const script = scriptSlots(input.sections);
  const sayAs = sayAsSlots(input.sections);
  const language = input.language ?? 'en';
  const definitions = new Map(input.slots.map((slot) => [slot.name, slot]));
  const columnOf = new Map(feed.mapping.map((entry) => [entry.slot, entry.column]));
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
    const problem = (kind: FeedProblemKind & RuleId, words: LaterKey, values: Record<string, string>): FeedProblem[] => [{ column: feed.key, kind, rule: kind, severity: 'problem', ...saidAs(words, values) }];
    const quoted = { key: describe(key), column: describe(feed.key) };
    if (key.trim() === '') return problem('empty-key', 'feed.says.emptyKey', quoted);
    if (CONTROL.test(key)) return problem('key-control', 'feed.says.keyControl', quoted);
    const folder = portableText(key).toLowerCase();
    if (folder === '') return problem('key-unportable', 'feed.says.keyUnportable', quoted);
    const others = folders.get(folder)!.filter((row) => row !== index + 1);
    if (others.length === 0) return [];
    const same = others.every((row) => keyOf(row - 1) === key);
    return problem('duplicate-key', same ? 'feed.says.keyTwice' : 'feed.says.keySameFile', { ...quoted, rows: rowNumbers(others) });
  };

  /** The sections read with `values` in their slots (a slot with no value is read as nothing: its row has a problem already). */
  const filled = (values: ReadonlyMap<string, string> | undefined): ReadSection[] => {
    const read = values === undefined ? new Map<string, string>() : new Map([...script.names.map((name): [string, string] => [name, '']), ...values]);
    return script.sections.map((template, at) => {
      const { label, wordsPerMinute, take } = input.sections[at]!;
      // Its words as its take's text has them (`sectionSpokenText`): each mark read as its words, not as written;
      // and, for an estimate, as said: a say-as written out and its pauses (`sectionSaid`, as the Script step reads).
      const raw = input.sections[at]!.text;
      const marked = raw.includes('[[') ? directed(raw, (piece) => spokenText(piece, read, input.slots)) : undefined;
      const text = marked === undefined ? spokenText(template, read, input.slots) : plainText(marked);
      return {
        label,
        text,
        ...(marked === undefined ? {} : { said: saidText(marked, input.language) }),
        ...(wordsPerMinute === undefined ? {} : { wordsPerMinute }),
        ...(take === undefined ? {} : { take }),
      };
    });
  };
  // The template as the Script step reads it: the samples in its slots.
  const samples = script.problems.length > 0 ? undefined : readLength(filled(undefined), duration, speed, input.span);

  const row = (index: number): FeedRowCheck => {
    const values = rowSlotValues(feed, index);
    const problems: FeedProblem[] = [];
    if (script.problems.length > 0) {
      problems.push({ column: null, kind: 'template', rule: 'template', severity: 'problem', message: `The script's placeholders need fixing first: ${script.problems[0]!.message}` });
    }
    problems.push(...keyProblems(index));
    for (const name of script.names) {
      const column = columnOf.get(name);
      const value = values.get(name);
      if (column === undefined || value === undefined) {
        problems.push({ column: null, kind: 'missing', rule: 'missing', severity: 'problem', ...saidAs('feed.says.noColumn', { slot: `{{${name}}}` }) });
        continue;
      }
      const named = { column: describe(column), slot: `{{${name}}}` };
      if (value.trim() === '') problems.push({ column, kind: 'missing', rule: 'missing', severity: 'problem', ...saidAs('feed.says.emptyValue', named) });
      const max = definitions.get(name)?.maxLength;
      const length = [...value].length;
      if (max !== undefined && length > max) {
        problems.push({ column, kind: 'too-long', rule: 'too-long', severity: 'problem', ...saidAs('feed.says.tooLongValue', { ...named, count: length, value: describe(value), max }) });
      }
    }
    for (const { name, as } of sayAs) {
      const column = columnOf.get(name);
      const value = values.get(name);
      if (column === undefined || value === undefined || value.trim() === '' || readsAs(as, value, language)) continue;
      problems.push({ column, kind: 'say-as', rule: 'say-as', severity: 'problem', ...saidAs(`feed.says.sayAs.${as}` as LaterKey, { column: describe(column), slot: `{{${name}}}`, value: describe(value) }) });
    }
    if (samples === undefined) return { row: index + 1, key: keyOf(index), status: statusOf(problems), problems, length: null };
    const natural = readLength(filled(values), duration, speed, input.span);
    const blame = blameOf(natural, values);
    const { fit, fitted, findings } = judgeRead(natural, duration, speed, 'row', { maxFitSpeed, sheets: input.sheets, shorten: blame.shorten }, input.keptSpeed);
    const reads = `Reads in about ${seconds(natural.seconds)} at ${times(speed)}; the ad is ${seconds(duration)}. `;
    for (const found of findings) {
      problems.push({ column: blame.column, kind: PACE_KIND[found.rule]!, rule: found.rule, severity: found.severity, message: found.rule === 'fit' ? reads + findingText(found) : findingText(found), said: { finding: found } });
    }
    const length = { seconds: natural.seconds, speed: fit, wordsPerSecond: fitted.wordsPerSecond };
    return { row: index + 1, key: keyOf(index), status: statusOf(problems), problems, length };
  };

  /**
   * What to shorten when the row reads too long or too fast: the section that grew most over the template's (its
   * samples') reading, and in it the slot whose value has the most words over its sample, when one has; when no
   * section grew, the longest section (the template is too long as it is: no value is to blame).
   */
  const blameOf = (natural: ReadLength, values: ReadonlyMap<string, string>): { shorten: PaceLimits['shorten']; column: string | null } => {
    const before = new Map(samples!.sections.map((section) => [section.label, section.seconds]));
    let grew: { label: string; by: number } | undefined;
    let longest: { label: string; seconds: number } | undefined;
    for (const section of natural.sections) {
      const by = section.seconds - (before.get(section.label) ?? 0);
      if (by > 0.05 && by > (grew?.by ?? 0)) grew = { label: section.label, by };
      if (section.seconds > (longest?.seconds ?? 0)) longest = { label: section.label, seconds: section.seconds };
    }
    const label = grew?.label ?? longest?.label;
    if (label === undefined) return { shorten: undefined, column: null };
    const section = { key: 'fix.shortenSection', values: { section: describe(label) } } as const;
    if (grew === undefined) return { shorten: section, column: null };
    const at = input.sections.findIndex((section) => section.label === label);
    let slot: { name: string; column: string; words: number } | undefined;
    for (const use of at < 0 ? [] : script.sections[at]!.slots) {
      const column = columnOf.get(use.name);
      const value = values.get(use.name);
      if (column === undefined || value === undefined) continue;
      const words = countSpokenWords(value);
      const more = words - countSpokenWords(definitions.get(use.name)?.sample ?? '');
      if (more > 0 && more > (slot === undefined ? 0 : slot.words - countSpokenWords(definitions.get(slot.name)?.sample ?? ''))) slot = { name: use.name, column, words };
    }
    if (slot === undefined) return { shorten: section, column: null };
    return { shorten: { key: slot.words === 1 ? 'fix.shortenSlotWord' : 'fix.shortenSlot', values: { column: describe(slot.column), words: slot.words, section: describe(label) } }, column: slot.column };
  };

  return { template: script.problems, row };
}

const statusOf = (problems: readonly FeedProblem[]): FeedRowCheck['status'] =>
  problems.some((problem) => problem.severity === 'problem') ? 'problem' : problems.length > 0 ? 'warning' : 'ok';

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

/** What `projectCheckInput` reads of a project: its feed, slots, script, length, voice and takes. */
export type FeedCheckProject = Pick<ProjectDocument, 'feed' | 'slots' | 'script' | 'duration' | 'voice' | 'clips' | 'assets'>;

/**
 * What a project's feed is checked against (`feedChecker`, `checkFeed`), the same for the Feed step's grid and
 * for a run: the feed and slots of `doc`, and the script, length, speed and takes of `doc` as it is (the open
 * version, or a `versionView`), judged for `sheets` (the destinations of the run). A section read by another voice
 * than the ad's and without a take is estimated at the default rate (its rate is not in the document). `null`
 * without a feed.
 */
export function projectCheckInput(doc: FeedCheckProject, maxFitSpeed: number, sheets?: PaceLimits['sheets']): FeedCheckInput | null {
  if (doc.feed === null) return null;
  const rate = documentRate(doc);
  const sections = doc.script.sections.map((section) => {
    const wordsPerMinute = rate(section.voice ?? doc.voice.voice);
    const clip = doc.clips.find((item) => item.sectionId === section.id);
    const seconds = clip === undefined ? undefined : clipLength(doc, clip);
    const take = clip?.source == null || seconds === undefined ? undefined : { text: clip.source.text, seconds, speed: clip.source.speed };
    return {
      label: section.label,
      text: section.text,
      ...(wordsPerMinute === undefined ? {} : { wordsPerMinute }),
      ...(take === undefined ? {} : { take }),
    };
  });
  const timed = doc.clips.flatMap((clip) => {
    const seconds = clipLength(doc, clip);
    return seconds === undefined ? [] : [{ start: clip.start, end: clip.start + seconds }];
  });
  const span = timed.length === 0 ? undefined : { start: Math.min(...timed.map((clip) => clip.start)), end: Math.max(...timed.map((clip) => clip.end)) };
  return {
    feed: doc.feed,
    slots: doc.slots,
    sections,
    ...(span === undefined ? {} : { span }),
    duration: doc.duration,
    speed: doc.voice.speed,
    ...(doc.voice.keptSpeed === undefined ? {} : { keptSpeed: doc.voice.keptSpeed }),
    maxFitSpeed,
    ...(sheets === undefined ? {} : { sheets }),
    ...(doc.voice.details?.language === undefined ? {} : { language: doc.voice.details.language }),
  };
}
