import { linkSignals, type AuthFetch } from '../auth/auth-fetch.js';
import { abortError } from '../auth/errors.js';
import { StudioError } from '../errors.js';
import { jobStatusOf } from './adapters.js';
import type { JobRecord, JobStatus } from './contract.js';
import { StudioApiError, StudioJobTimeoutError, fetchError, httpError, isTransientStatus } from './errors.js';
import { backoffMs, boundedWaitMs, retryAfterMs } from './retry-after.js';
import { sleep } from './sleep.js';

/**
 * What a poll reports. `state` is the service's status as sent (unknown states count as pending). While the
 * request that starts a job is retried, the client reports `state: 'retrying'` with `retryInMs` (the wait
 * before the next attempt), `poll: 0` and an empty `pollUrl` (the job has none yet).
 */
export interface JobProgress {
  readonly operation: string;
  readonly jobId: string | undefined;
  readonly pollUrl: string;
  readonly state: string;
  /** 0 to 1, when the service says. */
  readonly progress: number | undefined;
  readonly stage: string | undefined;
  /** 1 for the first poll; 0 while the job is being started. */
  readonly poll: number;
  /** With `state: 'retrying'`: ms until the start is sent again. */
  readonly retryInMs?: number;
}

export interface PollerOptions {
  fetch: AuthFetch;
  /** Total time a job is followed, in ms (`api.jobDeadlineMs`). */
  deadlineMs: number;
  /** Timeout of one poll request, in ms (`api.timeoutMs`). */
  requestTimeoutMs?: number;
  /** Wait before the first poll. Default 250. */
  firstDelayMs?: number;
  /** Backoff base and cap. Defaults 1000 and 15000. */
  baseDelayMs?: number;
  maxDelayMs?: number;
  /**
   * Floor of every wait between two polls, in ms, `Retry-After` included (`Retry-After: 0` waits this long).
   * Default `POLL_FLOOR_MS` (500). At least 1.
   */
  minDelayMs?: number;
  /** Ceiling of every wait, in ms, `Retry-After` included (the job deadline cuts it further). Default `POLL_CEILING_MS` (60000). */
  maxWaitMs?: number;
  /** Consecutive transient failures (network, 408, 429, 5xx) tolerated before giving up. Default 5. */
  maxTransientErrors?: number;
  /**
   * How long polls may keep failing for want of a network (no answer, or none within `api.timeoutMs`)
   * before the job ends with the `network` error, in ms, counted from the first such failure.
   * Default `NETWORK_LOSS_DEADLINE_MS` (20000).
   */
  networkLossDeadlineMs?: number;
  /** Jitter source in [0, 1). Default `Math.random`; inject a seeded one for reproducible waits. */
  random?: () => number;
  /**
   * Reads one poll answer (`api.operations.job.response`, run and checked by `adaptedJobStatus`). Default: the
   * assumed `JobRecord`. A `StudioContractError` it throws counts as a failed poll: retried like one.
   */
  readStatus?: ((json: unknown, status: number) => Promise<JobStatus>) | undefined;
}

/** A job that succeeded: its `result` is the operation's answer, still to be read as that operation's result. */
export type JobDone<R = unknown> = Extract<JobStatus, { state: 'succeeded' }> & { result: R };

export interface PollTarget {
  readonly operation: string;
  readonly pollUrl: string;
  readonly jobId?: string | undefined;
}

/** Default floor of a wait between polls, in ms: no answer (`Retry-After: 0`, a past date) makes polling faster. */
export const POLL_FLOOR_MS = 500;
/** Default ceiling of a wait between polls, in ms, whatever `Retry-After` says. */
export const POLL_CEILING_MS = 60_000;
/**
 * Default deadline of a lost network, in ms: once a poll fails with no answer (offline, DNS, refused, reset,
 * or no answer within `api.timeoutMs`), polling goes on for at most this long; if no answer comes back
 * meanwhile, the job ends with a recoverable `network` StudioApiError (kept for `resumeJob`). So a poll that
 * fails at once ends the job within 20 s; one that hangs, within `api.timeoutMs` + 20 s.
 */
export const NETWORK_LOSS_DEADLINE_MS = 20_000;

/**
 * Follows one job by polling its (already checked) `poll_url` until it succeeds, fails or the deadline
 * passes. First poll soon, then exponential backoff with jitter up to a cap; `Retry-After` replaces the
 * backoff, and every wait lies within [`minDelayMs`, `maxWaitMs`]. Transient failures are retried up to a
 * limit, and a lost network for at most `networkLossDeadlineMs`; other 4xx end it, a 401 goes through the
 * auth fetch, a redirect ends it (`StudioRedirectError`). A `succeeded` record without a `result` is a
 * `bad-response` error. Abort stops it at once, sleep included, and rejects with an AbortError.
 */
export class JobPoller {
  readonly #options: Required<Omit<PollerOptions, 'requestTimeoutMs' | 'readStatus'>> & Pick<PollerOptions, 'readStatus'> & { requestTimeoutMs: number | undefined };

