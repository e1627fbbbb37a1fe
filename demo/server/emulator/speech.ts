// Real, offline speech with eSpeak NG (compiled to WebAssembly; GPL-3.0, so demo server only, never bundled).
// 22,050 Hz mono. One synthesiser instance, used by one request at a time.
import type { PcmAudio } from './wav.js';

interface EspeakWorker {
  set_voice(name: string): number;
  set_rate(wordsPerMinute: number): void;
  synthesize(text: string, callback: (audio: Int16Array | undefined, events: EspeakEvent[]) => number): void;
}

/** An event of eSpeak's: a word's starts at `audio_position` ms, at `text_position` (from 1) of the input, `word_length` long. */
interface EspeakEvent {
  type: string;
  audio_position: number;
  text_position: number;
  word_length: number;
}

/** Speaking rate eSpeak is asked for at speed 1, in words per minute (its own scale). */
export const BASE_RATE = 165;

const round = (seconds: number): number => Math.round(seconds * 1000) / 1000;
export const SPEECH_SAMPLE_RATE = 22_050;

let worker: Promise<EspeakWorker> | undefined;
let queue: Promise<unknown> = Promise.resolve();

async function load(): Promise<EspeakWorker> {
  // The package ships no types; its default export is the Emscripten module factory.
  const name = '@echogarden/espeak-ng-emscripten';
  const { default: factory } = (await import(name)) as {
    default: () => Promise<{ eSpeakNGWorker: new () => EspeakWorker }>;
  };
  const module = await factory();
  return new module.eSpeakNGWorker();
}

/** One word spoken, and when: seconds from the take's start. */
export interface SpokenWord {
  text: string;
  start: number;
  end: number;
}

/** What one synthesis produced. */
export interface Speech {
  audio: PcmAudio;
  /** Words eSpeak spoke (its word events). */
  words: number;
  /** Each word of `text` spoken (between spaces), with its start (its first eSpeak word event) and its end (the next one's start, or the take's end). */
  timings: SpokenWord[];
}

/** The text of eSpeak's input back as `text` had it (its entities read back). */
const fromInput = (input: string): string => input.replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&');

/**
 * `text` as eSpeak reads it as text: this build reads its input as SSML, so a script holding `<break time="60s"/>`
 * or `<speak>` would be obeyed, not read. Its markup characters are written as entities, which eSpeak reads back as
 * the characters (a service that takes plain text reads tags as words too).
 */
export const asText = (text: string): string => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/**
 * The takes already spoken, by their words, voice, rate and emphasis, the least recently asked for dropped first once
 * they hold more than `TAKES_KEPT_SAMPLES` in all: a take asked for again (a script voiced after
 * its length was measured, a section voiced again unchanged, the same ad made twice, as the tests do) is not spoken
 * again. eSpeak's takes of the same words differ only in their phase, by a few samples in length (its word timings
 * by a millisecond at most); a take costs about a second of a core for 8 s of speech.
 */
const takes = new Map<string, { speech: Promise<Speech>; samples: number }>();
const TAKES_KEPT_SAMPLES = 6 * 60 * SPEECH_SAMPLE_RATE;
let keptSamples = 0;

const copyOf = ({ audio, words, timings }: Speech): Speech => ({
  audio: { sampleRate: audio.sampleRate, channels: audio.channels.map((channel) => channel.slice()) },
  words,
  timings: timings.map((word) => ({ ...word })),
});

/**
 * Speaks `text` (plain text: any markup in it is read as words) with the eSpeak voice `espeakVoice` (e.g.
 * `gmw/en-US+f3`) at `speed` (1 = normal), stressed at `emphasis` (an SSML level) when given. Calls are queued: the
 * synthesiser is single-threaded and keeps its voice between calls. A take spoken before is handed out again, a copy
 * of its own to each caller (see `takes`).
 */
export function synthesize(text: string, espeakVoice: string, speed = 1, emphasis?: string): Promise<Speech> {
  const key = JSON.stringify([espeakVoice, speed, emphasis ?? null, text]);
  const kept = takes.get(key);
  if (kept !== undefined) {
    takes.delete(key);
    takes.set(key, kept);
    return kept.speech.then(copyOf);
  }
  const speech = speak(text, espeakVoice, speed, emphasis);
  const entry = { speech, samples: 0 };
  takes.set(key, entry);
  speech.then(
    ({ audio }) => {
      if (takes.get(key) !== entry) return;
      entry.samples = audio.channels[0]!.length;
      keptSamples += entry.samples;
      for (const [oldest, { samples }] of takes) {
        if (keptSamples <= TAKES_KEPT_SAMPLES) break;
        if (oldest === key) continue;
        takes.delete(oldest);
        keptSamples -= samples;
      }
    },
    () => {
      if (takes.get(key) === entry) takes.delete(key);
    },
  );
  return speech.then(copyOf);
}

function speak(text: string, espeakVoice: string, speed: number, emphasis: string | undefined): Promise<Speech> {
  const run = async (): Promise<Speech> => {
    // A synthesis holds the thread for up to a second or two: queued ones let the server answer in between.
    await new Promise((resolve) => setImmediate(resolve));
    worker ??= load();
    const espeak = await worker;
    if (espeak.set_voice(espeakVoice) !== 0) throw new Error(`eSpeak has no voice "${espeakVoice}".`);
    espeak.set_rate(Math.round(BASE_RATE * speed));
    const chunks: Int16Array[] = [];
    const words = asText(text);
    // eSpeak reads its input as SSML: emphasis is its own element around the escaped words.
    const open = emphasis === undefined ? '' : `<emphasis level="${asText(emphasis)}">`;
    const input = emphasis === undefined ? words : `${open}${words}</emphasis>`;
    // eSpeak's word events are its own words (a price is several, a tag's characters some): each is counted to
    // the word of the text (what lies between spaces) where it starts, so each written word gets its first start.
    const tokens = [...words.matchAll(/\S+/g)].map((match) => ({ at: open.length + match.index, text: fromInput(match[0]), start: Infinity }));
    let spoken = 0;
    espeak.synthesize(input, (samples, events) => {
      if (samples && samples.length > 0) chunks.push(samples);
      for (const event of events) {
        if (event.type !== 'word') continue;
        spoken += 1;
        const at = event.text_position - 1;
        let index = tokens.length - 1;
        while (index > 0 && tokens[index]!.at > at) index -= 1;
        const token = tokens[index];
        if (token !== undefined) token.start = Math.min(token.start, event.audio_position / 1000);
      }
      return 0;
    });
    const starts = tokens.filter((token) => Number.isFinite(token.start));
    const length = chunks.reduce((sum, chunk) => sum + chunk.length, 0);
    const mono = new Float32Array(length);
    let offset = 0;
    for (const chunk of chunks) {
      for (let i = 0; i < chunk.length; i++) mono[offset + i] = chunk[i]! / 32768;
      offset += chunk.length;
    }
    const seconds = length / SPEECH_SAMPLE_RATE;
    const timings = starts.map((word, at) => ({ text: word.text, start: round(word.start), end: round(Math.min(seconds, starts[at + 1]?.start ?? seconds)) }));
    return { audio: { sampleRate: SPEECH_SAMPLE_RATE, channels: [mono] }, words: spoken, timings };
  };
  const result = queue.then(run, run);
  queue = result.catch(() => undefined);
  return result;
}
