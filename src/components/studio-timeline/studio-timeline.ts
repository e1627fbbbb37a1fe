import { html, nothing, svg, type PropertyValues } from 'lit';
import { property, state } from 'lit/decorators.js';
import { repeat } from 'lit/directives/repeat.js';
import { styleProps } from '../../internal/style-props.js';
import type WaveSurfer from 'wavesurfer.js';
import { defineElement } from '../../internal/define.js';
import { formatTime } from '../../internal/format.js';
import { StudioElement } from '../../internal/studio-element.js';
import { controlStyles } from '../shared/controls.styles.js';
import { emit } from '../shared/events.js';
import { envelopePath, gridStep, rulerTicks, snapClipStart, snapTime } from './geometry.js';
import { timelineStyles } from './studio-timeline.styles.js';
import type { GestureDetail, TimelineClip, TimelineMusic } from './types.js';
import { createWaveform, resizeWaveform, slicePeaks, whenDrawn } from './waveform.js';

/** Zoom limits, pixels per second. */
export const MIN_ZOOM = 2;
export const MAX_ZOOM = 1000;
/** Gain shown by the gain lines, dB: top and bottom of a track. */
const GAIN_TOP = 12;
const GAIN_BOTTOM = -24;
/** The envelope's scale: 0 dB at the top of the music track, this at the bottom. */
export const ENVELOPE_FLOOR_DB = -40;
/** Horizontal units per second of the envelope's path (the SVG is stretched to the zoom). */
export const ENVELOPE_PX_PER_SECOND = 100;
/** Pixels within which a dragged edge snaps. */
const SNAP_PX = 8;
/** The shortest a clip can be trimmed to, seconds. */
const MIN_LENGTH = 0.1;
/** Music waveforms are cut in pieces of this many seconds, each drawn only near the viewport. */
const MUSIC_PIECE = 20;
/** Narrower than this, pixels, a piece shows no waveform. */
const MIN_WAVE_PX = 48;
/** Milliseconds of waveform work (creating, redrawing, destroying) done at once in an idle period... */
const IDLE_BUDGET_MS = 30;
/** ...or when the idle callback is overdue (the page never idles). */
const WAVE_BUDGET_MS = 6;
/** Waveform work waits for idle time at most this long. */
const IDLE_TIMEOUT_MS = 500;
/** After the zoom has not changed for this long, stretched waveforms are redrawn at their new width. */
const ZOOM_SETTLE_MS = 150;
const VOICE_HEIGHT = 72;
const MUSIC_HEIGHT = 56;

type DragKind = 'move' | 'trim-in' | 'trim-out' | 'fade-in' | 'fade-out' | 'gain' | 'music-gain' | 'music-fade-in' | 'music-fade-out' | 'duck' | 'seek';

interface Drag {
  kind: DragKind;
  id: string | undefined;
  pointerId: number;
  x0: number;
  y0: number;
  target: Element;
  moved: boolean;
  /** The values the gesture changes: their state before it (for Escape) and now. */
  before: Record<string, number>;
  now: Record<string, number>;
}

/** A waveform drawn lazily: created when its element nears the viewport, destroyed when it is far. */
interface Piece {
  element: HTMLElement;
  /** The caller's array the peaks come from: a new array means a new waveform. */
  source: Float32Array;
  peaks: Float32Array;
  duration: number;
  height: number;
  color: string;
  ws: WaveSurfer | undefined;
  /** Pixels wide `ws` was drawn; shown stretched to the current width until it is redrawn. */
  drawnWidth: number;
  /** Within the creating observer's margin. */
  near: boolean;
  /** Within the destroying observer's margin. */
  kept: boolean;
}

/**
 * Calls `callback` in the browser's idle time (at most IDLE_TIMEOUT_MS later); where there is no
 * requestIdleCallback (Safari), on the next frame as if overdue. Returns the function that cancels it.
 */
function onIdle(callback: (deadline: IdleDeadline) => void): () => void {
  if (typeof requestIdleCallback === 'function') {
    const id = requestIdleCallback(callback, { timeout: IDLE_TIMEOUT_MS });
    return () => cancelIdleCallback(id);
  }
  const id = requestAnimationFrame(() => callback({ didTimeout: true, timeRemaining: () => 0 }));
  return () => cancelAnimationFrame(id);
}

const clamp = (value: number, low: number, high: number) => Math.min(high, Math.max(low, value));
const round = (value: number, digits = 3) => Number(value.toFixed(digits));
const gainToY = (gain: number, height: number) => ((GAIN_TOP - clamp(gain, GAIN_BOTTOM, GAIN_TOP)) / (GAIN_TOP - GAIN_BOTTOM)) * height;

