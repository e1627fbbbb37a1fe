import { StudioError } from '../errors.js';
import { MAX_POOLED_SAMPLES } from './dsp/scratch.js';
import { nextTurn, runSteps } from './dsp/steps.js';
import type { AudioSource, MixSpec } from './dsp/mix-spec.js';
import { loadRenderLocal } from './render-local-loader.js';
import { startRenderWorker } from './render-worker-start.js';
import { ViolationWatch, describeWorkerFailure, type WorkerFailure } from './worker-failure.js';
import { fromPosted, toRefs, type FromWorker, type RenderStage, type RenderedMix, type ToWorker, type WavEncoding } from './render-protocol.js';

export type { RenderStage, RenderedMix } from './render-protocol.js';

/** Options of one `render()`. */
export interface RenderOptions {
  /** Aborting rejects at once with the signal's reason; the worker stops the render at its next step. */
  readonly signal?: AbortSignal | undefined;
  /** Called as each stage begins: `mix`, `master` (when mastering), then `done`. */
  readonly onProgress?: ((stage: RenderStage) => void) | undefined;
  /** Measure the loudness of an unmastered result too (`measurement`; a master carries its own). */
  readonly measure?: boolean | undefined;
  /** Encode the result as WAV where it renders (`wav`: the bytes and their loudness): the export's file. */
  readonly wav?: WavEncoding | undefined;
}

/** Options of a `Renderer`. */
export interface RendererOptions {
  /** Makes the worker. Default: a module worker of `render-worker.js` next to this module (see docs/security.md). */
  readonly createWorker?: () => Worker;
  /** Render on the main thread only, never starting a worker. */
  readonly mainThread?: boolean;
}

interface Job {
  readonly id: number;
  readonly spec: MixSpec;
  readonly options: RenderOptions;
  readonly resolve: (result: RenderedMix) => void;
  readonly reject: (reason: unknown) => void;
}

/**
 * Renders mixes off the main thread: a module worker keeps the decoded sources (each posted once, by id),
 * renders one at a time, reports each stage and transfers the result back. Aborting a render rejects at
 * once, and the worker drops it at its next step (see steps.ts). When no worker can start (a CSP without
 * `worker-src`, Trusted Types without the editor's policy, a missing file), rendering falls back to the
 * main thread, with one console warning that names the cause. `dispose()` stops the worker and rejects
 * what is pending with an AbortError.
 */
export class Renderer {
  readonly #createWorker: () => Worker;
  #worker: Worker | undefined;
  #ready = false;
  /** While a worker starts: the CSP violations reported meanwhile. */
  #violations: ViolationWatch | undefined;
  #mainThread: boolean;
  #disposed = false;
  /** Aborted by `dispose()`: stops a render on this thread at its next step. */
  readonly #disposal = new AbortController();
  /** Renders on this thread, one after another. */
  #hereQueue: Promise<unknown> = Promise.resolve();
  readonly #jobs = new Map<number, Job>();
  readonly #ids = new WeakMap<Float32Array, number>();
  /** Sources the current worker holds. */
  #sent = new Set<number>();
  #nextId = 1;
  #nextJob = 1;
  /** On the main thread: an earlier result's arrays handed back, for the next render to write into. */
  #spare: Float32Array[] | undefined;

  constructor(options: RendererOptions = {}) {
    this.#createWorker = options.createWorker ?? startRenderWorker;
    this.#mainThread = options.mainThread ?? false;
  }

  /** Where renders run: `worker`, or `main-thread` after the fallback (or when asked for). */
  get mode(): 'worker' | 'main-thread' {
    return this.#mainThread ? 'main-thread' : 'worker';
  }

