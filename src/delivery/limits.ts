/**
 * The shortest and longest ad, in seconds. Spots run 5 to 120 s; long-form sponsorship reads and
 * podcast host reads run up to 10 minutes, so the document allows that. (A service's own limits, such as
 * the length it writes ideas for, are the service's: see `src/api/contract.ts`.)
 */
export const DURATION_LIMITS = { min: 5, max: 600 } as const;

/** The range of a `custom` loudness target, LUFS (`config.mastering.target`, the project's `mastering.target`). */
export const TARGET_LIMITS = { min: -40, max: -5 } as const;

/** The range of a `custom` true-peak ceiling, dBTP (`config.mastering.truePeak`, the project's `mastering.truePeak`). */
export const TRUE_PEAK_LIMITS = { min: -9, max: 0 } as const;

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
