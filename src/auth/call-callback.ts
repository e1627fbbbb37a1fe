import { StudioError } from '../errors.js';
import { StudioAuthError, abortError } from './errors.js';
import type { TokenSource } from './token.js';

/**
 * Calls a host callback with a time limit. A throw, a rejection or no answer within `timeoutMs` becomes a
 * `StudioAuthError`; `signal` (destroy) rejects with an AbortError at once. The callback's own error
 * message is not copied (it could hold a token) unless it is one of ours.
 */
export function callCallback<T>(source: TokenSource, call: () => T | PromiseLike<T>, timeoutMs: number, signal: AbortSignal): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    if (signal.aborted) {
      reject(abortError(signal));
      return;
    }
    const finish = () => {
      clearTimeout(timer);
      signal.removeEventListener('abort', onAbort);
    };
    const onAbort = () => {
      finish();
      reject(abortError(signal));
    };
    const timer = setTimeout(() => {
      finish();
      reject(
        new StudioAuthError(
          'auth-timeout',
          `auth.${source} did not answer within ${timeoutMs} ms. Check that your host endpoint is reachable, or raise auth.timeoutMs.`,
        ),
      );
    }, timeoutMs);
    signal.addEventListener('abort', onAbort, { once: true });
    Promise.resolve()
      .then(call)
      .then(
        (value) => {
          finish();
          resolve(value);
        },
        (error: unknown) => {
          finish();
          const detail = error instanceof StudioError ? `: ${error.message}` : ` (${error instanceof Error ? error.name : typeof error})`;
          reject(
            new StudioAuthError(
              'auth-callback-failed',
              `auth.${source} failed${detail}. Check your host token endpoint and the callback; the editor will call it again on the next request.`,
            ),
          );
        },
      );
  });
}
