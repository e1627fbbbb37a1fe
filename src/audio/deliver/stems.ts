// The stems of a delivery: the voice alone and the music alone, after gains and ducking, before mastering.

/**
 * The voice and the music of a rendered mix, given the voice rendered alone (the same spec without the
 * bed: the same clips, gains and bus level). The mix is linear, voice plus the ducked bed, so the music is
 * the mix less the voice, exact to float rounding (under a 24-bit step): no second render of the bed, and
 * its ducking is the mix's own, whatever found the voice. The music is in new arrays; the mix is left as it is.
 */
export function voiceAndMusic(mix: readonly Float32Array[], voice: readonly Float32Array[]): { voice: Float32Array[]; music: Float32Array[] } {
  const music = mix.map((channel, c) => {
    const alone = voice[Math.min(c, voice.length - 1)]!;
    const out = new Float32Array(channel.length);
    for (let i = 0; i < out.length; i++) out[i] = channel[i]! - alone[i]!;
    return out;
  });
  return { voice: [...voice], music };
}
