// The words of a failed service call: a status and the service's error body, a lost request, a timeout. With
// the retries and the poller (./calls.ts), a chunk of its own: no call fails to paint an editor.
import { StudioError } from '../errors.js';
import { StudioApiError, type ApiErrorCode } from './api-error.js';
import type { ApiErrorBody } from './contract.js';

export { StudioApiError, StudioJobTimeoutError, type ApiErrorCode } from './api-error.js';

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
