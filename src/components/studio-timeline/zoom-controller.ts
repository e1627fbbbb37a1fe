import type { ReactiveController, ReactiveControllerHost } from 'lit';
import { emit } from '../shared/events.js';
import { MAX_ZOOM, MIN_ZOOM, TRAIL_SECONDS, clamp, round } from './scale.js';

/** What the zoom controller reads from and writes to its timeline. */
export interface ZoomHost extends ReactiveControllerHost, EventTarget {
  readonly isConnected: boolean;
  /** Pixels per second; the controller sets it. */
  zoom: number;
  readonly scroller: HTMLElement | null;
  readonly clientWidth: number;
  readonly hasUpdated: boolean;
  /** Whether the zoom follows the spot's length and the view's width (until the user zooms). */
  readonly autoFit: boolean;
  /** The whole spot's length, seconds: what an automatic fit shows. */
  readonly spotLength: number;
  /** The shortest clip's length, seconds (Infinity without a clip): on a touch screen an automatic fit keeps it a finger wide. */
  readonly shortestClip: number;
  /** A pointer gesture is in progress: the zoom is not fitted under it (a clip dragged past the end). */
  readonly gesturing: boolean;
  /** A second finger landed: a gesture in progress ends as if cancelled. */
  cancelGesture(): void;
}

/** A finger's target, CSS px (WCAG 2.5.5, Apple's and Google's guidance). */
const FINGER_PX = 44;

/** The time range the ruler labels are drawn for, seconds. */
export interface ViewRange {
  from: number;
  to: number;
}

/**
 * Zoom and scroll of the timeline: the zoom buttons (`setZoom`), Ctrl+wheel and a two-finger pinch
 * (applied once a frame, about the pointer), and the visible range the ruler draws, re-rendered only when
 * the viewport leaves it (passive scroll listener, one check a frame).
 *
 * With the host's `autoFit`, the whole spot is fitted to the view when its length or the view's width
 * changes (a made or loaded ad, a longer take, a resized editor), until the user zooms; `fit` (Zoom to
 * fit) hands the zoom back to the spot.
 */
export class ZoomController implements ReactiveController {
  readonly #host: ZoomHost;
  #view: ViewRange = { from: 0, to: 0 };
  #abort: AbortController | undefined;
  #listening = false;
  #zoomFrame = 0;
  #scrollFrame = 0;
  #pendingZoom: { zoom: number; anchorX: number } | undefined;
  /** A two-finger pinch: the fingers' distance and the zoom when it began. */
  #pinch: { distance: number; zoom: number } | undefined;
  /** The time kept at a pixel of the scroller by the next update. */
  #anchor: { time: number; x: number } | undefined;
  #lastZoom: number | undefined;
  /** The user zoomed since the last fit: the zoom no longer follows the spot. */
  #userZoomed = false;
  /** The length and scroller width the zoom was last fitted to. */
  #fitted: { length: number; width: number; least: number } | undefined;

  constructor(host: ZoomHost) {
    this.#host = host;
    host.addController(this);
  }

  /** The ruler's labels are drawn for this time range only. */
  get view(): ViewRange {
    return this.#view;
  }

  hostConnected(): void {
    this.#abort = new AbortController();
    this.#listening = false;
    // Moved in the document: listen again (the first update ran before).
    if (this.#host.hasUpdated) {
      this.#listen();
      this.#host.requestUpdate();
    }
  }

