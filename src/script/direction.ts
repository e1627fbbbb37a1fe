// Direction of the read: marks in a section's text, as `{{slots}}` are, so they survive copy and paste, undo,
// reload, versions, locks and templates with no field of their own. Pure: no DOM. The syntax, in full:
// - `[[pause 1.0s]]`: a pause of 0.1 to 10 seconds, at most one decimal.
// - `[[emphasis strong: Acme]]`, `[[emphasis moderate: the brand]]`.
// - `[[say-as telephone: 800-555-0199]]`: digits, characters, telephone, currency, date or ordinal.
// - `[[sub acme dot com: acme.com]]`: the text read as the words before the colon, in this place only.
// - `[[rate 90%: words]]`: the words read at 50% to 200% of the voice's rate.
// - A mark's text may hold slots (`[[say-as currency: {{price}}]]`), not another mark. `\[[` is a literal `[[`.
//   Anything else that opens with `[[` is a problem in words (`directionProblems`), never dropped.
// Marks are read before slots are filled, so a value that holds `[[` or `]]` stays text.
import { describe } from '../config/checks.js';

export const SAY_AS = ['digits', 'characters', 'telephone', 'currency', 'date', 'ordinal'] as const;
export type SayAs = (typeof SAY_AS)[number];
export const EMPHASIS = ['moderate', 'strong'] as const;
export type EmphasisLevel = (typeof EMPHASIS)[number];

/** Pauses and rates a mark may ask for. */
export const PAUSE_RANGE = { min: 0.1, max: 10 } as const;
export const RATE_RANGE = { min: 50, max: 200 } as const;

/** The fastest and slowest a voice reads, times normal: the Voice panel's speed (`voice.speed`) lies within them. */
export const VOICE_SPEED_RANGE = { min: 0.5, max: 2 } as const;

/**
 * The rates, percent, that a voice read at `speed` can take: those within `RATE_RANGE` whose read, `speed` times
 * the rate, stays within `VOICE_SPEED_RANGE` (at 1.5x, 50% to 133%).
 */
export function rateRange(speed: number): { readonly min: number; readonly max: number } {
  return {
    min: Math.max(RATE_RANGE.min, Math.ceil((VOICE_SPEED_RANGE.min / speed) * 100 - 1e-9)),
    max: Math.min(RATE_RANGE.max, Math.floor((VOICE_SPEED_RANGE.max / speed) * 100 + 1e-9)),
  };
}

/** Whether a voice read at `speed` can take the rate `percent` (`rateRange`). */
export function rateReadable(percent: number, speed: number): boolean {
  const range = rateRange(speed);
  return percent >= range.min && percent <= range.max;
}

/** One piece of direction; `text` (and a `sub`'s `alias`) is as written, slots and all. */
export type Mark =
  | { readonly kind: 'pause'; readonly seconds: number }
  | { readonly kind: 'emphasis'; readonly level: EmphasisLevel; readonly text: string }
  | { readonly kind: 'say-as'; readonly as: SayAs; readonly text: string }
  | { readonly kind: 'sub'; readonly alias: string; readonly text: string }
  | { readonly kind: 'rate'; readonly percent: number; readonly text: string };

/** A mark where it stands: `text.slice(start, end)` is the mark, brackets included. */
export interface MarkUse {
  readonly mark: Mark;
  readonly start: number;
  readonly end: number;
}

/** A malformed mark: its `[[` at `index`; `inner`, what lies between the brackets. */
export interface DirectionFault {
  readonly kind: 'unclosed' | 'nested' | 'unknown' | 'pause' | 'level' | 'say-as' | 'sub' | 'rate' | 'empty';
  readonly index: number;
  readonly inner?: string;
}

/** A text read for direction: literal text (`\[[` resolved, slots as written) and marks, in order. */
export interface DirectionScan {
  readonly pieces: readonly (string | MarkUse)[];
  readonly marks: readonly MarkUse[];
  /** Each malformed mark, kept as literal text in `pieces`. */
  readonly faults: readonly DirectionFault[];
}

