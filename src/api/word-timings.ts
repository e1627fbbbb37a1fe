// When each word of a take is heard, as a service says it (`AssetMetadata.words`, an assumed field): read whole or
// not at all. A list with a word out of order, a time that is not a number or past the take's end is not used,
// and the editor estimates instead (src/script/captions.ts). Pure.
import type { AssetMetadata } from './contract.js';

/** A word of a take and when it is heard, seconds from the take's start. */
export interface TimedWord {
  readonly text: string;
  readonly start: number;
  readonly end: number;
}

/** `asset`'s word timings, checked; `undefined` when it has none, or any is malformed. */
export function wordTimings(asset: Pick<AssetMetadata, 'words' | 'duration_s'> | undefined): TimedWord[] | undefined {
  const words: unknown = asset?.words;
  if (!Array.isArray(words) || words.length === 0) return undefined;
  const limit = Number.isFinite(asset?.duration_s) ? asset!.duration_s + 0.05 : Infinity;
  const timed: TimedWord[] = [];
  for (const word of words as unknown[]) {
    const { text, start_s: start, end_s: end } = (word ?? {}) as Record<string, unknown>;
    if (typeof text !== 'string' || typeof start !== 'number' || typeof end !== 'number') return undefined;
    if (!(start >= 0 && end >= start && end <= limit) || start < (timed.at(-1)?.start ?? 0)) return undefined;
    timed.push({ text, start, end });
  }
  return timed;
}
