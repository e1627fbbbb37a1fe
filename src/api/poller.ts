import { linkSignals, type AuthFetch } from '../auth/auth-fetch.js';
import { abortError } from '../auth/errors.js';
import { StudioError } from '../errors.js';
import type { JobRecord } from './contract.js';
import { StudioApiError, StudioJobTimeoutError, fetchError, httpError, isTransientStatus } from './errors.js';
import { backoffMs, retryAfterMs } from './retry-after.js';
import { sleep } from './sleep.js';

/** What a poll reports. `state` is the service's status as sent (unknown states count as pending). */
export interface JobProgress {
  readonly operation: string;
  readonly jobId: string | undefined;
  readonly pollUrl: string;
  readonly state: string;
  /** 0 to 1, when the service says. */
  readonly progress: number | undefined;
  readonly stage: string | undefined;
  /** 1 for the first poll. */
  readonly poll: number;
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
  /** Consecutive transient failures (network, 408, 429, 5xx) tolerated before giving up. Default 5. */
  maxTransientErrors?: number;
  /** Jitter source in [0, 1). Default `Math.random`; inject a seeded one for reproducible waits. */
  random?: () => number;
}

export interface PollTarget {
  readonly operation: string;
  readonly pollUrl: string;
  readonly jobId?: string | undefined;
}

const TERMINAL_OK = 'succeeded';

/**
 * Follows one job by polling its (already checked) `poll_url` until it succeeds, fails or the deadline
 * passes. First poll soon, then exponential backoff with jitter up to a cap; `Retry-After` wins. Transient
 * failures are retried up to a limit, other 4xx end it, a 401 goes through the auth fetch. Abort stops it
 * at once, sleep included, and rejects with an AbortError.
 */
export class JobPoller {
  readonly #options: Required<Omit<PollerOptions, 'requestTimeoutMs'>> & { requestTimeoutMs: number | undefined };

  constructor(options: PollerOptions) {
    this.#options = {
      firstDelayMs: 250,
      baseDelayMs: 1000,
      maxDelayMs: 15_000,
      maxTransientErrors: 5,
      random: Math.random,
      ...options,
      requestTimeoutMs: options.requestTimeoutMs,
    };
  }

  async poll<R = unknown>(target: PollTarget, options: { signal?: AbortSignal; onProgress?: (progress: JobProgress) => void } = {}): Promise<JobRecord<R>> {
    const o = this.#options;
    const what = `The ${target.operation} job`;
    const deadline = Date.now() + o.deadlineMs;
    const timeout = () => new StudioJobTimeoutError(what, target, o.deadlineMs);
    let delay = o.firstDelayMs;
    let attempt = 0;
    let transient = 0;
    let polls = 0;

    for (;;) {
      const left = deadline - Date.now();
      if (left <= 0) throw timeout();
      await sleep(Math.min(delay, left), options.signal);
      if (Date.now() >= deadline) throw timeout();

      const { signal, release } = linkSignals([options.signal], deadline - Date.now());
      let response: Response;
      try {
        response = await o.fetch(target.pollUrl, { method: 'GET', headers: { Accept: 'application/json' }, signal, cache: 'no-store' });
      } catch (error) {
        if (options.signal?.aborted) throw error;
        if (signal.reason instanceof DOMException && signal.reason.name === 'TimeoutError') throw timeout();
        const mapped = fetchError(error, `Polling ${what.toLowerCase()}`, o.requestTimeoutMs);
        if (!(mapped instanceof StudioApiError) || !mapped.recoverable) throw mapped;
        if (++transient > o.maxTransientErrors) throw mapped;
        delay = backoffMs(attempt++, { baseMs: o.baseDelayMs, maxMs: o.maxDelayMs, random: o.random });
        continue;
      } finally {
        release();
      }

      const waitHint = retryAfterMs(response.headers.get('retry-after'), Date.now());
      if (!response.ok) {
        const error = await httpError(response, `Polling ${what.toLowerCase()}`);
        if (!isTransientStatus(response.status) || ++transient > o.maxTransientErrors) throw error;
        delay = waitHint ?? backoffMs(attempt++, { baseMs: o.baseDelayMs, maxMs: o.maxDelayMs, random: o.random });
        continue;
      }

      let record: JobRecord<R>;
      try {
        record = (await response.json()) as JobRecord<R>;
        if (typeof record !== 'object' || record === null) throw new TypeError('not an object');
      } catch (error) {
        if (error instanceof StudioError || options.signal?.aborted) throw error;
        if (++transient > o.maxTransientErrors) {
          throw new StudioApiError('bad-response', `Polling ${what.toLowerCase()} got an answer that is not a job record (JSON object).`, { recoverable: true });
        }
        delay = backoffMs(attempt++, { baseMs: o.baseDelayMs, maxMs: o.maxDelayMs, random: o.random });
        continue;
      }
      if (options.signal?.aborted) throw abortError(options.signal);
      transient = 0;
      polls += 1;
      const state = typeof record.status === 'string' ? record.status : record.result !== undefined ? TERMINAL_OK : 'pending';
      options.onProgress?.({
        operation: target.operation,
        jobId: typeof record.job_id === 'string' ? record.job_id : target.jobId,
        pollUrl: target.pollUrl,
        state,
        progress: typeof record.progress === 'number' && Number.isFinite(record.progress) ? Math.min(1, Math.max(0, record.progress)) : undefined,
        stage: typeof record.stage === 'string' ? record.stage : undefined,
        poll: polls,
      });
      if (state === TERMINAL_OK) return record;
      if (state === 'failed') {
        const said = typeof record.error?.message === 'string' ? `: ${record.error.message.slice(0, 300)}` : '';
        throw new StudioApiError('job-failed', `${what} failed${said}. Change the request and try again.`, {
          recoverable: true,
          ...(typeof record.error?.code === 'string' ? { serviceCode: record.error.code } : {}),
        });
      }
      if (state === 'cancelled') throw new StudioApiError('job-cancelled', `${what} was cancelled on the service. Start it again if it is still needed.`, { recoverable: true });
      delay = waitHint ?? backoffMs(attempt++, { baseMs: o.baseDelayMs, maxMs: o.maxDelayMs, random: o.random });
    }
  }
}
