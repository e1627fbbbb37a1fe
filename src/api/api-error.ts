// The errors of service calls, as hosts and the editor's code see them. The words of a failed answer, a lost
// request or a timeout are made in ./errors.ts, which loads with the first call that needs them.
import { StudioError } from '../errors.js';

/**
 * Stable codes of service failures. `recoverable` is true where trying again can help.
 * `bad-request` 400/422, `payment-required` 402 (out of credits), `forbidden` 403, `not-found` 404,
 * `conflict` 409, `rate-limited` 429, `server-error` 5xx, `http-error` any other status,
 * `network`, `timeout`, `bad-response` (not the expected JSON), `unsafe-poll-url`, `job-failed`,
 * `job-cancelled`, `job-timeout`, `contract` (an answer, or a host adapter, that does not fit the operation's typed
 * result: `StudioContractError`, docs/contract.md).
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
  | 'job-timeout'
  | 'contract';

/** A failure of a service call. `serviceCode` is `error.code` of the service's error body, when it sent one. */
export class StudioApiError extends StudioError {
  static override get kind(): string {
    return 'StudioApiError';
  }
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
  static override get kind(): string {
    return 'StudioJobTimeoutError';
  }
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
