// `format` with `keep_section_ids` (an assumed field, see `FormatRequest` in src/api/contract.ts): the kept
// sections (the brand line, the call to action) are never touched; the others are cut, last sentence first,
// then dropped (left empty), until the laid-out ad fits. A script whose kept sections alone do not fit is
// refused with the reason in words ("the call to action alone takes 7.4 s").
import type { ScriptSection } from '../../../src/api/contract.js';
import { HttpError } from '../http.js';
import { GAP_S, LEAD_S, TAIL_S } from './ad-layout.js';
import { countWords } from './voices.js';

/**
 * Spoken words come out a little slower than the voice's rate (eSpeak pauses at punctuation): the words
 * allowed are this share of the rate's, so that a fitted :6 measures under 6 s once voiced.
 */
const PAUSE_SHARE = 0.85;

/** Seconds of speech the laid-out ad of `sections` spoken sections leaves for words. */
export function speechRoom(duration: number, spoken: number): number {
  return Math.max(0, duration - LEAD_S - TAIL_S - GAP_S * Math.max(0, spoken - 1));
}

const secondsOf = (words: number, wordsPerMinute: number) => (words / wordsPerMinute) * 60 / PAUSE_SHARE;

/** One sentence or one word less of `text`; empty when nothing is left. */
function shorter(text: string): string {
  const sentences = text.match(/[^.!?]+[.!?]*\s*/g) ?? [text];
  if (sentences.length > 1) return sentences.slice(0, -1).join('').trim();
  const words = text.trim().split(/\s+/);
  if (words.length <= 3) return '';
  return `${words.slice(0, -1).join(' ').replace(/[,;:.]$/, '')}.`;
}

/**
 * `sections` fitted to `duration` at `wordsPerMinute`, with the sections of `keep` as they are. Throws an
 * `HttpError` 422 `cannot_fit` when the kept sections alone run longer than the ad leaves for speech.
 */
export function fitKeeping(sections: readonly ScriptSection[], duration: number, wordsPerMinute: number, keep: ReadonlySet<string>): ScriptSection[] {
  const result = sections.map((section) => ({ ...section }));
  const spoken = () => result.filter((section) => section.text.trim() !== '');
  const seconds = () => secondsOf(countWords(spoken().map((section) => section.text).join(' ')), wordsPerMinute);
  const kept = result.filter((section) => keep.has(section.id));
  const keptSeconds = secondsOf(countWords(kept.map((section) => section.text).join(' ')), wordsPerMinute);
  const keptRoom = speechRoom(duration, kept.length);
  if (keptSeconds > keptRoom) {
    const what = kept.length === 1 ? `the ${kept[0]!.label || kept[0]!.id}` : `the kept sections (${kept.map((section) => section.label || section.id).join(', ')})`;
    throw new HttpError(422, 'cannot_fit', `Cannot fit the script to ${duration} s: ${what} alone take${kept.length === 1 ? 's' : ''} ${keptSeconds.toFixed(1)} s, and a ${duration} s ad has room for ${keptRoom.toFixed(1)} s of speech.`);
  }
  while (seconds() > speechRoom(duration, spoken().length)) {
    const cuttable = spoken().filter((section) => !keep.has(section.id));
    // The cut falls on the longest section the service may change.
    const longest = cuttable.reduce((a, b) => (countWords(b.text) > countWords(a.text) ? b : a));
    longest.text = shorter(longest.text);
  }
  return result;
}
