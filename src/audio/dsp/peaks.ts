import { nextTurn } from '../../internal/turn.js';

/** Points per second of the peaks kept with each decoded asset: what the timeline draws. */
export const PEAKS_PER_SECOND = 100;

/** Samples read for peaks between two turns of the page: about 3 ms here (a 10-minute stereo asset is 80 ms). */
const PEAK_SLICE_SAMPLES = 1 << 21;

/**
 * Absolute maxima of `channels` (all the same length, at `sampleRate`) at `pointsPerSecond`, for drawing: a
 * slice at a time, the page getting a turn between slices.
 */
export async function peaksOf(channels: readonly Float32Array[], sampleRate: number, pointsPerSecond = PEAKS_PER_SECOND): Promise<Float32Array> {
  const step = Math.max(1, Math.round(sampleRate / pointsPerSecond));
  const length = channels[0]?.length ?? 0;
  const out = new Float32Array(Math.ceil(length / step));
  const perSlice = Math.max(1, Math.floor(PEAK_SLICE_SAMPLES / step / Math.max(1, channels.length)));
  for (let from = 0; from < out.length; from += perSlice) {
    if (from > 0) await nextTurn();
    const to = Math.min(out.length, from + perSlice);
    for (const channel of channels) {
      for (let p = from, i = from * step; p < to; p++) {
        let m = out[p]!;
        for (const end = Math.min(length, i + step); i < end; i++) {
          const v = channel[i]!;
          if (v > m) m = v;
          else if (-v > m) m = -v;
        }
        out[p] = m;
      }
    }
  }
  return out;
}
