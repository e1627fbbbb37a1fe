import type { ReactiveController, ReactiveControllerHost } from 'lit';
import { emit } from '../shared/events.js';
import { gestureStart, gestureValues, isDragKind, snapCandidates, type DragKind, type GestureValues } from './gesture-values.js';
import { MIN_LENGTH, round } from './scale.js';
import type { GestureDetail, TimelineClip, TimelineMusic } from './types.js';
import type { Lanes } from './scale.js';

/** What the drag controller reads from and reports through its timeline. */
export interface DragHost extends ReactiveControllerHost, EventTarget {
  readonly clips: readonly TimelineClip[];
  readonly music: TimelineMusic | null;
  readonly duckDepth: number;
  readonly targetDuration: number;
  readonly zoom: number;
  /** The lanes' heights, pixels. */
  readonly lanes: Lanes;
  readonly selectedId: string | null;
  /** The horizontally scrolling area, whose left edge is time 0 minus its scroll. */
  readonly scroller: HTMLElement | null;
  /** Called when a move ends (by pointer): the live region says where the clip went. */
  announceMove(id: string, start: number): void;
  /** A drag across the ruler selects the span from `from` to `to`, seconds; `final` when the pointer lifts. */
  selectRange(from: number, to: number, final: boolean): void;
  /** A plain click on the ruler, or a drag across it cancelled: no span selected. */
  clearRange(): void;
}

interface Drag {
  kind: DragKind;
  id: string | undefined;
  pointerId: number;
  x0: number;
  y0: number;
  /** Where a press on the ruler landed, seconds: a drag from there selects a span. */
  t0: number;
  target: Element;
  moved: boolean;
  /** The values the gesture changes: their state before it (for Escape) and now. */
  before: GestureValues;
  now: GestureValues;
  /** Pressed on a word of the clip (its `data-seek`, seconds): a click that never moved seeks there. */
  seek: string | undefined;
}

/**
 * Pointer gestures on the timeline: one `pointerdown` listener on the scroller claims the event for the
 * innermost element with a `data-drag` kind (`move`, `trim-in`, `gain`, `duck`, `seek`...) and the clip
 * named by the closest `data-id`. While the pointer is down it shows a preview (`shown`) and emits the
 * gesture's event with `final: false`; on release `final: true` (one undo step), on Escape or a second
 * finger `cancelled: true` with the values from before. A press that never moved emits nothing, except on a
 * clip's word (`data-seek`): it seeks there.
 */
export class DragController implements ReactiveController {
  readonly #host: DragHost;
  #drag: Drag | undefined;

  constructor(host: DragHost) {
    this.#host = host;
    host.addController(this);
  }

  hostConnected(): void {}

  /** The kind of the gesture in progress, if any. */
  get kind(): DragKind | undefined {
    return this.#drag?.kind;
  }

  /** The clip as shown: its properties, with the values of a gesture on it in progress. */
  shown(clip: TimelineClip): TimelineClip {
    const drag = this.#drag;
    if (drag === undefined || drag.id !== clip.id) return clip;
    const shown = { ...clip, ...drag.now };
    shown.length = Math.max(MIN_LENGTH, shown.sourceLength - shown.trimIn - shown.trimOut);
    return shown;
  }

  shownMusic(): TimelineMusic | null {
    const { music } = this.#host;
    const drag = this.#drag;
    if (music === null || drag === undefined || !drag.kind.startsWith('music')) return music;
    return { ...music, ...drag.now };
  }

