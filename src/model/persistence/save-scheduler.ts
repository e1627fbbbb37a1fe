/**
 * When autosave writes: after `debounceMs` of quiet, at most `maxWaitMs` after the first unsaved edit, or at
 * once on `flush`; one write at a time. A flush that comes while a write is in flight joins it and asks for
 * one more write after it (a clean exit if any of the joined flushes asked for one). What a write does, and
 * whether one may start, the job says.
 */

/** What a `SaveScheduler` asks of the autosave it serves. */
export interface SaveJob {
  /** Whether a save may run now; a flush that may not resolves at once, without joining a write in flight. */
  mayRun(cleanExit: boolean): boolean;
  /**
   * One save: `write` to run (the scheduler runs one at a time), or `answer`, the promise a flush returns
   * without writing (none: resolved at once).
   */
  begin(cleanExit: boolean): { readonly write: () => Promise<void> } | { readonly answer?: Promise<void> };
  /** After a write, when no other write was asked for meanwhile. */
  idle(): void;
  /** The scheduled time came: the autosave flushes (through its own `flush`, which may be watched). */
  due(): void;
}

/** Quiet time and longest wait of a `SaveScheduler`, ms. */
export interface SaveTiming {
  readonly debounceMs: number;
  readonly maxWaitMs: number;
}

export class SaveScheduler {
  readonly #job: SaveJob;
  readonly #timing: SaveTiming;
  #timer: ReturnType<typeof setTimeout> | undefined;
  #firstDirtyAt: number | undefined;
  #saving: Promise<void> | undefined;
  /** A flush joined the write in flight: one more write after it, a clean exit if any asked for one. */
  #again: boolean | undefined;

  constructor(job: SaveJob, timing: SaveTiming) {
    this.#job = job;
    this.#timing = timing;
  }

  /** An edit is unsaved: a save after the quiet time, no later than the longest wait after the first such edit. */
  schedule(): void {
    const { debounceMs, maxWaitMs } = this.#timing;
    const now = Date.now();
    this.#firstDirtyAt ??= now;
    const delay = Math.max(0, Math.min(debounceMs, this.#firstDirtyAt + maxWaitMs - now));
    if (this.#timer !== undefined) clearTimeout(this.#timer);
    this.#timer = setTimeout(() => {
      this.cancel();
      this.#job.due();
    }, delay);
  }

  /** Forgets the pending save (and when the unsaved edits began). */
  cancel(): void {
    if (this.#timer !== undefined) clearTimeout(this.#timer);
    this.#timer = undefined;
    this.#firstDirtyAt = undefined;
  }

  /** Saves now, cancelling the pending save. Resolves when the save settled. */
  flush(cleanExit = false): Promise<void> {
    this.cancel();
    return this.#run(cleanExit);
  }

  #run(cleanExit: boolean): Promise<void> {
    if (!this.#job.mayRun(cleanExit)) return Promise.resolve();
    if (this.#saving !== undefined) {
      this.#again = (this.#again ?? false) || cleanExit;
      return this.#saving;
    }
    const step = this.#job.begin(cleanExit);
    if (!('write' in step)) return step.answer ?? Promise.resolve();
    const saving = step.write().then(() => {
      this.#saving = undefined;
      const again = this.#again;
      this.#again = undefined;
      if (again !== undefined) return this.#run(again);
      this.#job.idle();
      return undefined;
    });
    this.#saving = saving;
    return saving;
  }
}
