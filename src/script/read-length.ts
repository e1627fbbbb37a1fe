// How long a script reads with given words in its sections: the one estimator of the Script step (the samples),
// the feed grid and the feed run (a row's values). Where the template has takes, a section that reads as its
// take is as long as the take, and a section with other words is its take scaled by the words' estimate, so the
// voice's real rate counts and a row whose values are the samples reads exactly as long as the Script step says.
// Without takes it is the estimate from the words (./estimate.ts). Pure.
import { countSpokenWords, estimateScript, estimateSpeechSeconds, voiceWordsPerMinute } from './estimate.js';
import type { ProjectDocument } from '../model/document.js';
import { estimatedLength, speechPastEnd, type SpokenLength, type VoiceRate } from './spoken-length.js';

/**
 * The speaking rate the document knows: its voice's (`voice.details.words_per_minute`) for the sections the ad's voice
 * reads; none for another voice's (the default rate). The one rate of every estimate: the Script step's, the
 * status line's, a version's and a feed row's.
 */
export const documentRate =
  (doc: Pick<ProjectDocument, 'voice'>): VoiceRate =>
  (voiceId) => (voiceId === doc.voice.voice ? voiceWordsPerMinute(doc.voice) : undefined);

/** A template section's take, as the timeline has it. */
export interface SectionTake {
  /** The text it was voiced from. */
  readonly text: string;
  /** Its length on the timeline, seconds. */
  readonly seconds: number;
  /** The speed it was read at. */
  readonly speed: number;
}

/**
 * A section to read: its words (slots filled), its voice's rate when known, and the template's take of it. `said`:
 * what it takes to say when its direction makes that other than `text` (a say-as written out, and its pauses'
 * seconds at speed 1), what an estimate reads; `text` is what a take of it says (`sectionSpokenText`).
 */
export interface ReadSection {
  readonly label: string;
  readonly text: string;
  readonly said?: { readonly words: string; readonly pauses: number };
  readonly wordsPerMinute?: number;
  readonly take?: SectionTake;
}

/** `sections` as an estimate reads them: each one's words as said (`said`), with its pauses. */
export const asSaid = (sections: readonly ReadSection[]): (ReadSection & { pauses: number })[] =>
  sections.map((section) => ({ ...section, text: section.said?.words ?? section.text, pauses: section.said?.pauses ?? 0 }));

/** Where the template's takes lie on the timeline (when every spoken section has one). */
export interface TakesSpan {
  /** Where the first take starts, seconds. */
  readonly start: number;
  /** Where the speech ends, seconds. */
  readonly end: number;
}

/** The spoken length of the sections, and each section's share of it. */
export interface ReadLength extends SpokenLength {
  /** Each spoken section's seconds, at the voice's speed, in script order. */
  readonly sections: readonly { readonly label: string; readonly seconds: number; readonly words: number }[];
  /** Where the speech starts, seconds (0 for an estimate without takes). */
  readonly start: number;
}

/** A section with other words than its take: the take scaled by the words' estimate (the estimate alone where the take's text has none). */
function scaledTake(section: ReadSection & { take: SectionTake }): number {
  const { take } = section;
  if (section.text === take.text) return take.seconds;
  const was = estimateSpeechSeconds(take.text, section.wordsPerMinute, take.speed);
  const now = estimateSpeechSeconds(section.text, section.wordsPerMinute, take.speed);
  return was > 0 ? take.seconds * (now / was) : now;
}

/**
 * How long `sections` read in an ad of `target` seconds at the voice's `speed`: from the template's takes (`span`
 * given, and a take for every section with words) or, else, from the words.
 */
export function readLength(sections: readonly ReadSection[], target: number, speed: number, span?: TakesSpan): ReadLength {
  const spoken = sections.filter((section) => countSpokenWords(section.text) > 0 || section.take !== undefined);
  const taken = span !== undefined && spoken.length > 0 && spoken.every((section) => section.take !== undefined);
  if (!taken) {
    const read = asSaid(sections);
    const each = estimateScript(read, speed).sections;
    const length = estimatedLength(read, target, speed);
    return { ...length, start: 0, sections: read.map((section, at) => ({ label: section.label, seconds: each[at]!, words: countSpokenWords(section.text) })) };
  }
  const each = spoken.map((section) => ({ label: section.label, seconds: scaledTake(section as ReadSection & { take: SectionTake }), words: countSpokenWords(section.text) }));
  const change = spoken.reduce((sum, section, at) => sum + each[at]!.seconds - section.take!.seconds, 0);
  const seconds = span.end + change;
  const speaking = each.reduce((sum, section) => sum + section.seconds, 0);
  const words = each.reduce((sum, section) => sum + section.words, 0);
  const same = spoken.every((section) => section.text === section.take!.text);
  const fastest = spoken.reduce((most, section) => Math.max(most, section.take!.speed), 0);
  return {
    seconds,
    estimate: !same,
    target,
    over: speechPastEnd(seconds, target),
    words,
    speaking,
    wordsPerSecond: speaking > 0 ? words / speaking : 0,
    speed: fastest,
    keptSpeed: undefined,
    start: span.start,
    sections: each,
  };
}

/**
 * The speed `length` (read at `speed`) needs to end within `target`: `speed` when it does, else faster by what is
 * over, counted from where the speech starts (with 50 ms to spare after takes, as a row's second read does).
 */
export function fitSpeed(length: Pick<ReadLength, 'seconds' | 'start'>, target: number, speed: number): number {
  if (speechPastEnd(length.seconds, target) === 0) return speed;
  const room = length.start > 0 ? Math.max(0.1, target - length.start - 0.05) : target;
  return Math.max(speed, speed * ((length.seconds - length.start) / room));
}

/** `length` read at `fit` instead of the speed it was estimated at, `speed`: scaled (an estimate at s is the one at 1 over s). */
export function atSpeed(length: ReadLength, speed: number, fit: number): ReadLength {
  if (fit === speed) return length;
  const ratio = speed / fit;
  const speaking = length.speaking * ratio;
  const seconds = length.start + (length.seconds - length.start) * ratio;
  return {
    ...length,
    seconds,
    speaking,
    over: speechPastEnd(seconds, length.target),
    wordsPerSecond: speaking > 0 ? length.words / speaking : 0,
    speed: fit,
    sections: length.sections.map((section) => ({ ...section, seconds: section.seconds * ratio })),
  };
}
