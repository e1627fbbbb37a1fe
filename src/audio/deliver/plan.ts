// Which masters a delivery makes: one per distinct target (loudness, true-peak ceiling, rate, channels),
// each shared by every destination that asks for it. Pure.
import type { DestinationProfile } from '../../delivery/types.js';
import { LOSSY_HEADROOM_DB } from '../export.js';

/** What a master is made for: the file's rate and channels, and the loudness and ceiling it must meet. */
export interface MasterTarget {
  /** Integrated target, LUFS. */
  readonly loudness: number;
  /** The limiter's ceiling, dBTP: the destination's, `LOSSY_HEADROOM_DB` lower for an MP3 (its encoder adds peaks). */
  readonly truePeak: number;
  readonly sampleRate: 44100 | 48000;
  readonly channels: 1 | 2;
}

/** The margin a file's own master goes under its ceiling by, dB, past what its encoder added: see `remasterCeiling`. */
export const REMASTER_MARGIN_DB = 0.3;

/** How many times an MP3 over its ceiling is mastered and encoded again before it fails its true-peak rule. */
export const MAX_REMASTERS = 2;

/**
 * The limiter's ceiling, dBTP, to master an MP3 again at when its file measured `measured` dBTP over its
 * destination's `allowed`: the last `ceiling` lowered by the overshoot and `REMASTER_MARGIN_DB`. Made for
 * that one file, not a change of the shared plan (the other files of the master met their ceiling).
 */
export function remasterCeiling(ceiling: number, measured: number, allowed: number): number {
  return ceiling - (measured - allowed) - REMASTER_MARGIN_DB;
}

/** One master of a delivery and the destinations (by index) encoded from it. */
export interface PlannedMaster {
  readonly target: MasterTarget;
  readonly files: readonly number[];
}

/**
 * The master a destination's file is encoded from. The mix is converted (rate, channels) before it is
 * mastered, so the loudness and the true peak are those of the file's own samples: a mono downmix
 * changes loudness by 0 to 3 dB (depending on how alike the channels are) and moves the peaks, and a
 * resampler moves the peaks between samples.
 */
export function masterTargetOf(destination: DestinationProfile): MasterTarget {
  const lossy = destination.codec.container === 'mp3';
  return {
    loudness: destination.loudness,
    truePeak: destination.truePeak - (lossy ? LOSSY_HEADROOM_DB : 0),
    sampleRate: destination.sampleRate,
    channels: destination.channels,
  };
}

/** The distinct masters of `destinations`, in the order their first destination comes. */
export function planMasters(destinations: readonly DestinationProfile[]): PlannedMaster[] {
  const plans = new Map<string, { target: MasterTarget; files: number[] }>();
  destinations.forEach((destination, index) => {
    const target = masterTargetOf(destination);
    const key = `${target.loudness}|${target.truePeak}|${target.sampleRate}|${target.channels}`;
    const plan = plans.get(key);
    if (plan) plan.files.push(index);
    else plans.set(key, { target, files: [index] });
  });
  return [...plans.values()];
}