  /** Renders `spec` (see `renderMix`); the result's arrays belong to the caller. */
  render(spec: MixSpec, options: RenderOptions = {}): Promise<RenderedMix> {
    const { signal } = options;
    if (this.#disposed) return Promise.reject(new DOMException('The renderer was disposed.', 'AbortError'));
    if (signal?.aborted) return Promise.reject(signal.reason);
    if (this.#mainThread) return this.#renderHere(spec, options);
    return new Promise<RenderedMix>((resolve, reject) => {
      const onAbort = (): void => {
        if (!this.#jobs.delete(id)) return;
        reject(signal!.reason);
        // The worker drops it at its next step (a few ms to a few hundred on a long project) and keeps its
        // sources: the next render needs no new worker and no sources posted again.
        if (this.#worker !== undefined) this.#post(this.#worker, { type: 'cancel', job: id });
      };
      const id = this.#nextJob++;
      const job: Job = {
        id,
        spec,
        options,
        resolve: (result) => {
          signal?.removeEventListener('abort', onAbort);
          resolve(result);
        },
        reject: (reason) => {
          signal?.removeEventListener('abort', onAbort);
          reject(reason);
        },
      };
      signal?.addEventListener('abort', onAbort, { once: true });
      this.#jobs.set(id, job);
      this.#dispatch(job);
    });
  }

  /**
   * Hands back the arrays of an earlier result once nothing reads them any more: a later render of the
   * same length and channel count writes into them instead of new memory (which costs page faults, about
   * a tenth of a 30 s render). With a worker they are transferred to it: here they become empty.
   */
  recycle(channels: readonly Float32Array[]): void {
    if (this.#disposed || channels.length === 0 || channels.some((channel) => channel.length === 0)) return;
    // Not the arrays of a long render (over about 3 minutes): kept for reuse they would hold hundreds of MB.
    if (channels[0]!.length > MAX_POOLED_SAMPLES) return;
    if (this.#mainThread) {
      this.#spare = [...channels];
      return;
    }
    const worker = this.#worker;
    if (worker === undefined) return;
    const buffers = [...new Set(channels.map((channel) => channel.buffer))].filter((buffer): buffer is ArrayBuffer => buffer instanceof ArrayBuffer);
    this.#post(worker, { type: 'recycle', channels }, buffers);
  }

  /** Stops the worker and rejects pending renders with an AbortError. Idempotent. */
  dispose(): void {
    if (this.#disposed) return;
    this.#disposed = true;
    this.#disposal.abort(new DOMException('The renderer was disposed.', 'AbortError'));
    this.#stopWorker();
    const jobs = [...this.#jobs.values()];
    this.#jobs.clear();
    for (const job of jobs) job.reject(new DOMException('The renderer was disposed.', 'AbortError'));
  }

  #idOf = (source: AudioSource): number => {
    const key = source.channels[0]!;
    let id = this.#ids.get(key);
    if (id === undefined) {
      id = this.#nextId++;
      this.#ids.set(key, id);
    }
    return id;
  };

  #dispatch(job: Job): void {
    const worker = this.#ensureWorker();
    if (worker === undefined) return; // fell back: the job was moved to the main thread
    const { spec, sources } = toRefs(job.spec, this.#idOf);
    for (const [id, source] of sources) {
      if (this.#sent.has(id)) continue;
      // Copied, not transferred: the decoder's cache keeps its arrays.
      this.#post(worker, { type: 'source', id, channels: source.channels, sampleRate: source.sampleRate });
    }
    this.#sent = new Set(sources.keys());
    this.#post(worker, { type: 'render', job: job.id, spec, keep: [...sources.keys()], measure: job.options.measure === true, ...(job.options.wav ? { wav: job.options.wav } : {}) });
  }

  #post(worker: Worker, message: ToWorker, transfer: Transferable[] = []): void {
    worker.postMessage(message, transfer);
  }

  #ensureWorker(): Worker | undefined {
    if (this.#worker) return this.#worker;
    this.#unwatchViolations();
    this.#violations = new ViolationWatch();
    let worker: Worker;
    try {
      worker = this.#createWorker();
    } catch (error) {
      this.#fallBack({ reason: error, violatedDirective: this.#violations?.directive });
      return undefined;
    }
    this.#worker = worker;
    this.#ready = false;
    this.#sent = new Set();
    worker.onmessage = (event: MessageEvent<FromWorker>) => this.#handleMessage(worker, event.data);
    worker.onerror = (event: ErrorEvent) => {
      event.preventDefault();
      if (worker !== this.#worker) return;
      if (!this.#ready) {
        // A violation report is queued as a task of its own: let it arrive before naming the cause.
        setTimeout(() => {
          if (worker === this.#worker && !this.#ready) this.#fallBack({ reason: event, violatedDirective: this.#violations?.directive });
        }, 0);
        return;
      }
      // The worker died mid-render (out of memory, say): fail what it held; the next render starts anew.
      this.#stopWorker();
      const jobs = [...this.#jobs.values()];
      this.#jobs.clear();
      for (const job of jobs) job.reject(new StudioError('render-failed', `The mix could not be rendered (${event.message || 'the render worker stopped'}); try again.`, { recoverable: true }));
    };
    return worker;
  }

  #handleMessage(worker: Worker, message: FromWorker): void {
    if (worker !== this.#worker) return;
    if (message.type === 'ready') {
      this.#ready = true;
      this.#unwatchViolations();
      return;
    }
    const job = this.#jobs.get(message.job);
    if (job === undefined) return;
    if (message.type === 'progress') {
      job.options.onProgress?.(message.stage);
      return;
    }
    this.#jobs.delete(job.id);
    if (message.type === 'result') job.resolve(fromPosted(message.result));
    else job.reject(new StudioError(message.code, message.message, { recoverable: message.recoverable }));
  }

  #unwatchViolations(): void {
    this.#violations?.stop();
    this.#violations = undefined;
  }

  #stopWorker(): void {
    this.#unwatchViolations();
    this.#worker?.terminate();
    this.#worker = undefined;
    this.#ready = false;
    this.#sent = new Set();
  }

  /** No worker can start here: render on the main thread from now on, and say so once. */
  #fallBack(failure: WorkerFailure): void {
    this.#stopWorker();
    this.#mainThread = true;
    console.warn(`service-studio-editor: the render worker could not start: ${describeWorkerFailure(failure)}. Mixes are rendered on the main thread meanwhile, which may pause the page.`);
    const jobs = [...this.#jobs.values()];
    this.#jobs.clear();
    for (const job of jobs) this.#renderHere(job.spec, job.options).then(job.resolve, job.reject);
  }

  /** Renders `spec` on this thread after the renders before it (they share work buffers), in steps. */
  #renderHere(spec: MixSpec, options: RenderOptions): Promise<RenderedMix> {
    const run = this.#hereQueue.then(() => this.#stepHere(spec, options));
    this.#hereQueue = run.catch(() => undefined);
    return run;
  }

  async #stepHere(spec: MixSpec, options: RenderOptions): Promise<RenderedMix> {
    const { onProgress } = options;
    const signal = options.signal ? AbortSignal.any([options.signal, this.#disposal.signal]) : this.#disposal.signal;
    // Let the caller's abort (and the page) run before the work.
    await nextTurn();
    signal.throwIfAborted();
    const { renderLocal } = await loadRenderLocal();
    const into = this.#spare;
    this.#spare = undefined;
    // The page gets a turn between steps; an abort stops the render there.
    const result = await runSteps(renderLocal(spec, { onStage: onProgress, into }, options.measure === true, options.wav), nextTurn, signal);
    onProgress?.('done');
    return result;
  }
}
