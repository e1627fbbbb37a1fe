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
  /** A split decode's second channel, resampled, and its peaks, once there; null while awaited. */
  second?: { readonly channel: Float32Array; readonly peaks: Float32Array } | null;
}

/** A worker started on demand: resolves with it once it runs, or undefined where it could not start. */
type Slot = Promise<Worker | undefined> | undefined;

/**
 * The decode workers of one `AssetDecoder`, started on demand and stopped after `DECODE_WORKER_IDLE_MS`
 * without work. Workers of their own rather than the render worker: a 10-minute bed takes a second or two to
 * decode and resample, and in the render worker that would hold up the preview's renders queued behind it
 * (and the render worker is replaced when a render is aborted or crashes, losing a decode under way); the
 * upload check decodes with no renderer at all. One worker decodes; for a long stereo file that needs
 * resampling, a second one resamples its second channel meanwhile (`split`: resampling is most of the work,
 * and this halves it on two cores). Their cost is an isolate each (a few MB, `bench/memory-long.mjs`), only
 * while they work. Where no worker can start (no Worker, a CSP without `worker-src`, Trusted Types without
 * the editor's policy, a missing file) every decode says `DecodeOnPage`, with one console warning per page
 * naming the cause; without the second worker the first resamples both channels.
 */
export class DecodeWork {
  readonly #make: (() => Worker) | null;
  readonly #idleMs: number;
  #main: Slot;
  #helper: Slot;
  #unavailable = false;
  readonly #jobs = new Map<number, Job>();
  #next = 1;
  #idle: ReturnType<typeof setTimeout> | undefined;
  #disposed = false;

  /** `createWorker`: makes a worker (default: `decode-worker.js` beside this module); null: never a worker. */
  constructor(createWorker?: (() => Worker) | null, idleMs = DECODE_WORKER_IDLE_MS) {
    this.#make = createWorker === undefined ? (typeof Worker === 'undefined' ? null : startDecodeWorker) : createWorker;
    this.#idleMs = idleMs;
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
    const split = sampleRate !== undefined && bytes.byteLength >= SPLIT_MIN_BYTES;
    const message: ToDecodeWorker = { type: 'decode', job, bytes, sampleRate: sampleRate ?? null, split };
    worker.postMessage(message, [bytes]);
    return result;
  }

  /** Stops the workers; pending decodes say `DecodeOnPage` (the decoder was disposed: it aborts them). */
  dispose(): void {
    this.#disposed = true;
    this.#stop();
  }

  async #onMessage(message: FromDecodeWorker): Promise<void> {
    if (message.type === 'ready') return;
    const job = this.#jobs.get(message.job);
    if (job === undefined) return;
    if (message.type === 'not-decoded') this.#settle(message.job, { bytes: message.bytes });
    else if (message.type === 'decoded') job.first = { channels: message.channels, sampleRate: message.sampleRate, peaks: message.peaks };
    else if (message.type === 'resampled') job.second = { channel: message.channel, peaks: message.peaks };
    else {
      // A split decode's second channel: to the second worker (or back to the first, after its own).
      job.second = null;
      const { channel, fromRate, toRate } = message;
      const helper = (await (this.#helper ??= this.#start(this.#make!))) ?? (await this.#main);
      const resample: ToDecodeWorker = { type: 'resample', job: message.job, channel, fromRate, toRate };
      if (helper === undefined || !this.#jobs.has(message.job)) this.#settle(message.job, { bytes: undefined });
      else helper.postMessage(resample, [channel.buffer]);
    }
    const { first, second } = job;
    if (first === undefined || second === null) return;
    if (second === undefined) return this.#settle(message.job, first);
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
    started.onmessage = (event: MessageEvent<FromDecodeWorker>) => void this.#onMessage(event.data);
    started.onerror = (event: ErrorEvent) => {
      // A worker failed as it ran (out of memory, ...): what was under way is decoded on the page; the next decode starts anew.
      event.preventDefault();
      if (this.running > 0) this.#stop();
    };
    return started;
  }
}
