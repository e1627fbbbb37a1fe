import { dbToGain } from './db.js';
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
 * Returns the per-sample gain including `gain`, or null when no sample needs limiting.
 */
export function limiterGains(peaks: Float32Array, gain: number, ceiling: number, width: number, release: number): Float32Array | null {
  const n = peaks.length;
  const required = new Float32Array(n);
  const over = ceiling / gain;
  let any = false;
  for (let i = 0; i < n; i++) {
    const p = peaks[i]!;
    if (p > over) {
      required[i] = over / p;
      any = true;
    } else {
      required[i] = 1;
    }
  }
  if (!any) return null;
  const minimum = slidingMinForward(required, width);
  const gains = new Float32Array(n);
  // Before the first sample the history holds the first window's minimum: it bounds every n < width too.
  const first = minimum[0] ?? 1;
  let state = first;
  const r = new Float32Array(width).fill(first);
  let sum = width * first;
  for (let i = 0; i < n; i++) {
    const target = minimum[i]!;
    state = target < state ? target : target + (state - target) * release;
    const slot = i % width;
    sum += state - r[slot]!;
    r[slot] = state;
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
  const out = channels.map((channel) => {
    const y = new Float32Array(channel.length);
    if (gains) for (let i = 0; i < y.length; i++) y[i] = channel[i]! * gains[i]!;
    else for (let i = 0; i < y.length; i++) y[i] = channel[i]! * gain;
    return y;
  });
  let deepest = 1;
  if (gains) for (let i = 0; i < gains.length; i++) if (gains[i]! / gain < deepest) deepest = gains[i]! / gain;
  return { channels: out, maxReductionDb: deepest < 1 ? -20 * Math.log10(deepest) : 0 };
}
