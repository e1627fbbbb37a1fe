import type { DuckingSpec } from './mix-spec.js';

/** A span where the voice is present, in samples: [start, end). */
export interface Span {
  readonly start: number;
  readonly end: number;
}

/** Merges overlapping or touching spans (sorted result). Spans closer than `bridge` samples are joined too. */
export function mergeSpans(spans: readonly Span[], bridge = 0): Span[] {
  const sorted = spans.filter((s) => s.end > s.start).sort((a, b) => a.start - b.start);
  const out: Span[] = [];
  for (const span of sorted) {
    const last = out[out.length - 1];
    if (last && span.start <= last.end + bridge) out[out.length - 1] = { start: last.start, end: Math.max(last.end, span.end) };
    else out.push({ ...span });
  }
  return out;
}

/**
 * Voice presence from the voice signal: 10 ms RMS windows over all channels above `thresholdDb` (dBFS),
 * pauses shorter than `holdMs` bridged.
 */
export function detectVoiceSpans(channels: readonly Float32Array[], sampleRate: number, thresholdDb = -45, holdMs = 250): Span[] {
  const n = channels[0]?.length ?? 0;
  const win = Math.max(1, Math.round(sampleRate / 100));
  const threshold = Math.pow(10, thresholdDb / 10);
  const spans: Span[] = [];
  for (let start = 0; start < n; start += win) {
    const end = Math.min(n, start + win);
    let sum = 0;
    for (const channel of channels) for (let i = start; i < end; i++) sum += channel[i]! * channel[i]!;
    if (sum / ((end - start) * channels.length) > threshold) spans.push({ start, end });
  }
  return mergeSpans(spans, Math.round((holdMs / 1000) * sampleRate));
}

/**
 * The ducking gain of the music, in dB, one value per sample (0 = untouched, -depth = fully ducked).
 * For each voice span, the gain ramps linearly in dB from 0 to -depth over `attackMs` ending at the span's
 * start, stays at -depth over the span, and ramps back over `releaseMs` starting at the span's end. Where
 * spans' ramps meet, the lower gain wins. Ramps are clipped to [0, length).
 */
export function duckingEnvelopeDb(spans: readonly Span[], length: number, sampleRate: number, ducking: DuckingSpec): Float32Array {
  const env = new Float32Array(length);
  const depth = Math.abs(ducking.depthDb);
  if (depth === 0) return env;
  const attack = Math.max(0, Math.round((ducking.attackMs / 1000) * sampleRate));
  const release = Math.max(0, Math.round((ducking.releaseMs / 1000) * sampleRate));
  for (const span of mergeSpans(spans)) {
    // Attack: sample span.start - attack + k has gain -depth * k / attack (k = 0 .. attack - 1).
    const at = span.start - attack;
    for (let k = Math.max(0, -at), stop = Math.min(attack, length - at); k < stop; k++) {
      const value = (-depth * k) / attack;
      if (value < env[at + k]!) env[at + k] = value;
    }
    const from = Math.max(0, span.start);
    const to = Math.min(length, span.end);
    if (to > from) env.fill(-depth, from, to);
    // Release: sample span.end + k has gain -depth * (1 - (k + 1) / (release + 1)).
    for (let k = Math.max(0, -span.end), stop = Math.min(release, length - span.end); k < stop; k++) {
      const value = -depth * (1 - (k + 1) / (release + 1));
      if (value < env[span.end + k]!) env[span.end + k] = value;
    }
  }
  return env;
}

/**
 * `decimateEnvelope(duckingEnvelopeDb(spans, length, sampleRate, ducking), sampleRate, pointsPerSecond)`,
 * the same values, without the per-sample array (115 MB and about 100 ms for 10 minutes at 48 kHz): each
 * span's gain falls until its start, holds, then rises, so its deepest value within a point's samples is at
 * the sample nearest its start; only the points a span reaches are visited.
 */
