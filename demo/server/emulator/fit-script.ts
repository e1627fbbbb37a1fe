// Fits a recommendation's script to its slot by synthesis: body sentences are added or removed and the
// speaking rate nudged until the voiced ad, laid out as `generate` lays it out, measures within 1 s under
// the target.
import { adSeconds, GAP_S, LEAD_S, TAIL_S } from './ad-layout.js';
import { BASE_RATE } from './speech.js';
import { countWords } from './voices.js';

/** Seconds of speech eSpeak makes of `text` with the voice at `speed` (the measurement). */
export type SpeechMeter = (text: string, voiceId: string, speed: number) => Promise<number>;

/** What is fitted: fixed hook and call, body sentences taken in order. */
export interface FitInput {
  readonly hook: string;
  readonly body: readonly string[];
  readonly call: string;
  /** The slot, seconds. */
  readonly target: number;
  readonly voiceId: string;
  /** The voice's measured rate at speed 1: the first estimate. */
  readonly wordsPerMinute: number;
  readonly measure: SpeechMeter;
  /**
   * Seconds per word at speed 1 by voice, learned from each measurement so that the next fit of the same
   * request starts closer (give one map per request: the same request then always gives the same fit).
   */
  readonly learned: Map<string, number>;
}

/** A fitted script and its measurement. */
export interface FittedScript {
  readonly hook: string;
  readonly body: string;
  readonly call: string;
  readonly speed: number;
  /** Length of the voiced ad, measured on its synthesised sections, seconds. */
  readonly seconds: number;
}

/** Speeds the fit may use: a nudge, not a different voice. */
const SLOWEST = 0.85;
const FASTEST = 1.2;
const ROUNDS = 5;

/** A speed within the range, on eSpeak's own steps (whole words per minute), so the one measured is the one reported. */
const speedFor = (value: number) => Math.round(Math.min(FASTEST, Math.max(SLOWEST, value)) * BASE_RATE) / BASE_RATE;

/**
 * Fits `input` to its target: measured length in [target - 1, target] (aiming at target - 0.45) when the
 * sentences and the speed range allow; otherwise the closest it found. Deterministic for a deterministic meter.
 */
export async function fitScript(input: FitInput): Promise<FittedScript> {
  const fixed = LEAD_S + TAIL_S + 2 * GAP_S;
  const speechAim = Math.max(1, input.target - 0.45 - fixed);
  const words = (count: number) => countWords([input.hook, ...input.body.slice(0, count), input.call].join(' '));
  // Start from this voice's learned rate, else its sample's rate scaled as the other voices' were.
  let perWord = input.learned.get(input.voiceId) ?? (60 / input.wordsPerMinute) * (input.learned.get('*') ?? 1);
  // The most body sentences whose estimate fits at speed 1 (at least one).
  const countFor = () => {
    let count = 1;
    while (count < input.body.length && words(count + 1) * perWord <= speechAim * 1.04) count++;
    return count;
  };
  let count = countFor();
  let speed = speedFor((words(count) * perWord) / speechAim);
  let best: FittedScript | undefined;
  const miss = (seconds: number) => (seconds > input.target ? seconds - input.target : seconds < input.target - 1 ? input.target - 1 - seconds : 0);
  for (let round = 0; round < ROUNDS; round++) {
    const body = input.body.slice(0, count).join(' ');
    const sections = [input.hook, body, input.call];
    const spoken = await Promise.all(sections.map((text) => input.measure(text, input.voiceId, speed)));
    const seconds = adSeconds(spoken);
    const candidate = { hook: input.hook, body, call: input.call, speed, seconds };
    if (!best || miss(seconds) < miss(best.seconds)) best = candidate;
    if (miss(seconds) === 0) break;
    const speech = seconds - fixed;
    perWord = (speech * speed) / words(count);
    input.learned.set(input.voiceId, perWord);
    input.learned.set('*', perWord / (60 / input.wordsPerMinute));
    const needed = (speed * speech) / speechAim;
    if (needed > FASTEST && count > 1) count = Math.max(1, countFor() < count ? countFor() : count - 1);
    else if (needed < SLOWEST && count < input.body.length) count = Math.min(input.body.length, Math.max(count + 1, countFor()));
    speed = speedFor((words(count) * perWord) / speechAim);
  }
  return { ...best!, seconds: Math.round(best!.seconds * 100) / 100 };
}
