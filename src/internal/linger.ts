import type { ReactiveController, ReactiveControllerHost } from 'lit';

/**
 * How long a part of the editor removed from the page keeps what it runs (jobs, the session), ms: long
 * enough for any move in the DOM (a framework re-parenting it, a drag-and-drop layout), short enough that
 * an editor removed for good lets go soon. `destroy()` lets go at once.
 */
export const DETACH_GRACE_MS = 10_000;

/**
 * Runs `release` once its host has stayed out of the page for `graceMs`; coming back in time cancels it.
 * For work a move in the DOM must not stop: a job under way, an export.
 */
export class LingerController implements ReactiveController {
  readonly #release: () => void;
  readonly #graceMs: number;
  #timer: ReturnType<typeof setTimeout> | undefined;

  constructor(host: ReactiveControllerHost, release: () => void, graceMs = DETACH_GRACE_MS) {
    this.#release = release;
    this.#graceMs = graceMs;
    host.addController(this);
  }

  hostConnected(): void {
    clearTimeout(this.#timer);
    this.#timer = undefined;
  }

  hostDisconnected(): void {
    clearTimeout(this.#timer);
    this.#timer = setTimeout(() => {
      this.#timer = undefined;
      this.#release();
    }, this.#graceMs);
  }
}
