// The stems of a delivery: the voice alone and the music alone, after gains and ducking, before mastering.
import type { Steps } from '../dsp/steps.js';

/** Samples subtracted between yields (about 5 ms on a page). */
const SLICE = 1 << 19;

/**
 * The voice and the music of a rendered mix, given the voice rendered alone (the same spec without the
 * bed: the same clips, gains and bus level). The mix is linear, voice plus the ducked bed, so the music is
 * the mix less the voice, exact to float rounding (under a 24-bit step): no second render of the bed, and
 * its ducking is the mix's own, whatever found the voice. The music is in new arrays; the mix is left as it
 * is. In steps (see steps.ts): it yields every half a million samples, so a page stays responsive.
 */
export function* voiceAndMusic(mix: readonly Float32Array[], voice: readonly Float32Array[]): Steps<{ voice: Float32Array[]; music: Float32Array[] }> {
  const music: Float32Array[] = [];
  for (const [c, channel] of mix.entries()) {
    const alone = voice[Math.min(c, voice.length - 1)]!;
    const out = new Float32Array(channel.length);
    for (let from = 0; from < out.length; from += SLICE) {
      const to = Math.min(out.length, from + SLICE);
      for (let i = from; i < to; i++) out[i] = channel[i]! - alone[i]!;
      yield;
    }
    music.push(out);
  }
  return { voice: [...voice], music };
}
