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

/** Bytes of a file past which a second worker resamples its second channel (about a minute of MP3). */
export const SPLIT_MIN_BYTES = 1 << 20;

interface Job {
  readonly resolve: (result: DecodedOffPage | DecodeOnPage) => void;
  /** The first worker's result (both channels, or the first of a split decode). */
  first?: DecodedOffPage;
  /** Whether the second channel is resampled by the other worker (known with `first`). */
  split?: boolean;
  /** That second channel, resampled, and its peaks (which may come before `first`). */
  second?: { readonly channel: Float32Array; readonly peaks: Float32Array };
}

/** A worker started on demand: resolves with it once it runs, or undefined where it could not start. */
type Slot = Promise<Worker | undefined> | undefined;

/**
 * The decode workers of one `AssetDecoder`, started on demand and stopped after `DECODE_WORKER_IDLE_MS`
 * without work. Workers of their own rather than the render worker: a 10-minute bed takes a second or two to
 * decode and resample, and in the render worker that would hold up the preview's renders queued behind it
 * (and the render worker is replaced when it crashes, losing a decode under way); the
 * upload check decodes with no renderer at all. One worker decodes; for a long stereo file that needs
 * resampling, its second channel streams to a second one as it is decoded, and each resamples a channel
 * while the decoder decodes (resampling is most of the work: on two cores this takes about as long as the
 * decoding). Their cost is an isolate each (a few MB, `bench/memory-long.mjs`), only
 * while they work. Where no worker can start (no Worker, a CSP without `worker-src`, Trusted Types without
 * the editor's policy, a missing file) every decode says `DecodeOnPage`, with one console warning per page
 * naming the cause; without the second worker the first resamples both channels.
 */
export class DecodeWork {
  readonly #make: (() => Worker) | null;
  readonly #idleMs: number;
  readonly #splitBytes: number;
  #main: Slot;
  #helper: Slot;
  #unavailable = false;
  readonly #jobs = new Map<number, Job>();
  #next = 1;
  #idle: ReturnType<typeof setTimeout> | undefined;
  #disposed = false;

  /**
   * `createWorker`: makes a worker (default: `decode-worker.js` beside this module); null: never a worker.
   * `splitBytes`: files from this size on that need resampling use two workers.
   */
  constructor(createWorker?: (() => Worker) | null, idleMs = DECODE_WORKER_IDLE_MS, splitBytes = SPLIT_MIN_BYTES) {
    this.#make = createWorker === undefined ? (typeof Worker === 'undefined' ? null : startDecodeWorker) : createWorker;
    this.#idleMs = idleMs;
    this.#splitBytes = splitBytes;
  }

  /** Workers running (or starting). */
  get running(): number {
    return (this.#main === undefined ? 0 : 1) + (this.#helper === undefined ? 0 : 1);
  }

  /**
   * Decodes `bytes` (transferred to the worker) to `sampleRate` (undefined: the file's rate), or says to
   * decode them on the page.
   */
  async decode(bytes: ArrayBuffer, sampleRate: number | undefined): Promise<DecodedOffPage | DecodeOnPage> {
    const make = this.#make;
    if (make === null || this.#unavailable || this.#disposed) return { bytes };
    clearTimeout(this.#idle);
    const job = this.#next++;
    const result = new Promise<DecodedOffPage | DecodeOnPage>((resolve) => this.#jobs.set(job, { resolve }));
    const worker = await (this.#main ??= this.#start(make));
    if (worker === undefined || !this.#jobs.has(job)) {
      this.#settle(job, { bytes });
      return result;
    }
    if (sampleRate === undefined || bytes.byteLength < this.#splitBytes) {
      worker.postMessage({ type: 'decode', job, bytes, sampleRate: sampleRate ?? null } satisfies ToDecodeWorker, [bytes]);
      return result;
    }
    // The second channel streams to the other worker (or to this one, where no other starts) as it is decoded.
    const { port1, port2 } = new MessageChannel();
    worker.postMessage({ type: 'decode', job, bytes, sampleRate, port: port1 } satisfies ToDecodeWorker, [bytes, port1]);
    const helper = (await (this.#helper ??= this.#start(make))) ?? (await this.#main);
    if (helper === undefined) this.#settle(job, { bytes: undefined });
    else helper.postMessage({ type: 'resample', job, port: port2 } satisfies ToDecodeWorker, [port2]);
    return result;
  }

  /** Stops the workers; pending decodes say `DecodeOnPage` (the decoder was disposed: it aborts them). */
  dispose(): void {
    this.#disposed = true;
    this.#stop();
  }

  #onMessage(message: FromDecodeWorker): void {
    if (message.type === 'ready') return;
    const job = this.#jobs.get(message.job);
    if (job === undefined) return;
    if (message.type === 'not-decoded') return this.#settle(message.job, { bytes: message.bytes });
    if (message.type === 'decoded') {
      job.first = { channels: message.channels, sampleRate: message.sampleRate, peaks: message.peaks };
      job.split = message.split;
    } else {
      job.second = { channel: message.channel, peaks: message.peaks };
    }
    const { first, second } = job;
    if (first === undefined) return;
    if (!job.split) return this.#settle(message.job, first);
    if (second === undefined) return;
    const peaks = first.peaks;
    for (let i = 0; i < peaks.length; i++) peaks[i] = Math.max(peaks[i]!, second.peaks[i] ?? 0);
    this.#settle(message.job, { channels: [...first.channels, second.channel], sampleRate: first.sampleRate, peaks });
  }

  #settle(job: number, result: DecodedOffPage | DecodeOnPage): void {
    const pending = this.#jobs.get(job);
    if (pending === undefined) return;
    this.#jobs.delete(job);
    pending.resolve(result);
    if (this.#jobs.size === 0 && this.running > 0) {
      clearTimeout(this.#idle);
      this.#idle = setTimeout(() => this.#stop(), this.#idleMs);
    }
  }

  /** Terminates the workers (if any); what they had not answered is decoded on the page. */
  #stop(): void {
    clearTimeout(this.#idle);
    for (const slot of [this.#main, this.#helper]) void slot?.then((started) => started?.terminate());
    this.#main = undefined;
    this.#helper = undefined;
    for (const job of [...this.#jobs.keys()]) this.#settle(job, { bytes: undefined });
  }

  /** A worker once it said it is ready, or undefined (and a warning) when it could not start. */
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
    started.onmessage = (event: MessageEvent<FromDecodeWorker>) => this.#onMessage(event.data);
    started.onerror = (event: ErrorEvent) => {
      // A worker failed as it ran (out of memory, ...): what was under way is decoded on the page; the next decode starts anew.
      event.preventDefault();
      if (this.running > 0) this.#stop();
    };
    return started;
  }
}
