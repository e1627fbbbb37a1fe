// The ad's spoken length, from one source: the takes as voiced, at the speed each was read at. Where no take
// exists yet it is an estimate from the words, and says so. The Script panel, the idea card, the version
// chip and the status line all show this figure, so they cannot disagree. Pure: no DOM, no audio.
import { clipLength } from '../model/clip-layout.js';
import type { ProjectDocument } from '../model/document.js';
import { countSpokenWords, estimateScript } from './estimate.js';
import { sampleSpokenText } from './slot-scan.js';

/** How long the ad's voice lasts, and how fast it is read. */
export interface SpokenLength {
  /**
   * Where the voice ends in the ad, seconds: the end of the last take on the timeline; with no take yet, the
   * script's estimate from its words.
   */
  readonly seconds: number;
  /** No take yet: `seconds` is an estimate from the words, not a measurement. */
  readonly estimate: boolean;
  /** The ad's length, seconds. */
  readonly target: number;
  /** Speech past the ad's end, seconds (0 when it fits; within a millisecond is rounding). */
  readonly over: number;
  /** Words spoken: the takes' texts (for an estimate, the script's as it will be voiced: `{{slots}}` read as their samples). */
  readonly words: number;
  /** Seconds of speech: the takes' lengths summed (for an estimate, the estimate). */
  readonly speaking: number;
  /** `words / speaking` (0 when nothing is spoken). */
  readonly wordsPerSecond: number;
  /** The fastest a take was read, times normal (the voice's speed for an estimate). */
  readonly speed: number;
  /** The speed the user kept for this version ("Keep it"), when they did. */
  readonly keptSpeed: number | undefined;
}

/** Words-per-minute of a voice at speed 1, when known (for an estimate). */
export type VoiceRate = (voiceId: string | null) => number | undefined;

/**
 * The spoken length of the open version of `doc` (pass `versionView(doc, id)` for another). An estimate reads at
 * `rate`: pass `documentRate(doc)` (./read-length.ts), as every view that shows an estimate does.
 */
export function spokenLength(doc: ProjectDocument, rate: VoiceRate = () => undefined): SpokenLength {
  const target = doc.duration;
  const keptSpeed = doc.voice.keptSpeed;
  const takes = doc.clips.flatMap((clip) => {
    const length = clipLength(doc, clip);
    return length === undefined ? [] : [{ clip, length }];
  });
  if (takes.length === 0) {
    const sections = doc.script.sections.map((section) => {
      const wordsPerMinute = rate(section.voice ?? doc.voice.voice);
      return { text: sampleSpokenText(section.text, doc.slots), ...(wordsPerMinute === undefined ? {} : { wordsPerMinute }) };
    });
    return { ...estimatedLength(sections, target, doc.voice.speed), keptSpeed };
  }
  const seconds = takes.reduce((end, take) => Math.max(end, take.clip.start + take.length), 0);
  const speaking = takes.reduce((sum, take) => sum + take.length, 0);
  // A take's words are the text it was voiced from; an upload (no source) has none we know of.
  const words = takes.reduce((sum, take) => sum + (take.clip.source === null ? 0 : countSpokenWords(take.clip.source.text)), 0);
  const speed = takes.reduce((fastest, take) => Math.max(fastest, take.clip.source?.speed ?? 1), 0);
  return { seconds, estimate: false, target, over: speechPastEnd(seconds, target), words, speaking, wordsPerSecond: perSecond(words, speaking), speed, keptSpeed };
}

/**
 * The estimate from the words of `sections` at `speed`, and their direction's `pauses`, before any take (labelled
 * as an estimate wherever shown).
 */
export function estimatedLength(sections: ReadonlyArray<{ text: string; wordsPerMinute?: number; pauses?: number }>, target: number, speed: number): SpokenLength {
  const seconds = estimateScript(sections, speed).total;
  const words = sections.reduce((sum, section) => sum + countSpokenWords(section.text), 0);
  return { seconds, estimate: true, target, over: speechPastEnd(seconds, target), words, speaking: seconds, wordsPerSecond: perSecond(words, seconds), speed, keptSpeed: undefined };
}

/**
 * Speech past the ad's end by less than this (a millisecond, seconds) is a rounding difference, not a cut: the
 * threshold of the judge's speech rules (src/rules/limits.ts re-exports it and `speechPastEnd`), here because the
 * spoken length is below them.
 */
export const SPEECH_SLACK = 0.001;

/** Seconds of speech past the ad's end (`speechEnd` against `duration`); 0 within `SPEECH_SLACK`, which is no cut. */
export const speechPastEnd = (speechEnd: number, duration: number): number => (speechEnd - duration > SPEECH_SLACK ? speechEnd - duration : 0);
const perSecond = (words: number, seconds: number) => (seconds > 0 ? words / seconds : 0);

/** The read was sped up (to fit its length): say so wherever the length is shown. Rounded as shown (1.004 is 1.00x). */
export const spedUp = (length: SpokenLength): boolean => Math.round(length.speed * 100) > 100;
