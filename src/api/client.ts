import type { AuthFetch } from '../auth/auth-fetch.js';
import { isAbort } from '../auth/errors.js';
import {
  IDEMPOTENCY_KEY_HEADER,
  PRONUNCIATIONS_FIELD,
  type ApiOperation,
  type FormatRequest,
  type FormatResult,
  type GenerateRequest,
  type GenerateResult,
  type JobAccepted,
  type JobStatus,
  type MixRequest,
  type MixResult,
  type MusicLibrary,
  type PriceList,
  type RecommendProductRequest,
  type RecommendResult,
  type RecommendUrlRequest,
  type VoiceLibrary,
  type VoiceoverRequest,
  type VoiceoverResult,
} from './contract.js';
import { StudioApiError } from './api-error.js';
import type { JobLock } from './job-lock.js';
import { PendingJobs, type PendingJob } from './pending-jobs.js';
import type { ResolvedOverride } from './adapters.js';
import type { JobDone, JobPoller, JobProgress, PollerOptions } from './poller.js';
import type { StartRetryOptions } from './start-retry.js';
import { loadOnce } from '../internal/load-once.js';

/**
 * What starts, library reads and jobs take beyond a plain request (retries, idempotency keys, the poller):
 * a chunk of its own in the CDN build (./calls.ts), fetched by the first such call (none is made to paint an editor).
 */
const loadCalls = loadOnce((_: void) => import('./calls.js'));

/** Per-call options of every operation. */
export interface CallOptions {
  /** Aborts the call (and its job polling) at once; an abort rejects with an AbortError, never a StudioError. */
  signal?: AbortSignal;
  /** Called after every poll of the operation's job. */
  onProgress?: (progress: JobProgress) => void;
}

export interface ServiceClientOptions {
  /** The auth fetch (`createAuthFetch`): adds the token under `/v1/`, refreshes on 401. */
  fetch: AuthFetch;
  baseUrl: string;
  paths: Record<ApiOperation, string>;
  /** `api.timeoutMs`, used in messages (the auth fetch enforces it). */
  timeoutMs: number;
  /** `api.jobDeadlineMs`. */
  jobDeadlineMs: number;
  /** The resolved user id, for the pending-job list. */
  userId: () => Promise<string>;
  /** Told after every poll of any job (the editor turns it into `studio-job-progress`). */
  onProgress?: (progress: JobProgress) => void;
  /** Aborted when the editor is destroyed: every call and poll stops. */
  signal?: AbortSignal;
  jobs?: PendingJobs;
  lock?: JobLock;
  poller?: Partial<Omit<PollerOptions, 'fetch' | 'deadlineMs'>>;
  /** `api.idempotencyHeader`: the header carrying a start's idempotency key; `null` sends none. Default `IDEMPOTENCY_KEY_HEADER`. */
  idempotencyHeader?: string | null;
  /**
   * `api.pronunciationsField`: the voice-over request field of the pronunciations; `null` sends none and
   * respells the text instead. Default `PRONUNCIATIONS_FIELD`.
   */
  pronunciationsField?: string | null;
  /** `api.operations`: the host's adapters, by operation (their paths are in `paths`). */
  operations?: Readonly<Partial<Record<ApiOperation, ResolvedOverride>>>;
  /** Retry bounds of job starts (see `sendStart`). */
  startRetry?: Partial<Pick<StartRetryOptions, 'maxAttempts' | 'floorMs' | 'ceilingMs' | 'baseDelayMs' | 'random'>>;
  /** Retry bounds of the library reads, `voices()` and `music()`; `maxAttempts` defaults to `READ_MAX_ATTEMPTS`. */
  readRetry?: Partial<Pick<StartRetryOptions, 'maxAttempts' | 'floorMs' | 'ceilingMs' | 'baseDelayMs' | 'random'>>;
}

/** Attempts of a library read, the first included: one quiet retry, then the error, which the panels show with Retry. */
export const READ_MAX_ATTEMPTS = 2;

/** The operations that start work on the service: sent with an idempotency key, and may answer with a job. */
const STARTS: readonly ApiOperation[] = ['recommendUrl', 'recommendProduct', 'format', 'voiceover', 'mix', 'generate'];