/** Tried in this order at each place: `\[[`; `[[` anything without `[[` or `]]` then `]]`; `[[` alone. */
const TOKEN = /\\\[\[|\[\[((?:(?!\[\[|\]\])[^])*)\]\]|\[\[/g;
const PAUSE = /^\s*pause\s+(\d{1,2}(?:\.\d)?)\s*s\s*$/;
const HEAD = /^\s*([a-z-]+)\s*([^:]*?)\s*:([^]*)$/;

/** What lies between a mark's brackets, read: a mark, or what is wrong with it. */
function readMark(inner: string): Mark | DirectionFault['kind'] {
  const pause = PAUSE.exec(inner);
  if (pause !== null) {
    const seconds = Number(pause[1]);
    return seconds >= PAUSE_RANGE.min && seconds <= PAUSE_RANGE.max ? { kind: 'pause', seconds } : 'pause';
  }
  const head = HEAD.exec(inner);
  const name = head?.[1] ?? /^\s*([a-z-]+)/.exec(inner)?.[1];
  if (name === 'pause') return 'pause';
  if (name === undefined || !['emphasis', 'say-as', 'sub', 'rate'].includes(name)) return 'unknown';
  if (head === null) return 'empty';
  const [, , argument = '', body = ''] = head;
  const text = body.trim();
  if (name === 'emphasis') return (EMPHASIS as readonly string[]).includes(argument) ? (text === '' ? 'empty' : { kind: 'emphasis', level: argument as EmphasisLevel, text }) : 'level';
  if (name === 'say-as') return (SAY_AS as readonly string[]).includes(argument) ? (text === '' ? 'empty' : { kind: 'say-as', as: argument as SayAs, text }) : 'say-as';
  if (name === 'sub') return argument === '' ? 'sub' : text === '' ? 'empty' : { kind: 'sub', alias: argument, text };
  const rate = /^(\d{1,3})%$/.exec(argument);
  const percent = Number(rate?.[1]);
  if (rate === null || percent < RATE_RANGE.min || percent > RATE_RANGE.max) return 'rate';
  return text === '' ? 'empty' : { kind: 'rate', percent, text };
}

/** Scans `text` for marks: `[[...]]` is a mark, `\[[` a literal `[[`; anything else malformed is a fault. */
export function scanDirection(text: string): DirectionScan {
  if (!text.includes('[[')) return { pieces: text === '' ? [] : [text], marks: [], faults: [] };
  const marks: MarkUse[] = [];
  const faults: DirectionFault[] = [];
  const pieces: (string | MarkUse)[] = [];
  let literal = '';
  let at = 0;
  for (const match of text.matchAll(TOKEN)) {
    const [token, inner] = match;
    const index = match.index;
    literal += text.slice(at, index);
    at = index + token.length;
    if (token === '\\[[') {
      literal += '[[';
      continue;
    }
    if (inner === undefined) {
      const close = text.indexOf(']]', at);
      const next = text.indexOf('[[', at);
      faults.push({ kind: close !== -1 && next !== -1 && next < close ? 'nested' : 'unclosed', index });
      literal += token;
      continue;
    }
    const mark = readMark(inner);
    if (typeof mark === 'string') {
      faults.push({ kind: mark, index, inner });
      literal += token;
      continue;
    }
    const use: MarkUse = { mark, start: index, end: at };
    if (literal !== '') pieces.push(literal);
    literal = '';
    pieces.push(use);
    marks.push(use);
  }
  literal += text.slice(at);
  if (literal !== '') pieces.push(literal);
  return { pieces, marks, faults };
}

/** A pause's length as written: one decimal (`1.0s`). */
export const pauseLength = (seconds: number): string => `${(Math.round(seconds * 10) / 10).toFixed(1)}s`;

/** `mark` written as it stands in a text. */
export function writeMark(mark: Mark): string {
  switch (mark.kind) {
    case 'pause':
      return `[[pause ${pauseLength(mark.seconds)}]]`;
    case 'emphasis':
      return `[[emphasis ${mark.level}: ${mark.text}]]`;
    case 'say-as':
      return `[[say-as ${mark.as}: ${mark.text}]]`;
    case 'sub':
      return `[[sub ${mark.alias}: ${mark.text}]]`;
    case 'rate':
      return `[[rate ${mark.percent}%: ${mark.text}]]`;
  }
}

const FAULT_WORDS: Readonly<Record<DirectionFault['kind'], string>> = {
  unclosed: '"[[" is not closed: end the mark with "]]", like [[pause 1.0s]], or write \\[[ for a literal "[["',
  nested: 'a mark cannot hold another: close it with "]]" before the next "[[", or write \\[[ for a literal "[["',
  unknown: 'is not a mark: use pause, emphasis, say-as, sub or rate, like [[pause 1.0s]], or write \\[[ for a literal "[["',
  pause: `a pause is ${PAUSE_RANGE.min} to ${PAUSE_RANGE.max} seconds with at most one decimal, like [[pause 1.0s]]`,
  level: 'emphasis is moderate or strong, like [[emphasis strong: Acme]]',
  'say-as': `say-as is one of ${SAY_AS.join(', ')}, like [[say-as telephone: 800-555-0199]]`,
  sub: 'write the words to say before the colon, like [[sub acme dot com: acme.com]]',
  rate: `a rate is ${RATE_RANGE.min}% to ${RATE_RANGE.max}%, like [[rate 90%: these words]]`,
  empty: 'the mark has no words to read: write them after the colon, like [[emphasis strong: Acme]]',
};

/** A malformed mark in words: where it is (the section and the character, counted from 1) and how to fix it. */
export interface DirectionProblem {
  readonly kind: DirectionFault['kind'];
  readonly index: number;
  readonly message: string;
}

/** The malformed marks of `text`, in words; `section` (its label) names it. */
export function directionProblems(text: string, section = ''): DirectionProblem[] {
  return scanDirection(text).faults.map((fault) => {
    const character = [...text.slice(0, fault.index)].length + 1;
    const place = section === '' ? `Character ${character}` : `Section ${describe(section)}, character ${character}`;
    const mark = fault.kind === 'unknown' ? `${describe(`[[${fault.inner ?? ''}]]`)} ` : '';
    return { kind: fault.kind, index: fault.index, message: `${place}: ${mark}${FAULT_WORDS[fault.kind]}` };
  });
}
