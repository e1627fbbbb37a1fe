import type { ReactiveController, ReactiveControllerHost } from 'lit';
import { DETACH_GRACE_MS, releaseLingering } from '../../internal/linger.js';

/** The element a `DetachGraceController` serves: a Lit host that knows whether it is in the page, with its panels in its shadow root. */
export type DetachGraceHost = ReactiveControllerHost & { readonly isConnected: boolean; readonly shadowRoot: ShadowRoot | null };

/** What the grace keeps, pauses and lets go of: the editor's session. */
export interface GraceSession {
  /** Whether a session runs (nothing to keep otherwise). */
  readonly running: boolean;
  /** Out of the page (true) or back (false): the draft is saved at once, and the unload is not guarded meanwhile. */
  detach(detached: boolean): void;
  /** Pauses playback. */
  pause(): void;
  /** Lets go of everything (the grace ran out, or `destroy()`). */
  release(): void;
  /** Starts again when none runs (back in the page after the grace ran out). */
  resume(): void;
}

/**
 * Removed from the page, the editor keeps its session for `graceMs` (a move in the DOM, a framework
 * re-parenting it): jobs, autosave and the project go on, and nothing restarts when it comes back. Playback
 * pauses unless it comes back in the same task. Past the grace the session is released; back after that,
 * it starts again. `destroy()` releases at once.
 */
export class DetachGraceController implements ReactiveController {
  readonly #host: DetachGraceHost;
  readonly #session: GraceSession;
  readonly #graceMs: number;
  #timer: ReturnType<typeof setTimeout> | undefined;

  constructor(host: DetachGraceHost, session: GraceSession, graceMs = DETACH_GRACE_MS) {
    this.#host = host;
    this.#session = session;
    this.#graceMs = graceMs;
    host.addController(this);
  }

  /** Whether the grace is running out (the host is out of the page with its session kept). */
  get waiting(): boolean {
    return this.#timer !== undefined;
  }

  hostDisconnected(): void {
    if (!this.#session.running) return;
    this.#cancel();
    this.#timer = setTimeout(() => {
      this.#timer = undefined;
      if (!this.#host.isConnected) this.#session.release();
    }, this.#graceMs);
    this.#session.detach(true);
    queueMicrotask(() => {
      if (!this.#host.isConnected) this.#session.pause();
    });
  }

  hostConnected(): void {
    this.#cancel();
    this.#session.detach(false);
    this.#session.resume();
  }

  /** Releases the session now, with no grace, and the panels' lingering jobs with it (instead of after their own grace). */
  destroy(): void {
    this.#cancel();
    this.#session.release();
    if (this.#host.shadowRoot !== null) releaseLingering(this.#host.shadowRoot);
  }

  #cancel(): void {
    clearTimeout(this.#timer);
    this.#timer = undefined;
  }
}
