// The MP3 bit rates at which the editor's encoder keeps a file's sample rate, for the checks of host destinations
// (a module of its own: the first paint needs none of it).
/**
 * The least constant MP3 bit rate, kbit/s, at which the editor's encoder (LAME, through lamejs) keeps the file's
 * sample rate, by rate and channels: below it LAME encodes at a lower rate of its own choosing (64 kbit/s stereo at
 * 24 kHz), which no destination asks for. Measured on this encoder.
 */
export const MP3_LEAST_KBPS: Readonly<Record<44100 | 48000, Readonly<Record<1 | 2, number>>>> = { 44100: { 1: 64, 2: 112 }, 48000: { 1: 64, 2: 128 } };

/** Why an MP3 of `kbps` at `sampleRate` and `channels` cannot be made at that rate, or `null`. */
export function mp3RateProblem(kbps: number, sampleRate: 44100 | 48000, channels: 1 | 2): string | null {
  const least = MP3_LEAST_KBPS[sampleRate][channels];
  return kbps >= least
    ? null
    : `an MP3 of ${kbps} kbit/s in ${channels === 1 ? 'mono' : 'stereo'} would be encoded at a lower sample rate than ${sampleRate} Hz: give at least ${least} kbit/s${channels === 2 ? `, or 1 channel (from ${MP3_LEAST_KBPS[sampleRate][1]} kbit/s)` : ''}`;
}
