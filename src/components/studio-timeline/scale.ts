/** The timeline's fixed scales: zoom limits, lane heights, the gain and envelope ranges. */

/** Zoom limits, pixels per second. */
export const MIN_ZOOM = 2;
export const MAX_ZOOM = 1000;
/** Room after the spot's end, seconds: a clip dragged past it, the end's time label. A fitted view includes it. */
export const TRAIL_SECONDS = 2;
/** Gain shown by the gain lines, dB: top and bottom of a lane. */
export const GAIN_TOP = 12;
export const GAIN_BOTTOM = -24;
/** The envelope's scale: 0 dB at the top of the music lane, this at the bottom. */
export const ENVELOPE_FLOOR_DB = -40;
/** Horizontal units per second of the envelope's path (the SVG is stretched to the zoom). */
export const ENVELOPE_PX_PER_SECOND = 100;
/** The shortest a clip can be trimmed to, seconds. */
export const MIN_LENGTH = 0.1;
/** Music waveforms are cut in pieces of this many seconds, each drawn only near the viewport. */
export const MUSIC_PIECE = 20;
/** Lane heights at their smallest, pixels (the styles use the same numbers). */
export const VOICE_HEIGHT = 72;
export const MUSIC_HEIGHT = 56;

/** The heights of the two lanes, pixels. */
export interface Lanes {
  readonly voice: number;
  readonly music: number;
}

export const BASE_LANES: Lanes = { voice: VOICE_HEIGHT, music: MUSIC_HEIGHT };

/** The tallest the lanes grow, pixels: past this a taller stage leaves room under the tracks. */
const MAX_LANES: Lanes = { voice: 240, music: 180 };

/**
 * The lanes with `extra` pixels of a taller stage shared between them (the voice a little more), each at most
 * its `MAX_LANES` height and whole pixels.
 */
export function lanesWith(extra: number): Lanes {
  // Anything but a number of pixels (a panel not laid out yet) is no room.
  const room = Number.isFinite(extra) ? Math.max(0, Math.floor(extra)) : 0;
  const voice = Math.min(MAX_LANES.voice, VOICE_HEIGHT + Math.round(room * 0.55));
  const music = Math.min(MAX_LANES.music, MUSIC_HEIGHT + room - (voice - VOICE_HEIGHT));
  return { voice, music };
}

export const clamp = (value: number, low: number, high: number): number => Math.min(high, Math.max(low, value));
export const round = (value: number, digits = 3): number => Number(value.toFixed(digits));

/** Where a gain line is drawn in a lane `height` pixels high, pixels from its top. */
export const gainToY = (gain: number, height: number): number => ((GAIN_TOP - clamp(gain, GAIN_BOTTOM, GAIN_TOP)) / (GAIN_TOP - GAIN_BOTTOM)) * height;

/** The fade triangles of a region `width` pixels wide and `height` high, as one SVG path. */
export const fadePath = (width: number, height: number, fadeInPx: number, fadeOutPx: number): string =>
  `M0 ${height} L${fadeInPx} 0 L0 0 Z M${width} ${height} L${width - fadeOutPx} 0 L${width} 0 Z`;

/** Pixels a word's letter takes under a clip (11 px type), about, and the room around it. */
const LETTER_PX = 6.5;

/** Whether word `at` of `words` (a take's, in time order) is as wide as its text at `zoom`: up to the next word's start. */
export const wordFits = (words: readonly { text: string; start: number; end: number }[], at: number, zoom: number): boolean =>
  ((words[at + 1]?.start ?? words[at]!.end) - words[at]!.start) * zoom >= words[at]!.text.length * LETTER_PX + 4;
