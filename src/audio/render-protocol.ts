import type { MasterResult } from './dsp/master.js';
import type { MixResult } from './dsp/mixdown.js';
import type { AudioSource, MixSpec, MusicBed, Samples, VoiceClip } from './dsp/mix-spec.js';
import type { Span } from './dsp/ducking.js';
import type { LoudnessMeasurement, LoudnessSeries } from './dsp/loudness.js';

/** A render stage as reported by `onProgress`: the mix (voice, bed, ducking), mastering, then done. */
export type RenderStage = 'mix' | 'master' | 'done';

/** A render's result; `measurement` is set when measuring was asked for and there was no mastering (whose result has its own). */
/** A WAV file made where the mix was rendered, with the loudness measured on the file as written. */
export interface EncodedWav {
  readonly bytes: Uint8Array;
  readonly measurement: LoudnessMeasurement;
}

/** How to encode a render as WAV where it runs (the render worker: the main thread does no encoding). */
export interface WavEncoding {
  readonly bitDepth: 16 | 24;
  readonly dither: boolean;
}

export type RenderedMix = MixResult & { readonly measurement?: LoudnessMeasurement; readonly series?: LoudnessSeries; readonly wav?: EncodedWav };

/** A `MixSpec` whose sources are ids of sources posted to the worker before. */
export type MixSpecRef = Omit<MixSpec, 'voice' | 'music'> & {
  readonly voice: ReadonlyArray<Omit<VoiceClip, 'source'> & { readonly source: number }>;
  readonly music?: (Omit<MusicBed, 'source'> & { readonly source: number }) | null;
};

/** Messages to the render worker. */
export type ToWorker =
  /** A source's samples, kept by id (as 16-bit when `fits16Bit`, see `as16Bit`). */
  | { readonly type: 'source'; readonly id: number; readonly channels: readonly Samples[]; readonly sampleRate: number; readonly fits16Bit: boolean }
  | { readonly type: 'render'; readonly job: number; readonly spec: MixSpecRef; readonly keep: readonly number[]; readonly measure: boolean; readonly wav?: WavEncoding }
  /** An earlier result's arrays, transferred back: a later render may write into them (see `Renderer.recycle`). */
  | { readonly type: 'recycle'; readonly channels: readonly Float32Array[] }
  /** Stop a render queued or under way (at its next step); nothing more is posted of it. */
  | { readonly type: 'cancel'; readonly job: number };

/** A render result without its transferred arrays duplicated (`mastering.channels` is `channels`). */
export interface PostedResult {
  readonly channels: Float32Array[];
  readonly sampleRate: number;
  readonly voiceSpans: readonly Span[];
  readonly mastering?: Omit<MasterResult, 'channels'>;
  readonly measurement?: LoudnessMeasurement;
  readonly series?: LoudnessSeries;
  readonly wav?: EncodedWav;
}

/** Messages from the render worker. */
export type FromWorker =
  | { readonly type: 'ready' }
  | { readonly type: 'progress'; readonly job: number; readonly stage: RenderStage }
  | { readonly type: 'result'; readonly job: number; readonly result: PostedResult }
  | { readonly type: 'error'; readonly job: number; readonly code: string; readonly message: string; readonly recoverable: boolean };

/** Replaces each source of `spec` by its id (`idOf`), listing the sources by id. */
export function toRefs(spec: MixSpec, idOf: (source: AudioSource) => number): { spec: MixSpecRef; sources: Map<number, AudioSource> } {
  const sources = new Map<number, AudioSource>();
  const ref = (source: AudioSource): number => {
    const id = idOf(source);
    sources.set(id, source);
    return id;
  };
  const voice = spec.voice.map((clip) => ({ ...clip, source: ref(clip.source) }));
  const music = spec.music ? { ...spec.music, source: ref(spec.music.source) } : spec.music;
  return { spec: { ...spec, voice, music }, sources };
}

/** The `MixSpec` of a `MixSpecRef`, given the sources by id; throws naming a missing id. */
export function fromRefs(spec: MixSpecRef, sources: ReadonlyMap<number, AudioSource>): MixSpec {
  const get = (id: number): AudioSource => {
    const source = sources.get(id);
    if (!source) throw new Error(`Render worker: source ${id} was never posted.`);
    return source;
  };
  const voice = spec.voice.map((clip) => ({ ...clip, source: get(clip.source) }));
  const music = spec.music ? { ...spec.music, source: get(spec.music.source) } : spec.music;
  return { ...spec, voice, music };
}

/** A result as posted (mastering without its channels) and the buffers to transfer. */
export function toPosted(result: RenderedMix): { result: PostedResult; transfer: ArrayBuffer[] } {
  const { mastering, ...rest } = result;
  let posted: PostedResult = rest;
  if (mastering) {
    const { channels: _channels, ...figures } = mastering;
    posted = { ...rest, mastering: figures };
  }
  const buffers = new Set<ArrayBuffer>(result.channels.map((c) => c.buffer as ArrayBuffer));
  if (result.wav) buffers.add(result.wav.bytes.buffer as ArrayBuffer);
  return { result: posted, transfer: [...buffers] };
}

/** The `RenderedMix` of a posted result. */
export function fromPosted(posted: PostedResult): RenderedMix {
  const { mastering, ...rest } = posted;
  return mastering ? { ...rest, mastering: { ...mastering, channels: posted.channels } } : rest;
}
