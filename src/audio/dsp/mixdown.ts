import { AudioInputError } from '../errors.js';
import { dbToGain } from './db.js';
import { detectVoiceSpans, duckingEnvelopeDb, duckingGains, decimateEnvelope, type Span } from './ducking.js';
import { applyFade, fadeGain, type FadeCurve } from './fade.js';
import { master, type MasterResult } from './master.js';
import type { AudioSource, MixSpec, MusicBed, VoiceClip } from './mix-spec.js';
import { resample } from './resample.js';
import { scratch } from './scratch.js';
import { assertChannels, assertSampleRate } from './validate.js';

/** What `renderMix` returns. */
export interface MixResult {
  /** The rendered ad: `channelCount` channels of exactly round(length * sampleRate) samples. */
  readonly channels: Float32Array[];
  readonly sampleRate: number;
  /** Music ducking gain, dB, one value per sample (0 where not ducked). */
  readonly duckingDb: Float32Array;
  /** Where the voice was found, in samples. */
  readonly voiceSpans: readonly Span[];
  /** Present when the spec asked for mastering: measurement and compliance of `channels`. */
  readonly mastering?: MasterResult;
}

function seconds(value: number | undefined, what: string): number {
  const v = value ?? 0;
  if (!Number.isFinite(v) || v < 0) throw new AudioInputError(`${what}: ${value} is not a time; give seconds from 0 up.`);
  return v;
}

function validateSpec(spec: MixSpec): number {
  assertSampleRate(spec.sampleRate, 'spec.sampleRate');
  if (spec.channelCount !== 1 && spec.channelCount !== 2) throw new AudioInputError(`spec.channelCount: ${spec.channelCount} is not supported; use 1 or 2.`);
  const length = Math.round(seconds(spec.length, 'spec.length') * spec.sampleRate);
  if (length === 0) throw new AudioInputError('spec.length: the ad has no samples; give a length above 0 seconds.');
  return length;
}

/** A source's channels mapped to `count` output channels (mono is shared, stereo averaged for mono). */
function mapChannels(channels: readonly Float32Array[], count: number): Float32Array[] {
  if (channels.length === count) return [...channels];
  if (count === 1) {
    const out = new Float32Array(channels[0]!.length);
    for (const channel of channels) for (let i = 0; i < out.length; i++) out[i]! += channel[i]! / channels.length;
    return [out];
  }
  return Array.from({ length: count }, (_, c) => channels[Math.min(c, channels.length - 1)]!);
}

/** Cuts [from, to) of a source (in its own samples) and brings it to `rate`, as `count` channels. */
function segment(source: AudioSource, from: number, to: number, rate: number, count: number, what: string): Float32Array[] {
  assertChannels(source.channels as Float32Array[], `${what}.source.channels`);
  assertSampleRate(source.sampleRate, `${what}.source.sampleRate`);
  const cut = source.channels.map((channel) => channel.subarray(from, Math.max(from, to)));
  const atRate = source.sampleRate === rate ? cut : cut.map((channel) => resample(channel, source.sampleRate, rate));
  return mapChannels(atRate, count);
}

function clipSpan(clip: VoiceClip, rate: number, i: number): { start: number; from: number; to: number; outLength: number } {
  const what = `spec.voice[${i}]`;
  const srcRate = clip.source.sampleRate;
  const srcLength = clip.source.channels[0]?.length ?? 0;
  const from = Math.min(srcLength, Math.round(seconds(clip.trimStart, `${what}.trimStart`) * srcRate));
  const to = clip.trimEnd === undefined ? srcLength : Math.min(srcLength, Math.round(seconds(clip.trimEnd, `${what}.trimEnd`) * srcRate));
  const outLength = srcRate === rate ? Math.max(0, to - from) : Math.round((Math.max(0, to - from) * rate) / srcRate);
  return { start: Math.round(seconds(clip.start, `${what}.start`) * rate), from, to, outLength };
}

/** The voice clips' spans on the timeline, in samples (from placement and trims only). */
export function voicePlacementSpans(spec: MixSpec): Span[] {
  const length = validateSpec(spec);
  return spec.voice
    .map((clip, i) => clipSpan(clip, spec.sampleRate, i))
    .map(({ start, outLength }) => ({ start: Math.max(0, start), end: Math.min(length, start + outLength) }))
    .filter((span) => span.end > span.start);
}

/** out[offset + k] += src[k] * gain for k in [from, to). */
function addConstant(out: Float32Array, src: Float32Array, offset: number, from: number, to: number, gain: number): void {
  if (to <= from) return;
  const o = out.subarray(offset + from, offset + to);
  const x = src.subarray(from, to);
  for (let k = 0; k < o.length; k++) o[k]! += x[k]! * gain;
}

