import { StudioError } from '../errors.js';
import type { ApiErrorBody } from './contract.js';

/**
 * Stable codes of service failures. `recoverable` is true where trying again can help.
 * `bad-request` 400/422, `payment-required` 402 (out of credits), `forbidden` 403, `not-found` 404,
 * `conflict` 409, `rate-limited` 429, `server-error` 5xx, `http-error` any other status,
 * `network`, `timeout`, `bad-response` (not the expected JSON), `unsafe-poll-url`, `job-failed`,
 * `job-cancelled`, `job-timeout`.
 */
export type ApiErrorCode =
  | 'bad-request'
  | 'payment-required'
  | 'forbidden'
  | 'not-found'
  | 'conflict'
  | 'rate-limited'
  | 'server-error'
  | 'http-error'
  | 'network'
  | 'timeout'
  | 'bad-response'
  | 'unsafe-poll-url'
  | 'job-failed'
  | 'job-cancelled'
  | 'job-timeout';

/** A failure of a service call. `serviceCode` is `error.code` of the service's error body, when it sent one. */
export class StudioApiError extends StudioError {
  static override readonly kind: string = 'StudioApiError';
  declare readonly code: ApiErrorCode;
  readonly serviceCode: string | undefined;
  /** `error.message` of the service's error body, when it sent one (shown where it is the answer, e.g. a script `format` cannot fit). */
  readonly serviceMessage: string | undefined;

  constructor(code: ApiErrorCode, message: string, options: { status?: number; recoverable?: boolean; serviceCode?: string; serviceMessage?: string } = {}) {
    super(code, message, { recoverable: options.recoverable ?? false, ...(options.status === undefined ? {} : { status: options.status }) });
    this.serviceCode = options.serviceCode;
    this.serviceMessage = options.serviceMessage;
  }
}

/** A job was followed for `api.jobDeadlineMs` without finishing. Keeps the job's identity to resume it. */
export class StudioJobTimeoutError extends StudioApiError {
  static override readonly kind: string = 'StudioJobTimeoutError';
  readonly jobId: string | undefined;
  readonly pollUrl: string;

  constructor(what: string, job: { jobId?: string | undefined; pollUrl: string }, deadlineMs: number) {
    super(
      'job-timeout',
      `${what} did not finish within ${Math.round(deadlineMs / 1000)} s. It may still finish: resume it later with client.resumeJob(), or raise api.jobDeadlineMs.`,
      { recoverable: true },
    );
    this.jobId = job.jobId;
    this.pollUrl = job.pollUrl;
  }

  override toJSON() {
    return { ...super.toJSON(), ...(this.jobId === undefined ? {} : { job_id: this.jobId }), poll_url: this.pollUrl };
  }
}

const ADVICE: Record<string, string> = {
  'bad-request': 'Check the values sent and try again.',
  'payment-required': 'The account is out of credits; top it up and try again.',
  forbidden: 'This user may not use this operation; check the account and the token endpoint.',
  'not-found': 'Check api.baseUrl and api.paths in the config.',
  conflict: 'The project changed meanwhile; reload it and try again.',
  'rate-limited': 'Too many requests; wait a moment and try again.',
  'server-error': 'The service had a problem; try again in a moment.',
  'http-error': 'Try again; if it persists, contact the service.',
};

export function codeForStatus(status: number): ApiErrorCode {
  if (status === 400 || status === 422) return 'bad-request';
  if (status === 402) return 'payment-required';
  if (status === 403) return 'forbidden';
  if (status === 404) return 'not-found';
  if (status === 409) return 'conflict';
  if (status === 429) return 'rate-limited';
  if (status >= 500) return 'server-error';
  return 'http-error';
}

/** 408, 429 and 5xx: worth retrying. */
export const isTransientStatus = (status: number): boolean => status === 408 || status === 429 || status >= 500;

const clip = (text: string) => (text.length > 300 ? `${text.slice(0, 297)}...` : text).replace(/[\u0000-\u001f\u007f]/g, ' ');

/** The error for a non-2xx answer; reads the service's `ApiErrorBody` when there is one (headers are never kept). */
export async function httpError(response: Response, what: string): Promise<StudioApiError> {
  let body: Partial<ApiErrorBody> | undefined;
  try {
    body = (await response.json()) as Partial<ApiErrorBody>;
  } catch {
    body = undefined;
  }
  const serviceCode = typeof body?.error?.code === 'string' ? clip(body.error.code) : undefined;
  const serviceMessage = typeof body?.error?.message === 'string' ? clip(body.error.message) : undefined;
  const code = codeForStatus(response.status);
  const said = serviceMessage === undefined ? '' : ` (${serviceCode === undefined ? '' : `${serviceCode}: `}${serviceMessage})`;
  return new StudioApiError(code, `${what} failed: the service answered ${response.status}${said}. ${ADVICE[code]}`, {
    status: response.status,
    recoverable: isTransientStatus(response.status) || code === 'conflict',
    ...(serviceCode === undefined ? {} : { serviceCode }),
    ...(serviceMessage === undefined ? {} : { serviceMessage }),
  });
}

/** Maps what fetch threw: aborts and StudioErrors pass through; timeouts and network errors become StudioApiErrors. */
export function fetchError(error: unknown, what: string, timeoutMs?: number): unknown {
  if (error instanceof StudioError) return error;
  if (error instanceof DOMException && error.name === 'AbortError') return error;
  if (error instanceof DOMException && error.name === 'TimeoutError') {
    return new StudioApiError('timeout', `${what} got no answer${timeoutMs === undefined ? '' : ` within ${timeoutMs} ms`}. Try again, or raise api.timeoutMs.`, {
      recoverable: true,
    });
  }
  return new StudioApiError('network', `${what} could not reach the service. Check the connection and api.baseUrl, then try again.`, { recoverable: true });
}
