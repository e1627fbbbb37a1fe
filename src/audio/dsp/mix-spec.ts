import type { FadeCurve } from './fade.js';
import type { DeliveryPreset, DeliveryPresetId } from '../../delivery/presets.js';

/** One channel of a source: floats (full scale ±1) or 16-bit integers (full scale ±32768). */
export type Samples = Float32Array | Int16Array;

/**
 * Decoded audio: one array per channel (mono or stereo), all the same length and type, at `sampleRate`.
 * Float32Array channels hold full scale as ±1; Int16Array channels hold 16-bit PCM (full scale ±32768),
 * half the memory: the render worker keeps a source so when `fits16Bit` says nothing is lost.
 */
export interface AudioSource {
  readonly channels: readonly Samples[];
  readonly sampleRate: number;
  /**
   * Samples per channel, when the arrays may be elsewhere: the editor's decoded assets live in the render
   * worker, their arrays empty on the page (see docs/audio.md). Default: the length of `channels[0]`.
   */
  readonly frames?: number;
  /**
   * The file carried no more than 16 bits a sample: 16- or 8-bit PCM, or a lossy codec (MP3, AAC, Opus,
   * Vorbis), whose own noise lies far above 16-bit rounding. The render worker then keeps its samples as
   * 16-bit integers (unless some reach full scale, see docs/audio.md). Default false: kept as decoded.
   */
  readonly fits16Bit?: boolean;
}

/** What one unit of `channel` is worth at full scale 1: 1 for floats, 1/32768 for 16-bit integers. */
export const unitOf = (channel: Samples | undefined): number => (channel instanceof Int16Array ? 1 / 32768 : 1);

/**
 * `source` with its float channels rounded to 16-bit integers (half the memory), when it `fits16Bit` and no
 * sample reaches full scale (a decoded MP3 may go past it, and rounding would clip it): else `source` itself.
 * A 16-bit file decoded at its own rate comes back exactly; resampled, each sample moves by at most half a
 * 16-bit step (-101 dBFS RMS), below what a 16-bit or lossy file carries already.
 */
export function as16Bit(source: AudioSource): AudioSource {
  if (source.fits16Bit !== true || !source.channels.every((channel) => channel instanceof Float32Array && channel.length > 0)) return source;
  const channels: Int16Array[] = [];
  for (const channel of source.channels) {
    const out = new Int16Array(channel.length);
    for (let i = 0; i < channel.length; i++) {
      const x = channel[i]! * 32768;
      if (!(x < 32767.5 && x >= -32768.5)) return source; // full scale reached, or not a number
      out[i] = Math.round(x);
    }
    channels.push(out);
  }
  return { ...source, channels };
}

/** Samples per channel of `source`: `frames` when it is given, else the length of its first channel. */
export const sourceFrames = (source: AudioSource): number => source.frames ?? source.channels[0]?.length ?? 0;

/** Bytes of samples `source` holds on this thread (none once its arrays were moved to a worker). */
export const sourceBytes = (source: AudioSource): number => source.channels.reduce((sum, channel) => sum + channel.byteLength, 0);

/** The distinct transferable buffers under `channels` (for `postMessage`'s transfer list). */
export const channelBuffers = (channels: readonly Samples[]): ArrayBuffer[] =>
  [...new Set(channels.map((channel) => channel.buffer))].filter((buffer): buffer is ArrayBuffer => buffer instanceof ArrayBuffer);

/** Whether the samples of `source` are elsewhere: it has `frames` but its arrays are empty here (moved to a worker). */
export const isMoved = (source: AudioSource): boolean => (source.frames ?? 0) > 0 && source.channels.some((channel) => channel.length === 0);

/** One voice clip placed on the timeline. Times are in seconds and rounded to the nearest sample. */
export interface VoiceClip {
  readonly source: AudioSource;
  /** Where the clip starts in the ad. */
  readonly start: number;
  /** Clip gain, dB. Default 0. */
  readonly gainDb?: number;
  /** Where playback starts inside the source. Default 0. */
  readonly trimStart?: number;
  /** Where playback ends inside the source. Default: the source's end. */
  readonly trimEnd?: number;
  /** Fade-in length. Default 0. */
  readonly fadeIn?: number;
  /** Fade-out length. Default 0. */
  readonly fadeOut?: number;
}

/** The music bed: starts at 0 in the ad, looped or trimmed to the ad's length. */
export interface MusicBed {
  readonly source: AudioSource;
  /** Bed gain, dB. Default 0. */
  readonly gainDb?: number;
  /** Where playback starts inside the source (skips an intro). Default 0. */
  readonly offset?: number;
  /** Repeat the source (from `offset`) until the ad ends. Default false: the bed stops at the source's end. */
  readonly loop?: boolean;
  /** Crossfade at each loop point, seconds (equal power). Default 0.05; 0 for a loop cut to be seamless. */
  readonly loopCrossfade?: number;
  /** Fade-in at the ad's start. Default 0. */
  readonly fadeIn?: number;
  /** Fade-out ending at the ad's end (or the bed's end if it stops sooner). Default 0. */
  readonly fadeOut?: number;
}

/** Ducking of the music under the voice. */
export interface DuckingSpec {
  /** How far the music goes down while the voice speaks, dB (positive number, e.g. 12). 0 turns ducking off. */
  readonly depthDb: number;
  /** Ramp down, ms; the ramp ends where the voice starts, so the music is already down on the first word. */
  readonly attackMs: number;
  /** Ramp up, ms; the ramp starts where the voice ends. */
  readonly releaseMs: number;
  /**
   * Where the voice is: `placement` (default) from each clip's trimmed span; `signal` from the rendered voice's
   * envelope (10 ms RMS above `thresholdDb`, gaps shorter than `holdMs` bridged).
   */
  readonly detect?: 'placement' | 'signal';
  /** Voice presence threshold for `signal`, dBFS RMS. Default -45. */
  readonly thresholdDb?: number;
  /** For `signal`: pauses shorter than this keep the music down, ms. Default 250. */
  readonly holdMs?: number;
}

/** Mastering of a mix: a delivery preset, or `custom` with a target and a true-peak ceiling. */
export interface MasteringSpec {
  readonly preset: DeliveryPresetId | DeliveryPreset;
  /** Integrated target for `custom`, LUFS. */
  readonly target?: number;
  /** True-peak ceiling for `custom`, dBTP. */
  readonly truePeak?: number;
}

/** Everything `renderMix` needs, as plain data (structured-cloneable: it can be posted to a worker). */
export interface MixSpec {
  /** Ad length, seconds. The output has exactly round(length * sampleRate) samples. */
  readonly length: number;
  /** Output sample rate, Hz. Sources at another rate are resampled (windowed sinc). */
  readonly sampleRate: number;
  /** Output channels: 1 or 2. Mono sources are copied to both channels; stereo sources are averaged for mono. */
  readonly channelCount: 1 | 2;
  readonly voice: readonly VoiceClip[];
  readonly music?: MusicBed | null;
  /** Voice bus level, dB. Default 0. */
  readonly voiceGainDb?: number;
  /** Music bus level, dB. Default 0. */
  readonly musicGainDb?: number;
  /** Ducking; omitted or depth 0 = none. */
  readonly ducking?: DuckingSpec | null;
  /** Mastering; omitted = the raw mix. */
  readonly mastering?: MasteringSpec | null;
  /** Fade curve of every fade. Default `sine`. */
  readonly fadeCurve?: FadeCurve;
}