export function duckingEnvelopePoints(spans: readonly Span[], length: number, sampleRate: number, ducking: DuckingSpec, pointsPerSecond: number): Float32Array {
  const step = Math.max(1, Math.round(sampleRate / pointsPerSecond));
  const out = new Float32Array(Math.ceil(length / step));
  const depth = Math.abs(ducking.depthDb);
  if (depth === 0 || length === 0) return out;
  const attack = Math.max(0, Math.round((ducking.attackMs / 1000) * sampleRate));
  const release = Math.max(0, Math.round((ducking.releaseMs / 1000) * sampleRate));
  for (const { start, end } of mergeSpans(spans)) {
    // The span's gain at sample i, as duckingEnvelopeDb writes it (0 outside its ramps).
    const gain = (i: number): number =>
      i < start - attack || i >= end + release ? 0 : i < start ? (-depth * (i - start + attack)) / attack : i < end ? -depth : -depth * (1 - (i - end + 1) / (release + 1));
    const first = Math.floor(Math.max(0, start - attack) / step);
    const last = Math.floor((Math.min(length, end + release) - 1) / step);
    for (let p = first; p <= last; p++) {
      const a = p * step;
      const b = Math.min(length, a + step) - 1;
      const deepest = gain(Math.min(b, Math.max(a, start)));
      if (deepest < out[p]!) out[p] = deepest;
    }
  }
  return out;
}

/**
 * Reduces a per-sample dB envelope to `pointsPerSecond` values for drawing: each point is the lowest gain
 * (deepest duck) within its interval, so a short duck is never lost.
 */
export function decimateEnvelope(envelopeDb: Float32Array, sampleRate: number, pointsPerSecond: number): Float32Array {
  const step = Math.max(1, Math.round(sampleRate / pointsPerSecond));
  const count = Math.ceil(envelopeDb.length / step);
  const out = new Float32Array(count);
  for (let p = 0; p < count; p++) {
    let m = 0;
    const end = Math.min(envelopeDb.length, (p + 1) * step);
    for (let i = p * step; i < end; i++) if (envelopeDb[i]! < m) m = envelopeDb[i]!;
    out[p] = m;
  }
  return out;
}

/** Samples between exact Math.pow anchors of the geometric ramps in `duckingGains`. */
const ANCHOR = 256;

/**
 * out[i] = min(out[i], gain * 10^((dbAt + dbStep * k) / 20)) for sample i = at + k, k in [first, last):
 * a ramp linear in dB is geometric in gain, so it is a running product, re-anchored every 256 samples.
 */
function lowerRamp(out: Float32Array, at: number, first: number, last: number, gain: number, dbAt: number, dbStep: number): void {
  const ratio = Math.pow(10, dbStep / 20);
  for (let a = first; a < last; a += ANCHOR) {
    const end = Math.min(last, a + ANCHOR);
    let v = gain * Math.pow(10, (dbAt + dbStep * a) / 20);
    for (let k = a; k < end; k++) {
      const i = at + k;
      if (v < out[i]!) out[i] = v;
      v *= ratio;
    }
  }
}

/**
 * The music's ducking as a linear gain times `gain`, one value per sample, into `out`: the curve of
 * `duckingEnvelopeDb` (out[i] = gain * 10^(dB[i] / 20), to float rounding) without a power per sample.
 */
export function duckingGains(spans: readonly Span[], sampleRate: number, ducking: DuckingSpec, gain: number, out: Float32Array): Float32Array {
  const length = out.length;
  out.fill(gain);
  const depth = Math.abs(ducking.depthDb);
  if (depth === 0) return out;
  const attack = Math.max(0, Math.round((ducking.attackMs / 1000) * sampleRate));
  const release = Math.max(0, Math.round((ducking.releaseMs / 1000) * sampleRate));
  const floor = gain * Math.pow(10, -depth / 20);
  for (const span of mergeSpans(spans)) {
    // Attack: sample span.start - attack + k at -depth * k / attack dB, for the samples inside [0, length).
    const at = span.start - attack;
    if (attack > 0) lowerRamp(out, at, Math.max(0, -at), Math.min(attack, length - at), gain, 0, -depth / attack);
    const from = Math.max(0, span.start);
    const to = Math.min(length, span.end);
    if (to > from) out.fill(floor, from, to);
    // Release: sample span.end + k at -depth * (1 - (k + 1) / (release + 1)) dB.
    if (release > 0) lowerRamp(out, span.end, Math.max(0, -span.end), Math.min(release, length - span.end), gain, -depth * (1 - 1 / (release + 1)), depth / (release + 1));
  }
  return out;
}