const LABELS: Record<ApiOperation, string> = {
  recommendUrl: 'Recommendation from a URL',
  recommendProduct: 'Recommendation from a product',
  format: 'Formatting',
  voiceover: 'Voice-over',
  mix: 'Mixing',
  generate: 'Ad generation',
  job: 'Job status',
  voices: 'Loading the voice library',
  music: 'Loading the music library',
  pricing: 'Loading the price list',
};

/**
 * Typed access to the service, with the editor's auth. Every operation of `DEFAULT_PATHS` has a method;
 * paths come from `config.api.paths`. Where the spec is silent the client is tolerant: an operation may
 * answer 200 with its result, or 202 with a `poll_url` that is then polled to the end. Jobs in progress
 * are remembered per user and project and can be resumed after a reload (`pendingJobs`, `resumeJob`).
 */
export class ServiceClient {
  readonly #o: ServiceClientOptions;
  readonly #jobs: PendingJobs;
  /** Made by the first job followed (see `loadFollow`). */
  #lock: JobLock | undefined;
  #poller: JobPoller | undefined;

  constructor(options: ServiceClientOptions) {
    this.#o = options;
    this.#jobs = options.jobs ?? new PendingJobs();
    this.#lock = options.lock;
  }

  /** The auth fetch itself, for calls the client has no method for. Only `<baseUrl>/v1/` gets the token. */
  get fetch(): AuthFetch {
    return this.#o.fetch;
  }

  /** Known: `POST /v1/recommend/url`, answered 202 + `poll_url`; resolves with the finished job's result. */
  recommendFromUrl(request: RecommendUrlRequest, options?: CallOptions): Promise<RecommendResult> {
    return this.#call('recommendUrl', request, options, request.project_id);
  }

  /** Assumed: product-based recommendation (200 with the result, or 202 + `poll_url`). */
  recommendFromProduct(request: RecommendProductRequest, options?: CallOptions): Promise<RecommendResult> {
    return this.#call('recommendProduct', request, options, request.project_id);
  }

  format(request: FormatRequest, options?: CallOptions): Promise<FormatResult> {
    return this.#call('format', request, options, request.project_id);
  }

  /**
   * Assumed: speaks `request.text`. Its `pronunciations` go under `pronunciationsField`, or with that `null`
   * are spoken into the text (`voiceoverBody`); a `request` adapter gets them under their own name.
   */
  async voiceover(request: VoiceoverRequest, options?: CallOptions): Promise<VoiceoverResult> {
    const { voiceoverBody } = await loadCalls();
    const field = this.#o.pronunciationsField === undefined ? PRONUNCIATIONS_FIELD : this.#o.pronunciationsField;
    const adapted = this.#o.operations?.voiceover?.request !== undefined;
    const input = adapted ? (field === null ? await voiceoverBody(request, null) : request) : await voiceoverBody(request, field);
    return this.#call('voiceover', input, options, request.project_id);
  }

  mix(request: MixRequest, options?: CallOptions): Promise<MixResult> {
    return this.#call('mix', request, options, request.project_id);
  }

  generate(request: GenerateRequest, options?: CallOptions): Promise<GenerateResult> {
    return this.#call('generate', request, options, request.project_id);
  }

  /** One status read of a job by id at `api.paths.job` (the poller follows `poll_url` instead). */
  job(jobId: string, options?: CallOptions): Promise<JobStatus> {
    return this.#call('job', { job_id: jobId }, options);
  }

  /** The voice library; a transient failure is read again (see `#send`). */
  voices(options?: CallOptions): Promise<VoiceLibrary> {
    return this.#call('voices', {}, options);
  }

  /** The music library; a transient failure is read again (see `#send`). */
  music(options?: CallOptions): Promise<MusicLibrary> {
    return this.#call('music', {}, options);
  }

  /**
   * What operations cost (an assumed endpoint, see `PriceList`), read once per client; undefined when the
   * service has no price list or it could not be read: prices are a courtesy, never a reason to fail.
   */
  pricing(): Promise<PriceList | undefined> {
    this.#pricing ??= this.priceList().catch(() => undefined);
    return this.#pricing;
  }
  #pricing: Promise<PriceList | undefined> | undefined;

  /**
   * One read of the price list that fails as every other call does (not cached): `pricing()` is the editor's
   * forgiving one; the contract check (`studio-contract-check`) reads this one to say why prices would not show.
   */
  priceList(options?: CallOptions): Promise<PriceList> {
    return this.#call<PriceList>('pricing', {}, options);
  }

