import { AudioInputError } from '../errors.js';
import { dbToGain } from './db.js';
import { detectVoiceSpans, duckingEnvelopePoints, duckingGains, type Span } from './ducking.js';
import { applyFade, fadeGain, type FadeCurve } from './fade.js';
import { masterSteps, type MasterResult } from './master.js';
import { sourceFrames, unitOf, type AudioSource, type MixSpec, type MusicBed, type Samples, type VoiceClip } from './mix-spec.js';
import { resample } from './resample.js';
import { reusable, scratch } from './scratch.js';
import { finish, type Steps } from './steps.js';
import { assertSampleRate, assertSourceChannels } from './validate.js';

/** What `renderMix` returns. */
export interface MixResult {
  /** The rendered ad: `channelCount` channels of exactly round(length * sampleRate) samples. */
  readonly channels: Float32Array[];
  readonly sampleRate: number;
  /**
   * Where the voice was found, in samples: the music's ducking follows these spans
   * (`duckingEnvelopeDb(voiceSpans, ...)` gives its gain per sample, `duckingEnvelope` for drawing).
   */
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

/**
 * A part of a source ready to mix: `count` channels at the ad's rate, each sample worth `unit` at full
 * scale 1 (16-bit parts are read as they are, so a source kept as 16-bit costs no copy).
 */
interface Segment {
  readonly parts: Samples[];
  readonly unit: number;
}

/** Floats of `channel` at full scale 1. */
function toFloat(channel: Samples): Float32Array {
  if (channel instanceof Float32Array) return channel;
  const out = new Float32Array(channel.length);
  for (let i = 0; i < out.length; i++) out[i] = channel[i]! / 32768;
  return out;
}

/** A source's channels mapped to `count` output channels (mono is shared, stereo averaged for mono). */
function mapChannels(channels: readonly Samples[], unit: number, count: number): Segment {
  if (channels.length === count) return { parts: [...channels], unit };
  if (count === 1) {
    const out = new Float32Array(channels[0]!.length);
    const scale = unit / channels.length;
    for (const channel of channels) for (let i = 0; i < out.length; i++) out[i]! += channel[i]! * scale;
    return { parts: [out], unit: 1 };
  }
  return { parts: Array.from({ length: count }, (_, c) => channels[Math.min(c, channels.length - 1)]!), unit };
}

/** Cuts [from, to) of a source (in its own samples) and brings it to `rate`, as `count` channels. */
function segment(source: AudioSource, from: number, to: number, rate: number, count: number, what: string): Segment {
  assertSourceChannels(source.channels, `${what}.source.channels`);
  assertSampleRate(source.sampleRate, `${what}.source.sampleRate`);
  const cut = source.channels.map((channel) => channel.subarray(from, Math.max(from, to)));
  if (source.sampleRate === rate) return mapChannels(cut, unitOf(cut[0]), count);
  return mapChannels(cut.map((channel) => resample(toFloat(channel), source.sampleRate, rate)), 1, count);
}

function clipSpan(clip: VoiceClip, rate: number, i: number): { start: number; from: number; to: number; outLength: number } {
  const what = `spec.voice[${i}]`;
  const srcRate = clip.source.sampleRate;
  const srcLength = sourceFrames(clip.source);
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
function addConstant(out: Float32Array, src: Samples, offset: number, from: number, to: number, gain: number): void {
  if (to <= from) return;
  const o = out.subarray(offset + from, offset + to);
  const x = src.subarray(from, to);
  for (let k = 0; k < o.length; k++) o[k]! += x[k]! * gain;
}

/** `addConstant` of one source into two outputs (a mono clip on a stereo bus): one read of the source. */
function addConstantPair(left: Float32Array, right: Float32Array, src: Samples, offset: number, from: number, to: number, gain: number): void {
  if (to <= from) return;
  const l = left.subarray(offset + from, offset + to);
  const r = right.subarray(offset + from, offset + to);
  const x = src.subarray(from, to);
  for (let k = 0; k < l.length; k++) {
    const v = x[k]! * gain;
    l[k]! += v;
    r[k]! += v;
  }
}

/** out[offset + k] += src[k] * gainAt(k) for k in [from, to). */
function addScaled(out: Float32Array, src: Samples, offset: number, from: number, to: number, gainAt: (k: number) => number): void {
  for (let k = from; k < to; k++) out[offset + k]! += src[k]! * gainAt(k);
}

/** Renders the voice bus: every clip trimmed, faded, gained and placed sample-exactly. */
export function renderVoice(spec: MixSpec): Float32Array[] {
  const length = validateSpec(spec);
  return renderVoiceInto(spec, Array.from({ length: spec.channelCount }, () => new Float32Array(length)));
}

/** Adds the voice bus into `bus` (one array per channel of `spec.channelCount`, its length) and returns it. */
function renderVoiceInto(spec: MixSpec, bus: Float32Array[]): Float32Array[] {
  const length = validateSpec(spec);
  const count = spec.channelCount;
  const curve: FadeCurve = spec.fadeCurve ?? 'sine';
  const busGain = dbToGain(spec.voiceGainDb ?? 0);
  for (let i = 0; i < spec.voice.length; i++) {
    const clip = spec.voice[i]!;
    const { start, from, to } = clipSpan(clip, spec.sampleRate, i);
    const { parts, unit } = segment(clip.source, from, to, spec.sampleRate, count, `spec.voice[${i}]`);
    const n = parts[0]!.length;
    const fadeIn = Math.min(n, Math.round(seconds(clip.fadeIn, `spec.voice[${i}].fadeIn`) * spec.sampleRate));
    const fadeOut = Math.min(n, Math.round(seconds(clip.fadeOut, `spec.voice[${i}].fadeOut`) * spec.sampleRate));
    const gain = busGain * dbToGain(clip.gainDb ?? 0) * unit;
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
      addScaled(bus[c]!, parts[c]!, start, stop, last, gainAt);
    }
    if (count === 2 && parts[0] === parts[1]) addConstantPair(bus[0]!, bus[1]!, parts[0]!, start, steady, stop, gain);
    else for (let c = 0; c < count; c++) addConstant(bus[c]!, parts[c]!, start, steady, stop, gain);
  }
  return bus;
}

/** A piece of the bed's copies on the timeline: source samples [from, to) at `at + from`, crossfading in or out, or not. */
interface Piece {
  readonly at: number;
  readonly from: number;
  readonly to: number;
  readonly fade: 'in' | 'out' | null;
}

/**
 * The bed cut from its offset, brought to the ad's rate and channels, and where its pieces go: looped
 * with equal-power crossfades, or trimmed to the ad. `end` is where the bed stops (the ad's length when looped).
 */
function musicLayout(spec: MixSpec, music: MusicBed, length: number): Segment & { pieces: Piece[]; crossfade: number; end: number } {
  const rate = spec.sampleRate;
  const srcRate = music.source.sampleRate;
  const srcLength = music.source.channels[0]?.length ?? 0;
  const offset = Math.min(srcLength, Math.round(seconds(music.offset, 'spec.music.offset') * srcRate));
  const { parts, unit } = segment(music.source, offset, srcLength, rate, spec.channelCount, 'spec.music');
  const segLength = parts[0]!.length;
  const pieces: Piece[] = [];
  if (!music.loop || segLength === 0 || segLength >= length) {
    const end = Math.min(length, segLength);
    if (end > 0) pieces.push({ at: 0, from: 0, to: end, fade: null });
    return { parts, unit, pieces, crossfade: 0, end };
  }
  const crossfade = Math.min(Math.floor(segLength / 2), Math.round(seconds(music.loopCrossfade ?? 0.05, 'spec.music.loopCrossfade') * rate));
  const stride = segLength - crossfade;
  for (let at = 0; at < length; at += stride) {
    const more = at + segLength < length;
    const stop = Math.min(segLength, length - at);
    const headEnd = at === 0 ? 0 : Math.min(crossfade, stop);
    const bodyEnd = more ? Math.min(stride, stop) : stop;
    if (headEnd > 0) pieces.push({ at, from: 0, to: headEnd, fade: 'in' });
    if (bodyEnd > headEnd) pieces.push({ at, from: headEnd, to: bodyEnd, fade: null });
    if (more && stop > stride) pieces.push({ at, from: stride, to: stop, fade: 'out' });
    if (!more) break;
  }
  return { parts, unit, pieces, crossfade, end: length };
}

/**
 * Adds the bed's pieces into `bus` (one array per channel), times `gains[i]` at output sample i when
 * given (the parts' unit included), else times `unit`; with `assign`, writes them instead (a copy's incoming crossfade still adds to the outgoing one
 * of the copy before, written just before it). The crossfades are equal-power: the incoming copy rises
 * as sin, the outgoing one falls as cos (the same table reversed).
 */
function addMusic(bus: Float32Array[], parts: Samples[], pieces: readonly Piece[], crossfade: number, gains: Float32Array | null, unit: number, assign: boolean): void {
  const rise = new Float32Array(crossfade).map((_, k) => Math.sin((Math.PI / 2) * ((k + 0.5) / crossfade)));
  const last = crossfade - 1;
  for (const { at, from, to, fade } of pieces) {
    if (fade === null && gains && bus.length === 2) {
      // The long pieces of a stereo bed: both channels in one loop, one read of the gain.
      const l = bus[0]!;
      const r = bus[1]!;
      const sl = parts[0]!;
      const sr = parts[1]!;
      if (assign) {
        for (let k = from; k < to; k++) {
          const g = gains[at + k]!;
          l[at + k] = sl[k]! * g;
          r[at + k] = sr[k]! * g;
        }
      } else {
        for (let k = from; k < to; k++) {
          const g = gains[at + k]!;
          l[at + k]! += sl[k]! * g;
          r[at + k]! += sr[k]! * g;
        }
      }
      continue;
    }
    const add = !assign || fade === 'in';
    for (let c = 0; c < bus.length; c++) {
      const src = parts[c]!;
      const out = bus[c]!;
      // 'in' pieces start at source sample 0, 'out' pieces at the stride: index the table from each end.
      for (let k = from; k < to; k++) {
        const f = fade === 'in' ? rise[k]! : fade === 'out' ? rise[last - (k - from)]! : 1;
        const v = src[k]! * f * (gains ? gains[at + k]! : unit);
        out[at + k] = add ? out[at + k]! + v : v;
      }
    }
  }
}

/** Multiplies the bed's fades (in from its start, out before `end`) into each of `targets`. */
function fadeMusic(spec: MixSpec, music: MusicBed, end: number, targets: readonly Float32Array[]): void {
  const curve: FadeCurve = spec.fadeCurve ?? 'sine';
  const fadeIn = Math.min(end, Math.round(seconds(music.fadeIn, 'spec.music.fadeIn') * spec.sampleRate));
  const fadeOut = Math.min(end, Math.round(seconds(music.fadeOut, 'spec.music.fadeOut') * spec.sampleRate));
  for (const out of targets) {
    if (fadeIn > 0) applyFade(out, 0, fadeIn, true, curve);
    if (fadeOut > 0) applyFade(out, end - fadeOut, fadeOut, false, curve);
  }
}

/** Renders the music bed without ducking or gain: offset, looped (equal-power crossfades) or trimmed, faded. */
export function renderMusic(spec: MixSpec, music: MusicBed): Float32Array[] {
  const length = validateSpec(spec);
  const { parts, unit, pieces, crossfade, end } = musicLayout(spec, music, length);
  const bus = Array.from({ length: spec.channelCount }, () => new Float32Array(length));
  addMusic(bus, parts, pieces, crossfade, null, unit, true);
  fadeMusic(spec, music, end, bus);
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
  return duckingEnvelopePoints(spansFor(spec, null), length, spec.sampleRate, spec.ducking, pointsPerSecond);
}

/**
 * Adds (or with `assign`, writes) the ducked, faded, gained bed into `bus` through one gain curve
 * (level, ducking and fades, computed once for all channels); returns where the bed ends.
 */
function addBed(spec: MixSpec, music: MusicBed, spans: readonly Span[], bus: Float32Array[], assign: boolean): number {
  const length = bus[0]!.length;
  const { parts, unit, pieces, crossfade, end } = musicLayout(spec, music, length);
  const bedGain = dbToGain((music.gainDb ?? 0) + (spec.musicGainDb ?? 0)) * unit;
  const gains = scratch('mix.gains', length);
  if (spec.ducking) duckingGains(spans, spec.sampleRate, spec.ducking, bedGain, gains);
  else gains.fill(bedGain);
  fadeMusic(spec, music, end, [gains]);
  addMusic(bus, parts, pieces, crossfade, gains, 1, assign);
  return end;
}

/** Hooks of `renderMix`. */
export interface RenderHooks {
  /** Called as each stage begins (`mix`, then `master` when mastering); a throw stops the render there. */
  readonly onStage?: (stage: 'mix' | 'master') => void;
  /**
   * Arrays to write the result into, e.g. an earlier result's channels that are no longer needed: new
   * memory costs page faults (about a tenth of a 30 s render). Used when there is one per channel of the
   * ad's length, none sharing memory with another or with a source; otherwise new arrays are made.
   */
  readonly into?: readonly Float32Array[] | undefined;
}

/**
 * Renders an ad from its plain-data description: voice bus + ducked music bed, then mastering when
 * `spec.mastering` is set. The preview plays these samples and the export encodes them: one code path.
 */
export function renderMix(spec: MixSpec, hooks: RenderHooks = {}): MixResult {
  return finish(renderMixSteps(spec, hooks));
}

/** `renderMix` in steps (see steps.ts): it yields after the mix and between the master's passes. */
export function* renderMixSteps(spec: MixSpec, hooks: RenderHooks = {}): Steps<MixResult> {
  const length = validateSpec(spec);
  hooks.onStage?.('mix');
  // With mastering the bus is a temporary (master writes the result); without, it is the result.
  const sources = [...spec.voice.map((clip) => clip.source), ...(spec.music ? [spec.music.source] : [])].flatMap((source) => source.channels);
  const into = reusable(hooks.into, spec.channelCount, length, sources);
  const out = spec.mastering ? Array.from({ length: spec.channelCount }, (_, c) => scratch(`mix.bus${c}`, length)) : (into ?? Array.from({ length: spec.channelCount }, () => new Float32Array(length)));
  // Work buffers and given arrays hold old samples; new arrays are zero.
  const stale = Boolean(spec.mastering) || into !== undefined;
  const wanted = spec.ducking || spec.voice.length;
  let spans: Span[] = [];
  if (spec.music && spec.ducking?.detect !== 'signal') {
    // The bed is written first (no bus to clear), then the voice added.
    if (wanted) spans = voicePlacementSpans(spec);
    const end = addBed(spec, spec.music, spans, out, true);
    if (stale) for (const channel of out) channel.fill(0, end);
    yield;
    renderVoiceInto(spec, out);
  } else {
    // Ducking that follows the voice signal needs the voice bus alone first.
    if (stale) for (const channel of out) channel.fill(0);
    renderVoiceInto(spec, out);
    if (wanted) spans = spansFor(spec, out);
    yield;
    if (spec.music) addBed(spec, spec.music, spans, out, false);
  }
  if (!spec.mastering) return { channels: out, sampleRate: spec.sampleRate, voiceSpans: spans };
  yield;
  hooks.onStage?.('master');
  // The bus is this render's work buffer: the master filters it in place.
  const mastered = yield* masterSteps(out, spec.sampleRate, spec.mastering.preset, { ...spec.mastering, into, consumeInput: true });
  return { channels: mastered.channels, sampleRate: spec.sampleRate, voiceSpans: spans, mastering: mastered };
}