/** out[offset + k] += src[k] * gainAt(k) for k in [from, to). */
function addScaled(out: Float32Array, src: Float32Array, offset: number, from: number, to: number, gainAt: (k: number) => number): void {
  for (let k = from; k < to; k++) out[offset + k]! += src[k]! * gainAt(k);
}

/** Renders the voice bus: every clip trimmed, faded, gained and placed sample-exactly. */
export function renderVoice(spec: MixSpec): Float32Array[] {
  return renderVoiceInto(spec, null);
}

/** `renderVoice` into reused work buffers (`pooled`), or into new arrays. */
function renderVoiceInto(spec: MixSpec, pooled: 'pooled' | null): Float32Array[] {
  const length = validateSpec(spec);
  const count = spec.channelCount;
  const curve: FadeCurve = spec.fadeCurve ?? 'sine';
  const bus = Array.from({ length: count }, (_, c) => (pooled ? scratch(`mix.voice${c}`, length).fill(0) : new Float32Array(length)));
  const busGain = dbToGain(spec.voiceGainDb ?? 0);
  for (let i = 0; i < spec.voice.length; i++) {
    const clip = spec.voice[i]!;
    const { start, from, to } = clipSpan(clip, spec.sampleRate, i);
    const parts = segment(clip.source, from, to, spec.sampleRate, count, `spec.voice[${i}]`);
    const n = parts[0]!.length;
    const fadeIn = Math.min(n, Math.round(seconds(clip.fadeIn, `spec.voice[${i}].fadeIn`) * spec.sampleRate));
    const fadeOut = Math.min(n, Math.round(seconds(clip.fadeOut, `spec.voice[${i}].fadeOut`) * spec.sampleRate));
    const gain = busGain * dbToGain(clip.gainDb ?? 0);
    // Per-sample gains only where a fade applies; a constant gain in between.
    const first = Math.max(0, -start);
    const last = Math.min(n, length - start);
    const steady = Math.min(last, Math.max(first, fadeIn));
    const stop = Math.max(steady, Math.min(last, n - fadeOut));
    const gainAt = (k: number): number => {
      let g = gain;
      if (k < fadeIn) g *= fadeGain(k / fadeIn, curve);
      if (k >= n - fadeOut) g *= fadeGain((n - 1 - k) / fadeOut, curve);
      return g;
    };
    for (let c = 0; c < count; c++) {
      addScaled(bus[c]!, parts[c]!, start, first, steady, gainAt);
      addConstant(bus[c]!, parts[c]!, start, steady, stop, gain);
      addScaled(bus[c]!, parts[c]!, start, stop, last, gainAt);
    }
  }
  return bus;
}

/** Renders the music bed without ducking or gain: offset, looped (equal-power crossfades) or trimmed, faded. */
export function renderMusic(spec: MixSpec, music: MusicBed): Float32Array[] {
  return renderMusicInto(spec, music, null, null);
}

/**
 * `renderMusic` into reused work buffers (`pooled`), or into new arrays. With `fadeGains`, the fades are
 * multiplied into that per-sample gain curve instead of into every channel.
 */
function renderMusicInto(spec: MixSpec, music: MusicBed, pooled: 'pooled' | null, fadeGains: Float32Array | null): Float32Array[] {
  const length = validateSpec(spec);
  const count = spec.channelCount;
  const rate = spec.sampleRate;
  const curve: FadeCurve = spec.fadeCurve ?? 'sine';
  const srcRate = music.source.sampleRate;
  const srcLength = music.source.channels[0]?.length ?? 0;
  const offset = Math.min(srcLength, Math.round(seconds(music.offset, 'spec.music.offset') * srcRate));
  const parts = segment(music.source, offset, srcLength, rate, count, 'spec.music');
  const segLength = parts[0]!.length;
  const bus = Array.from({ length: count }, (_, c) => (pooled ? scratch(`mix.music${c}`, length).fill(0) : new Float32Array(length)));
  let end = Math.min(length, segLength);
  if (music.loop && segLength > 0 && segLength < length) {
    const crossfade = Math.min(Math.floor(segLength / 2), Math.round(seconds(music.loopCrossfade ?? 0.05, 'spec.music.loopCrossfade') * rate));
    const stride = segLength - crossfade;
    // Equal-power crossfade: the incoming copy rises as sin, the outgoing one falls as cos (the same table reversed).
    const rise = new Float32Array(crossfade).map((_, k) => Math.sin((Math.PI / 2) * ((k + 0.5) / crossfade)));
    for (let at = 0; at < length; at += stride) {
      const more = at + segLength < length;
      const stop = Math.min(segLength, length - at);
      const headEnd = at === 0 ? 0 : Math.min(crossfade, stop);
      const bodyEnd = more ? Math.min(stride, stop) : stop;
      for (let c = 0; c < count; c++) {
        const src = parts[c]!;
        const out = bus[c]!;
        for (let k = 0; k < headEnd; k++) out[at + k]! += src[k]! * rise[k]!;
        // The body overlaps nothing yet: a plain copy.
        if (bodyEnd > headEnd) out.set(src.subarray(headEnd, bodyEnd), at + headEnd);
        if (more) for (let k = stride; k < stop; k++) out[at + k]! += src[k]! * rise[crossfade - 1 - (k - stride)]!;
      }
      if (!more) break;
    }
    end = length;
  } else {
    for (let c = 0; c < count; c++) bus[c]!.set(parts[c]!.subarray(0, end));
  }
  const fadeIn = Math.min(end, Math.round(seconds(music.fadeIn, 'spec.music.fadeIn') * rate));
  const fadeOut = Math.min(end, Math.round(seconds(music.fadeOut, 'spec.music.fadeOut') * rate));
  for (const out of fadeGains ? [fadeGains] : bus) {
    if (fadeIn > 0) applyFade(out, 0, fadeIn, true, curve);
    if (fadeOut > 0) applyFade(out, end - fadeOut, fadeOut, false, curve);
  }
  return bus;
}

