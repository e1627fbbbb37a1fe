// What a service client is given (its options, and each call's) and what its calls share (./operation-call.ts):
// the client (./client.ts) and its calls, a chunk of their own, both read these, so neither imports the other.
import type { AuthFetch } from '../auth/auth-fetch.js';
import type { ResolvedOverride } from './adapters.js';
import type { ApiOperation } from './contract.js';
import type { JobLock } from './job-lock.js';
import type { PendingJobs } from './pending-jobs.js';
import type { JobPoller, JobProgress, PollerOptions } from './poller.js';
import type { StartRetryOptions } from './start-retry.js';

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
  /** `api.direction`: `'none'` leaves a voice-over request's `ssml` out. Default `'ssml'`. */
  direction?: 'ssml' | 'none';
  /** `api.operations`: the host's adapters, by operation (their paths are in `paths`). */
  operations?: Readonly<Partial<Record<ApiOperation, ResolvedOverride>>>;
  /** Retry bounds of job starts (see `sendStart`). */
  startRetry?: Partial<Pick<StartRetryOptions, 'maxAttempts' | 'floorMs' | 'ceilingMs' | 'baseDelayMs' | 'random'>>;
  /** Retry bounds of the library reads, `voices()` and `music()`; `maxAttempts` defaults to `READ_MAX_ATTEMPTS`. */
  readRetry?: Partial<Pick<StartRetryOptions, 'maxAttempts' | 'floorMs' | 'ceilingMs' | 'baseDelayMs' | 'random'>>;
}

/** Attempts of a library read, the first included: one quiet retry, then the error, which the panels show with Retry. */
export const READ_MAX_ATTEMPTS = 2;

/** What a client's calls share (./operation-call.ts): its options, its pending jobs, the lock and poller of its jobs. */
export interface ClientState {
  readonly o: ServiceClientOptions;
  readonly jobs: PendingJobs;
  lock: JobLock | undefined;
  poller: JobPoller | undefined;
}