/**
 * The multitrack timeline: a time ruler, the voice clips and the music bed with its ducking envelope, the
 * target duration, and a playhead. A leaf: properties in, events out; it changes nothing itself but shows a
 * gesture's values while the pointer is down.
 *
 * Waveforms are drawn by wavesurfer.js from the caller's peaks, only for the parts near the viewport.
 *
 * @tagname studio-timeline
 * @fires clip-move - `{ id, start, final, cancelled? }` while dragging a clip (snapped) and when a key nudges it.
 * @fires clip-trim - `{ id, trimIn, trimOut, start, final, cancelled? }` from the clip's edges.
 * @fires clip-fade - `{ id, fadeIn, fadeOut, final, cancelled? }` from the knobs in the clip's top corners.
 * @fires clip-gain - `{ id, gain, final, cancelled? }` from the clip's gain line (dB).
 * @fires music-gain - `{ gain, final, cancelled? }` from the bed's gain line (dB).
 * @fires music-fade - `{ fadeIn, fadeOut, final, cancelled? }` from the bed's knobs.
 * @fires duck-depth - `{ depthDb, final, cancelled? }` from the envelope's line.
 * @fires clip-select - `{ id }` when a clip is clicked or focused.
 * @fires clip-delete - `{ id }` on Delete or Backspace.
 * @fires seek - `{ time }` on a click or drag on the ruler.
 * @fires zoom-change - `{ zoom }` (pixels per second) from the zoom buttons or Ctrl+wheel / pinch.
 * @fires play-toggle - Space.
 * @fires undo - Ctrl+Z (Cmd+Z).
 * @fires redo - Ctrl+Shift+Z or Ctrl+Y.
 * @csspart scroller - The horizontally scrolling area.
 * @cssprop --studio-timeline-clip - Clip background.
 */
export class StudioTimeline extends StudioElement {
  static override styles = [controlStyles, timelineStyles];

  @property({ attribute: false }) clips: readonly TimelineClip[] = [];
  @property({ attribute: false }) music: TimelineMusic | null = null;
  /** Music gain over time, dB, `envelopeRate` values per second. */
  @property({ attribute: false }) envelope: Float32Array = new Float32Array(0);
  @property({ type: Number }) envelopeRate = 20;
  /** Current ducking depth, dB (positive); what the envelope's line drags. */
  @property({ type: Number }) duckDepth = 0;
  /** Target duration of the ad, seconds. */
  @property({ type: Number }) targetDuration = 30;
  /** The playhead's time source, seconds; read every frame while `playing`. */
  @property({ attribute: false }) clock: () => number = () => 0;
  @property({ type: Boolean }) playing = false;
  /** Pixels per second. */
  @property({ type: Number }) zoom = 40;
  @property() selectedId: string | null = null;
  /** Passed to wavesurfer for its `<style>` (its rules are also adopted as a stylesheet, see waveform.ts). */
  @property() cspNonce: string | undefined;

  /** What the live region says. */
  @state() private announcement = '';
  /** The ruler's labels are drawn for this time range only. */
  @state() private view = { from: 0, to: 0 };

  #drag: Drag | undefined;
  #pieces = new Map<string, Piece>();
  #observer: IntersectionObserver | undefined;
  #farObserver: IntersectionObserver | undefined;
  #frame = 0;
  #zoomFrame = 0;
  #scrollFrame = 0;
  #cancelIdle: (() => void) | undefined;
  #queue = new Set<Piece>();
  #draining = false;
  #settleTimer: ReturnType<typeof setTimeout> | undefined;
  #pendingZoom: { zoom: number; anchorX: number } | undefined;
  /** A two-finger pinch: the fingers' distance and the zoom when it began. */
  #pinch: { distance: number; zoom: number } | undefined;
  #anchor: { time: number; x: number } | undefined;
  #abort: AbortController | undefined;

