// The workers a delivery writes its files in: a few (MP3 encoding is what takes the time), each doing one
// file at a time. A file's failure replaces its worker (it may have died); closing stops them all.
import type { DeliverWork } from './types.js';

/** A free worker, taken: `run` does one job on it, then gives it back. */
export interface WorkLease {
  run<T>(job: (work: DeliverWork) => Promise<T>): Promise<T>;
}

/** A fixed number of workers, opened when first used. */
export class WorkPool {
  readonly #open: (signal?: AbortSignal) => Promise<DeliverWork>;
  readonly #signal: AbortSignal | undefined;
  readonly #slots: Array<Promise<DeliverWork> | undefined>;
  readonly #free: number[];
  readonly #waiting: Array<(slot: number) => void> = [];
  #closed = false;

  constructor(open: (signal?: AbortSignal) => Promise<DeliverWork>, size: number, signal?: AbortSignal) {
    this.#open = open;
    this.#signal = signal;
    this.#slots = Array.from({ length: Math.max(1, size) }, () => undefined);
    this.#free = this.#slots.map((_, i) => i);
  }

  /** Waits for a free worker and takes it. */
  async acquire(): Promise<WorkLease> {
    const slot = this.#free.length > 0 ? this.#free.shift()! : await new Promise<number>((resolve) => this.#waiting.push(resolve));
    return { run: (job) => this.#run(slot, job) };
  }

  async #run<T>(slot: number, job: (work: DeliverWork) => Promise<T>): Promise<T> {
    try {
      let work = this.#slots[slot];
      if (work === undefined) {
        work = this.#open(this.#signal);
        work.catch(() => undefined);
        this.#slots[slot] = work;
      }
      return await job(await work);
    } catch (error) {
      // The worker may be broken: the next job on this slot gets a new one.
      const broken = this.#slots[slot];
      this.#slots[slot] = undefined;
      void broken?.then((work) => work.close(), () => undefined);
      throw error;
    } finally {
      const next = this.#waiting.shift();
      if (next) next(slot);
      else this.#free.push(slot);
    }
  }

  /** Stops every worker (what they were doing rejects). Idempotent. */
  close(): void {
    if (this.#closed) return;
    this.#closed = true;
    for (const work of this.#slots) void work?.then((w) => w.close(), () => undefined);
  }
}
