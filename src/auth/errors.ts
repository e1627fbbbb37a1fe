import { StudioError } from '../errors.js';

/**
 * Stable codes of authentication failures:
 * - `auth-invalid-token`: `getToken` or `refreshToken` returned something that is not a usable token;
 * - `auth-callback-failed`: a callback threw or its promise rejected;
 * - `auth-timeout`: a callback did not answer within `auth.timeoutMs`;
 * - `auth-same-token`: `refreshToken` returned the very token that had just been refused;
 * - `auth-rejected`: the service refused the request again (401) after a refresh: final;
 * - `auth-body-not-replayable`: a request with a streamed body got a 401 and cannot be re-sent.
 */
export type AuthErrorCode =
  | 'auth-invalid-token'
  | 'auth-callback-failed'
  | 'auth-timeout'
  | 'auth-same-token'
  | 'auth-rejected'
  | 'auth-body-not-replayable';

/**
 * An authentication failure. Its message says which callback or request failed and what to fix; it never
 * contains a token (nor a callback's own error message, which could).
 */
export class StudioAuthError extends StudioError {
  declare readonly code: AuthErrorCode;

  constructor(code: AuthErrorCode, message: string, options: { status?: number; recoverable?: boolean } = {}) {
    super(code, message, { recoverable: options.recoverable ?? true, ...(options.status === undefined ? {} : { status: options.status }) });
    this.name = 'StudioAuthError';
  }
}

/** The error an abort rejects with: never a StudioError. */
export const abortError = (signal?: AbortSignal): unknown =>
  signal?.reason instanceof DOMException || signal?.reason instanceof Error ? signal.reason : new DOMException('The operation was aborted.', 'AbortError');

/** True for an abort (caller's signal or destroy), which is never reported as an error. */
export const isAbort = (error: unknown): boolean => error instanceof DOMException && error.name === 'AbortError';