  get #scroller(): HTMLElement | null {
    return this.renderRoot.querySelector<HTMLElement>('.scroller');
  }

  override connectedCallback(): void {
    super.connectedCallback();
    this.#abort = new AbortController();
    // Moved in the document: listen again and observe the waveforms again (firstUpdated ran before).
    if (this.hasUpdated) {
      this.#listen();
      this.requestUpdate();
    }
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    this.#abort?.abort();
    cancelAnimationFrame(this.#frame);
    cancelAnimationFrame(this.#zoomFrame);
    cancelAnimationFrame(this.#scrollFrame);
    this.#cancelIdle?.();
    this.#cancelIdle = undefined;
    this.#frame = this.#zoomFrame = this.#scrollFrame = 0;
    clearTimeout(this.#settleTimer);
    this.#settleTimer = undefined;
    this.#queue.clear();
    this.#observer?.disconnect();
    this.#farObserver?.disconnect();
    this.#observer = this.#farObserver = undefined;
    for (const piece of this.#pieces.values()) piece.ws?.destroy();
    this.#pieces.clear();
  }

  protected override willUpdate(): void {
    // The ruler's first range, from the element's width (the scroller is not rendered yet); set here, it
    // is part of this update rather than the cause of another.
    if (!this.hasUpdated) this.view = { from: 0, to: (3 * Math.max(this.clientWidth, 300)) / this.zoom };
  }

  protected override firstUpdated(): void {
    this.#listen();
  }

  #listen(): void {
    const scroller = this.#scroller!;
    const signal = this.#abort!.signal;
    scroller.addEventListener('wheel', (event) => this.#wheel(event), { passive: false, signal });
    for (const type of ['touchstart', 'touchmove', 'touchend', 'touchcancel'] as const) {
      scroller.addEventListener(type, (event) => this.#touch(event), { passive: false, signal });
    }
    scroller.addEventListener('scroll', () => this.#scrolled(), { passive: true, signal });
  }

  protected override updated(changed: PropertyValues<this>): void {
    if (this.#anchor !== undefined) {
      this.#scroller!.scrollLeft = Math.max(0, this.#anchor.time * this.zoom - this.#anchor.x);
      this.#anchor = undefined;
    } else if (changed.has('zoom')) {
      // Zoom set from outside: the ruler's range is checked on the next frame, not in this update.
      this.#scrolled();
    }
    this.#syncPieces();
    if (changed.has('playing') || changed.has('clock')) {
      cancelAnimationFrame(this.#frame);
      this.#frame = 0;
      if (this.playing) this.#frame = requestAnimationFrame(() => this.#tick());
    }
    this.#placePlayhead(false);
  }

  // ---- Playhead ----

  #tick(): void {
    this.#placePlayhead(true);
    this.#frame = this.playing && this.isConnected ? requestAnimationFrame(() => this.#tick()) : 0;
  }

  /** Moves the playhead (a CSSOM transform); while playing, scrolls to keep it in view. */
  #placePlayhead(follow: boolean): void {
    const playhead = this.renderRoot.querySelector<HTMLElement>('.playhead');
    if (playhead === null) return;
    const x = Math.max(0, this.clock()) * this.zoom;
    playhead.style.transform = `translateX(${x.toFixed(1)}px)`;
    const scroller = this.#scroller!;
    if (follow && this.#drag === undefined && (x < scroller.scrollLeft || x > scroller.scrollLeft + scroller.clientWidth - 16)) {
      scroller.scrollLeft = Math.max(0, x - 32);
    }
  }

  // ---- Zoom and scroll ----

  /** Sets the zoom (clamped), keeping the time at `anchorX` (pixels from the scroller's left) in place. */
  setZoom(zoom: number, anchorX?: number): void {
    const next = round(clamp(zoom, MIN_ZOOM, MAX_ZOOM), 2);
    if (next === this.zoom) return;
    const scroller = this.#scroller;
    if (scroller !== null) {
      const x = anchorX ?? scroller.clientWidth / 2;
      const time = (scroller.scrollLeft + x) / this.zoom;
      this.#anchor = { time, x };
      // The ruler's range at the new zoom, in this same update.
      const width = Math.max(scroller.clientWidth, 300) / next;
      const left = Math.max(0, time - x / next);
      this.view = { from: Math.max(0, left - width), to: left + 2 * width };
    }
    this.zoom = next;
    emit(this, 'zoom-change', { zoom: next });
  }

  /** Ctrl+wheel (and a pinch, which Chrome reports as one) zooms; applied once per frame. */
  #wheel(event: WheelEvent): void {
    if (!event.ctrlKey && !event.metaKey) return;
    event.preventDefault();
    const rect = this.#scroller!.getBoundingClientRect();
    const base = this.#pendingZoom?.zoom ?? this.zoom;
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
    const anchorX = (a.clientX + b.clientX) / 2 - this.#scroller!.getBoundingClientRect().left;
    event.preventDefault();
    if (this.#pinch === undefined) {
      this.#cancel();
      this.#pinch = { distance, zoom: this.#pendingZoom?.zoom ?? this.zoom };
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
    const scroller = this.#scroller;
    if (scroller === null) return;
    const width = Math.max(scroller.clientWidth, 300) / this.zoom;
    const left = scroller.scrollLeft / this.zoom;
    const { from, to } = this.view;
    if (left >= from && left + width <= to && to - from <= width * 4) return;
    this.view = { from: Math.max(0, left - width), to: left + 2 * width };
  }

  // ---- Waveforms ----

  /**
   * Observes every waveform element. Waveforms are created near the viewport and destroyed far from it,
   * in idle time. A zoom stretches the drawn ones (a transform, no redraw); once it settles they are
   * redrawn at their new width, again in idle time, so no frame carries them all.
   */
  #syncPieces(): void {
    const scroller = this.#scroller;
    if (scroller === null) return;
    // Created within one viewport of the visible part, destroyed beyond three: scrolling back and forth
    // does not churn.
    this.#observer ??= new IntersectionObserver((entries) => this.#intersections(entries, true), { root: scroller, rootMargin: '0px 100% 0px 100%' });
    this.#farObserver ??= new IntersectionObserver((entries) => this.#intersections(entries, false), { root: scroller, rootMargin: '0px 300% 0px 300%' });
    const seen = new Set<string>();
    for (const element of this.renderRoot.querySelectorAll<HTMLElement>('.wave')) {
      const key = element.dataset['key']!;
      seen.add(key);
      const wanted = this.#pieceSource(key);
      if (wanted === undefined) continue;
      const piece = this.#pieces.get(key);
      if (piece !== undefined && piece.element === element && piece.source === wanted.source && piece.duration === wanted.duration) continue;
      if (piece !== undefined) this.#forget(piece);
      this.#pieces.set(key, { element, ...wanted, ws: undefined, drawnWidth: 0, near: false, kept: false });
      this.#observer.observe(element);
      this.#farObserver!.observe(element);
    }
    for (const [key, piece] of this.#pieces) {
      if (!seen.has(key)) {
        this.#forget(piece);
        this.#pieces.delete(key);
      }
    }
    let stretched = false;
    for (const piece of this.#pieces.values()) {
      if (piece.ws === undefined) {
        if (this.#wanted(piece)) this.#queue.add(piece);
      } else if (this.#stretch(piece)) {
        stretched = true;
      }
    }
    if (stretched) {
      clearTimeout(this.#settleTimer);
      this.#settleTimer = setTimeout(() => {
        this.#settleTimer = undefined;
        for (const piece of this.#pieces.values()) {
          if (this.#wanted(piece) !== (piece.ws !== undefined) || (piece.ws !== undefined && piece.drawnWidth !== this.#width(piece))) this.#queue.add(piece);
        }
        this.#schedule();
      }, ZOOM_SETTLE_MS);
    }
    this.#schedule();
  }

  #pieceSource(key: string): Omit<Piece, 'element' | 'ws' | 'drawnWidth' | 'near' | 'kept'> | undefined {
    if (key.startsWith('music:')) {
      const music = this.music;
      if (music === null) return undefined;
      const from = Number(key.slice(6)) * MUSIC_PIECE;
      const to = Math.min(music.length, from + MUSIC_PIECE);
      return { source: music.peaks, peaks: slicePeaks(music.peaks, music.length, from, to), duration: to - from, height: MUSIC_HEIGHT - 2, color: '#166534' };
    }
    const clip = this.#clipsById().get(key.slice(5));
    return clip === undefined ? undefined : { source: clip.peaks, peaks: clip.peaks, duration: clip.sourceLength, height: VOICE_HEIGHT - 2, color: '#1e3a8a' };
  }

  #forget(piece: Piece): void {
    this.#queue.delete(piece);
    piece.ws?.destroy();
    piece.ws = undefined;
    this.#observer?.unobserve(piece.element);
    this.#farObserver?.unobserve(piece.element);
  }

  /** The piece's width at the current zoom, whole pixels. */
  #width(piece: Piece): number {
    return Math.max(1, Math.round(piece.duration * this.zoom));
  }

  /** Whether the piece should have a waveform now: wide enough to show one, and near (or kept, once made). */
  #wanted(piece: Piece): boolean {
    if (piece.peaks.length === 0 || piece.duration * this.zoom < MIN_WAVE_PX) return false;
    return piece.near || (piece.ws !== undefined && piece.kept);
  }

  /** Shows the drawn waveform at the current width (a transform); true when it needs redrawing. */
  #stretch(piece: Piece): boolean {
    const host = piece.ws === undefined ? null : (piece.element.firstElementChild as HTMLElement | null);
    if (host === null) return false;
    const scale = (piece.duration * this.zoom) / piece.drawnWidth;
    host.style.transform = Math.abs(scale - 1) < 1e-3 ? '' : `scaleX(${scale.toFixed(5)})`;
    return piece.drawnWidth !== this.#width(piece);
  }

  #byId: { clips: readonly TimelineClip[]; map: Map<string, TimelineClip> } | undefined;

  #clipsById(): Map<string, TimelineClip> {
    if (this.#byId?.clips !== this.clips) this.#byId = { clips: this.clips, map: new Map(this.clips.map((clip) => [clip.id, clip])) };
    return this.#byId.map;
  }

  /** `near`: the observer that creates (entering); otherwise the one that destroys (leaving). */
  #intersections(entries: IntersectionObserverEntry[], near: boolean): void {
    for (const entry of entries) {
      const piece = this.#pieces.get((entry.target as HTMLElement).dataset['key']!);
      if (piece === undefined || piece.element !== entry.target) continue;
      if (near) piece.near = entry.isIntersecting;
      else piece.kept = entry.isIntersecting;
      if (this.#wanted(piece) !== (piece.ws !== undefined)) this.#queue.add(piece);
      else if (piece.ws === undefined) this.#queue.delete(piece);
    }
    this.#schedule();
  }

  #schedule(): void {
    if (this.#queue.size > 0 && this.#cancelIdle === undefined && !this.#draining) this.#cancelIdle = onIdle((deadline) => void this.#drain(deadline));
  }

  /**
   * Brings queued pieces in line in the browser's idle time (so never in a busy frame), while the idle
   * period lasts, or one budget's worth when it is overdue. A new waveform draws in microtasks, which are
   * awaited so that their cost counts (they run in this same task).
   */
  async #drain(deadline: IdleDeadline): Promise<void> {
    this.#cancelIdle = undefined;
    this.#draining = true;
    try {
      const until = performance.now() + (deadline.didTimeout ? WAVE_BUDGET_MS : Math.min(deadline.timeRemaining(), IDLE_BUDGET_MS));
      for (const piece of this.#queue) {
        this.#queue.delete(piece);
        await this.#settle(piece);
        if (performance.now() > until) break;
      }
    } finally {
      this.#draining = false;
    }
    if (this.isConnected) this.#schedule();
  }

  /** Creates, redraws at its current width, or destroys the piece's waveform, as it needs. */
  async #settle(piece: Piece): Promise<void> {
    if (!piece.element.isConnected || this.#pieces.get(piece.element.dataset['key']!) !== piece) return;
    if (!this.#wanted(piece)) {
      piece.ws?.destroy();
      piece.ws = undefined;
      return;
    }
    const width = this.#width(piece);
    // While a zoom goes on, nothing new is drawn: the settling re-queues what is then wanted.
    if (this.#settleTimer !== undefined) return;
    if (piece.ws === undefined) {
      const ws = createWaveform(piece.element, { peaks: piece.peaks, duration: piece.duration, width, height: piece.height, color: piece.color, cspNonce: this.cspNonce });
      piece.ws = ws;
      piece.drawnWidth = width;
      (piece.element.firstElementChild as HTMLElement).style.transformOrigin = '0 0';
      await whenDrawn(ws);
    } else if (piece.drawnWidth !== width) {
      resizeWaveform(piece.ws, width);
      piece.drawnWidth = width;
    }
    this.#stretch(piece);
  }

  /** How many waveforms exist now (for tests and benchmarks). */
  get waveformCount(): number {
    let count = 0;
    for (const piece of this.#pieces.values()) if (piece.ws !== undefined) count += 1;
    return count;
  }

  // ---- Gestures ----

  /** The clip as shown: its properties, with the values of a gesture on it in progress. */
  #shown(clip: TimelineClip): TimelineClip {
    const drag = this.#drag;
    if (drag === undefined || drag.id !== clip.id) return clip;
    const shown = { ...clip, ...drag.now };
    shown.length = Math.max(MIN_LENGTH, shown.sourceLength - shown.trimIn - shown.trimOut);
    return shown;
  }

  #shownMusic(): TimelineMusic | null {
    const drag = this.#drag;
    if (this.music === null || drag === undefined || !drag.kind.startsWith('music')) return this.music;
    return { ...this.music, ...drag.now };
  }

  #begin(event: PointerEvent, kind: DragKind, id?: string): void {
    if (event.button !== 0 || this.#drag !== undefined) return;
    event.stopPropagation();
    if (kind !== 'move') event.preventDefault();
    const clip = id === undefined ? undefined : this.clips.find((candidate) => candidate.id === id);
    if (id !== undefined && clip === undefined) return;
    if (id !== undefined && this.selectedId !== id) this.#select(id);
    const before = this.#values(kind, clip);
    const target = event.currentTarget as Element;
    try {
      target.setPointerCapture(event.pointerId);
    } catch {
      // A synthetic pointer cannot be captured; the gesture still works while it stays over the element.
    }
    this.#drag = { kind, id, pointerId: event.pointerId, x0: event.clientX, y0: event.clientY, target, moved: false, before, now: { ...before } };
    if (kind === 'seek') this.#seekAt(event.clientX);
  }

  #values(kind: DragKind, clip: TimelineClip | undefined): Record<string, number> {
    const music = this.music;
    switch (kind) {
      case 'move':
        return { start: clip!.start };
      case 'trim-in':
      case 'trim-out':
        return { start: clip!.start, trimIn: clip!.trimIn, trimOut: clip!.trimOut };
      case 'fade-in':
      case 'fade-out':
        return { fadeIn: clip!.fadeIn, fadeOut: clip!.fadeOut };
      case 'gain':
        return { gain: clip!.gain };
      case 'music-gain':
        return { gain: music?.gain ?? 0 };
      case 'music-fade-in':
      case 'music-fade-out':
        return { fadeIn: music?.fadeIn ?? 0, fadeOut: music?.fadeOut ?? 0 };
      case 'duck':
        return { depthDb: this.duckDepth };
      case 'seek':
        return {};
    }
  }

  /** Times a dragged edge snaps to: 0, the target, the other clips' edges. */
  #candidates(except: string | undefined): number[] {
    const times = [0, this.targetDuration];
    for (const clip of this.clips) if (clip.id !== except) times.push(clip.start, clip.start + clip.length);
    return times;
  }

  #pointerMove(event: PointerEvent): void {
    const drag = this.#drag;
    if (drag === undefined || event.pointerId !== drag.pointerId) return;
    const dx = event.clientX - drag.x0;
    const dy = event.clientY - drag.y0;
    if (!drag.moved && Math.abs(dx) < 3 && Math.abs(dy) < 3) return;
    drag.moved = true;
    if (drag.kind === 'seek') {
      this.#seekAt(event.clientX);
      return;
    }
    drag.now = this.#compute(drag, dx / this.zoom, dy, event.altKey);
    this.#emitGesture(drag, false);
    this.requestUpdate();
  }

  /** The gesture's values for a pointer `dt` seconds and `dy` pixels from where it went down. */
  #compute(drag: Drag, dt: number, dy: number, noSnap: boolean): Record<string, number> {
    const b = drag.before;
    const clip = this.clips.find((candidate) => candidate.id === drag.id);
    const threshold = noSnap ? 0 : SNAP_PX / this.zoom;
    const grid = noSnap ? undefined : gridStep(this.zoom);
    const candidates = this.#candidates(drag.id);
    const music = this.music;
    switch (drag.kind) {
      case 'move':
        return { start: round(snapClipStart(b['start']! + dt, clip!.length, candidates, grid, threshold)) };
      case 'trim-in': {
        const maxIn = clip!.sourceLength - b['trimOut']! - MIN_LENGTH;
        // The left edge moves; the audio under it stays where it is.
        const edge = snapTime(b['start']! + dt, candidates, grid, threshold).time;
        const trimIn = clamp(b['trimIn']! + (edge - b['start']!), 0, maxIn);
        const start = Math.max(0, b['start']! + (trimIn - b['trimIn']!));
        return { start: round(start), trimIn: round(b['trimIn']! + (start - b['start']!)), trimOut: b['trimOut']! };
      }
      case 'trim-out': {
        const end = b['start']! + clip!.sourceLength - b['trimIn']! - b['trimOut']!;
        const edge = snapTime(end + dt, candidates, grid, threshold).time;
        const trimOut = clamp(b['trimOut']! - (edge - end), 0, clip!.sourceLength - b['trimIn']! - MIN_LENGTH);
        return { start: b['start']!, trimIn: b['trimIn']!, trimOut: round(trimOut) };
      }
      case 'fade-in':
        return { fadeIn: round(clamp(b['fadeIn']! + dt, 0, clip!.length - b['fadeOut']!)), fadeOut: b['fadeOut']! };
      case 'fade-out':
        return { fadeIn: b['fadeIn']!, fadeOut: round(clamp(b['fadeOut']! - dt, 0, clip!.length - b['fadeIn']!)) };
      case 'gain':
      case 'music-gain': {
        const height = drag.kind === 'gain' ? VOICE_HEIGHT : MUSIC_HEIGHT;
        return { gain: round(clamp(b['gain']! - (dy / height) * (GAIN_TOP - GAIN_BOTTOM), GAIN_BOTTOM, GAIN_TOP), 1) };
      }
      case 'music-fade-in':
        return { fadeIn: round(clamp(b['fadeIn']! + dt, 0, (music?.length ?? 0) - b['fadeOut']!)), fadeOut: b['fadeOut']! };
      case 'music-fade-out':
        return { fadeIn: b['fadeIn']!, fadeOut: round(clamp(b['fadeOut']! - dt, 0, (music?.length ?? 0) - b['fadeIn']!)) };
      case 'duck':
        return { depthDb: Math.round(clamp(b['depthDb']! + (dy / MUSIC_HEIGHT) * -ENVELOPE_FLOOR_DB, 0, 40) * 2) / 2 };
      case 'seek':
        return {};
    }
  }

  #emitGesture(drag: Drag, final: boolean, cancelled = false): void {
    const values = cancelled ? drag.before : drag.now;
    const flags: GestureDetail = cancelled ? { final, cancelled } : { final };
    const id = drag.id!;
    switch (drag.kind) {
      case 'move':
        emit(this, 'clip-move', { id, start: values['start'], ...flags });
        break;
      case 'trim-in':
      case 'trim-out':
        emit(this, 'clip-trim', { id, trimIn: values['trimIn'], trimOut: values['trimOut'], start: values['start'], ...flags });
        break;
      case 'fade-in':
      case 'fade-out':
        emit(this, 'clip-fade', { id, fadeIn: values['fadeIn'], fadeOut: values['fadeOut'], ...flags });
        break;
      case 'gain':
        emit(this, 'clip-gain', { id, gain: values['gain'], ...flags });
        break;
      case 'music-gain':
        emit(this, 'music-gain', { gain: values['gain'], ...flags });
        break;
      case 'music-fade-in':
      case 'music-fade-out':
        emit(this, 'music-fade', { fadeIn: values['fadeIn'], fadeOut: values['fadeOut'], ...flags });
        break;
      case 'duck':
        emit(this, 'duck-depth', { depthDb: values['depthDb'], ...flags });
        break;
      case 'seek':
        break;
    }
  }

  #pointerUp(event: PointerEvent): void {
    const drag = this.#drag;
    if (drag === undefined || event.pointerId !== drag.pointerId) return;
    this.#drag = undefined;
    if (drag.moved && drag.kind !== 'seek') {
      this.#emitGesture(drag, true);
      if (drag.kind === 'move') this.#announceMove(drag.id!, drag.now['start']!);
    }
    this.requestUpdate();
  }

  /** Escape: the gesture ends with the values it started from. */
  #cancel(): boolean {
    const drag = this.#drag;
    if (drag === undefined) return false;
    this.#drag = undefined;
    try {
      drag.target.releasePointerCapture(drag.pointerId);
    } catch {
      // Not captured (a synthetic pointer).
    }
    if (drag.moved && drag.kind !== 'seek') this.#emitGesture(drag, true, true);
    this.requestUpdate();
    return true;
  }

  #seekAt(clientX: number): void {
    const scroller = this.#scroller!;
    const x = clientX - scroller.getBoundingClientRect().left + scroller.scrollLeft;
    emit(this, 'seek', { time: round(Math.max(0, x / this.zoom)) });
  }

  #select(id: string): void {
    emit(this, 'clip-select', { id });
  }

  // ---- Keyboard ----

  #keydown(event: KeyboardEvent): void {
    const mod = event.ctrlKey || event.metaKey;
    if (event.key === 'Escape' && this.#cancel()) {
      event.preventDefault();
      return;
    }
    if (mod && (event.key === 'z' || event.key === 'Z')) {
      event.preventDefault();
      emit(this, event.shiftKey ? 'redo' : 'undo', null);
      return;
    }
    if (mod && (event.key === 'y' || event.key === 'Y')) {
      event.preventDefault();
      emit(this, 'redo', null);
      return;
    }
    const target = event.composedPath()[0] as HTMLElement;
    if (event.key === ' ' && target.tagName !== 'BUTTON' && target.tagName !== 'INPUT') {
      event.preventDefault();
      emit(this, 'play-toggle', null);
      return;
    }
    const id = target.dataset?.['id'];
    const clip = id === undefined ? undefined : this.clips.find((candidate) => candidate.id === id);
    if (clip === undefined || mod || event.altKey) return;
    const step = event.shiftKey ? 1 : gridStep(this.zoom);
    let start: number | undefined;
    if (event.key === 'ArrowLeft') start = Math.max(0, Math.round((clip.start - step) / step) * step);
    else if (event.key === 'ArrowRight') start = Math.round((clip.start + step) / step) * step;
    else if (event.key === 'Home') start = 0;
    else if (event.key === 'End') start = Math.max(0, this.targetDuration - clip.length);
    else if (event.key === 'Delete' || event.key === 'Backspace') {
      event.preventDefault();
      emit(this, 'clip-delete', { id: clip.id });
      this.announcement = this.t('timeline.deleted', { label: clip.label });
      return;
    }
    if (start === undefined) return;
    event.preventDefault();
    start = round(start);
    if (start === clip.start) return;
    emit(this, 'clip-move', { id: clip.id, start, final: true });
    this.#announceMove(clip.id, start);
  }

  #announceMove(id: string, start: number): void {
    const clip = this.clips.find((candidate) => candidate.id === id);
    if (clip !== undefined) this.announcement = this.t('timeline.moved', { label: clip.label, start: formatTime(start, true) });
  }

  // ---- Rendering ----

  /** Where the content ends: the last clip's end or the bed's, seconds. */
  get contentEnd(): number {
    let end = this.music?.length ?? 0;
    for (const clip of this.clips) end = Math.max(end, clip.start + clip.length);
    return end;
  }

  #clipName(clip: TimelineClip): string {
    const params = { label: clip.label, start: formatTime(clip.start, true), length: clip.length.toFixed(1) };
    const over = clip.start + clip.length - this.targetDuration;
    return over > 0.05 ? this.t('timeline.clipOver', { ...params, over: over.toFixed(1) }) : this.t('timeline.clip', params);
  }

  #renderRuler() {
    const z = this.zoom;
    const { minor, labels } = rulerTicks(z, this.view.from, this.view.to);
    const style = { 'background-size': `${(minor * z).toFixed(3)}px 6px` };
    return html`<div class="ruler" aria-hidden="true" style=${styleProps(style)} @pointerdown=${(event: PointerEvent) => this.#begin(event, 'seek')}>
      ${labels.map((time) => html`<span class="tick" style=${styleProps({ left: `${time * z}px` })}>${formatTime(time, minor < 1)}</span>`)}
    </div>`;
  }

  #renderClip(original: TimelineClip) {
    const clip = this.#shown(original);
    const z = this.zoom;
    const width = clip.length * z;
    const selected = clip.id === this.selectedId;
    const over = clip.start + clip.length > this.targetDuration + 0.05;
    const fadePath = `M0 ${VOICE_HEIGHT} L${clip.fadeIn * z} 0 L0 0 Z M${width} ${VOICE_HEIGHT} L${width - clip.fadeOut * z} 0 L${width} 0 Z`;
    return html`<div class="clip ${over ? 'over' : ''}" role="option" tabindex="0" aria-roledescription=${this.t('timeline.clipRole')}
      aria-selected=${selected ? 'true' : 'false'} aria-label=${this.#clipName(clip)} data-id=${clip.id}
      style=${styleProps({ left: `${clip.start * z}px`, width: `${width}px` })}
      @pointerdown=${(event: PointerEvent) => this.#begin(event, 'move', clip.id)}
      @focus=${() => this.selectedId !== clip.id && this.#select(clip.id)}>
      <div class="wave" data-key="clip:${clip.id}" style=${styleProps({ left: `${-clip.trimIn * z}px`, width: `${clip.sourceLength * z}px` })}></div>
      <svg class="fades" width=${width} height=${VOICE_HEIGHT} aria-hidden="true">${svg`<path d=${fadePath}></path>`}</svg>
      <span class="label" aria-hidden="true">${clip.label}</span>
      <div class="gain" style=${styleProps({ top: `${gainToY(clip.gain, VOICE_HEIGHT)}px` })} @pointerdown=${(event: PointerEvent) => this.#begin(event, 'gain', clip.id)}></div>
      <div class="handle trim-in" @pointerdown=${(event: PointerEvent) => this.#begin(event, 'trim-in', clip.id)}></div>
      <div class="handle trim-out" @pointerdown=${(event: PointerEvent) => this.#begin(event, 'trim-out', clip.id)}></div>
      <div class="knob fade-in" style=${styleProps({ left: `${Math.max(5, clip.fadeIn * z)}px` })} @pointerdown=${(event: PointerEvent) => this.#begin(event, 'fade-in', clip.id)}></div>
      <div class="knob fade-out" style=${styleProps({ left: `${Math.min(width - 5, width - clip.fadeOut * z)}px` })} @pointerdown=${(event: PointerEvent) => this.#begin(event, 'fade-out', clip.id)}></div>
    </div>`;
  }

  #pathCache: { envelope: Float32Array; rate: number; ratio: number; d: string } | undefined;

  /** The envelope's path (zoom-independent, so computed only when it changes); scaled while its depth is dragged. */
  #envelopeD(): string {
    const drag = this.#drag;
    const ratio = drag?.kind === 'duck' && drag.before['depthDb']! > 0 ? drag.now['depthDb']! / drag.before['depthDb']! : 1;
    const cache = this.#pathCache;
    if (cache?.envelope === this.envelope && cache.rate === this.envelopeRate && cache.ratio === ratio) return cache.d;
    const values = ratio === 1 ? this.envelope : this.envelope.map((db) => db * ratio);
    const d = envelopePath(values, this.envelopeRate, ENVELOPE_PX_PER_SECOND, MUSIC_HEIGHT, ENVELOPE_FLOOR_DB);
    this.#pathCache = { envelope: this.envelope, rate: this.envelopeRate, ratio, d };
    return d;
  }

  #renderMusic() {
    const music = this.#shownMusic();
    if (music === null) return html`<div class="track music" role="group" aria-label=${this.t('timeline.musicTrack')}></div>`;
    const z = this.zoom;
    const width = music.length * z;
    const pieces = Math.ceil(music.length / MUSIC_PIECE);
    const envelopeSeconds = this.envelope.length / this.envelopeRate;
    const depth = this.#drag?.kind === 'duck' ? this.#drag.now['depthDb']! : this.duckDepth;
    const fadePath = `M0 ${MUSIC_HEIGHT} L${music.fadeIn * z} 0 L0 0 Z M${width} ${MUSIC_HEIGHT} L${width - music.fadeOut * z} 0 L${width} 0 Z`;
    return html`<div class="track music" role="group" aria-label=${this.t('timeline.musicTrack')}>
      <div class="bed" style=${styleProps({ left: '0px', width: `${width}px` })} @pointerdown=${(event: PointerEvent) => event.target === event.currentTarget && this.#begin(event, 'music-gain')}>
        ${Array.from({ length: pieces }, (_, index) => html`<div class="wave" data-key="music:${index}"
          style=${styleProps({ left: `${index * MUSIC_PIECE * z}px`, width: `${Math.min(MUSIC_PIECE, music.length - index * MUSIC_PIECE) * z}px` })}></div>`)}
        <svg class="fades" width=${width} height=${MUSIC_HEIGHT} aria-hidden="true">${svg`<path d=${fadePath}></path>`}</svg>
        <svg class="envelope" aria-hidden="true" width=${envelopeSeconds * z} height=${MUSIC_HEIGHT}
          viewBox="0 0 ${Math.max(1, envelopeSeconds * ENVELOPE_PX_PER_SECOND)} ${MUSIC_HEIGHT}" preserveAspectRatio="none">${svg`<path vector-effect="non-scaling-stroke"
            d=${this.#envelopeD()}></path>`}</svg>
        <div class="gain" style=${styleProps({ top: `${gainToY(music.gain, MUSIC_HEIGHT)}px` })} @pointerdown=${(event: PointerEvent) => this.#begin(event, 'music-gain')}></div>
        <div class="duck" style=${styleProps({ top: `${(depth / -ENVELOPE_FLOOR_DB) * MUSIC_HEIGHT}px` })} @pointerdown=${(event: PointerEvent) => this.#begin(event, 'duck')}></div>
        <div class="knob fade-in" style=${styleProps({ left: `${Math.max(5, music.fadeIn * z)}px` })} @pointerdown=${(event: PointerEvent) => this.#begin(event, 'music-fade-in')}></div>
        <div class="knob fade-out" style=${styleProps({ left: `${Math.min(width - 5, width - music.fadeOut * z)}px` })} @pointerdown=${(event: PointerEvent) => this.#begin(event, 'music-fade-out')}></div>
      </div>
    </div>`;
  }

  protected override render() {
    const t = this.t;
    const z = this.zoom;
    const end = Math.max(this.contentEnd, this.targetDuration);
    const over = this.contentEnd - this.targetDuration;
    return html`<div class="bar">
        <button type="button" aria-label=${t('timeline.zoomOut')} ?disabled=${z <= MIN_ZOOM} @click=${() => this.setZoom(z / 1.5)}><span aria-hidden="true">−</span></button>
        <button type="button" aria-label=${t('timeline.zoomIn')} ?disabled=${z >= MAX_ZOOM} @click=${() => this.setZoom(z * 1.5)}><span aria-hidden="true">+</span></button>
        <span class="zoom">${t('timeline.zoomLevel', { zoom: Math.round(z) })}</span>
      </div>
      <div class="scroller" part="scroller" role="region" aria-label=${t('timeline.label')} tabindex=${this.clips.length > 0 ? -1 : 0}
        @keydown=${this.#keydown} @pointermove=${this.#pointerMove} @pointerup=${this.#pointerUp} @pointercancel=${this.#pointerUp}
        @lostpointercapture=${this.#pointerUp}>
        <div class="content" style=${styleProps({ width: `${(end + 2) * z}px` })}>
          ${this.#renderRuler()}
          <div class="track voice" role="listbox" aria-label=${t('timeline.voiceTrack')} aria-describedby="help">
            ${repeat(this.clips, (clip) => clip.id, (clip) => this.#renderClip(clip))}
          </div>
          ${this.#renderMusic()}
          ${over > 0.05
            ? html`<div class="over-zone" style=${styleProps({ left: `${this.targetDuration * z}px`, width: `${over * z}px` })}>
                <span class="visually-hidden">${t('timeline.over', { seconds: over.toFixed(1) })}</span>
              </div>`
            : nothing}
          <div class="target" style=${styleProps({ left: `${this.targetDuration * z}px` })}>
            <span>${t('timeline.target', { time: formatTime(this.targetDuration) })}</span>
          </div>
          <div class="playhead" aria-hidden="true"></div>
        </div>
      </div>
      <p id="help" class="visually-hidden">${t('timeline.help')}</p>
      <div class="visually-hidden" role="status" aria-live="polite">${this.announcement}</div>`;
  }
}

defineElement('studio-timeline', StudioTimeline);

declare global {
  interface HTMLElementTagNameMap {
    'studio-timeline': StudioTimeline;
  }
}
