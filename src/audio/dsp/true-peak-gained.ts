import { BLOCK, CANDIDATE, TAPS, blockAt, interpolationBound, truePeakFactor } from './true-peak-interpolator.js';
import { bits } from './true-peak-runs.js';
import { refineBlock } from './true-peak-scan.js';

// A gained copy of some channels (the output of a gain curve, such as a limiter's) and its peaks, read
// from the input's envelope: only the blocks where the gain could lift a value past the peak found so
// far are interpolated again.

/** A gained copy of some channels, and what `gainedPeaks` reads of it per block of BLOCK (32) samples. */
export interface GainedCopy {
  /** The channels times the gain. */
  readonly channels: Float32Array[];
  /** The input's true-peak envelope and the threshold it was computed for (see `truePeakEnvelope`). */
  readonly envelope: Float32Array;
  readonly threshold: number;
  /** Per block: the envelope's largest value, and the gain's lowest and highest. */
  readonly top: Float32Array;
  readonly low: Float32Array;
  readonly high: Float32Array;
  /** The copy's largest |value|. */
  readonly samplePeak: number;
}

/**
 * `channels` times the per-sample `gains` (or `gain` throughout), into `into` (one array per channel of
 * their length, not the channels themselves) or new arrays, summarised for `gainedPeaks` on the way:
 * `envelope` is the channels' `truePeakEnvelope` for `threshold`; `tops`, if known, its largest value in
 * each block (`envelopeBlockMaxima`). `work`: arrays (`envelopeBlocks` long) for the gain's extremes per
 * block, instead of new ones.
 */
export function gainedCopy(channels: readonly Float32Array[], gains: Float32Array | null, gain: number, envelope: Float32Array, threshold: number, into?: readonly Float32Array[], tops?: Float32Array, work?: { readonly low: Float32Array; readonly high: Float32Array }): GainedCopy {
  const n = envelope.length;
  const blocks = Math.ceil(n / BLOCK);
  const top = tops ?? new Float32Array(blocks);
  const low = (work?.low ?? new Float32Array(blocks)).fill(gain);
  const high = (work?.high ?? new Float32Array(blocks)).fill(gain);
  const out = into ? [...into] : channels.map(() => new Float32Array(n));
  // The largest |value| is taken before the float32 rounding: rounding is monotonic, so the largest
  // stored value is that one rounded.
  let peak = 0;
  if (out.length === 2 && gains) {
    peak = gainedStereo(channels[0]!, channels[1]!, gains, tops ? null : envelope, out[0]!, out[1]!, top, low, high);
  } else {
    for (let k = 0; k < blocks; k++) {
      const start = k * BLOCK;
      const end = Math.min(n, start + BLOCK);
      if (!tops) {
        let e = 0;
        for (let i = start; i < end; i++) if (envelope[i]! > e) e = envelope[i]!;
        top[k] = e;
      }
      if (gains) {
        let g0 = gains[start]!;
        let g1 = g0;
        for (let i = start; i < end; i++) {
          if (gains[i]! > g1) g1 = gains[i]!;
          if (gains[i]! < g0) g0 = gains[i]!;
        }
        low[k] = g0;
        high[k] = g1;
      }
    }
    for (let c = 0; c < out.length; c++) {
      const x = channels[c]!;
      const y = out[c]!;
      if (gains) for (let i = 0; i < n; i++) peak = Math.max(peak, Math.abs((y[i] = x[i]! * gains[i]!)));
      else for (let i = 0; i < n; i++) peak = Math.max(peak, Math.abs((y[i] = x[i]! * gain)));
    }
  }
  return { channels: out, envelope, threshold, top, low, high, samplePeak: Math.fround(peak) };
}

/**
 * `gainedCopy` of a stereo pair through a gain curve, in one loop; returns the largest |value| (unrounded).
 * With `envelope`, also its largest value per block into `top` (null: `top` is known).
 */
function gainedStereo(l: Float32Array, r: Float32Array, gains: Float32Array, envelope: Float32Array | null, yl: Float32Array, yr: Float32Array, top: Float32Array, low: Float32Array, high: Float32Array): number {
  const n = l.length;
  let m = 0;
  for (let k = 0, start = 0; start < n; k++, start += BLOCK) {
    const end = Math.min(n, start + BLOCK);
    let g0 = gains[start]!;
    let g1 = g0;
    if (envelope !== null) {
      let e = 0;
      for (let i = start; i < end; i++) if (envelope[i]! > e) e = envelope[i]!;
      top[k] = e;
    }
    for (let i = start; i < end; i++) {
      const g = gains[i]!;
      if (g > g1) g1 = g;
      if (g < g0) g0 = g;
      const a = Math.abs((yl[i] = l[i]! * g));
      const b = Math.abs((yr[i] = r[i]! * g));
      if (a > m) m = a;
      if (b > m) m = b;
    }
    low[k] = g0;
    high[k] = g1;
  }
  return m;
}

/**
 * Sample peak and true peak of a gained copy, as `peaks(copy.channels)` finds them, but interpolating
 * fewer blocks. Where the gain is g throughout a block's taps, an interpolated output value is g times
 * the input's, and the input's is at most max(envelope, threshold) there; where the gain moves, by at
 * most the movement times `interpolationBound` times the input's largest |value|. A block is
 * interpolated only when that bound (with a margin for the float32 rounding) can beat the peak found so
 * far, and refined as in `peaks`. After a limiter, whose gain holds the envelope under its ceiling, few
 * blocks are left.
 */
export function gainedPeaks(copy: GainedCopy, sampleRate: number): { samplePeak: number; truePeak: number } {
  const { channels, threshold, top, low, high, samplePeak } = copy;
  const factor = truePeakFactor(sampleRate);
  if (samplePeak === 0 || factor === 1) return { samplePeak, truePeak: samplePeak };
  const n = copy.envelope.length;
  const blocks = top.length;
  const bound = interpolationBound();
  const quarter = factor === 4;
  const pad = new Float32Array(BLOCK + TAPS);
  const values = new Float32Array(BLOCK);
  const valueBits = bits(values);
  let peak = samplePeak;
  for (let k = 0; k < blocks; k++) {
    // A block's taps reach HALF samples into each neighbour (HALF < BLOCK).
    const before = k > 0 ? k - 1 : k;
    const after = k < blocks - 1 ? k + 1 : k;
    // Where the envelope was left at 0, every |value| is at most threshold / bound.
    const m = Math.max(top[before]!, top[k]!, top[after]!, threshold / bound);
    const g1 = Math.max(high[before]!, high[k]!, high[after]!);
    const g0 = Math.min(low[before]!, low[k]!, low[after]!);
    // The interpolated input is at most max(envelope, threshold) and bound * m; the float32 rounding of
    // each output sample moves an interpolated value by at most bound * g1 * m * 2^-24 (here 2^-22).
    const reach = g1 * Math.min(Math.max(top[k]!, threshold), bound * m) + bound * m * (g1 - g0 + g1 * 2.4e-7);
    if (reach <= peak) continue;
    const start = k * BLOCK;
    const end = Math.min(n, start + BLOCK);
    for (const channel of channels) {
      if (blockAt(channel, start, end, quarter, 0, null, pad) > peak * CANDIDATE) peak = Math.max(peak, refineBlock(channel, start, end, quarter, peak, values, valueBits, pad));
    }
  }
  return { samplePeak, truePeak: peak };
}
