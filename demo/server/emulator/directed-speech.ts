// A voice-over with direction, for real: each run of the request's SSML (./ssml-read.ts) voiced by eSpeak at its
// rate and emphasis, the runs joined with each pause as exact silence (the quiet eSpeak leaves at a run's edge
// next to a pause taken out, so a 1.0 s break is 1.0 s of silence), and the word timings moved along with them.
import { SPEECH_SAMPLE_RATE, synthesize, type Speech, type SpokenWord } from './speech.js';
import type { SsmlSegment } from './ssml-read.js';

/** Quiet is a 10 ms window whose RMS is under this (full scale 1). */
export const QUIET_RMS = 0.01;
const WINDOW = Math.round(SPEECH_SAMPLE_RATE / 100);

const rms = (samples: Float32Array, from: number): number => {
  let sum = 0;
  const to = Math.min(samples.length, from + WINDOW);
  for (let i = from; i < to; i++) sum += samples[i]! * samples[i]!;
  return Math.sqrt(sum / Math.max(1, to - from));
};

/** The quiet samples at the start and at the end of `samples`, in whole windows. */
function quietEdges(samples: Float32Array): { lead: number; trail: number } {
  let lead = 0;
  while (lead < samples.length && rms(samples, lead) < QUIET_RMS) lead += WINDOW;
  let trail = 0;
  while (trail < samples.length - lead && rms(samples, samples.length - trail - WINDOW) < QUIET_RMS) trail += WINDOW;
  return { lead: Math.min(lead, samples.length), trail: Math.min(trail, Math.max(0, samples.length - lead)) };
}

const round = (seconds: number): number => Math.round(seconds * 1000) / 1000;

/** Text runs read alike, joined; runs of spaces only dropped. */
function runs(segments: readonly SsmlSegment[]): SsmlSegment[] {
  const joined: SsmlSegment[] = [];
  for (const segment of segments) {
    const last = joined.at(-1);
    if ('text' in segment && last !== undefined && 'text' in last && last.rate === segment.rate && last.emphasis === segment.emphasis) {
      joined[joined.length - 1] = { ...last, text: last.text + segment.text };
    } else joined.push(segment);
  }
  return joined.filter((segment) => !('text' in segment) || segment.text.trim() !== '');
}

/** Speaks `segments` with `espeakVoice` at `speed`, each run with `say` applied to its words (the pronunciations). */
export async function synthesizeDirected(segments: readonly SsmlSegment[], espeakVoice: string, speed: number, say: (text: string) => string): Promise<Speech> {
  const pieces: Float32Array[] = [];
  const timings: SpokenWord[] = [];
  let words = 0;
  let at = 0;
  const list = runs(segments);
  for (const [index, segment] of list.entries()) {
    if ('pause' in segment) {
      const silence = new Float32Array(Math.round(segment.pause * SPEECH_SAMPLE_RATE));
      pieces.push(silence);
      at += silence.length;
      continue;
    }
    const speech = await synthesize(say(segment.text.trim()), espeakVoice, speed * segment.rate, segment.emphasis);
    const samples = speech.audio.channels[0]!;
    const edges = quietEdges(samples);
    const lead = index > 0 && 'pause' in list[index - 1]! ? edges.lead : 0;
    const trail = index < list.length - 1 && 'pause' in list[index + 1]! ? edges.trail : 0;
    const kept = samples.subarray(lead, samples.length - trail);
    const offset = at / SPEECH_SAMPLE_RATE;
    const length = kept.length / SPEECH_SAMPLE_RATE;
    const shift = lead / SPEECH_SAMPLE_RATE;
    for (const word of speech.timings) {
      const start = Math.min(length, Math.max(0, word.start - shift));
      timings.push({ text: word.text, start: round(offset + start), end: round(offset + Math.max(start, Math.min(length, word.end - shift))) });
    }
    words += speech.words;
    pieces.push(kept);
    at += kept.length;
  }
  const mono = new Float32Array(at);
  let offset = 0;
  for (const piece of pieces) {
    mono.set(piece, offset);
    offset += piece.length;
  }
  return { audio: { sampleRate: SPEECH_SAMPLE_RATE, channels: [mono] }, words, timings };
}
