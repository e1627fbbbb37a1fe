// The speech meter of the recommendations: seconds of synthesised speech, cached.
import type { SpeechMeter } from './fit-script.js';
import { synthesize } from './speech.js';
import { findVoice } from './voices.js';
import { durationOf } from './wav.js';

/** Measures speech by synthesising it (cached: the same text, voice and speed always measure the same). */
const measured = new Map<string, Promise<number>>();
export const measureSpeech: SpeechMeter = (text, voiceId, speed) => {
  const key = `${voiceId}|${speed}|${text}`;
  let seconds = measured.get(key);
  if (!seconds) {
    if (measured.size >= 5000) measured.clear();
    seconds = synthesize(text, findVoice(voiceId)!.espeak, speed).then(({ audio }) => durationOf(audio));
    seconds.catch(() => measured.delete(key));
    measured.set(key, seconds);
  }
  return seconds;
};
