import { StudioError } from '../errors.js';
import { MAX_POOLED_SAMPLES } from './dsp/scratch.js';
import { nextTurn } from '../internal/turn.js';
import { runSteps } from './dsp/steps.js';
import { channelBuffers, isMoved, sourceBytes, type AudioSource, type MixSpec, type Samples } from './dsp/mix-spec.js';
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

/**
 * Who decoded the sources the renderer is given (the editor's `AssetDecoder`). A source it `owns` is moved
 * into the worker, not copied: its arrays are then empty on the page, and `reload` decodes them again when
 * a new worker (after an abort or a crash), or the main thread, needs them.
 */
export interface SourceOwner {
  owns(source: AudioSource): boolean;
  /** Resolves once `source.channels` hold its samples on this page again. */
  reload(source: AudioSource, signal?: AbortSignal): Promise<void>;
}

/** Options of a `Renderer`. */
export interface RendererOptions {
  /** The owner of the sources that may be moved to the worker (see `SourceOwner`); others are copied. */
  readonly sources?: SourceOwner;
  /**
   * Bytes of samples the worker keeps between renders, the least recently used dropped first (those of the
   * latest render always stay): a clip removed and added back (undo) needs no new decode. Default 256 MiB.
   */
  readonly maxWorkerSourceBytes?: number;
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
  /** The worker this job's render was posted to (or is being posted to, its sources decoded again first). */
  sentTo?: Worker | undefined;
  /** Whether the render itself was posted: only then is the worker told of an abort. */
  posted?: boolean;
}

/**
 * Renders mixes off the main thread: a module worker keeps the decoded sources (each posted once, by id),
 * renders one at a time, reports each stage and transfers the result back. A source of the `sources` owner
 * is moved to the worker (held once: the page keeps its length and peaks), any other is copied. Aborting a
 * render rejects at once, and the worker drops it at its next step (see steps.ts), keeping its sources; a
 * new worker (after a crash) gets them again, moved ones decoded again first. Nothing is posted before the
 * worker says it is ready. When no worker can start (a CSP without
 * `worker-src`, Trusted Types without the editor's policy, a missing file), rendering falls back to the
 * main thread, with one console warning that names the cause. `dispose()` stops the worker and rejects
 * what is pending with an AbortError.
 */
export class Renderer {
  readonly #createWorker: () => Worker;
  readonly #owner: SourceOwner | undefined;
  readonly #maxHeldBytes: number;
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
  /** Ids of copied sources, by their first array (a caller may wrap the same arrays anew each render). */
  readonly #ids = new WeakMap<Samples, number>();
  /** Ids of moved sources, by the source itself (its arrays change when decoded again). */
  readonly #ownedIds = new WeakMap<AudioSource, number>();
  /** Sources the current worker holds: id to bytes, the least recently used first. */
  #held = new Map<number, number>();
  #nextId = 1;
  #nextJob = 1;
  /** On the main thread: an earlier result's arrays handed back, for the next render to write into. */
  #spare: Float32Array[] | undefined;

