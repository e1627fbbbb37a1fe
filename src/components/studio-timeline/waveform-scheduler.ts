import type { ReactiveController, ReactiveControllerHost } from 'lit';
import type WaveSurfer from 'wavesurfer.js';
import { MUSIC_HEIGHT, MUSIC_PIECE, VOICE_HEIGHT, type Lanes } from './scale.js';
import type { TimelineClip, TimelineMusic } from './types.js';
import { createWaveform, destroyWaveform, resizeWaveform, slicePeaks, waveformElement, whenDrawn } from './waveform.js';

/**
 * Narrower than this, pixels, a piece shows no waveform. A short call to action fitted into a 30 s spot is
 * about 40 px wide: it shows its waveform (an empty clip reads as silence).
 */
const MIN_WAVE_PX = 16;
/** Milliseconds of waveform work (creating, redrawing, destroying) done at once in an idle period... */
const IDLE_BUDGET_MS = 30;
/** ...or when the idle callback is overdue (the page never idles). */
const WAVE_BUDGET_MS = 6;
/** Waveform work waits for idle time at most this long. */
const IDLE_TIMEOUT_MS = 500;
/** After the zoom has not changed for this long, stretched waveforms are redrawn at their new width. */
const ZOOM_SETTLE_MS = 150;

/** What the scheduler reads from its timeline. */
export interface WaveformHost extends ReactiveControllerHost {
  readonly clips: readonly TimelineClip[];
  readonly music: TimelineMusic | null;
  readonly zoom: number;
  /** The lanes' heights, pixels: a waveform drawn at a lane's smallest height is stretched to its lane's. */
  readonly lanes: Lanes;
  readonly cspNonce: string | undefined;
  readonly isConnected: boolean;
  /** The timeline's shadow root: every `.wave[data-key]` element in it gets a waveform when near. */
  readonly renderRoot: HTMLElement | DocumentFragment;
  readonly scroller: HTMLElement | null;
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
  /** The transform `ws`'s element was given last (it stretches the drawing to the current size). */
  transform: string;
  /** The creating observer has reported it (until then, whether it is near is not known). */
  seen: boolean;
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

/**
 * Schedules the timeline's waveforms. Every `.wave` element (`data-key` `clip:<id>` or `music:<n>`) is
 * observed; its waveform is created within one viewport of the visible part and destroyed beyond three
 * (scrolling back and forth does not churn), in idle time. A zoom stretches the drawn ones (a transform,
 * no redraw); once it settles they are redrawn at their new width, again in idle time, so no frame
 * carries them all. `requestSync()` after anything rendered: one sync a microtask.
 */
export class WaveformScheduler implements ReactiveController {
  readonly #host: WaveformHost;
  #pieces = new Map<string, Piece>();
  #observer: IntersectionObserver | undefined;
  #farObserver: IntersectionObserver | undefined;
  #cancelIdle: (() => void) | undefined;
  #queue = new Set<Piece>();
  #draining = false;
  #syncQueued = false;
  #settleTimer: ReturnType<typeof setTimeout> | undefined;
  /** About the longest a piece's work has taken lately, milliseconds. */
  #pieceMs = 0;

  constructor(host: WaveformHost) {
    this.#host = host;
    host.addController(this);
  }

  hostConnected(): void {}

  hostUpdated(): void {
    // After the clips and the bed have rendered what this update gave them (their updates are queued first).
    this.requestSync();
  }

