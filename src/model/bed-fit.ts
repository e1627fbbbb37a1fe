// The bed of a version of another length: where the track's details give a tempo, the ad's end lands on a
// bar line of the track and the tail fades within one bar; otherwise the bed keeps its fade, which the mix
// ends on the ad's exact last sample.
import type { MusicBed } from './document.js';

/** Beats in a bar: ad music is in 4/4 unless the details say otherwise. */
const BEATS_PER_BAR = 4;
/** Tempos outside this range are not believed (a typo, or a tempo in another unit). */
const TEMPO_RANGE = { min: 40, max: 240 } as const;

/** Seconds of one bar of `bed`'s track, or `undefined` when its details give no usable tempo. */
export function barSeconds(bed: MusicBed): number | undefined {
  const bpm = bed.track?.tempo_bpm;
  const beats = typeof bed.track?.['beats_per_bar'] === 'number' ? (bed.track['beats_per_bar'] as number) : BEATS_PER_BAR;
  if (typeof bpm !== 'number' || !Number.isFinite(bpm) || bpm < TEMPO_RANGE.min || bpm > TEMPO_RANGE.max) return undefined;
  return (beats * 60) / bpm;
}

/** Where in the track the ad's end falls, seconds (a looping bed wraps at the track's length when known). */
function endInTrack(bed: MusicBed, seconds: number): number {
  const end = bed.offset + seconds;
  const length = bed.track?.duration_s;
  return bed.loop && typeof length === 'number' && length > 0 ? end % length : end;
}

/**
 * `bed` fitted to an ad of `seconds`. With a tempo, the start in the track (`offset`) moves by less than a
 * bar so that the ad ends on a bar line, and the fade-out is at most one bar (and at most half the ad);
 * without one, the bed is as it was (its fade ends on the exact last sample). `null` stays `null`.
 */
export function fitBed(bed: MusicBed | null, seconds: number): MusicBed | null {
  if (bed === null) return null;
  const bar = barSeconds(bed);
  if (bar === undefined) return bed;
  const past = endInTrack(bed, seconds) % bar;
  const onBar = past < 1e-6 || bar - past < 1e-6;
  // Earlier in the track when it can (the end lands on the bar line before), else later (the next one).
  const offset = onBar ? bed.offset : bed.offset >= past ? bed.offset - past : bed.offset + (bar - past);
  const fadeOut = Math.min(bar, bed.fadeOut > 0 ? bed.fadeOut : bar, seconds / 2);
  return { ...bed, offset: Math.round(offset * 1e6) / 1e6, fadeOut: Math.round(fadeOut * 1e6) / 1e6 };
}