  constructor(options: PollerOptions) {
    this.#options = {
      firstDelayMs: 250,
      baseDelayMs: 1000,
      maxDelayMs: 15_000,
      minDelayMs: POLL_FLOOR_MS,
      maxWaitMs: POLL_CEILING_MS,
      maxTransientErrors: 5,
      networkLossDeadlineMs: NETWORK_LOSS_DEADLINE_MS,
      random: Math.random,
      ...options,
      requestTimeoutMs: options.requestTimeoutMs,
    };
  }

  async poll<R = unknown>(target: PollTarget, options: { signal?: AbortSignal; onProgress?: (progress: JobProgress) => void } = {}): Promise<JobDone<R>> {
    const o = this.#options;
    const what = `The ${target.operation} job`;
    const deadline = Date.now() + o.deadlineMs;
    const timeout = () => new StudioJobTimeoutError(what, target, o.deadlineMs);
    const bounds = { floorMs: o.minDelayMs, ceilingMs: o.maxWaitMs };
    const backoff = () => backoffMs(attempt++, { baseMs: o.baseDelayMs, maxMs: o.maxDelayMs, random: o.random });
    let delay = o.firstDelayMs;
    let attempt = 0;
    let transient = 0;
    let polls = 0;
    /** When the current run of no-answer failures began (undefined while the service answers). */
    let offlineSince: number | undefined;

    for (;;) {
      const left = deadline - Date.now();
      if (left <= 0) throw timeout();
      const offlineLeft = offlineSince === undefined ? Infinity : offlineSince + o.networkLossDeadlineMs - Date.now();
      await sleep(Math.min(delay, left, Math.max(0, offlineLeft)), options.signal);
      if (Date.now() >= deadline) throw timeout();
      const offlineCut = offlineSince === undefined ? Infinity : offlineSince + o.networkLossDeadlineMs;
      if (Date.now() >= offlineCut) throw networkLost(what, o.networkLossDeadlineMs);

      const { signal, release } = linkSignals([options.signal], Math.min(deadline, offlineCut) - Date.now());
      let response: Response;
      try {
        response = await o.fetch(target.pollUrl, { method: 'GET', headers: { Accept: 'application/json' }, signal, cache: 'no-store' });
      } catch (error) {
        if (options.signal?.aborted) throw error;
        const cut = signal.reason instanceof DOMException && signal.reason.name === 'TimeoutError';
        if (cut && Date.now() >= deadline) throw timeout();
        const mapped = cut ? networkLost(what, o.networkLossDeadlineMs) : fetchError(error, `Polling ${what.toLowerCase()}`, o.requestTimeoutMs);
        if (!(mapped instanceof StudioApiError) || !mapped.recoverable) throw mapped;
        if (mapped.code === 'network' || mapped.code === 'timeout') {
          offlineSince ??= Date.now();
          if (Date.now() - offlineSince >= o.networkLossDeadlineMs) throw networkLost(what, o.networkLossDeadlineMs);
        }
        if (++transient > o.maxTransientErrors) throw mapped;
        delay = boundedWaitMs(backoff(), bounds);
        continue;
      } finally {
        release();
      }
      offlineSince = undefined;

      const waitHint = retryAfterMs(response.headers.get('retry-after'), Date.now());
      if (!response.ok) {
        const error = await httpError(response, `Polling ${what.toLowerCase()}`);
        if (!isTransientStatus(response.status) || ++transient > o.maxTransientErrors) throw error;
        delay = boundedWaitMs(waitHint ?? backoff(), bounds);
        continue;
      }

      let record: Partial<JobRecord<R>>;
      let status: JobStatus;
      try {
        record = (await response.json()) as Partial<JobRecord<R>>;
        if (typeof record !== 'object' || record === null) throw new TypeError('not an object');
        status = o.readStatus === undefined ? jobStatusOf(record) : await o.readStatus(record, response.status);
      } catch (error) {
        if (options.signal?.aborted) throw error;
        const contract = error instanceof StudioError && error.code === 'contract';
        if (error instanceof StudioError && !contract) throw error;
        if (++transient > o.maxTransientErrors) {
          if (contract) throw error;
          throw new StudioApiError('bad-response', `Polling ${what.toLowerCase()} got an answer that is not a job record (JSON object).`, { recoverable: true });
        }
        delay = boundedWaitMs(backoff(), bounds);
        continue;
      }
      if (options.signal?.aborted) throw abortError(options.signal);
      transient = 0;
      polls += 1;
      // The service's own word for a pending state, where it is read by default ('running', 'queued').
      const said = o.readStatus === undefined && status.state === 'pending' && typeof record.status === 'string' ? record.status : status.state;
      options.onProgress?.({
        operation: target.operation,
        jobId: status.job_id ?? target.jobId,
        pollUrl: target.pollUrl,
        state: said,
        progress: status.state === 'pending' ? status.progress : undefined,
        stage: status.state === 'pending' ? status.stage : undefined,
        poll: polls,
      });
      if (status.state === 'succeeded') {
        if (status.result === undefined || status.result === null) {
          throw new StudioApiError('bad-response', `${what} succeeded but the service sent no result with it. Check api.baseUrl points at the service.`, {
            recoverable: false,
          });
        }
        return status as JobDone<R>;
      }
      if (status.state === 'failed') {
        const said = status.message === undefined ? '' : `: ${status.message.slice(0, 300).replace(/[\u0000-\u001f\u007f]/g, ' ')}`;
        // The service's own sentence keeps its full stop; one is added only where it has none.
        throw new StudioApiError('job-failed', `${what} failed${said}${/[.!?]$/.test(said) ? '' : '.'} Change the request and try again.`, {
          recoverable: true,
          ...(status.code === undefined ? {} : { serviceCode: status.code }),
        });
      }
      if (status.state === 'cancelled') throw new StudioApiError('job-cancelled', `${what} was cancelled on the service. Start it again if it is still needed.`, { recoverable: true });
      delay = boundedWaitMs(waitHint ?? backoff(), bounds);
    }
  }
}

/** The error of a network lost for good while following a job: recoverable (the job may still finish). */
function networkLost(what: string, deadlineMs: number): StudioApiError {
  return new StudioApiError(
    'network',
    `${what} could not reach the service for ${Math.round(deadlineMs / 1000)} s. Check the connection; the job may still finish: resume it with client.resumeJob().`,
    { recoverable: true },
  );
}
