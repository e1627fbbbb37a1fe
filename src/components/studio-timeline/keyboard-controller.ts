import type { ReactiveController, ReactiveControllerHost } from 'lit';
import type { StringKey } from '../../i18n/en.js';
import { emit } from '../shared/events.js';
import { adjacentMarker, adjacentWord, joinPartner, splitPoint } from './clip-edits.js';
import { gridStep } from './geometry.js';
import { shortcutsFor, type ShortcutAction } from './keyboard-shortcuts.js';
import { round } from './scale.js';
import type { TimeRange } from './range-selection.js';
import type { TimelineClip, TimelineMarker, TimelineTrackId } from './types.js';
import '../../i18n/later-words.js';

/** What the keys read from the timeline. */
export interface KeyboardHost extends ReactiveControllerHost, EventTarget {
  readonly clips: readonly TimelineClip[];
  readonly markers: readonly TimelineMarker[];
  readonly zoom: number;
  readonly targetDuration: number;
  readonly clock: () => number;
  /** The reviewer role: only the keys of REVIEW_KEYS act. */
  readonly reviewing?: boolean;
}

/** What a reviewer's keys do: play, zoom to fit, go to a section start or a word, select a span, comment on it or at the playhead. */
const REVIEW_KEYS: ReadonlySet<ShortcutAction> = new Set(['play-toggle', 'zoom-fit', 'previous-marker', 'next-marker', 'previous-word', 'next-word', 'comment', 'cancel-gesture', 'range-left', 'range-right', 'clear-range']);

/** What the keys do through the timeline's own parts. */
export interface KeyboardOps {
  /** Ends a pointer gesture as cancelled; false when none was going on. */
  cancelGesture(): boolean;
  /** Says `key` in the live region. */
  announce(key: StringKey, params?: Record<string, string | number>): void;
  /** A time as the timeline says it (`0:07.5`, `0:07,5`). */
  clock(seconds: number, tenths?: boolean): string;
  toggleTrack(track: TimelineTrackId, field: 'muted' | 'solo'): void;
  zoomToFit(): void;
  /** The span selected for a comment, if any. */
  selectedRange(): TimeRange | undefined;
  /** Grows or shrinks the selected span from the playhead by `step` seconds (Shift+Left: -1, Right: 1). */
  extendRange(step: number, direction: 1 | -1): void;
  /** Clears the selected span; false when there was none. */
  clearRange(): boolean;
}

/**
 * The timeline's keys: one `keydown` listener looks the key up in `TIMELINE_SHORTCUTS` (clip keys only
 * with a clip focused, track keys on the track of the focused clip or header) and runs its action. Each
 * edit is one final event (one undo step).
 */
export class KeyboardController implements ReactiveController {
  readonly #host: KeyboardHost;
  readonly #ops: KeyboardOps;

  constructor(host: KeyboardHost, ops: KeyboardOps) {
    this.#host = host;
    this.#ops = ops;
    host.addController(this);
  }

  hostConnected(): void {}

  readonly handleKeydown = (event: KeyboardEvent): void => {
    const path = event.composedPath() as HTMLElement[];
    const target = path[0]!;
    const id = target.dataset?.['id'];
    const clip = id === undefined ? undefined : this.#host.clips.find((candidate) => candidate.id === id);
    const track = path.find((node) => node.dataset?.['track'] !== undefined)?.dataset['track'] as TimelineTrackId | undefined;
    for (const shortcut of shortcutsFor(event, clip !== undefined)) {
      if (this.#run(shortcut.action, clip, target, track)) {
        event.preventDefault();
        return;
      }
    }
  };