  /** The ducking depth as shown, and how far it is from the one the envelope was computed with. */
  shownDepth(): { depthDb: number; ratio: number } {
    const drag = this.#drag;
    if (drag?.kind !== 'duck') return { depthDb: this.#host.duckDepth, ratio: 1 };
    const before = drag.before['depthDb']!;
    return { depthDb: drag.now['depthDb']!, ratio: before > 0 ? drag.now['depthDb']! / before : 1 };
  }

  /** `pointerdown` anywhere in the scroller: begins a gesture when an element with `data-drag` is under it. */
  readonly handleDown = (event: PointerEvent): void => {
    if (event.button !== 0 || this.#drag !== undefined) return;
    const path = event.composedPath();
    const index = path.findIndex((node) => node instanceof HTMLElement && isDragKind(node.dataset['drag']));
    const seek = (path[0] as HTMLElement).dataset?.['seek'];
    // A word of a clip that does not move (a lock, the reviewer): a press seeks at once.
    if (index < 0 && seek !== undefined) emit(this.#host, 'seek', { time: Number(seek) });
    if (index < 0) return;
    const target = path[index] as HTMLElement;
    const kind = target.dataset['drag'] as DragKind;
    const owner = kind === 'seek' || kind === 'duck' || kind.startsWith('music') ? undefined : (path.slice(index) as HTMLElement[]).find((node) => node.dataset?.['id'] !== undefined);
    const id = owner?.dataset['id'];
    event.stopPropagation();
    if (kind !== 'move') event.preventDefault();
    const host = this.#host;
    const clip = id === undefined ? undefined : host.clips.find((candidate) => candidate.id === id);
    if (id !== undefined && clip === undefined) return;
    if (id !== undefined && host.selectedId !== id) emit(host, 'clip-select', { id });
    const before = gestureStart(kind, { clip, music: host.music, duckDepth: host.duckDepth });
    try {
      target.setPointerCapture(event.pointerId);
    } catch {
      // A synthetic pointer cannot be captured; the gesture still works while it stays over the element.
    }
    const t0 = kind === 'seek' ? this.#timeAt(event.clientX) : 0;
    this.#drag = { kind, id, pointerId: event.pointerId, x0: event.clientX, y0: event.clientY, t0, target, moved: false, before, now: { ...before }, seek };
    // A press on the ruler seeks there at once; dragging on from it selects a span instead (`selectRange`).
    if (kind === 'seek') emit(host, 'seek', { time: t0 });
  };

  readonly handleMove = (event: PointerEvent): void => {
    const drag = this.#drag;
    if (drag === undefined || event.pointerId !== drag.pointerId) return;
    const dx = event.clientX - drag.x0;
    const dy = event.clientY - drag.y0;
    if (!drag.moved && Math.abs(dx) < 3 && Math.abs(dy) < 3) return;
    drag.moved = true;
    if (drag.kind === 'seek') {
      this.#host.selectRange(drag.t0, this.#timeAt(event.clientX), false);
      return;
    }
    const host = this.#host;
    drag.now = gestureValues(drag.kind, drag.before, dx / host.zoom, dy, event.altKey, {
      clip: host.clips.find((candidate) => candidate.id === drag.id),
      music: host.music,
      duckDepth: host.duckDepth,
      zoom: host.zoom,
      lanes: host.lanes,
      candidates: snapCandidates(host.clips, host.targetDuration, drag.id),
    });
    this.#emit(drag, false);
    host.requestUpdate();
  };

  /** `pointerup`, `pointercancel` and `lostpointercapture`: the gesture ends where it is. */
  readonly handleUp = (event: PointerEvent): void => {
    const drag = this.#drag;
    if (drag === undefined || event.pointerId !== drag.pointerId) return;
    this.#drag = undefined;
    if (drag.kind === 'seek') this.#endSeek(drag, event.clientX);
    else if (drag.moved) {
      this.#emit(drag, true);
      if (drag.kind === 'move') this.#host.announceMove(drag.id!, drag.now['start']!);
    } else if (drag.seek !== undefined) emit(this.#host, 'seek', { time: Number(drag.seek) });
    this.#host.requestUpdate();
  };

  /** A press on the ruler lifted: a click leaves the playhead where it landed; a drag selects its span and seeks to its start. */
  #endSeek(drag: Drag, clientX: number): void {
    const host = this.#host;
    if (!drag.moved) return host.clearRange();
    const to = this.#timeAt(clientX);
    host.selectRange(drag.t0, to, true);
    emit(host, 'seek', { time: Math.min(drag.t0, to) });
  }

  /** Escape (or a second finger): the gesture ends with the values it started from. False when none was going on. */
  cancel(): boolean {
    const drag = this.#drag;
    if (drag === undefined) return false;
    this.#drag = undefined;
    try {
      drag.target.releasePointerCapture(drag.pointerId);
    } catch {
      // Not captured (a synthetic pointer).
    }
    if (drag.kind === 'seek') this.#host.clearRange();
    else if (drag.moved) this.#emit(drag, true, true);
    this.#host.requestUpdate();
    return true;
  }

  /** The time under `clientX`, seconds (0 at the least): from the scroller's content edge (inside its border). */
  #timeAt(clientX: number): number {
    const scroller = this.#host.scroller!;
    const x = clientX - scroller.getBoundingClientRect().left - scroller.clientLeft + scroller.scrollLeft;
    return round(Math.max(0, x / this.#host.zoom));
  }

  #emit(drag: Drag, final: boolean, cancelled = false): void {
    const values = cancelled ? drag.before : drag.now;
    const flags: GestureDetail = cancelled ? { final, cancelled } : { final };
    const host = this.#host;
    const id = drag.id!;
    switch (drag.kind) {
      case 'move':
        return emit(host, 'clip-move', { id, start: values['start'], ...flags });
      case 'trim-in':
      case 'trim-out':
        return emit(host, 'clip-trim', { id, trimIn: values['trimIn'], trimOut: values['trimOut'], start: values['start'], ...flags });
      case 'fade-in':
      case 'fade-out':
        return emit(host, 'clip-fade', { id, fadeIn: values['fadeIn'], fadeOut: values['fadeOut'], ...flags });
      case 'gain':
        return emit(host, 'clip-gain', { id, gain: values['gain'], ...flags });
      case 'music-gain':
        return emit(host, 'music-gain', { gain: values['gain'], ...flags });
      case 'music-fade-in':
      case 'music-fade-out':
        return emit(host, 'music-fade', { fadeIn: values['fadeIn'], fadeOut: values['fadeOut'], ...flags });
      case 'duck':
        return emit(host, 'duck-depth', { depthDb: values['depthDb'], ...flags });
      case 'seek':
        return;
    }
  }
}