function spansFor(spec: MixSpec, voice: Float32Array[] | null): Span[] {
  if (spec.ducking?.detect === 'signal') {
    const bus = voice ?? renderVoice(spec);
    return detectVoiceSpans(bus, spec.sampleRate, spec.ducking.thresholdDb, spec.ducking.holdMs);
  }
  return voicePlacementSpans(spec);
}

/**
 * The music's ducking gain for drawing: `pointsPerSecond` values in dB (the deepest within each interval).
 * The same computation as `renderMix` uses.
 */
export function duckingEnvelope(spec: MixSpec, pointsPerSecond = 100): Float32Array {
  const length = validateSpec(spec);
  if (!spec.ducking) return new Float32Array(Math.ceil(length / Math.max(1, Math.round(spec.sampleRate / pointsPerSecond))));
  const env = duckingEnvelopeDb(spansFor(spec, null), length, spec.sampleRate, spec.ducking);
  return decimateEnvelope(env, spec.sampleRate, pointsPerSecond);
}

/** Hooks of `renderMix`. */
export interface RenderHooks {
  /** Called as each stage begins (`mix`, then `master` when mastering); a throw stops the render there. */
  readonly onStage?: (stage: 'mix' | 'master') => void;
}

/**
 * Renders an ad from its plain-data description: voice bus + ducked music bed, then mastering when
 * `spec.mastering` is set. The preview plays these samples and the export encodes them: one code path.
 */
export function renderMix(spec: MixSpec, hooks: RenderHooks = {}): MixResult {
  const length = validateSpec(spec);
  hooks.onStage?.('mix');
  // With mastering the bus is a temporary (master writes new arrays); without, it is the result.
  const voice = renderVoiceInto(spec, spec.mastering ? 'pooled' : null);
  const spans = spec.ducking || spec.voice.length ? spansFor(spec, voice) : [];
  const duckingDb = spec.ducking ? duckingEnvelopeDb(spans, length, spec.sampleRate, spec.ducking) : new Float32Array(length);
  const out = voice;
  if (spec.music) {
    const bedGain = dbToGain((spec.music.gainDb ?? 0) + (spec.musicGainDb ?? 0));
    // One gain curve for the bed (level, ducking and fades), computed once for all channels.
    const gains = scratch('mix.gains', length);
    if (spec.ducking) duckingGains(spans, spec.sampleRate, spec.ducking, bedGain, gains);
    else gains.fill(bedGain);
    const music = renderMusicInto(spec, spec.music, 'pooled', gains);
    if (out.length === 2) {
      const y0 = out[0]!;
      const y1 = out[1]!;
      const m0 = music[0]!;
      const m1 = music[1]!;
      for (let i = 0; i < length; i++) {
        const g = gains[i]!;
        y0[i]! += m0[i]! * g;
        y1[i]! += m1[i]! * g;
      }
    } else {
      for (let c = 0; c < out.length; c++) {
        const y = out[c]!;
        const m = music[c]!;
        for (let i = 0; i < length; i++) y[i]! += m[i]! * gains[i]!;
      }
    }
  }
  if (!spec.mastering) return { channels: out, sampleRate: spec.sampleRate, duckingDb, voiceSpans: spans };
  hooks.onStage?.('master');
  const mastered = master(out, spec.sampleRate, spec.mastering.preset, spec.mastering);
  return { channels: mastered.channels, sampleRate: spec.sampleRate, duckingDb, voiceSpans: spans, mastering: mastered };
}
