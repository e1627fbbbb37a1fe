/** What `<studio-editor-timeline>` is given and what it reports: plain data, no behaviour. */
import type { TimedWord } from '../../api/word-timings.js';

/** A voice clip as the timeline shows it. Times are seconds; gain is dB. */
export interface TimelineClip {
  id: string;
  /** What the clip says or is called ("Hook"); read out by screen readers. */
  label: string;
  /** Position on the timeline. */
  start: number;
  /** Audible length: `sourceLength - trimIn - trimOut`. */
  length: number;
  /** Length of the whole recording before trimming. */
  sourceLength: number;
  trimIn: number;
  trimOut: number;
  fadeIn: number;
  fadeOut: number;
  gain: number;
  /**
   * Peaks of the whole recording (absolute or alternating min/max values in -1..1), evenly spread over
   * `sourceLength`; computed once by the caller. Replace the array (not its contents) when it changes.
   */
  peaks: Float32Array;
  /**
   * What audio it plays (its URL, say): pieces of one source placed in line (as a split leaves them) can
   * be joined. Absent: never joined.
   */
  source?: string;
  /** "Locked: <reason>" on a clip a creator locked: shown as a lock and said with its name. */
  lockNote?: string;
  /** The lock holds (adopter role): no drag, trim, fade or gain gesture starts on it. */
  fixed?: boolean;
  /**
   * The words of its take, seconds from the take's start (not the clip's): shown under the waveform at a zoom where
   * they fit, a click on one seeks there, trims snap to their edges and a split falls between them.
   */
  words?: readonly TimedWord[];
  /** The words' times are estimated from the text (the service gave none that match): shown and said so. */
  wordsEstimated?: boolean;
}

/** The music bed as the timeline shows it. */
export interface TimelineMusic {
  /** Seconds the bed plays for on the timeline (from 0). */
  length: number;
  gain: number;
  fadeIn: number;
  fadeOut: number;
  /** Peaks over `length`, like a clip's. */
  peaks: Float32Array;
  /** A locked bed whose lock holds (adopter role): no gain or fade gesture starts on it. */
  fixed?: boolean;
}

/** The timeline's tracks. */
export type TimelineTrackId = 'voice' | 'music';

/** A track's header: mute, solo and its level (dB), as the caller holds them. */
export interface TimelineTrackState {
  muted: boolean;
  solo: boolean;
  /** The track's level, dB: shown in its header. */
  gainDb: number;
}

export type TimelineTracks = Readonly<Record<TimelineTrackId, TimelineTrackState>>;

/** A marker on the ruler: where a section starts. */
/** A review comment's marker on the ruler: where its thread is now on the open version, and its accessible name. */
export interface TimelineComment {
  id: string;
  start: number;
  end: number;
  /** Its accessible name: its range and its first comment's words. */
  label: string;
  resolved: boolean;
}

export interface TimelineMarker {
  time: number;
  label: string;
}

/** Details of the gesture events: `final` is false while dragging, true on release (one undo step). */
export interface GestureDetail {
  final: boolean;
  /** Set with `final: true` when Escape cancelled the drag: the values are the ones before it began. */
  cancelled?: boolean;
}

export interface ClipMoveDetail extends GestureDetail {
  id: string;
  start: number;
}

/** Trimming the left edge moves the clip's start too (the audio stays in place), hence `start`. */
export interface ClipTrimDetail extends GestureDetail {
  id: string;
  trimIn: number;
  trimOut: number;
  start: number;
}

export interface ClipFadeDetail extends GestureDetail {
  id: string;
  fadeIn: number;
  fadeOut: number;
}

export interface ClipGainDetail extends GestureDetail {
  id: string;
  gain: number;
}

export interface MusicGainDetail extends GestureDetail {
  gain: number;
}

export interface MusicFadeDetail extends GestureDetail {
  fadeIn: number;
  fadeOut: number;
}

/** `depthDb` is positive: how far the music is lowered under the voice. */
export interface DuckDepthDetail extends GestureDetail {
  depthDb: number;
}

/** Every event `<studio-editor-timeline>` dispatches (bubbling, not composed), by type. */
export interface TimelineEventMap {
  'clip-move': CustomEvent<ClipMoveDetail>;
  'clip-trim': CustomEvent<ClipTrimDetail>;
  'clip-fade': CustomEvent<ClipFadeDetail>;
  'clip-gain': CustomEvent<ClipGainDetail>;
  'music-gain': CustomEvent<MusicGainDetail>;
  'music-fade': CustomEvent<MusicFadeDetail>;
  'duck-depth': CustomEvent<DuckDepthDetail>;
  'clip-select': CustomEvent<{ id: string | null }>;
  'clip-delete': CustomEvent<{ id: string }>;
  'clip-split': CustomEvent<{ id: string; at: number }>;
  'clip-join': CustomEvent<{ id: string; withId: string }>;
  'track-mute': CustomEvent<{ track: TimelineTrackId; muted: boolean }>;
  'track-solo': CustomEvent<{ track: TimelineTrackId; solo: boolean }>;
  seek: CustomEvent<{ time: number }>;
  'zoom-change': CustomEvent<{ zoom: number }>;
  'play-toggle': CustomEvent<null>;
  undo: CustomEvent<null>;
  redo: CustomEvent<null>;
}
