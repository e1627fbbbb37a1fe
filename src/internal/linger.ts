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
  readonly #host: ReactiveControllerHost;
  readonly #release: () => void;
  readonly #graceMs: number;
  #timer: ReturnType<typeof setTimeout> | undefined;

  constructor(host: ReactiveControllerHost, release: () => void, graceMs = DETACH_GRACE_MS) {
    this.#host = host;
    this.#release = release;
    this.#graceMs = graceMs;
    host.addController(this);
  }

  hostConnected(): void {
    this.#cancel();
  }

  hostDisconnected(): void {
    this.#cancel();
    this.#timer = setTimeout(() => this.releaseNow(), this.#graceMs);
    lingering.add(this);
  }

  /** Lets go now (the editor was destroyed): no wait, and nothing kept alive by the timer. */
  releaseNow(): void {
    this.#cancel();
    this.#release();
  }

  /** Whether the host is `root` or inside it (same tree). */
  within(root: Node): boolean {
    const host = this.#host as unknown;
    return host instanceof Node && root.contains(host);
  }

  #cancel(): void {
    clearTimeout(this.#timer);
    this.#timer = undefined;
    lingering.delete(this);
  }
}

/** Controllers waiting out their grace. */
const lingering = new Set<LingerController>();

/** Releases at once every lingering controller whose host is inside `root` (an editor's `destroy()`). */
export function releaseLingering(root: Node): void {
  for (const controller of [...lingering]) if (controller.within(root)) controller.releaseNow();
}