  hostDisconnected(): void {
    this.#abort?.abort();
    cancelAnimationFrame(this.#zoomFrame);
    cancelAnimationFrame(this.#scrollFrame);
    this.#zoomFrame = this.#scrollFrame = 0;
  }

  hostUpdate(): void {
    // The ruler's first range, from the element's width (the scroller is not rendered yet): part of the
    // first update rather than the cause of another.
    if (!this.#host.hasUpdated) this.#view = { from: 0, to: (3 * Math.max(this.#host.clientWidth, 300)) / this.#host.zoom };
  }

  hostUpdated(): void {
    const host = this.#host;
    if (!this.#listening) this.#listen();
    if (this.#anchor !== undefined) {
      host.scroller!.scrollLeft = Math.max(0, this.#anchor.time * host.zoom - this.#anchor.x);
      this.#anchor = undefined;
    } else if (this.#lastZoom !== undefined && this.#lastZoom !== host.zoom) {
      // Zoom set from outside: the ruler's range is checked on the next frame, not in this update.
      this.#scrolled();
    }
    this.#lastZoom = host.zoom;
    // After this update (a zoom set in it would start another one from inside it).
    if (host.autoFit && (host.spotLength !== this.#fitted?.length || this.#fingerZoom() !== this.#fitted.least)) queueMicrotask(() => this.#autoFit());
  }

  /** Fits the whole spot when its length or the view's width changed, unless the user zoomed since. */
  #autoFit(): void {
    const { autoFit, spotLength, scroller } = this.#host;
    if (!autoFit || this.#userZoomed || scroller === null || !this.#host.isConnected || this.#host.gesturing) return;
    const width = scroller.clientWidth;
    // A hidden timeline has no width to fit: it is fitted when it is shown (the resize observer).
    const least = this.#fingerZoom();
    if (width === 0 || spotLength <= 0 || (this.#fitted?.length === spotLength && this.#fitted.width === width && this.#fitted.least === least)) return;
    this.#fitted = { length: spotLength, width, least };
    this.#fit(0, spotLength, least);
    // The width read here may be a passing one (a scroll bar while the old zoom overflowed), which the
    // resize observer never sees: the next frame fits again if the settled width differs.
    requestAnimationFrame(() => this.#autoFit());
  }

  /** On a touch screen, the least zoom at which the shortest clip is a finger's 44 px wide (the view then scrolls). */
  #fingerZoom(): number {
    const shortest = this.#host.shortestClip;
    return globalThis.matchMedia?.('(pointer: coarse)').matches && shortest > 0 && Number.isFinite(shortest) ? FINGER_PX / shortest : 0;
  }

  #listen(): void {
    const scroller = this.#host.scroller;
    if (scroller === null || this.#abort === undefined) return;
    this.#listening = true;
    const signal = this.#abort.signal;
    scroller.addEventListener('wheel', (event) => this.#wheel(event), { passive: false, signal });
    for (const type of ['touchstart', 'touchmove', 'touchend', 'touchcancel'] as const) {
      scroller.addEventListener(type, (event) => this.#touch(event), { passive: false, signal });
    }
    scroller.addEventListener('scroll', () => this.#scrolled(), { passive: true, signal });
    // Fitted in the next frame, not inside the observer's delivery: the zoom it sets re-renders the timeline,
    // whose new size (a scroll bar, taller lanes) would be seen again in the same delivery (the browser's
    // "ResizeObserver loop" error, seen in Firefox once the lanes grew with the stage).
    const resize = new ResizeObserver(() => requestAnimationFrame(() => this.#autoFit()));
    resize.observe(scroller);
    signal.addEventListener('abort', () => resize.disconnect());
  }

  /**
   * The user's zoom (clamped), keeping the time at `anchorX` (pixels from the scroller's left) in place; from
   * now on the zoom no longer follows the spot's length.
   */
  setZoom(zoom: number, anchorX?: number): void {
    this.#userZoomed = true;
    this.#setZoom(zoom, anchorX);
  }

  #setZoom(zoom: number, anchorX?: number): void {
    const host = this.#host;
    const next = round(clamp(zoom, MIN_ZOOM, MAX_ZOOM), 2);
    if (next === host.zoom) return;
    const scroller = host.scroller;
    if (scroller !== null) {
      const x = anchorX ?? scroller.clientWidth / 2;
      const time = (scroller.scrollLeft + x) / host.zoom;
      this.#anchor = { time, x };
      // The ruler's range at the new zoom, in this same update.
      const width = Math.max(scroller.clientWidth, 300) / next;
      const left = Math.max(0, time - x / next);
      this.#view = { from: Math.max(0, left - width), to: left + 2 * width };
    }
    host.zoom = next;
    emit(host, 'zoom-change', { zoom: next });
  }

  /** Shows `from`..`to` seconds across the scroller's width (clamped to the zoom limits); the zoom follows the spot again. */
  fit(from: number, to: number): void {
    this.#userZoomed = false;
    this.#fit(from, to);
  }

  #fit(from: number, to: number, least = 0): void {
    const scroller = this.#host.scroller;
    if (scroller === null || to <= from) return;
    const width = Math.max(1, scroller.clientWidth - 16);
    // Up to the spot's end, the room after it too: the fitted view does not scroll sideways.
    const zoom = Math.max(least, width / (to - from + (to >= this.#host.spotLength ? TRAIL_SECONDS : 0)));
    const next = round(clamp(zoom, MIN_ZOOM, MAX_ZOOM), 2);
    // Anchor so that `from` lands at the left edge after the update.
    if (next !== this.#host.zoom) this.#setZoom(next, 0);
    this.#anchor = { time: from, x: 0 };
    this.#host.requestUpdate();
  }

  /** Ctrl+wheel (and a pinch, which Chrome reports as one) zooms; applied once per frame. */
  #wheel(event: WheelEvent): void {
    if (!event.ctrlKey && !event.metaKey) return;
    event.preventDefault();
    const rect = this.#host.scroller!.getBoundingClientRect();
    const base = this.#pendingZoom?.zoom ?? this.#host.zoom;
    const delta = event.deltaMode === 1 ? event.deltaY * 16 : event.deltaY;
    this.#queueZoom(base * Math.exp(-delta * 0.002), event.clientX - rect.left);
  }

  /**
   * Two fingers on a touch screen zoom by the change of their distance, about their midpoint. A second
   * finger landing during a drag cancels the drag (as Escape would). One finger scrolls natively.
   */
  #touch(event: TouchEvent): void {
    if (event.touches.length !== 2) {
      this.#pinch = undefined;
      return;
    }
    const [a, b] = [event.touches[0]!, event.touches[1]!];
    const distance = Math.max(1, Math.hypot(a.clientX - b.clientX, a.clientY - b.clientY));
    const anchorX = (a.clientX + b.clientX) / 2 - this.#host.scroller!.getBoundingClientRect().left;
    event.preventDefault();
    if (this.#pinch === undefined) {
      this.#host.cancelGesture();
      this.#pinch = { distance, zoom: this.#pendingZoom?.zoom ?? this.#host.zoom };
      return;
    }
    this.#queueZoom((this.#pinch.zoom * distance) / this.#pinch.distance, anchorX);
  }

  /** Zooms to `zoom` about `anchorX` on the next frame; later calls before it replace it. */
  #queueZoom(zoom: number, anchorX: number): void {
    this.#pendingZoom = { zoom: clamp(zoom, MIN_ZOOM, MAX_ZOOM), anchorX };
    if (this.#zoomFrame === 0) {
      this.#zoomFrame = requestAnimationFrame(() => {
        this.#zoomFrame = 0;
        const pending = this.#pendingZoom;
        this.#pendingZoom = undefined;
        if (pending !== undefined) this.setZoom(pending.zoom, pending.anchorX);
      });
    }
  }

  #scrolled(): void {
    if (this.#scrollFrame !== 0) return;
    this.#scrollFrame = requestAnimationFrame(() => {
      this.#scrollFrame = 0;
      this.#updateView();
    });
  }

  /** Re-renders the ruler's labels when the viewport leaves the range they were drawn for. */
  #updateView(): void {
    const { scroller, zoom } = this.#host;
    if (scroller === null) return;
    const width = Math.max(scroller.clientWidth, 300) / zoom;
    const left = scroller.scrollLeft / zoom;
    const { from, to } = this.#view;
    if (left >= from && left + width <= to && to - from <= width * 4) return;
    this.#view = { from: Math.max(0, left - width), to: left + 2 * width };
    this.#host.requestUpdate();
  }
}
