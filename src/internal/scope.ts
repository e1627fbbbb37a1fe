/**
 * A disposal scope: everything an editor starts (listeners, timers, frames, observers, requests) is
 * registered here and released in reverse order by `dispose()`, which may be called any number of times.
 * After disposal, registering runs the cleanup at once, so a late registration cannot leak.
 */
export class DisposalScope {
  readonly #cleanups: Array<() => void> = [];
  readonly #controller = new AbortController();

  /** Aborted when the scope is disposed: pass it to fetch, addEventListener and sleeps. */
  get signal(): AbortSignal {
    return this.#controller.signal;
  }

  get disposed(): boolean {
    return this.#controller.signal.aborted;
  }

  /** Registers a cleanup; returns a function that runs it early (and only once). */
  add(cleanup: () => void): () => void {
    let done = false;
    const run = () => {
      if (done) return;
      done = true;
      const index = this.#cleanups.indexOf(run);
      if (index !== -1) this.#cleanups.splice(index, 1);
      cleanup();
    };
    if (this.disposed) {
      run();
    } else {
      this.#cleanups.push(run);
    }
    return run;
  }

  listen<K extends keyof HTMLElementEventMap>(
    target: EventTarget,
    type: K | (string & {}),
    listener: (event: HTMLElementEventMap[K]) => void,
    options: AddEventListenerOptions = {},
  ): () => void {
    const handler = listener as EventListener;
    target.addEventListener(type, handler, { ...options, signal: this.signal });
    return this.add(() => target.removeEventListener(type, handler, options));
  }

  timeout(callback: () => void, ms: number): () => void {
    const id = setTimeout(() => {
      stop();
      callback();
    }, ms);
    const stop = this.add(() => clearTimeout(id));
    return stop;
  }

  /** A child AbortController that is aborted when the scope is disposed. */
  controller(): AbortController {
    const child = new AbortController();
    this.add(() => child.abort(this.signal.reason));
    return child;
  }

  dispose(): void {
    if (this.disposed) return;
    this.#controller.abort(new DOMException('The editor was destroyed.', 'AbortError'));
    while (this.#cleanups.length > 0) {
      const cleanup = this.#cleanups.pop()!;
      try {
        cleanup();
      } catch (error) {
        console.error('[studio-editor] a cleanup failed during dispose:', error);
      }
    }
  }
}
