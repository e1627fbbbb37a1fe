import type { MeasuredAudio } from './deliver/figures.js';
import type { WavTags, WrittenWav } from './deliver/write-wav.js';
import type { LoudnessMeasurement } from './dsp/loudness.js';
import type { WavEncoding } from './render-protocol.js';

/** Messages to the MP3 worker; the channels are transferred. */
export type ToMp3Worker =
  | { readonly type: 'encode'; readonly channels: readonly Float32Array[]; readonly sampleRate: number; readonly kbps: number }
  /** The loudness of the MP3 decoded again (the platform decodes it on the page: a worker has no decoder). */
  | { readonly type: 'measure'; readonly channels: readonly Float32Array[]; readonly sampleRate: number }
  /** A delivery's WAV: encoded, measured as written (decoded again), tagged and hashed (see `writeWav`). */
  | { readonly type: 'wav'; readonly channels: readonly Float32Array[]; readonly sampleRate: number; readonly encoding: WavEncoding; readonly tags: WavTags }
  /** A delivery's figures of a file decoded again (see `measureAudio`). */
  | { readonly type: 'figures'; readonly channels: readonly Float32Array[]; readonly sampleRate: number };

/** Messages from the MP3 worker. */
export type FromMp3Worker =
  | { readonly type: 'ready' }
  /** The MP3 frames of the next chunk, as they come. */
  | { readonly type: 'frames'; readonly bytes: Uint8Array }
  /** The encoding is done: the gapless Info frame that goes before the frames. */
  | { readonly type: 'encoded'; readonly info: Uint8Array }
  | { readonly type: 'measured'; readonly measurement: LoudnessMeasurement }
  | { readonly type: 'wav-written'; readonly written: WrittenWav }
  | { readonly type: 'figures'; readonly measured: MeasuredAudio }
  | { readonly type: 'error'; readonly message: string };