  hostDisconnected(): void {
    this.#cancelIdle?.();
    this.#cancelIdle = undefined;
    clearTimeout(this.#settleTimer);
    this.#settleTimer = undefined;
    this.#queue.clear();
    this.#observer?.disconnect();
    this.#farObserver?.disconnect();
    this.#observer = this.#farObserver = undefined;
    for (const piece of this.#pieces.values()) if (piece.ws !== undefined) destroyWaveform(piece.ws);
    this.#pieces.clear();
  }

  /** A part of the timeline rendered (a clip, the bed): sync once the current microtask's updates are done. */
  readonly requestSync = (): void => {
    if (this.#syncQueued) return;
    this.#syncQueued = true;
    queueMicrotask(() => {
      this.#syncQueued = false;
      if (this.#host.isConnected) this.#sync();
    });
  };

  /**
   * How many waveforms wait to be created, redrawn or destroyed in idle time, or for the observer to say whether
   * they are near (for tests: 0 once every waveform in view is drawn).
   */
  get pending(): number {
    let unseen = 0;
    for (const piece of this.#pieces.values()) if (!piece.seen) unseen += 1;
    return this.#queue.size + unseen;
  }

  /** How many waveforms exist now (for tests and benchmarks). */
  get count(): number {
    let count = 0;
    for (const piece of this.#pieces.values()) if (piece.ws !== undefined) count += 1;
    return count;
  }

  #sync(): void {
    const scroller = this.#host.scroller;
    if (scroller === null) return;
    this.#observer ??= new IntersectionObserver((entries) => this.#intersections(entries, true), { root: scroller, rootMargin: '0px 100% 0px 100%' });
    this.#farObserver ??= new IntersectionObserver((entries) => this.#intersections(entries, false), { root: scroller, rootMargin: '0px 300% 0px 300%' });
    const seen = new Set<string>();
    for (const element of this.#host.renderRoot.querySelectorAll<HTMLElement>('.wave')) {
      const key = element.dataset['key']!;
      seen.add(key);
      const wanted = this.#pieceSource(key);
      if (wanted === undefined) continue;
      const piece = this.#pieces.get(key);
      if (piece !== undefined && piece.element === element && piece.source === wanted.source && piece.duration === wanted.duration) continue;
      if (piece !== undefined) this.#forget(piece);
      this.#pieces.set(key, { element, ...wanted, ws: undefined, drawnWidth: 0, transform: '', seen: false, near: false, kept: false });
      this.#observer.observe(element);
      this.#farObserver.observe(element);
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

  #pieceSource(key: string): Omit<Piece, 'element' | 'ws' | 'drawnWidth' | 'transform' | 'seen' | 'near' | 'kept'> | undefined {
    if (key.startsWith('music:')) {
      const music = this.#host.music;
      if (music === null) return undefined;
      const from = Number(key.slice(6)) * MUSIC_PIECE;
      const to = Math.min(music.length, from + MUSIC_PIECE);
      return { source: music.peaks, peaks: slicePeaks(music.peaks, music.length, from, to), duration: to - from, height: MUSIC_HEIGHT - 2, color: '#166534' };
    }
    const clip = this.#clipsById().get(key.slice(5));
    return clip === undefined ? undefined : { source: clip.peaks, peaks: clip.peaks, duration: clip.sourceLength, height: VOICE_HEIGHT - 2, color: '#1e3a8a' };
  }

  #byId: { clips: readonly TimelineClip[]; map: Map<string, TimelineClip> } | undefined;

  #clipsById(): Map<string, TimelineClip> {
    const { clips } = this.#host;
    if (this.#byId?.clips !== clips) this.#byId = { clips, map: new Map(clips.map((clip) => [clip.id, clip])) };
    return this.#byId.map;
  }

  #forget(piece: Piece): void {
    this.#queue.delete(piece);
    if (piece.ws !== undefined) destroyWaveform(piece.ws);
    piece.ws = undefined;
    this.#observer?.unobserve(piece.element);
    this.#farObserver?.unobserve(piece.element);
  }

  /** The piece's width at the current zoom, whole pixels. */
  #width(piece: Piece): number {
    return Math.max(1, Math.round(piece.duration * this.#host.zoom));
  }

  /** Whether the piece should have a waveform now: wide enough to show one, and near (or kept, once made). */
  #wanted(piece: Piece): boolean {
    if (piece.peaks.length === 0 || piece.duration * this.#host.zoom < MIN_WAVE_PX) return false;
    return piece.near || (piece.ws !== undefined && piece.kept);
  }

  /** Shows the drawn waveform at the current width (a transform); true when it needs redrawing. */
  #stretch(piece: Piece): boolean {
    if (piece.ws === undefined) return false;
    const host = waveformElement(piece.ws);
    const scale = (piece.duration * this.#host.zoom) / piece.drawnWidth;
    // Drawn once at the lane's smallest height and stretched to the lane's (a redraw inside the lane's growth
    // would resize what the waveform's own resize observer watches).
    const lanes = this.#host.lanes;
    const tall = piece.element.dataset['key']!.startsWith('music:') ? lanes.music / MUSIC_HEIGHT : lanes.voice / VOICE_HEIGHT;
    const wide = Math.abs(scale - 1) >= 1e-3;
    const high = Math.abs(tall - 1) >= 1e-3;
    const transform = high ? `scale(${scale.toFixed(5)}, ${tall.toFixed(5)})` : wide ? `scaleX(${scale.toFixed(5)})` : '';
    // Every sync comes here (a scroll's too): the style is touched only when the transform changes.
    if (piece.transform !== transform) host.style.transform = piece.transform = transform;
    return piece.drawnWidth !== this.#width(piece);
  }

  /** `near`: the observer that creates (entering); otherwise the one that destroys (leaving). */
  #intersections(entries: IntersectionObserverEntry[], near: boolean): void {
    for (const entry of entries) {
      const piece = this.#pieces.get((entry.target as HTMLElement).dataset['key']!);
      if (piece === undefined || piece.element !== entry.target) continue;
      if (near) {
        piece.near = entry.isIntersecting;
        piece.seen = true;
      }
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
   * period lasts, or one budget's worth when it is overdue: one piece at least, and no more than fit. A new
   * waveform draws in microtasks, which are awaited so that their cost counts (they run in this same task).
   */
  async #drain(deadline: IdleDeadline): Promise<void> {
    this.#cancelIdle = undefined;
    this.#draining = true;
    try {
      const until = performance.now() + (deadline.didTimeout ? WAVE_BUDGET_MS : Math.min(deadline.timeRemaining(), IDLE_BUDGET_MS));
      for (const piece of this.#queue) {
        this.#queue.delete(piece);
        const started = performance.now();
        await this.#settle(piece);
        const now = performance.now();
        // The next piece is not begun where one as long as the longest lately would run past the budget.
        this.#pieceMs = Math.max(this.#pieceMs * 0.9, now - started);
        if (now + this.#pieceMs > until) break;
      }
    } finally {
      this.#draining = false;
    }
    if (this.#host.isConnected) this.#schedule();
  }

  /** Creates, redraws at its current width, or destroys the piece's waveform, as it needs. */
  async #settle(piece: Piece): Promise<void> {
    if (!piece.element.isConnected || this.#pieces.get(piece.element.dataset['key']!) !== piece) return;
    if (!this.#wanted(piece)) {
      if (piece.ws !== undefined) destroyWaveform(piece.ws);
      piece.ws = undefined;
      return;
    }
    const width = this.#width(piece);
    // While a zoom goes on, nothing new is drawn: the settling re-queues what is then wanted.
    if (this.#settleTimer !== undefined) return;
    if (piece.ws === undefined) {
      const ws = createWaveform(piece.element, { peaks: piece.peaks, duration: piece.duration, width, height: piece.height, color: piece.color, cspNonce: this.#host.cspNonce });
      piece.ws = ws;
      piece.drawnWidth = width;
      piece.transform = '';
      waveformElement(ws).style.transformOrigin = '0 0';
      await whenDrawn(ws);
    } else if (piece.drawnWidth !== width) {
      resizeWaveform(piece.ws, width);
      piece.drawnWidth = width;
    }
    this.#stretch(piece);
  }
}
