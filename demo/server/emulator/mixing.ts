// A simple server-side mix: voice clips placed on a timeline over a looped music bed, with gains, fades,
// ducking of the music under the voice, and an optional loudness normalisation (RMS-based, an approximation).
import { MUSIC_SAMPLE_RATE } from './music.js';
import type { PcmAudio } from './wav.js';

export interface MixInput {
  duration: number;
  voices: Array<{ audio: PcmAudio; startS: number; gainDb: number }>;
  music?: { audio: PcmAudio; gainDb: number; fadeInS: number; fadeOutS: number };
  ducking?: { depthDb: number; attackMs: number; releaseMs: number };
  /** Scales the mix so its RMS level is near `targetLufs` and no sample passes `truePeakDbtp` (sample peak). */
  mastering?: { targetLufs: number; truePeakDbtp: number };
}

const dbToGain = (db: number) => 10 ** (db / 20);

/** Renders the mix as 44.1 kHz stereo. */
export function mix(input: MixInput): PcmAudio {
  const rate = MUSIC_SAMPLE_RATE;
  const frames = Math.max(1, Math.round(input.duration * rate));
  const voice = new Float32Array(frames);
  for (const clip of input.voices) {
    const source = toRate(mono(clip.audio), clip.audio.sampleRate, rate);
    const start = Math.round(clip.startS * rate);
    const gain = dbToGain(clip.gainDb);
    for (let i = 0; i < source.length && start + i < frames; i++) if (start + i >= 0) voice[start + i]! += source[i]! * gain;
  }
  const left = voice.slice();
  const right = voice.slice();
  if (input.music) {
    const bed = input.music.audio.channels.map((channel) => toRate(channel, input.music!.audio.sampleRate, rate));
    const gain = dbToGain(input.music.gainDb);
    const duck = input.ducking ? duckingEnvelope(voice, rate, input.ducking) : undefined;
    const fadeIn = input.music.fadeInS * rate;
    const fadeOut = input.music.fadeOutS * rate;
    for (let i = 0; i < frames; i++) {
      const fade = Math.min(1, fadeIn > 0 ? i / fadeIn : 1, fadeOut > 0 ? (frames - i) / fadeOut : 1);
      const g = gain * fade * (duck ? duck[i]! : 1);
      left[i]! += bed[0]![i % bed[0]!.length]! * g;
      right[i]! += (bed[1] ?? bed[0]!)[i % bed[0]!.length]! * g;
    }
  }
  const channels = [left, right];
  if (input.mastering) master(channels, input.mastering.targetLufs, input.mastering.truePeakDbtp);
  return { sampleRate: rate, channels };
}

/** Gain of the music at each frame: `depthDb` down where the voice is active, with attack and release. */
function duckingEnvelope(voice: Float32Array, rate: number, ducking: NonNullable<MixInput['ducking']>): Float32Array {
  const window = Math.round(0.02 * rate);
  const floor = dbToGain(-ducking.depthDb);
  const attack = 1 - Math.exp(-1 / Math.max(1, (ducking.attackMs / 1000) * rate));
  const release = 1 - Math.exp(-1 / Math.max(1, (ducking.releaseMs / 1000) * rate));
  const envelope = new Float32Array(voice.length);
  let level = 1;
  let active = false;
  for (let i = 0; i < voice.length; i++) {
    if (i % window === 0) {
      let peak = 0;
      for (let j = i; j < Math.min(voice.length, i + window); j++) peak = Math.max(peak, Math.abs(voice[j]!));
      active = peak > 0.01;
    }
    const target = active ? floor : 1;
    level += (target - level) * (target < level ? attack : release);
    envelope[i] = level;
  }
  return envelope;
}

function master(channels: Float32Array[], targetLufs: number, ceilingDb: number): void {
  let sum = 0;
  let count = 0;
  for (const channel of channels) {
    for (const sample of channel) sum += sample * sample;
    count += channel.length;
  }
  const rms = Math.sqrt(sum / Math.max(1, count));
  if (rms === 0) return;
  let gain = dbToGain(targetLufs + 0.691) / rms;
  let peak = 0;
  for (const channel of channels) for (const sample of channel) peak = Math.max(peak, Math.abs(sample));
  gain = Math.min(gain, dbToGain(ceilingDb) / peak);
  for (const channel of channels) for (let i = 0; i < channel.length; i++) channel[i]! *= gain;
}

function mono(audio: PcmAudio): Float32Array {
  if (audio.channels.length === 1) return audio.channels[0]!;
  const out = new Float32Array(audio.channels[0]!.length);
  for (const channel of audio.channels) for (let i = 0; i < out.length; i++) out[i]! += channel[i]! / audio.channels.length;
  return out;
}

/** Linear-interpolation resampling: enough for speech in a demo mix. */
export function toRate(samples: Float32Array, from: number, to: number): Float32Array {
  if (from === to) return samples;
  const length = Math.floor((samples.length * to) / from);
  const out = new Float32Array(length);
  const step = from / to;
  for (let i = 0; i < length; i++) {
    const position = i * step;
    const index = Math.floor(position);
    const next = samples[Math.min(index + 1, samples.length - 1)]!;
    out[i] = samples[index]! + (next - samples[index]!) * (position - index);
  }
  return out;
}
