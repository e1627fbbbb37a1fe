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

/** Forward sliding minimum: out[n] = min(x[n .. min(n + width, length) - 1]) (van Herk / Gil-Werman, O(n)). */
export function slidingMinForward(x: Float32Array, width: number): Float32Array {
  const n = x.length;
  const out = new Float32Array(n);
  if (width <= 1) {
    out.set(x);
    return out;
  }
  const prefix = new Float32Array(n);
  const suffix = new Float32Array(n);
  for (let i = 0; i < n; i++) {
    const v = x[i]!;
    prefix[i] = i % width === 0 || prefix[i - 1]! > v ? v : prefix[i - 1]!;
  }
  for (let i = n - 1; i >= 0; i--) {
    const v = x[i]!;
    suffix[i] = i === n - 1 || (i + 1) % width === 0 || suffix[i + 1]! > v ? v : suffix[i + 1]!;
  }
  for (let i = 0; i < n; i++) {
    const j = i + width - 1;
    if (j < n) {
      const a = suffix[i]!;
      const b = prefix[j]!;
      out[i] = a < b ? a : b;
    } else {
      // Past the end the window is [i, n): suffix[i] covers only to its block's end, prefix[n - 1] the rest.
      const a = suffix[i]!;
      const b = Math.floor(i / width) === Math.floor((n - 1) / width) ? a : prefix[n - 1]!;
      out[i] = a < b ? a : b;
    }
  }
  return out;
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
  // Pass 1: required gain, and its running minimum from the start of each `width` block (van Herk prefix).
  const required = scratch('limiter.required', n);
  const prefix = scratch('limiter.prefix', n);
  let any = false;
  let run = 1;
  for (let i = 0, k = 0; i < n; i++, k++) {
    const p = peaks[i]!;
    let req = 1;
    if (p > over) {
      req = over / p;
      any = true;
    }
    required[i] = req;
    if (k === width) k = 0;
    run = k === 0 || req < run ? req : run;
    prefix[i] = run;
  }
  if (!any) return null;
  // Pass 2: running minimum to the end of each block (suffix), kept in `gains` for now.
  const gains = scratch('limiter.gains', n);
  run = 1;
  for (let i = n - 1, k = (n - 1) % width; i >= 0; i--, k--) {
    const req = required[i]!;
    // k is i's position in its block: the block ends where k === width - 1.
    if (k < 0) k = width - 1;
    run = i === n - 1 || k === width - 1 || req < run ? req : run;
    gains[i] = run;
  }
  // Pass 3: forward window minimum, release, box average; overwrite `gains` in place (index i read before written).
  const lastBlockStart = Math.floor((n - 1) / width) * width;
  const minimumAt = (i: number): number => {
    const a = gains[i]!;
    const j = i + width - 1;
    const b = j < n ? prefix[j]! : i >= lastBlockStart ? a : prefix[n - 1]!;
    return a < b ? a : b;
  };
  // Before the first sample the history holds the first window's minimum: it bounds every n < width too.
  const first = minimumAt(0);
  let state = first;
  const ring = new Float32Array(width).fill(first);
  let sum = width * first;
  for (let i = 0, slot = 0; i < n; i++, slot++) {
    const target = minimumAt(i);
    state = target < state ? target : target + (state - target) * release;
    if (slot === width) slot = 0;
    sum += state - ring[slot]!;
    ring[slot] = state;
    // The bound holds by construction; the clamp only absorbs rounding of the running sum.
    let g = sum / width;
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
