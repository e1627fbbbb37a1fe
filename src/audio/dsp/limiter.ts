import { dbToGain } from './db.js';
import { scratch } from './scratch.js';
import { truePeakEnvelope } from './true-peak.js';

/** Options of the true-peak limiter. */
export interface LimiterOptions {
  /** Ceiling, dBTP. */
  readonly ceiling: number;
  /** Gain applied before limiting, dB. Default 0. */
  readonly gainDb?: number;
  /** Look-ahead and attack ramp, ms. Default 5. */
  readonly lookaheadMs?: number;
  /** Release time constant, ms. Default 80. */
  readonly releaseMs?: number;
  /** Safety margin under the ceiling, dB, for the gain ramp's effect on inter-sample values. Default 0.1. */
  readonly marginDb?: number;
}

/** What the limiter did. */
export interface LimiterResult {
  readonly channels: Float32Array[];
  /** Deepest gain reduction, dB (0 = untouched). */
  readonly maxReductionDb: number;
}

/**
 * The limiter's gain curve for linear true peaks `peaks` (of the input before `gain`): g[n] <= ceiling /
 * (gain * peaks[n]) everywhere, reached smoothly. g = box average over the look-ahead `width` of r, where r
 * follows the forward `width`-sample minimum of the required gain down at once and back up with an
 * exponential release; every term of the average is at most the required gain at n, so the bound holds.
 * Returns the per-sample gain including `gain` (a reused work buffer: valid until the next call), or null
 * when no sample needs limiting.
 */
export function limiterGains(peaks: Float32Array, gain: number, ceiling: number, width: number, release: number): Float32Array | null {
  const n = peaks.length;
  const over = ceiling / gain;
  // Pass 1: the required gain (1 where the peak is under the ceiling).
  const required = scratch('limiter.required', n);
  let highest = 0;
  for (let i = 0; i < n; i++) {
    const p = peaks[i]!;
    if (p > highest) highest = p;
    required[i] = p > over ? over / p : 1;
  }
  if (highest <= over) return null;
  // Pass 2: van Herk / Gil-Werman running minima within blocks of `width`: from each block's start
  // (prefix) and to each block's end (suffix, kept in `gains` for now).
  const prefix = scratch('limiter.prefix', n);
  const gains = scratch('limiter.gains', n);
  for (let b = 0; b < n; b += width) {
    const e = Math.min(n, b + width);
    let run = 1;
    for (let i = b; i < e; i++) {
      const r = required[i]!;
      if (r < run) run = r;
      prefix[i] = run;
    }
    run = 1;
    for (let i = e - 1; i >= b; i--) {
      const r = required[i]!;
      if (r < run) run = r;
      gains[i] = run;
    }
  }
  // Pass 3: forward window minimum min(required[i .. i + width - 1]) = min(suffix[i], prefix[i + width - 1])
  // (past the end: min(suffix[i], prefix[n - 1]) unless i is in the last block), then the release, then the
  // box average; `gains` is overwritten in place (index i is read before it is written).
  const lastBlockStart = Math.floor((n - 1) / width) * width;
  const invWidth = 1 / width;
  const windowMin = (i: number): number => {
    const a = gains[i]!;
    const j = i + width - 1;
    const b = j < n ? prefix[j]! : i >= lastBlockStart ? a : prefix[n - 1]!;
    return a < b ? a : b;
  };
  // Before the first sample the history holds the first window's minimum: it bounds every n < width too.
  const first = windowMin(0);
  let state = first;
  const ring = new Float32Array(width).fill(first);
  let sum = width * first;
  const full = Math.max(0, n - width + 1);
  let slot = 0;
  for (let i = 0; i < full; i++) {
    const a = gains[i]!;
    const b = prefix[i + width - 1]!;
    const target = a < b ? a : b;
    state = target < state ? target : target + (state - target) * release;
    sum += state - ring[slot]!;
    ring[slot] = state;
    if (++slot === width) slot = 0;
    // The bound holds by construction; the clamp only absorbs rounding of the running sum.
    let g = sum * invWidth;
    const req = required[i]!;
    if (g > req) g = req;
    gains[i] = g * gain;
  }
  for (let i = full; i < n; i++) {
    const target = windowMin(i);
    state = target < state ? target : target + (state - target) * release;
    sum += state - ring[slot]!;
    ring[slot] = state;
    if (++slot === width) slot = 0;
    let g = sum * invWidth;
    const req = required[i]!;
    if (g > req) g = req;
    gains[i] = g * gain;
  }
  return gains;
}

/**
 * True-peak limiter with look-ahead: applies `gainDb`, then keeps the true peak under `ceiling` dBTP
 * (less a 0.1 dB margin) with a smooth gain curve (`limiterGains`).
 */
export function limitTruePeak(channels: readonly Float32Array[], sampleRate: number, options: LimiterOptions, peaks?: Float32Array): LimiterResult {
  const gain = dbToGain(options.gainDb ?? 0);
  const ceiling = dbToGain(options.ceiling - (options.marginDb ?? 0.1));
  const width = Math.max(1, Math.round(((options.lookaheadMs ?? 5) / 1000) * sampleRate));
  const release = Math.exp(-1 / (((options.releaseMs ?? 80) / 1000) * sampleRate));
  const envelope = peaks ?? truePeakEnvelope(channels, sampleRate, ceiling / gain);
  const gains = limiterGains(envelope, gain, ceiling, width, release);
  return { channels: applyGains(channels, gains, gain), maxReductionDb: reductionDb(gains, gain) };
}

/** Deepest reduction of a gain curve below `gain`, dB (0 when none). */
export function reductionDb(gains: Float32Array | null, gain: number): number {
  if (!gains) return 0;
  let lowest = gain;
  for (let i = 0; i < gains.length; i++) if (gains[i]! < lowest) lowest = gains[i]!;
  return lowest < gain ? -20 * Math.log10(lowest / gain) : 0;
}

/** Multiplies each channel by the per-sample `gains`, or by `gain` when there is no curve. */
export function applyGains(channels: readonly Float32Array[], gains: Float32Array | null, gain: number): Float32Array[] {
  return channels.map((channel) => {
    const y = new Float32Array(channel.length);
    if (gains) for (let i = 0; i < y.length; i++) y[i] = channel[i]! * gains[i]!;
    else for (let i = 0; i < y.length; i++) y[i] = channel[i]! * gain;
    return y;
  });
}
