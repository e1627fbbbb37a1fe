import { truePeakFactor } from './true-peak-interpolator.js';
import { subMaxima } from './true-peak-runs.js';
import { scan } from './true-peak-scan.js';

/**
 * True-peak detection per ITU-R BS.1770-4 Annex 2: oversample (4x below 96 kHz, 2x below 192 kHz, none
 * above) and take the largest absolute value. The parts, one job each:
 * - true-peak-interpolator.ts: the 16-tap polyphase interpolator and the bounds that skip blocks;
 * - true-peak-runs.ts: the per-run maxima those bounds read;
 * - true-peak-scan.ts: the scan of a channel, block by block, skipping what cannot reach the level;
 * - true-peak-refine.ts: the refinement of a candidate interval with a long interpolator;
 * - true-peak-envelope.ts: the per-sample envelope a limiter reads, and its lowering;
 * - true-peak-gained.ts: the peaks of a gained copy, read from the input's envelope.
 *
 * The 4x values are candidates: where one comes within CANDIDATE of the peak found so far (or of the
 * threshold) and is a local maximum, the interval is refined (a 256-tap interpolator read at quarter and
 * eighth samples, the peak between them read off a parabola), and the larger of the two counts. 4x points
 * read a band-limited peak at least cos(pi / 8) of it (0.69 dB under); the 16 taps fall away near fs / 2
 * and read full-band material up to a few dB lower still, hence the wider CANDIDATE. Everything that skips
 * a block allows for it too.
 */

/** Highest true peak over all channels, linear (1.0 = 0 dBTP). */
export function truePeak(channels: readonly Float32Array[], sampleRate: number): number {
  return peaks(channels, sampleRate).truePeak;
}

/** Highest sample peak and true peak over all channels, linear, in one scan. */
export function peaks(channels: readonly Float32Array[], sampleRate: number): { samplePeak: number; truePeak: number } {
  const maxima = channels.map(subMaxima);
  let samplePeak = 0;
  for (const m of maxima) for (let k = 0; k < m.length; k++) samplePeak = Math.max(samplePeak, m[k]!);
  if (samplePeak === 0) return { samplePeak, truePeak: 0 };
  const factor = truePeakFactor(sampleRate);
  let peak = samplePeak;
  channels.forEach((channel, c) => (peak = scan(channel, factor, peak, null, maxima[c])));
  return { samplePeak, truePeak: peak };
}
