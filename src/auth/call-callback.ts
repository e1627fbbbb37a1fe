import { StudioAuthError, abortError } from './errors.js';
import { ownMessage } from './own-errors.js';
import type { TokenSource } from './token.js';

/**
 * Calls a host callback with a time limit and reads its answer with `read`, both inside the guard. A throw,
 * a rejection, no answer within `timeoutMs`, or an answer that throws while it is read (a throwing getter,
 * a Proxy, a revoked Proxy) becomes a `StudioAuthError`; `signal` (destroy) rejects with an AbortError at
 * once. No text of the callback's reaches the error: its own error message and name are never read, except
 * the message of an error the editor made itself (`ownError`, e.g. `endpointAuth`'s).
 */
export function callCallback<T>(
  source: TokenSource,
  call: () => unknown,
  read: (value: unknown) => T,
  timeoutMs: number,
  signal: AbortSignal,
): Promise<T> {
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
          try {
            resolve(read(value));
          } catch (error) {
            reject(error instanceof StudioAuthError ? error : failed(source, undefined));
          }
        },
        (error: unknown) => {
          finish();
          reject(failed(source, ownMessage(error)));
        },
      );
  });
}

function failed(source: TokenSource, ours: string | undefined): StudioAuthError {
  const detail = ours === undefined ? ' (it threw or its promise rejected)' : `: ${ours}`;
  return new StudioAuthError(
    'auth-callback-failed',
    `auth.${source} failed${detail}. Check your host token endpoint and the callback; the editor will call it again on the next request.`,
  );
}
