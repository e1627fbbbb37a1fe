import { dbToGain } from './db.js';
import { scratch } from './scratch.js';
import { truePeakEnvelope } from './true-peak-envelope.js';
import { gainedCopy } from './true-peak-gained.js';

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

/** A limiter's gain curve (see `limiterGains`). */
export interface LimiterCurve {
  /** Per-sample gain, the gain before the limiter included. */
  readonly gains: Float32Array;
  /** Its lowest value. */
  readonly lowest: number;
}

/**
 * The limiter's gain curve for linear true peaks `peaks` (of the input before `gain`): g[n] <= ceiling /
 * (gain * peaks[n]) everywhere, reached smoothly. g = box average over the look-ahead `width` of r, where r
 * follows the forward `width`-sample minimum of the required gain down at once and back up with an
 * exponential release; every term of the average is at most the required gain at n, so the bound holds.
 * Returns the per-sample gain including `gain` (a reused work buffer: valid until the next call) and its
 * lowest value, or null when no sample needs limiting. `runs`, when given, holds the largest of `peaks`
 * in each run of `runs.length` samples from the start: blocks are then found from the runs.
 */
export function limiterGains(peaks: Float32Array, gain: number, ceiling: number, width: number, release: number, runs?: { readonly maxima: Float32Array; readonly length: number }): LimiterCurve | null {
  const n = peaks.length;
  const over = ceiling / gain;
  const blocks = Math.ceil(n / width);
  // Pass 1: which blocks of `width` samples hold a peak over the ceiling (the others need no work). A
  // run over it flags every block it touches (a block with no such peak only costs its pass 2).
  const flagged = new Uint8Array(blocks);
  let any = false;
  let from = 0;
  if (runs) {
    const { maxima, length } = runs;
    for (let r = 0; r < maxima.length; r++) {
      if (maxima[r]! > over) {
        const first = r * length;
        for (let k = (first / width) | 0, last = ((first + length - 1) / width) | 0; k <= last; k++) flagged[k] = 1;
        any = true;
      }
    }
    from = maxima.length * length;
  }
  for (let i = from; i < n; i++) {
    if (peaks[i]! > over) {
      flagged[(i / width) | 0] = 1;
      any = true;
    }
  }
  if (!any) return null;
  // Pass 2, flagged blocks only, one block ahead of pass 3: the required gain, and van Herk / Gil-Werman
  // running minima from each block's start (prefix) and to its end (suffix, kept in `gains` for now).
  // Elsewhere all three are 1. The required gains and the prefix are only read by pass 3 on the block
  // before and the block itself: two blocks of each are kept (slot k & 1), not n samples (a 10-minute
  // render would keep 115 MB each).
  const gains = scratch('limiter.gains', n);
  const required = [new Float32Array(width), new Float32Array(width)] as const;
  const prefixes = [new Float32Array(width), new Float32Array(width)] as const;
  const minima = (k: number): void => {
    const b = k * width;
    const e = Math.min(n, b + width);
    const req = required[k & 1];
    const prefix = prefixes[k & 1];
    let run = 1;
    for (let i = b; i < e; i++) {
      const p = peaks[i]!;
      // Rounded to float32 as the running minima are, so that the clamp below compares like with like.
      const r = p > over ? Math.fround(over / p) : 1;
      req[i - b] = r;
      if (r < run) run = r;
      prefix[i - b] = run;
    }
    run = 1;
    for (let i = e - 1; i >= b; i--) {
      const r = req[i - b]!;
      if (r < run) run = r;
      gains[i] = run;
    }
  };
  if (flagged[0]) minima(0);
  // Pass 3, block by block: the forward window minimum over [i, i + width - 1] is min(suffix[i],
  // prefix[i + width - 1]) (the window's two blocks), then the release, then the box average. Where the
  // limiter is idle (gain fully back, no flagged block within reach) a whole block is filled at once.
  // `gains` is overwritten in place: index i is read before it is written. The ring holds the last `width`
  // states: as every block but the last is `width` long, sample i's slot is i - start.
  const last = blocks - 1;
  const invWidth = 1 / width;
  // The release over a whole block (as Math.pow(release, width) each time, once).
  const releaseBlock = Math.pow(release, width);
  const first = flagged[0] ? gains[0]! : 1; // the window of sample 0 is block 0
  let state = first;
  // Before the first sample the history holds the first window's minimum: it bounds every n < width too.
  const ring = new Float32Array(width).fill(first);
  let sum = width * first;
  let restful = 0; // consecutive samples with state exactly 1
  // The lowest average: only the two general loops below can lower it (a closed-form release only rises).
  let lowest = 1;
  // After a block of pure release (target 1 throughout) the ring holds a geometric series: its deficit
  // under 1, sum of (1 - state), shrinks by `release` each sample, and so does the average's. The next
  // block of release is then computed in closed form and the ring written out only when a block needs it;
  // `owed` is the deficit of the state before such a block's first sample (0: the ring is written).
  let pure = false;
  let owed = 0;
  for (let k = 0; k < blocks; k++) {
    const start = k * width;
    const end = Math.min(n, start + width);
    const here = flagged[k] === 1;
    const next = k < last && flagged[k + 1] === 1;
    if (next) minima(k + 1);
    if (restful >= width && !here && !next) {
      gains.fill(gain, start, end);
      continue;
    }
    if (!here && !next && pure) {
      let deficit = width - sum;
      const entry = 1 - state;
      let i = start;
      for (; i < end; i++) {
        deficit *= release;
        if (deficit * invWidth < 1e-6) break;
        gains[i] = (1 - deficit * invWidth) * gain;
      }
      if (i < end) {
        // Back to within a millionth of 1: snap to rest, as the state itself would.
        gains.fill(gain, i, end);
        ring.fill(1);
        state = 1;
        sum = width;
        restful = width;
        pure = false;
        owed = 0;
        continue;
      }
      sum = width - deficit;
      state = 1 - entry * (end - start === width ? releaseBlock : Math.pow(release, end - start));
      owed = entry;
      continue;
    }
    if (owed > 0) {
      // Write out the ring of the closed-form block before (its slot j holds the state after j + 1 steps).
      let deficit = owed;
      for (let j = 0; j < width; j++) {
        deficit *= release;
        ring[j] = 1 - deficit;
      }
      owed = 0;
    }
    if (!here && !next) {
      // Release only (target 1 throughout): the general step below with a = b = 1, without its branches.
      for (let i = start; i < end; i++) {
        state = 1 + (state - 1) * release;
        if (state > 0.999999) state = 1;
        restful = state === 1 ? restful + 1 : 0;
        const r = i - start;
        sum += state - ring[r]!;
        ring[r] = state;
        if (restful >= width) sum = width;
        const g = Math.min(sum * invWidth, 1);
        lowest = Math.min(lowest, g);
        gains[i] = g * gain;
      }
      // A whole block of release that never reached 1: the ring is a geometric series.
      pure = end - start === width && state < 1;
      continue;
    }
    pure = false;
    const needed = required[k & 1];
    // The prefix of the next block, from its start (index `end`; the window of sample i ends at
    // i + width - 1, which stops at n - 1 past the end).
    const prefix = prefixes[(k + 1) & 1];
    const tail = n - 1 - end;
    for (let i = start; i < end; i++) {
      const a = here ? gains[i]! : 1;
      const j = i - start - 1;
      // Sample `start`'s window is its own block.
      const b = i === start || k === last ? a : next ? prefix[j < tail ? j : tail]! : 1;
      const target = a < b ? a : b;
      // Down to the target at once, else back up towards it: min() is exact either way (above the target,
      // target + (state - target) * release is not below it) and has no branch to mispredict.
      state = Math.min(target, target + (state - target) * release);
      // Snap the last millionth of the release so that idle stretches can be recognised.
      if (target === 1 && state > 0.999999) state = 1;
      restful = state === 1 ? restful + 1 : 0;
      const r = i - start;
      sum += state - ring[r]!;
      ring[r] = state;
      if (restful >= width) sum = width;
      // The bound holds by construction; the clamp only absorbs rounding of the running sum.
      const g = Math.min(sum * invWidth, here ? needed[i - start]! : 1);
      lowest = Math.min(lowest, g);
      gains[i] = g * gain;
    }
  }
  return { gains, lowest: lowest * gain };
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
  const threshold = ceiling / gain;
  const envelope = peaks ?? truePeakEnvelope(channels, sampleRate, threshold);
  const curve = limiterGains(envelope, gain, ceiling, width, release);
  return { channels: gainedCopy(channels, curve?.gains ?? null, gain, envelope, threshold).channels, maxReductionDb: reductionDb(curve, gain) };
}

/** Deepest reduction of a limiter's curve below `gain`, dB (0 when none). */
export function reductionDb(curve: LimiterCurve | null, gain: number): number {
  return curve && curve.lowest < gain ? -20 * Math.log10(curve.lowest / gain) : 0;
}
