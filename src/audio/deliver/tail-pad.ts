// Silence added after the ad for a destination that asks for silence at the end (`minTailSilence`) and takes a
// file up to a length (`length.kind === 'max'`): an ad made in the editor runs its bed to the last sample, so
// without it such a file (the podcast one) could never pass. A destination of exact length gets none: its rule
// is then the user's to meet (the fix says how).
import type { DestinationProfile } from '../../delivery/types.js';
import { tailSilence } from './figures.js';

/** Added to what is missing, so that an MP3 encoder's spread of the last sound into the silence cannot eat it. */
export const TAIL_PAD_MARGIN_SECONDS = 0.05;

/**
 * The samples of silence to add after `channels` for `destination`: what its minimum silence at the end lacks,
 * plus the margin, when the padded file still fits its maximum length; else 0.
 */
export function tailPadSamples(channels: readonly Float32Array[], sampleRate: number, destination: DestinationProfile): number {
  const want = destination.minTailSilence;
  if (want <= 0 || destination.length.kind !== 'max') return 0;
  const missing = want - tailSilence(channels, sampleRate);
  if (missing <= 0) return 0;
  const pad = Math.ceil((missing + TAIL_PAD_MARGIN_SECONDS) * sampleRate);
  const length = channels[0]?.length ?? 0;
  return length + pad <= Math.round(destination.length.maxSeconds * sampleRate) ? pad : 0;
}

/** `channels` with `samples` of silence after them (the same arrays when there are none to add). */
export function padTail(channels: Float32Array[], samples: number): Float32Array[] {
  if (samples <= 0) return channels;
  return channels.map((channel) => {
    const padded = new Float32Array(channel.length + samples);
    padded.set(channel);
    return padded;
  });
}