  /** The id of the signed-in user (as given in the config, or the token's fingerprint); never the token. */
  userId(): Promise<string> {
    return this.#o.userId();
  }

  /** Jobs this user started (in this browser) that were not seen to finish, optionally for one project. */
  async pendingJobs(projectId?: string): Promise<PendingJob[]> {
    return this.#jobs.list(await this.#o.userId(), projectId);
  }

  /**
   * Follows a pending job again (after a reload) and resolves with its result. The deadline counts from
   * now. While another tab follows the same job, this one waits for it and then reads the outcome.
   */
  resumeJob<R = unknown>(job: Pick<PendingJob, 'operation' | 'pollUrl' | 'jobId'>, options?: CallOptions): Promise<R> {
    return this.#follow<R>(job.operation, { poll_url: job.pollUrl, ...(job.jobId === undefined ? {} : { job_id: job.jobId }) }, undefined, options);
  }

  /**
   * One call of `operation`: its input through the host's `request` adapter (or as it is), sent by `#send`,
   * the answer through the `response` adapter (or as it is); a job started is followed to its end and its
   * result read the same way. What comes back is checked against the operation's typed result (`checkResult`).
   */
  async #call<R>(operation: ApiOperation, input: object, options: CallOptions = {}, projectId?: string): Promise<R> {
    const calls = await loadCalls();
    const override = this.#o.operations?.[operation];
    const bounds = { timeoutMs: this.#o.timeoutMs, signal: this.#signal(options.signal) };
    const method = override?.method ?? (STARTS.includes(operation) ? 'POST' : 'GET');
    const payload = override?.request === undefined ? (method === 'GET' ? undefined : input) : await calls.runAdapter(operation, 'request', () => override.request!(input as never), bounds);
    let path = this.#o.paths[operation];
    if (operation === 'job') path = path.replace('{job_id}', encodeURIComponent((input as { job_id: string }).job_id));
    if (method === 'GET') path += calls.queryOf(operation, payload);
    const response = await this.#send(operation, method, path, method === 'GET' ? undefined : payload, options);
    const json = await readJson(response, LABELS[operation]);
    if (operation === 'job') {
      return (override?.response === undefined ? calls.checkResult('job', calls.jobStatusOf(json), false) : await calls.adaptedJobStatus(override.response, json, response.status, bounds)) as R;
    }
    const answer = override?.response === undefined ? json : await calls.runAdapter(operation, 'response', () => override.response!(json, response.status), bounds);
    if (override?.response === undefined ? response.status === 202 : calls.isJobStart(answer)) return this.#follow<R>(operation, answer as JobAccepted, projectId, options);
    if (operation === 'recommendUrl' && override?.response === undefined) {
      throw new StudioApiError('bad-response', `${LABELS[operation]} answered ${response.status}, not 202 Accepted with a poll_url. Check api.baseUrl and api.paths.${operation}.`, {
        status: response.status,
      });
    }
    return calls.checkResult<R>(operation, answer, override?.response !== undefined);
  }

