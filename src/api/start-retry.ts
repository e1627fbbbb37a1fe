import { StudioApiError, fetchError, httpError } from './errors.js';
import { backoffMs, boundedWaitMs, retryAfterMs } from './retry-after.js';
import { sleep } from './sleep.js';

/** Attempts of one job start, the first included. */
export const START_MAX_ATTEMPTS = 4;
/** Floor and ceiling of a wait between two attempts of a start, in ms (`Retry-After` included). */
export const START_RETRY_FLOOR_MS = 500;
export const START_RETRY_CEILING_MS = 30_000;

/** Told before each wait: the attempt that failed (1 for the first) and how long until the next. */
export interface StartRetry {
  readonly attempt: number;
  readonly waitMs: number;
  /** The status that caused it, or undefined for a network error or timeout. */
  readonly status: number | undefined;
}

export interface StartRetryOptions {
  /** What is being started, for messages (`Recommendation from a URL`). */
  what: string;
  /**
   * True when sending again cannot act twice (every attempt carries the same idempotency key, or the request
   * is a read): then a 5xx or a lost answer may be re-sent.
   */
  idempotent: boolean;
  signal?: AbortSignal | undefined;
  /** `api.timeoutMs`, for messages. */
  timeoutMs?: number;
  onRetry?: (retry: StartRetry) => void;
  maxAttempts?: number;
  floorMs?: number;
  ceilingMs?: number;
  baseDelayMs?: number;
  random?: () => number;
}

/**
 * Sends a request that starts a job, retrying what is safe to retry. 429 and 503 say the request was not
 * acted on: they are retried after `Retry-After` (or a backoff). A 500, 502, 504, a network error or a timeout
 * may have started the job already: they are retried only when `idempotent` (the same idempotency key on every
 * attempt, so the service answers with the job it already started). Every wait lies within
 * [`floorMs`, `ceilingMs`]; after `maxAttempts` the last failure is thrown as a StudioApiError. Other answers
 * (2xx, 4xx, a StudioError such as an auth failure or a refused redirect) end it at once. An abort rejects
 * with an AbortError, during a wait too. The client's library reads are sent through it too, as `idempotent`.
 */
export async function sendStart(send: () => Promise<Response>, options: StartRetryOptions): Promise<Response> {
  const maxAttempts = Math.max(1, options.maxAttempts ?? START_MAX_ATTEMPTS);
  const bounds = { floorMs: options.floorMs ?? START_RETRY_FLOOR_MS, ceilingMs: options.ceilingMs ?? START_RETRY_CEILING_MS };
  const backoff = (attempt: number) => backoffMs(attempt - 1, { baseMs: options.baseDelayMs ?? 1000, maxMs: bounds.ceilingMs, random: options.random ?? Math.random });
  for (let attempt = 1; ; attempt++) {
    let response: Response;
    try {
      response = await send();
    } catch (error) {
      const mapped = fetchError(error, options.what, options.timeoutMs);
      const retryable = mapped instanceof StudioApiError && (mapped.code === 'network' || mapped.code === 'timeout') && options.idempotent;
      if (!retryable || attempt >= maxAttempts || options.signal?.aborted) throw mapped;
      await wait(attempt, boundedWaitMs(backoff(attempt), bounds), undefined, options);
      continue;
    }
    if (response.ok) return response;
    const status = response.status;
    const notActedOn = status === 429 || status === 503;
    const mayHaveActed = status === 500 || status === 502 || status === 504;
    if ((!notActedOn && !(mayHaveActed && options.idempotent)) || attempt >= maxAttempts) throw await httpError(response, options.what);
    const hint = notActedOn ? retryAfterMs(response.headers.get('retry-after'), Date.now()) : undefined;
    await discard(response);
    await wait(attempt, boundedWaitMs(hint ?? backoff(attempt), bounds), status, options);
  }
}

async function wait(attempt: number, waitMs: number, status: number | undefined, options: StartRetryOptions): Promise<void> {
  options.onRetry?.({ attempt, waitMs, status });
  await sleep(waitMs, options.signal);
}

async function discard(response: Response): Promise<void> {
  try {
    await response.body?.cancel();
  } catch {
    // Nothing to release.
  }
}
