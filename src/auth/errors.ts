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
  static override get kind(): string {
    return 'StudioAuthError';
  }
  declare readonly code: AuthErrorCode;

  constructor(code: AuthErrorCode, message: string, options: { status?: number; recoverable?: boolean } = {}) {
    super(code, message, { recoverable: options.recoverable ?? true, ...(options.status === undefined ? {} : { status: options.status }) });
  }
}

/**
 * A token-bearing request (under `<baseUrl>/v1/`) was answered with a redirect (301, 302, 303, 307 or 308),
 * which the editor refuses instead of following: following it could carry the token to another path or
 * origin. Code `redirect-refused`; the message names the request's path, never the token. Not recoverable
 * by retrying: `api.baseUrl` (or the service) must point at the final address.
 */
export class StudioRedirectError extends StudioError {
  static override get kind(): string {
    return 'StudioRedirectError';
  }
  declare readonly code: 'redirect-refused';

  constructor(path: string) {
    super(
      'redirect-refused',
      `The service answered ${path} with a redirect, which the editor does not follow with the token. Set api.baseUrl to the address the service really answers at.`,
      { recoverable: false },
    );
  }
}

/** The error an abort rejects with: never a StudioError. */
export const abortError = (signal?: AbortSignal): unknown =>
  signal?.reason instanceof DOMException || signal?.reason instanceof Error ? signal.reason : new DOMException('The operation was aborted.', 'AbortError');

/** True for an abort (caller's signal or destroy), which is never reported as an error. */
export const isAbort = (error: unknown): boolean => error instanceof DOMException && error.name === 'AbortError';
