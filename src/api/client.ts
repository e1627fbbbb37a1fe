import type { AuthFetch } from '../auth/auth-fetch.js';
import {
  type ApiOperation,
  type FormatRequest,
  type FormatResult,
  type GenerateRequest,
  type GenerateResult,
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
import type { CallOptions, ClientState, ServiceClientOptions } from './client-options.js';
import { PendingJobs, type PendingJob } from './pending-jobs.js';
import { loadOnce } from '../internal/load-once.js';

export type { CallOptions, ServiceClientOptions } from './client-options.js';

/**
 * What starts, library reads and jobs take beyond a plain request (retries, idempotency keys, the poller):
 * a chunk of its own in the CDN build (./calls.ts), fetched by the first such call (none is made to paint an editor).
 */
const loadCalls = loadOnce((_: void) => import('./calls.js'));

/**
 * Typed access to the service, with the editor's auth. Every operation of `DEFAULT_PATHS` has a method;
 * paths come from `config.api.paths`. Where the spec is silent the client is tolerant: an operation may
 * answer 200 with its result, or 202 with a `poll_url` that is then polled to the end. Jobs in progress
 * are remembered per user and project and can be resumed after a reload (`pendingJobs`, `resumeJob`).
 */
export class ServiceClient {
  readonly #o: ServiceClientOptions;
  readonly #jobs: PendingJobs;
  /** What the calls (./operation-call.ts) share: the options, the pending jobs, the lock and poller made by the first job. */
  readonly #state: ClientState;

  constructor(options: ServiceClientOptions) {
    this.#o = options;
    this.#jobs = options.jobs ?? new PendingJobs();
    this.#state = { o: options, jobs: this.#jobs, lock: options.lock, poller: undefined };
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

  /** Assumed: speaks `request.text`, its pronunciations and direction sent as the options say (`voiceoverInput`). */
  async voiceover(request: VoiceoverRequest, options?: CallOptions): Promise<VoiceoverResult> {
    const { voiceoverInput } = await loadCalls();
    return this.#call('voiceover', await voiceoverInput(request, this.#o), options, request.project_id);
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
    const accepted = { poll_url: job.pollUrl, ...(job.jobId === undefined ? {} : { job_id: job.jobId }) };
    return loadCalls().then((calls) => calls.followJob<R>(this.#state, job.operation, accepted, undefined, options));
  }

  async #call<R>(operation: ApiOperation, input: object, options: CallOptions = {}, projectId?: string): Promise<R> {
    return (await loadCalls()).callOperation<R>(this.#state, operation, input, options, projectId);
  }
}
