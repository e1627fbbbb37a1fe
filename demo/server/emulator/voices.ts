// The voice library: eSpeak voices with names, languages and a measured speaking rate.
import type { VoiceDetails } from '../../../src/api/contract.js';
import { synthesize } from './speech.js';
import { durationOf, type PcmAudio } from './wav.js';

export interface VoiceDefinition {
  details: VoiceDetails;
  /** eSpeak voice name with its variant. */
  espeak: string;
  /** Said by the sample and used to measure the rate. */
  sampleText: string;
}

const EN_SAMPLE = 'Hello! This is how I sound. I can read your next audio ad, clearly and at the right pace.';
const FR_SAMPLE = 'Bonjour ! Voici ma voix. Je peux lire votre prochaine publicité audio, clairement et au bon rythme.';

const voice = (details: VoiceDetails, espeak: string, sampleText = EN_SAMPLE): VoiceDefinition => ({ details, espeak, sampleText });

/** The voice library, in a stable order (the first is the default). */
export const VOICES: VoiceDefinition[] = [
  voice({ voice_id: 'en-us-ava', name: 'Ava', language: 'en-US', accent: 'American', gender: 'female' }, 'gmw/en-US+f3'),
  voice({ voice_id: 'en-us-sam', name: 'Sam', language: 'en-US', accent: 'American', gender: 'male' }, 'gmw/en-US+m3'),
  voice({ voice_id: 'en-gb-olivia', name: 'Olivia', language: 'en-GB', accent: 'British (RP)', gender: 'female' }, 'gmw/en-GB-x-rp+f2'),
  voice({ voice_id: 'en-gb-george', name: 'George', language: 'en-GB', accent: 'British', gender: 'male' }, 'gmw/en'),
  voice({ voice_id: 'fr-fr-lea', name: 'Léa', language: 'fr-FR', accent: 'French', gender: 'female' }, 'roa/fr+f2', FR_SAMPLE),
  voice({ voice_id: 'fr-fr-hugo', name: 'Hugo', language: 'fr-FR', accent: 'French', gender: 'male' }, 'roa/fr', FR_SAMPLE),
];

export function findVoice(voiceId: string): VoiceDefinition | undefined {
  return VOICES.find((entry) => entry.details.voice_id === voiceId);
}

const samples = new Map<string, Promise<{ audio: PcmAudio; wordsPerMinute: number }>>();

/** The voice's sample (synthesised once, then cached) and the speaking rate measured on it. */
export function voiceSample(definition: VoiceDefinition): Promise<{ audio: PcmAudio; wordsPerMinute: number }> {
  let sample = samples.get(definition.details.voice_id);
  if (!sample) {
    sample = synthesize(definition.sampleText, definition.espeak).then(({ audio }) => ({
      audio,
      wordsPerMinute: Math.round((countWords(definition.sampleText) / durationOf(audio)) * 60),
    }));
    sample.catch(() => samples.delete(definition.details.voice_id));
    samples.set(definition.details.voice_id, sample);
  }
  return sample;
}

/** Words in `text`, as a reader counts them. */
export function countWords(text: string): number {
  return text.split(/\s+/).filter((word) => /[\p{L}\p{N}]/u.test(word)).length;
}
