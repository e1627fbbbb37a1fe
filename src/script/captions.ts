// The words of a delivered ad, as captions (WebVTT) and a transcript: every voice clip's text, each word placed on
// the timeline where it is heard. The service's word timings place them where it gives them for the words of the
// clip's text one for one (`wordTimings`); else they are spread over the clip's heard span by their length (an
// estimate, said so in the manifest). A cue holds at most 2 lines of 42 characters and 7 s, and ends at a
// sentence's end or a pause of 0.6 s; a word cut by a trim or the ad's end is left out. Pure: no DOM, no audio.
import { wordTimings, type TimedWord } from '../api/word-timings.js';
import type { AssetMetadata } from '../api/contract.js';
import { isAudible, type ProjectDocument } from '../model/document.js';

/** One caption: its words and when they show, seconds on the ad's timeline. */
export interface CaptionCue {
  readonly start: number;
  readonly end: number;
  readonly text: string;
}

/** An ad's words on its timeline, and whether each clip's places came from the service or were estimated. */
export interface AdWords {
  readonly words: readonly TimedWord[];
  /** Whether every clip's words were placed by the service's timings. */
  readonly timed: boolean;
}

const LINE = 42;
const LINES = 2;
const LONGEST = 7;
const PAUSE = 0.6;

/** `text`'s words (what lies between spaces). */
const wordsOf = (text: string): string[] => text.split(/\s+/).filter((word) => word !== '');

/** Words spread over `start`..`end` by their length in characters (and one for the space after each). */
function spread(words: readonly string[], start: number, end: number): TimedWord[] {
  const total = words.reduce((sum, word) => sum + word.length + 1, 0);
  let at = start;
  return words.map((text) => {
    const length = ((text.length + 1) / total) * (end - start);
    const word = { text, start: at, end: at + length };
    at += length;
    return word;
  });
}

/** A take's words, seconds from its start, and whether the service's timings placed them (else they are an estimate). */
export interface TakeWords {
  readonly words: readonly TimedWord[];
  readonly timed: boolean;
}

/**
 * The words of `text` (what a clip's take says) in `asset`, its take: placed by the take's timings where they are
 * its words one for one, else spread over the take by their length. Undefined when the take's length is unknown.
 */
export function takeWords(text: string, asset: Pick<AssetMetadata, 'words' | 'duration_s'> | undefined): TakeWords | undefined {
  if (asset === undefined || !Number.isFinite(asset.duration_s)) return undefined;
  const written = wordsOf(text);
  const given = wordTimings(asset);
  if (given !== undefined && given.length === written.length) return { words: given.map((word, at) => ({ ...word, text: written[at]! })), timed: true };
  return { words: spread(written, 0, asset.duration_s), timed: false };
}

/**
 * The words heard in `view` (an ad, or a version's view), in time order, on its timeline: each voice clip's text,
 * placed by its take's timings where they are its words one for one, else spread over the clip (`takeWords`).
 */
export function adWords(view: Pick<ProjectDocument, 'clips' | 'assets' | 'duration' | 'tracks'>): AdWords {
  if (!isAudible(view.tracks, 'voice')) return { words: [], timed: true };
  let timed = true;
  const words: TimedWord[] = [];
  for (const clip of [...view.clips].sort((a, b) => a.start - b.start)) {
    const asset = view.assets.find((item) => item.asset_id === clip.assetId);
    const text = clip.source?.text;
    const take = text === undefined ? undefined : takeWords(text, asset);
    if (take === undefined) continue;
    if (!take.timed) timed = false;
    const heardFrom = clip.trimIn;
    const heardTo = asset!.duration_s - clip.trimOut;
    for (const word of take.words) {
      // A word cut by a trim, or by the ad's end, is not heard whole: left out.
      const start = clip.start + word.start - heardFrom;
      const end = clip.start + word.end - heardFrom;
      if (word.start < heardFrom - 0.01 || word.end > heardTo + 0.01 || end > view.duration + 0.01) continue;
      words.push({ text: word.text, start: round(start), end: round(Math.min(end, view.duration)) });
    }
  }
  return { words, timed };
}

const round = (seconds: number): number => Math.round(seconds * 1000) / 1000;

/** `words` as cues: at most 2 lines of 42 characters and 7 s each, a sentence's end or a pause ending one. */
export function captionCues(words: readonly TimedWord[]): CaptionCue[] {
  const cues: CaptionCue[] = [];
  let current: TimedWord[] = [];
  const flush = () => {
    if (current.length === 0) return;
    cues.push({ start: current[0]!.start, end: current.at(-1)!.end, text: lines(current.map((word) => word.text)) });
    current = [];
  };
  for (const word of words) {
    const last = current.at(-1);
    const text = [...current, word].map((item) => item.text).join(' ');
    if (last !== undefined && (word.start - last.end > PAUSE || word.end - current[0]!.start > LONGEST || text.length > LINE * LINES - 1)) flush();
    current.push(word);
    if (/[.!?…]["')\]]*$/.test(word.text)) flush();
  }
  flush();
  return cues;
}

/** Words as at most 2 lines of about 42 characters, broken between words. */
function lines(words: readonly string[]): string {
  const text = words.join(' ');
  if (text.length <= LINE) return text;
  // The break nearest the middle that keeps the first line within its width.
  let best = -1;
  for (let at = 0, length = 0; at < words.length - 1; at++) {
    length += words[at]!.length + (at > 0 ? 1 : 0);
    if (length <= LINE && Math.abs(length - text.length / 2) < Math.abs(best - text.length / 2)) best = length;
  }
  return best < 0 ? text : `${text.slice(0, best)}\n${text.slice(best + 1)}`;
}

/** `00:00:01.500`: a WebVTT timestamp. */
function timestamp(seconds: number): string {
  const millis = Math.max(0, Math.round(seconds * 1000));
  const pad = (value: number, width = 2) => String(value).padStart(width, '0');
  return `${pad(Math.floor(millis / 3_600_000))}:${pad(Math.floor(millis / 60_000) % 60)}:${pad(Math.floor(millis / 1000) % 60)}.${pad(millis % 1000, 3)}`;
}

/**
 * A cue's text as WebVTT text: `&`, `<` and `>` as entities (a script's "<b>" or "-->" is words, never markup or a
 * timing line), and no blank line inside it.
 */
const cueText = (text: string): string => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/\n\s*\n/g, '\n');

/** `cues` as a WebVTT file (W3C WebVTT), numbered from 1. */
export function webVtt(cues: readonly CaptionCue[]): string {
  return `WEBVTT\n\n${cues.map((cue, at) => `${at + 1}\n${timestamp(cue.start)} --> ${timestamp(cue.end)}\n${cueText(cue.text)}\n`).join('\n')}`;
}

/** The transcript of `view`: the words heard, a paragraph per voice clip in time order, as plain text. */
export function transcriptText(view: Pick<ProjectDocument, 'clips' | 'title' | 'tracks'>): string {
  const heard = isAudible(view.tracks, 'voice') ? [...view.clips].sort((a, b) => a.start - b.start).flatMap((clip) => (clip.source?.text.trim() ? [clip.source.text.trim()] : [])) : [];
  return `${[view.title, '', ...heard.flatMap((text) => [text, ''])].join('\n').trimEnd()}\n`;
}