  /** Runs a key's action; false when it does not apply here (the key is left to the browser). */
  #run(action: ShortcutAction, clip: TimelineClip | undefined, target: HTMLElement, track: TimelineTrackId | undefined): boolean {
    const host = this.#host;
    // A reviewer's keys: play, zoom, go to a marker, comment; the keys that edit are left alone.
    if (host.reviewing && !REVIEW_KEYS.has(action)) return false;
    switch (action) {
      case 'cancel-gesture':
        return this.#ops.cancelGesture();
      case 'undo':
      case 'redo':
        emit(host, action, null);
        return true;
      case 'play-toggle':
        if (target.tagName === 'BUTTON' || target.tagName === 'INPUT') return false;
        emit(host, 'play-toggle', null);
        return true;
      case 'delete':
        emit(host, 'clip-delete', { id: clip!.id });
        this.#done(clip!, 'timeline.deleted', { label: clip!.label });
        return true;
      case 'split':
        this.#split(clip!);
        return true;
      case 'join': {
        const other = joinPartner(host.clips, clip!);
        if (other === undefined) this.#ops.announce('timeline.joinNone', { label: clip!.label });
        else {
          emit(host, 'clip-join', { id: clip!.id, withId: other.id });
          this.#done(clip!, 'timeline.joined', { label: clip!.label });
        }
        return true;
      }
      case 'mute':
      case 'solo':
        if (track === undefined) return false;
        this.#ops.toggleTrack(track, action === 'mute' ? 'muted' : 'solo');
        return true;
      case 'zoom-fit':
        this.#ops.zoomToFit();
        return true;
      case 'comment': {
        // A comment on the span selected, else at the playhead: the editor opens the Review step's form (where there is one).
        const time = host.clock();
        emit(host, 'comment-at', this.#ops.selectedRange() ?? { start: time, end: time });
        return true;
      }
      case 'range-left':
      case 'range-right':
        this.#ops.extendRange(gridStep(host.zoom), action === 'range-left' ? -1 : 1);
        return true;
      case 'clear-range':
        return this.#ops.clearRange();
      case 'previous-marker':
      case 'next-marker': {
        const marker = adjacentMarker(host.markers, host.clock(), action === 'next-marker' ? 1 : -1);
        if (marker === undefined) return false;
        emit(host, 'seek', { time: marker.time });
        this.#ops.announce('timeline.atMarker', { label: marker.label, time: this.#ops.clock(marker.time, true) });
        return true;
      }
      case 'previous-word':
      case 'next-word': {
        // The words under a clip, for the keyboard and a screen reader: the playhead to one, its text and time said.
        const word = adjacentWord(clip!, host.clock(), action === 'next-word' ? 1 : -1);
        if (word === undefined) return false;
        emit(host, 'seek', { time: word.time });
        this.#ops.announce(clip!.wordsEstimated === true ? 'timeline.atWordEstimated' : 'timeline.atWord', { word: word.text, time: this.#ops.clock(word.time, true) });
        return true;
      }
      default:
        this.#moveBy(action, clip!);
        return true;
    }
  }

  /** Says what an edit of `clip` did; on a clip whose lock holds the store refuses it and says why instead. */
  #done(clip: TimelineClip, key: StringKey, params: Record<string, string | number>): void {
    if (clip.fixed !== true) this.#ops.announce(key, params);
  }

  #split(clip: TimelineClip): void {
    const time = this.#host.clock();
    const at = splitPoint(clip, time);
    if (at === undefined) {
      this.#ops.announce('timeline.splitOutside', { label: clip.label });
      return;
    }
    emit(this.#host, 'clip-split', { id: clip.id, at });
    this.#done(clip, 'timeline.split', { label: clip.label, time: this.#ops.clock(clip.start + at, true) });
  }

  /** The arrow keys, Home and End on a clip: one final move (one undo step) unless it stays put. */
  #moveBy(action: ShortcutAction, clip: TimelineClip): void {
    const host = this.#host;
    const step = action === 'step-left' || action === 'step-right' ? 1 : gridStep(host.zoom);
    let start: number;
    if (action === 'nudge-left' || action === 'step-left') start = Math.max(0, Math.round((clip.start - step) / step) * step);
    else if (action === 'nudge-right' || action === 'step-right') start = Math.round((clip.start + step) / step) * step;
    else if (action === 'to-start') start = 0;
    else start = Math.max(0, host.targetDuration - clip.length);
    start = round(start);
    if (start === clip.start) return;
    emit(host, 'clip-move', { id: clip.id, start, final: true });
    this.#done(clip, 'timeline.moved', { label: clip.label, start: this.#ops.clock(start, true) });
  }
}
