import type { ReactiveController, ReactiveControllerHost } from 'lit';
import type { StringKey } from '../../i18n/en.js';
import { round } from './scale.js';

/** A span of the timeline, seconds from its start; `start` is before `end`. */
export interface TimeRange {
  readonly start: number;
  readonly end: number;
}

/** What the range selection reads from its timeline and says through it. */
export interface RangeHost extends ReactiveControllerHost {
  /** Says `key` in the live region. */
  announce(key: StringKey, params?: Record<string, string | number>): void;
  /** A range as the timeline says it (`0:12.5–0:14.0`). */
  rangeText(range: TimeRange): string;
}

/**
 * The span selected on the timeline, for a comment on it: the timeline's own state (never the store's, as the
 * playhead and the zoom). A drag across the ruler selects from where it began to where it is; Shift+Left or
 * Right grows or shrinks it from the playhead a step at a time, moving the end away from where the keys began
 * (as a text selection's focus moves); Escape clears it. Each is said in the live region once it settles.
 */
export class RangeSelection implements ReactiveController {
  readonly #host: RangeHost;
  #range: TimeRange | undefined;
  /** Where a selection began (the drag's first point, or the playhead for the keys) and its moving end. */
  #anchor = 0;
  #focus = 0;

  constructor(host: RangeHost) {
    this.#host = host;
    host.addController(this);
  }

  hostConnected(): void {}

  /** The span selected, if any. */
  get range(): TimeRange | undefined {
    return this.#range;
  }

  /** A drag across the ruler from `from` to `to` seconds; `final` when the pointer lifts (then it is said). */
  drag(from: number, to: number, final: boolean): void {
    this.#select(from, to, final);
  }

  /**
   * Shift+Left (`direction` -1) or Right (1): a step of `step` seconds from the playhead at `playhead` when nothing is
   * selected, else from the moving end. Back to where it began, the selection is cleared.
   */
  extend(playhead: number, step: number, direction: 1 | -1): void {
    if (this.#range === undefined) this.#anchor = this.#focus = Math.max(0, playhead);
    this.#select(this.#anchor, Math.max(0, round(this.#focus + direction * step)), true);
  }

  /** Clears the selection (and says so); false when there was none. */
  clear(): boolean {
    if (this.#range === undefined) return false;
    this.#range = undefined;
    this.#host.announce('timeline.rangeCleared');
    this.#host.requestUpdate();
    return true;
  }

  #select(anchor: number, focus: number, settled: boolean): void {
    this.#anchor = round(Math.max(0, anchor));
    this.#focus = round(Math.max(0, focus));
    if (this.#anchor === this.#focus) {
      this.clear();
      return;
    }
    const range = { start: Math.min(this.#anchor, this.#focus), end: Math.max(this.#anchor, this.#focus) };
    this.#range = range;
    if (settled) this.#host.announce('timeline.rangeSelected', { range: this.#host.rangeText(range) });
    this.#host.requestUpdate();
  }
}