  /**
   * Sends one request of `operation`. A start (POST of the operations that start work) carries one idempotency
   * key for all its attempts and is retried by `sendStart` (429/503 always, 5xx and lost answers only with a key);
   * each wait is reported as progress `retrying` with `retryInMs`. A library read is retried the same way as a
   * request that cannot act twice, up to `READ_MAX_ATTEMPTS` attempts. A status or price read is sent once.
   */
  async #send(operation: ApiOperation, method: string, path: string, body: unknown, options: CallOptions): Promise<Response> {
    const { newIdempotencyKey, sendStart, fetchError, httpError } = await loadCalls();
    const signal = this.#signal(options.signal);
    const headers: Record<string, string> = { Accept: 'application/json' };
    if (body !== undefined) headers['Content-Type'] = 'application/json';
    const start = STARTS.includes(operation);
    const header = this.#o.idempotencyHeader === undefined ? IDEMPOTENCY_KEY_HEADER : this.#o.idempotencyHeader;
    if (start && header !== null && method !== 'GET') headers[header] = newIdempotencyKey();
    const init: RequestInit = { method, headers, ...(body === undefined ? {} : { body: JSON.stringify(body) }), ...(signal ? { signal } : {}) };
    const send = () => this.#o.fetch(path.replace(/^\//, ''), init);
    if (operation === 'voices' || operation === 'music') {
      return sendStart(send, { maxAttempts: READ_MAX_ATTEMPTS, ...this.#o.readRetry, what: LABELS[operation], idempotent: true, signal, timeoutMs: this.#o.timeoutMs });
    }
    if (start) {
      return sendStart(send, {
        ...this.#o.startRetry,
        what: LABELS[operation],
        idempotent: header !== null || method === 'GET',
        signal,
        timeoutMs: this.#o.timeoutMs,
        onRetry: ({ waitMs }) => {
          const progress: JobProgress = { operation: LABELS[operation], jobId: undefined, pollUrl: '', state: 'retrying', progress: undefined, stage: undefined, poll: 0, retryInMs: waitMs };
          this.#o.onProgress?.(progress);
          options.onProgress?.(progress);
        },
      });
    }
    let response: Response;
    try {
      response = await send();
    } catch (error) {
      throw fetchError(error, LABELS[operation], this.#o.timeoutMs);
    }
    if (!response.ok) throw await httpError(response, LABELS[operation]);
    return response;
  }

  async #follow<R>(operation: ApiOperation, accepted: Partial<JobAccepted>, projectId: string | undefined, options: CallOptions = {}): Promise<R> {
    const calls = await loadCalls();
    const o = this.#o;
    const lock = (this.#lock ??= calls.createJobLock());
    const readJob = o.operations?.job?.response;
    const bounds = { timeoutMs: o.timeoutMs, signal: this.#signal(options.signal) };
    const poller = (this.#poller ??= new calls.JobPoller({
      ...o.poller,
      fetch: o.fetch,
      deadlineMs: o.jobDeadlineMs,
      requestTimeoutMs: o.timeoutMs,
      readStatus: readJob === undefined ? undefined : (json, status) => calls.adaptedJobStatus(readJob, json, status, { timeoutMs: o.timeoutMs, signal: o.signal }),
    }));
    const pollUrl = calls.checkPollUrl(accepted?.poll_url, this.#o.baseUrl);
    const jobId = typeof accepted.job_id === 'string' ? accepted.job_id : undefined;
    const signal = bounds.signal;
    const userId = await this.#o.userId();
    if (projectId !== undefined) this.#jobs.add({ userId, projectId, operation, jobId, pollUrl, startedAt: Date.now() });
    let done: JobDone;
    try {
      done = await lock(
        pollUrl,
        () =>
          poller.poll(
            { operation: LABELS[operation], pollUrl, jobId },
            {
              signal,
              onProgress: (progress) => {
                this.#o.onProgress?.(progress);
                options.onProgress?.(progress);
              },
            },
          ),
        signal,
      );
      this.#jobs.remove(pollUrl);
    } catch (error) {
      // Kept for a later resume only when the job may still be running: aborted, or transient trouble.
      const keep = isAbort(error) || (error instanceof StudioApiError && error.recoverable && error.code !== 'job-failed' && error.code !== 'job-cancelled' && error.code !== 'job-timeout');
      if (!keep) this.#jobs.remove(pollUrl);
      throw error;
    }
    // The finished job's result is the operation's answer, read as one answered 200.
    const read = o.operations?.[operation]?.response;
    const result = read === undefined ? done.result : await calls.runAdapter(operation, 'response', () => read(done.result, 200), bounds);
    if (read !== undefined && calls.isJobStart(result)) {
      throw new calls.StudioContractError(operation, "the response adapter read a finished job's result as another job", `Fix api.operations.${operation}.response: with status 200 it gets the job's result.`);
    }
    return calls.checkResult<R>(operation, result, read !== undefined);
  }

  #signal(signal: AbortSignal | undefined): AbortSignal | undefined {
    const signals = [this.#o.signal, signal].filter((s): s is AbortSignal => s !== undefined);
    if (signals.length < 2) return signals[0];
    return AbortSignal.any(signals);
  }
}

async function readJson(response: Response, what: string): Promise<unknown> {
  try {
    const json: unknown = await response.json();
    if (typeof json !== 'object' || json === null) throw new TypeError('not an object');
    return json;
  } catch (error) {
    if (isAbort(error)) throw error;
    throw new StudioApiError('bad-response', `${what} got an answer that is not a JSON object from the service. Check api.baseUrl.`, { status: response.status });
  }
}

