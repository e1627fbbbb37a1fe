import { BLOCK, truePeakFactor } from './true-peak-interpolator.js';
import { ABS, bits, runMaxima, subMaxima } from './true-peak-runs.js';
import { scan } from './true-peak-scan.js';

// The per-sample true-peak envelope a limiter reads: computed for a threshold, lowered to another without
// computing it again, and its maxima per run or per block read from the blocks that changed.

/**
 * Per-sample true-peak envelope over all channels: out[n] is the largest |value| at sample n or between
 * n and n+1 in any channel, refined where it comes within CANDIDATE of `threshold` (linear). Where a block
 * cannot, out[n] is left at 0: every sample there is at most `threshold` over `interpolationBound`, and
 * callers such as the limiter only act on what exceeds `threshold`. (At 192 kHz and above, where nothing is
 * interpolated, out[n] is the samples' largest |value|.) `maxima`: the channels' `subMaxima`, if known.
 * `pending` (one array per channel, `envelopeBlocks` long): where to record what `lowerTruePeakEnvelope`
 * needs to lower the threshold later. `touched` (`envelopeBlocks` long, zeros): set to 1 for each block of
 * BLOCK (32) samples where `out` may be non-zero, for `envelopeRunMaxima`.
 */
export function truePeakEnvelope(channels: readonly Float32Array[], sampleRate: number, threshold: number, out: Float32Array = new Float32Array(channels[0]?.length ?? 0), maxima?: readonly Float32Array[], pending?: readonly Float32Array[], touched?: Uint8Array): Float32Array {
  const n = channels[0]?.length ?? 0;
  const factor = truePeakFactor(sampleRate);
  out.fill(0);
  if (factor === 1) {
    for (const channel of channels) {
      for (let i = 0; i < n; i++) {
        const v = Math.abs(channel[i]!);
        if (v > out[i]!) out[i] = v;
      }
    }
    touched?.fill(1);
    return out;
  }
  channels.forEach((channel, c) => scan(channel, factor, threshold, out, maxima?.[c] ?? subMaxima(channel), pending?.[c] ?? null, Infinity, touched ?? null));
  return out;
}

/** Length of the arrays of `pending` of `truePeakEnvelope` for `frames` samples. */
export function envelopeBlocks(frames: number): number {
  return Math.ceil(frames / BLOCK);
}

/**
 * Lowers the threshold of an envelope that `truePeakEnvelope` computed for `from`, with `pending`, to
 * `to` (at most `from`): `out` then holds what `truePeakEnvelope` would compute for `to`, value for value,
 * and `pending` is updated for a further lowering. Only the values between the two thresholds are
 * computed: the blocks skipped before that now come within reach, and the peaks that now count as
 * candidates. `maxima` as for `truePeakEnvelope`; `touched`: set to 1 for each block of `out` that changed.
 */
export function lowerTruePeakEnvelope(channels: readonly Float32Array[], sampleRate: number, from: number, to: number, out: Float32Array, maxima: readonly Float32Array[] | undefined, pending: readonly Float32Array[], touched?: Uint8Array): Float32Array {
  const factor = truePeakFactor(sampleRate);
  if (factor === 1 || to >= from) return out;
  channels.forEach((channel, c) => scan(channel, factor, to, out, maxima?.[c] ?? subMaxima(channel), pending[c]!, from, touched ?? null));
  return out;
}

/**
 * `runMaxima(envelope, run, out)` where only the blocks of BLOCK (32) samples flagged in `touched` can
 * have changed since `out` last held it (with `fresh`: where `envelope` is 0 outside them, as
 * `truePeakEnvelope` leaves it), the same values; clears `touched`. A limiter's envelope is mostly skipped
 * blocks: this reads the few that were written instead of every sample.
 */
export function envelopeRunMaxima(envelope: Float32Array, run: number, out: Float32Array, touched: Uint8Array, fresh: boolean): Float32Array {
  const n = envelope.length;
  if (run > BLOCK) {
    runMaxima(envelope, run, out);
  } else {
    if (fresh) out.fill(0);
    const v = bits(envelope);
    const o = bits(out);
    const runs = out.length;
    for (let k = 0; k < touched.length; k++) {
      if (touched[k] !== 1) continue;
      // The runs that overlap block k.
      const last = Math.min(runs - 1, Math.floor((k * BLOCK + BLOCK - 1) / run));
      for (let r = Math.floor((k * BLOCK) / run); r <= last; r++) {
        let top = 0;
        for (let i = r * run, to = Math.min(n, i + run); i < to; i++) top = Math.max(top, v[i]! & ABS);
        o[r] = top;
      }
    }
  }
  touched.fill(0);
  return out;
}

/**
 * The largest value of `envelope` in each block of BLOCK (32) samples, from its `runMaxima` for runs of
 * `run` samples (`runs`, from the start, whole runs only) where runs tile the blocks; else undefined.
 * For `gainedCopy`, which otherwise reads the whole envelope for them. Into `out` (`envelopeBlocks` long)
 * when given.
 */
export function envelopeBlockMaxima(envelope: Float32Array, runs: Float32Array, run: number, out?: Float32Array): Float32Array | undefined {
  if (BLOCK % run !== 0) return undefined;
  const n = envelope.length;
  const per = BLOCK / run;
  const covered = runs.length * run;
  const top = out ?? new Float32Array(Math.ceil(n / BLOCK));
  for (let k = 0; k < top.length; k++) {
    const start = k * BLOCK;
    const end = Math.min(n, start + BLOCK);
    let e = 0;
    if (end <= covered) {
      for (let r = k * per, last = r + per; r < last; r++) if (runs[r]! > e) e = runs[r]!;
    } else {
      // Past the last whole run: from the samples.
      for (let i = start; i < end; i++) if (envelope[i]! > e) e = envelope[i]!;
    }
    top[k] = e;
  }
  return top;
}
