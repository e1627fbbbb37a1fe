import type { AuthFetch } from '../auth/auth-fetch.js';
import { isAbort } from '../auth/errors.js';
import {
  IDEMPOTENCY_KEY_HEADER,
  type ApiOperation,
  type FormatRequest,
  type FormatResult,
  type GenerateRequest,
  type GenerateResult,
  type JobAccepted,
  type JobRecord,
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
import type { JobPoller, JobProgress, PollerOptions } from './poller.js';
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
  /** Retry bounds of job starts (see `sendStart`). */
  startRetry?: Partial<Pick<StartRetryOptions, 'maxAttempts' | 'floorMs' | 'ceilingMs' | 'baseDelayMs' | 'random'>>;
  /** Retry bounds of the library reads, `voices()` and `music()`; `maxAttempts` defaults to `READ_MAX_ATTEMPTS`. */
  readRetry?: Partial<Pick<StartRetryOptions, 'maxAttempts' | 'floorMs' | 'ceilingMs' | 'baseDelayMs' | 'random'>>;
}

/** Attempts of a library read, the first included: one quiet retry, then the error, which the panels show with Retry. */
export const READ_MAX_ATTEMPTS = 2;

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
    return this.#operation('recommendUrl', request, options, true);
  }

  /** Assumed: product-based recommendation (200 with the result, or 202 + `poll_url`). */
  recommendFromProduct(request: RecommendProductRequest, options?: CallOptions): Promise<RecommendResult> {
    return this.#operation('recommendProduct', request, options);
  }

  format(request: FormatRequest, options?: CallOptions): Promise<FormatResult> {
    return this.#operation('format', request, options);
  }

  /**
   * Assumed: speaks `request.text`. Its `pronunciations` go under `pronunciationsField`, or with that `null`
   * are spoken into the text (`voiceoverBody`).
   */
  async voiceover(request: VoiceoverRequest, options?: CallOptions): Promise<VoiceoverResult> {
    const { voiceoverBody } = await loadCalls();
    return this.#operation('voiceover', await voiceoverBody(request, this.#o.pronunciationsField), options);
  }

  mix(request: MixRequest, options?: CallOptions): Promise<MixResult> {
    return this.#operation('mix', request, options);
  }

  generate(request: GenerateRequest, options?: CallOptions): Promise<GenerateResult> {
    return this.#operation('generate', request, options);
  }

  /** One status read of a job by id (the poller follows `poll_url` instead). */
  job<R = unknown>(jobId: string, options?: CallOptions): Promise<JobRecord<R>> {
    const path = this.#o.paths.job.replace('{job_id}', encodeURIComponent(jobId));
    return this.#getJson('job', path, options);
  }

  /** The voice library; a transient failure is read again (see `#read`). */
  voices(options?: CallOptions): Promise<VoiceLibrary> {
    return this.#read('voices', this.#o.paths.voices, options);
  }

  /** The music library; a transient failure is read again (see `#read`). */
  music(options?: CallOptions): Promise<MusicLibrary> {
    return this.#read('music', this.#o.paths.music, options);
  }

  /**
   * What operations cost (an assumed endpoint, see `PriceList`), read once per client; undefined when the
   * service has no price list or it could not be read: prices are a courtesy, never a reason to fail.
   */
  pricing(): Promise<PriceList | undefined> {
    this.#pricing ??= this.#getJson<PriceList>('pricing', this.#o.paths.pricing).then(
      (list) => (typeof list === 'object' && list !== null && typeof list.operations === 'object' && list.operations !== null ? list : undefined),
      () => undefined,
    );
    return this.#pricing;
  }
  #pricing: Promise<PriceList | undefined> | undefined;

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

  async #operation<R>(operation: ApiOperation, body: { project_id: string }, options: CallOptions = {}, requireJob = false): Promise<R> {
    const response = await this.#start(operation, body, options);
    const json = await readJson(response, LABELS[operation]);
    if (response.status === 202) return this.#follow<R>(operation, json as JobAccepted, body.project_id, options);
    if (requireJob) {
      throw new StudioApiError('bad-response', `${LABELS[operation]} answered ${response.status}, not 202 Accepted with a poll_url. Check api.baseUrl and api.paths.${operation}.`, {
        status: response.status,
      });
    }
    return json as R;
  }

  async #getJson<R>(operation: ApiOperation, path: string, options: CallOptions = {}): Promise<R> {
    return (await readJson(await this.#send(operation, path, { method: 'GET' }, options), LABELS[operation])) as R;
  }

  /**
   * GETs a library, retried by `sendStart` as a request that cannot act twice: a 429, a 5xx, a lost answer
   * or a timeout is sent again after `Retry-After` or a backoff, within the start's wait bounds, up to
   * `READ_MAX_ATTEMPTS` attempts; then the last failure is thrown, as a single read's would be.
   */
  async #read<R>(operation: ApiOperation, path: string, options: CallOptions = {}): Promise<R> {
    const { sendStart } = await loadCalls();
    const signal = this.#signal(options.signal);
    const init: RequestInit = { method: 'GET', headers: { Accept: 'application/json' }, ...(signal ? { signal } : {}) };
    const response = await sendStart(() => this.#o.fetch(path.replace(/^\//, ''), init), {
      maxAttempts: READ_MAX_ATTEMPTS,
      ...this.#o.readRetry,
      what: LABELS[operation],
      idempotent: true,
      signal,
      timeoutMs: this.#o.timeoutMs,
    });
    return (await readJson(response, LABELS[operation])) as R;
  }

  /**
   * POSTs the request that starts `operation`, with one idempotency key for all its attempts, retried by
   * `sendStart` (429/503 always, 5xx and lost answers only with a key). Each wait is reported as progress
   * `retrying` with `retryInMs`.
   */
  async #start(operation: ApiOperation, body: object, options: CallOptions): Promise<Response> {
    const { newIdempotencyKey, sendStart } = await loadCalls();
    const signal = this.#signal(options.signal);
    const header = this.#o.idempotencyHeader === undefined ? IDEMPOTENCY_KEY_HEADER : this.#o.idempotencyHeader;
    const headers: Record<string, string> = { Accept: 'application/json', 'Content-Type': 'application/json' };
    if (header !== null) headers[header] = newIdempotencyKey();
    const init: RequestInit = { method: 'POST', body: JSON.stringify(body), headers, ...(signal ? { signal } : {}) };
    const path = this.#o.paths[operation].replace(/^\//, '');
    return sendStart(() => this.#o.fetch(path, init), {
      ...this.#o.startRetry,
      what: LABELS[operation],
      idempotent: header !== null,
      signal,
      timeoutMs: this.#o.timeoutMs,
      onRetry: ({ waitMs }) => {
        const progress: JobProgress = {
          operation: LABELS[operation],
          jobId: undefined,
          pollUrl: '',
          state: 'retrying',
          progress: undefined,
          stage: undefined,
          poll: 0,
          retryInMs: waitMs,
        };
        this.#o.onProgress?.(progress);
        options.onProgress?.(progress);
      },
    });
  }

  async #send(operation: ApiOperation, path: string, init: RequestInit, options: CallOptions): Promise<Response> {
    const signal = this.#signal(options.signal);
    const headers: Record<string, string> = { Accept: 'application/json' };
    if (init.body !== undefined) headers['Content-Type'] = 'application/json';
    let response: Response;
    try {
      response = await this.#o.fetch(path.replace(/^\//, ''), { ...init, headers, signal });
    } catch (error) {
      // The words of a failure load with it (./errors.ts); where they cannot either, what fetch threw.
      const calls = await loadCalls().catch(() => undefined);
      throw calls === undefined ? error : calls.fetchError(error, LABELS[operation], this.#o.timeoutMs);
    }
    if (!response.ok) {
      const calls = await loadCalls().catch(() => undefined);
      throw calls === undefined
        ? new StudioApiError('http-error', `${LABELS[operation]} failed: the service answered ${response.status}.`, { status: response.status })
        : await calls.httpError(response, LABELS[operation]);
    }
    return response;
  }

  async #follow<R>(operation: ApiOperation, accepted: Partial<JobAccepted>, projectId: string | undefined, options: CallOptions = {}): Promise<R> {
    const { JobPoller, checkPollUrl, createJobLock } = await loadCalls();
    const o = this.#o;
    const lock = (this.#lock ??= createJobLock());
    const poller = (this.#poller ??= new JobPoller({ ...o.poller, fetch: o.fetch, deadlineMs: o.jobDeadlineMs, requestTimeoutMs: o.timeoutMs }));
    const pollUrl = checkPollUrl(accepted?.poll_url, this.#o.baseUrl);
    const jobId = typeof accepted.job_id === 'string' ? accepted.job_id : undefined;
    const signal = this.#signal(options.signal);
    const userId = await this.#o.userId();
    if (projectId !== undefined) this.#jobs.add({ userId, projectId, operation, jobId, pollUrl, startedAt: Date.now() });
    try {
      const record = await lock(
        pollUrl,
        () =>
          poller.poll<R>(
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
      return record.result as R;
    } catch (error) {
      // Kept for a later resume only when the job may still be running: aborted, or transient trouble.
      const keep = isAbort(error) || (error instanceof StudioApiError && error.recoverable && error.code !== 'job-failed' && error.code !== 'job-cancelled' && error.code !== 'job-timeout');
      if (!keep) this.#jobs.remove(pollUrl);
      throw error;
    }
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