  constructor(options: RendererOptions = {}) {
    this.#createWorker = options.createWorker ?? startRenderWorker;
    this.#owner = options.sources;
    this.#maxHeldBytes = options.maxWorkerSourceBytes ?? 256 * 1024 * 1024;
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
        // Not posted yet (its sources being decoded again): nothing to tell the worker.
        if (!job.posted || job.sentTo !== this.#worker || this.#worker === undefined) return;
        // The worker drops it at its next step (a few ms; up to about 350 ms on a 10-minute project)
        // and keeps its sources: the next render needs no new worker and nothing decoded or posted again.
        this.#post(this.#worker, { type: 'cancel', job: id });
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
    this.#post(worker, { type: 'recycle', channels }, channelBuffers(channels));
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
    const owned = this.#owner?.owns(source) === true;
    const key = source.channels[0]!;
    let id = owned ? this.#ownedIds.get(source) : this.#ids.get(key);
    if (id === undefined) {
      id = this.#nextId++;
      if (owned) this.#ownedIds.set(source, id);
      else this.#ids.set(key, id);
    }
    return id;
  };

  #dispatch(job: Job): void {
    const worker = this.#ensureWorker();
    if (worker === undefined) return; // fell back: the job was moved to the main thread
    if (!this.#ready || job.sentTo === worker) return; // posted once the worker is ready
    job.sentTo = worker;
    job.posted = false;
    void this.#send(job, worker);
  }

  /** Posts what the worker lacks of `job`'s sources (decoding moved ones again first), then the render. */
  async #send(job: Job, worker: Worker): Promise<void> {
    const { spec, sources } = toRefs(job.spec, this.#idOf);
    const current = () => this.#worker === worker && job.sentTo === worker && this.#jobs.get(job.id) === job;
    // Again only if a source was moved away meanwhile (another render posted it, then the worker dropped it).
    for (let attempt = 0; attempt < 3; attempt++) {
      const gone = [...sources].filter(([id, source]) => !this.#held.has(id) && isMoved(source) && this.#owner?.owns(source) === true).map(([, source]) => source);
      if (gone.length === 0) break;
      try {
        await Promise.all(gone.map((source) => this.#reload(source, job.options.signal)));
      } catch (error) {
        if (this.#jobs.get(job.id) !== job) return;
        this.#jobs.delete(job.id);
        job.reject(error);
        return;
      }
      if (!current()) return; // replaced meanwhile: whoever replaced the worker dispatched the job again
    }
    for (const [id, source] of sources) {
      const bytes = this.#held.get(id);
      this.#held.delete(id);
      if (bytes !== undefined) {
        this.#held.set(id, bytes); // now the most recently used
        continue;
      }
      this.#held.set(id, sourceBytes(source));
      if (this.#owner?.owns(source) === true) {
        // Moved: the page keeps the source's length and peaks, the worker its samples.
        this.#post(worker, { type: 'source', id, channels: source.channels, sampleRate: source.sampleRate, fits16Bit: source.fits16Bit === true }, channelBuffers(source.channels));
      } else {
        // Copied: the caller's arrays stay the caller's.
        this.#post(worker, { type: 'source', id, channels: source.channels, sampleRate: source.sampleRate, fits16Bit: source.fits16Bit === true });
      }
    }
    this.#dropOldSources(sources);
    job.posted = true;
    this.#post(worker, { type: 'render', job: job.id, spec, keep: [...this.#held.keys()], measure: job.options.measure === true, ...(job.options.wav ? { wav: job.options.wav } : {}) });
  }

  /** Forgets the least recently used sources (not `used`) until the worker holds no more than its budget. */
  #dropOldSources(used: ReadonlyMap<number, AudioSource>): void {
    let total = 0;
    for (const bytes of this.#held.values()) total += bytes;
    for (const [id, bytes] of this.#held) {
      if (total <= this.#maxHeldBytes) break;
      if (used.has(id)) continue;
      this.#held.delete(id);
      total -= bytes;
    }
  }

  #reload(source: AudioSource, signal: AbortSignal | undefined): Promise<void> {
    const owner = this.#owner;
    return owner !== undefined && owner.owns(source) ? owner.reload(source, signal) : Promise.resolve();
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
    this.#held = new Map();
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
      for (const job of this.#jobs.values()) this.#dispatch(job);
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
    this.#held = new Map();
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
    // Samples moved to a worker that is gone are decoded again, and stay on this page from now on.
    const sources = [...spec.voice.map((clip) => clip.source), ...(spec.music ? [spec.music.source] : [])];
    await Promise.all(sources.filter(isMoved).map((source) => this.#reload(source, signal)));
    signal.throwIfAborted();
    const into = this.#spare;
    this.#spare = undefined;
    // The page gets a turn between steps; an abort stops the render there.
    const result = await runSteps(renderLocal(spec, { onStage: onProgress, into }, options.measure === true, options.wav), nextTurn, signal);
    onProgress?.('done');
    return result;
  }
}
