import type { FromDecodeWorker, ToDecodeWorker } from './decode-protocol.js';
import { startDecodeWorker } from './render-worker-start.js';
import { describeWorkerFailure, startReadyWorker } from './worker-failure.js';

/** What the decode worker gives: the samples (moved here), their rate and their peaks. */
export interface DecodedOffPage {
  readonly channels: Float32Array[];
  readonly sampleRate: number;
  readonly peaks: Float32Array;
}

/**
 * Not decoded off the page (a format the worker does not decode, no worker, a failed worker): decode on the
 * page. `bytes` are the file's bytes given back, or undefined when they were lost with the worker.
 */
export interface DecodeOnPage {
  readonly bytes: ArrayBuffer | undefined;
}

/** Milliseconds the worker stays without work before it is stopped. */
export const DECODE_WORKER_IDLE_MS = 5000;

const FILE = 'decode-worker.js';
let warned = false;

interface Job {
  readonly resolve: (result: DecodedOffPage | DecodeOnPage) => void;
}

/**
 * The decode worker of one `AssetDecoder`, started on demand and stopped after `DECODE_WORKER_IDLE_MS` without
 * work. A worker of its own rather than the render worker: a 10-minute bed takes a second or two to decode
 * and resample, and in the render worker that would hold up the preview's renders queued behind it (and the
 * render worker is replaced when a render is aborted or crashes, losing a decode under way); the upload check
 * decodes with no renderer at all. Its cost is its isolate (a few MB, `bench/memory-long.mjs`), only while it
 * decodes. Where it cannot start (no Worker, a CSP without `worker-src`, Trusted Types without the editor's
 * policy, a missing file) every decode says `DecodeOnPage`, with one console warning per page naming the
 * cause.
 */
export class DecodeWork {
  readonly #make: (() => Worker) | null;
  readonly #idleMs: number;
  #worker: Promise<Worker | undefined> | undefined;
  #unavailable = false;
  readonly #jobs = new Map<number, Job>();
  #next = 1;
  #idle: ReturnType<typeof setTimeout> | undefined;
  #disposed = false;

  /** `createWorker`: makes the worker (default: `decode-worker.js` beside this module); null: never a worker. */
  constructor(createWorker?: (() => Worker) | null, idleMs = DECODE_WORKER_IDLE_MS) {
    this.#make = createWorker === undefined ? (typeof Worker === 'undefined' ? null : startDecodeWorker) : createWorker;
    this.#idleMs = idleMs;
  }

  /** Whether a worker is running (or starting). */
  get running(): boolean {
    return this.#worker !== undefined;
  }

  /**
   * Decodes `bytes` (transferred to the worker) to `sampleRate` (undefined: the file's rate), or says to
   * decode them on the page.
   */
  async decode(bytes: ArrayBuffer, sampleRate: number | undefined): Promise<DecodedOffPage | DecodeOnPage> {
    if (this.#make === null || this.#unavailable || this.#disposed) return { bytes };
    clearTimeout(this.#idle);
    const job = this.#next++;
    const result = new Promise<DecodedOffPage | DecodeOnPage>((resolve) => this.#jobs.set(job, { resolve }));
    const worker = await (this.#worker ??= this.#start(this.#make));
    if (worker === undefined || !this.#jobs.has(job)) {
      this.#settle(job, { bytes });
      return result;
    }
    const message: ToDecodeWorker = { type: 'decode', job, bytes, sampleRate: sampleRate ?? null };
    worker.postMessage(message, [bytes]);
    return result;
  }

  /** Stops the worker; pending decodes say `DecodeOnPage` (the decoder was disposed: it aborts them). */
  dispose(): void {
    this.#disposed = true;
    this.#stop();
  }

  #settle(job: number, result: DecodedOffPage | DecodeOnPage): void {
    const pending = this.#jobs.get(job);
    if (pending === undefined) return;
    this.#jobs.delete(job);
    pending.resolve(result);
    if (this.#jobs.size === 0 && this.#worker !== undefined) {
      clearTimeout(this.#idle);
      this.#idle = setTimeout(() => this.#stop(), this.#idleMs);
    }
  }

  /** Terminates the worker (if any); what it had not answered is decoded on the page. */
  #stop(): void {
    clearTimeout(this.#idle);
    const worker = this.#worker;
    this.#worker = undefined;
    void worker?.then((started) => started?.terminate());
    for (const job of [...this.#jobs.keys()]) this.#settle(job, { bytes: undefined });
  }

  /** The worker once it said it is ready, or undefined (and a warning) when it could not start. */
  async #start(make: () => Worker): Promise<Worker | undefined> {
    const started = await startReadyWorker(make, FILE);
    if ('reason' in started) {
      this.#unavailable = true;
      if (!warned) {
        warned = true;
        console.warn(`service-studio-editor: the decode worker could not start: ${describeWorkerFailure(started)}. Audio is decoded on the main thread meanwhile, which may pause the page.`);
      }
      return undefined;
    }
    started.onmessage = (event: MessageEvent<FromDecodeWorker>) => {
      const message = event.data;
      if (message.type === 'decoded') this.#settle(message.job, { channels: message.channels, sampleRate: message.sampleRate, peaks: message.peaks });
      else if (message.type === 'not-decoded') this.#settle(message.job, { bytes: message.bytes });
    };
    started.onerror = (event: ErrorEvent) => {
      // The worker failed as it ran (out of memory, ...): its decodes are done on the page; the next decode starts another.
      event.preventDefault();
      if (this.#worker !== undefined) this.#stop();
    };
    return started;
  }
}
