import { dbToGain } from './db.js';
import { truePeakEnvelope } from './true-peak.js';

/** Options of the true-peak limiter. */
export interface LimiterOptions {
  /** Ceiling, dBTP. */
  readonly ceiling: number;
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

/** Forward sliding minimum: out[n] = min(x[n .. n + width - 1]) (van Herk / Gil-Werman, O(n)). */
export function slidingMinForward(x: Float32Array, width: number): Float32Array {
  const n = x.length;
  const out = new Float32Array(n);
  if (width <= 1) {
    out.set(x);
    return out;
  }
  const prefix = new Float32Array(n);
  const suffix = new Float32Array(n);
  for (let i = 0; i < n; i++) prefix[i] = i % width === 0 ? x[i]! : Math.min(prefix[i - 1]!, x[i]!);
  for (let i = n - 1; i >= 0; i--) suffix[i] = i === n - 1 || (i + 1) % width === 0 ? x[i]! : Math.min(suffix[i + 1]!, x[i]!);
  for (let i = 0; i < n; i++) {
    const j = i + width - 1;
    out[i] = j < n ? Math.min(suffix[i]!, prefix[j]!) : suffix[i]!;
    if (j >= n) {
      // The window runs past the end: suffix[i] covers only to its block's end; finish the tail.
      let m = out[i]!;
      for (let k = i; k < n && k < i + width; k++) if (x[k]! < m) m = x[k]!;
      out[i] = m;
    }
  }
  return out;
}

/**
 * True-peak limiter with look-ahead. The gain g[n] never exceeds ceiling / truePeak(n) anywhere:
 * g = box-average over the look-ahead W of r, where r follows the forward W-sample minimum of the required
 * gain down at once and back up with an exponential release. Every sample of the average is at most the
 * required gain of sample n, so the bound holds, and the gain moves smoothly both ways (no clicks).
 */
export function limitTruePeak(channels: readonly Float32Array[], sampleRate: number, options: LimiterOptions): LimiterResult {
  const n = channels[0]?.length ?? 0;
  const ceiling = dbToGain(options.ceiling - (options.marginDb ?? 0.1));
  const width = Math.max(1, Math.round(((options.lookaheadMs ?? 5) / 1000) * sampleRate));
  const release = Math.exp(-1 / (((options.releaseMs ?? 80) / 1000) * sampleRate));
  const peaks = truePeakEnvelope(channels, sampleRate, ceiling);
  const required = new Float32Array(n);
  let any = false;
  for (let i = 0; i < n; i++) {
    const p = peaks[i]!;
    if (p > ceiling) {
      required[i] = ceiling / p;
      any = true;
    } else {
      required[i] = 1;
    }
  }
  if (!any) return { channels: channels.map((c) => c.slice()), maxReductionDb: 0 };
  // Look-ahead minimum, then the release, then the attack ramp (box average over the same width), delayed
  // so the ramp ends on the peak: gain[n] = mean(r[n - width + 1 .. n]) with r[j] <= required[j .. j+width-1].
  const minimum = slidingMinForward(required, width);
  const r = new Float32Array(n);
  let state = 1;
  for (let i = 0; i < n; i++) {
    const target = minimum[i]!;
    state = target < state ? target : target + (state - target) * release;
    if (state > 1) state = 1;
    r[i] = state;
  }
  const out = channels.map(() => new Float32Array(n));
  let sum = 0;
  let deepest = 1;
  for (let i = 0; i < n; i++) {
    sum += r[i]!;
    if (i >= width) sum -= r[i - width]!;
    // Before `width` samples exist, the missing ones count as r = 1 would be wrong; use the mean of what exists
    // or the minimum so the bound still holds.
    const gain = i >= width - 1 ? sum / width : Math.min(sum / (i + 1), r[i]!);
    const g = Math.min(gain, required[i]!);
    if (g < deepest) deepest = g;
    for (let c = 0; c < channels.length; c++) out[c]![i] = channels[c]![i]! * g;
  }
  return { channels: out, maxReductionDb: -20 * Math.log10(deepest) };
}
