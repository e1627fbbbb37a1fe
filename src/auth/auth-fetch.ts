import { StudioAuthError, StudioRedirectError, abortError } from './errors.js';
import { prepareBody } from './replayable-body.js';
import { isTokenScope, resolveServiceUrl } from './scope.js';
import type { AuthSession, Credential } from './session.js';
import { authorization } from './token.js';

/** A `fetch` with the editor's auth: relative URLs resolve against `api.baseUrl`. */
export type AuthFetch = (input: string | URL, init?: RequestInit) => Promise<Response>;

export interface AuthFetchOptions {
  session: AuthSession;
  /** `api.baseUrl`: only `<baseUrl>/v1/...` on its origin gets the token. */
  baseUrl: string;
  /** Timeout of one attempt, in ms; it rejects with a `TimeoutError` DOMException. */
  timeoutMs?: number;
  /** The underlying fetch. Default: the global one at call time. */
  fetch?: typeof fetch;
}

/**
 * Builds the auth fetch. Requests in token scope wait for a token, carry `Authorization: <type> <token>`,
 * are never redirected (a redirect answer rejects with a `StudioRedirectError`, see `send`), and on a 401 are re-sent once (same method, headers and body bytes) with a renewed token; a 401 on the
 * re-send, or a failed callback, rejects with a `StudioAuthError`. Other URLs are fetched untouched, with no
 * token. After the session is disposed every call rejects with an AbortError and nothing is sent.
 */
export function createAuthFetch(options: AuthFetchOptions): AuthFetch {
  const { session, baseUrl } = options;
  const fetchImpl = (input: string, init: RequestInit) => (options.fetch ?? globalThis.fetch)(input, init);

  const attempt = async (url: string, init: RequestInit): Promise<Response> => {
    if (session.disposed) throw abortError(session.signal);
    const { signal, release } = linkSignals([init.signal ?? undefined, session.signal], options.timeoutMs);
    try {
      return await fetchImpl(url, { ...init, signal });
    } catch (error) {
      if (signal.reason instanceof DOMException && signal.reason.name === 'TimeoutError') throw signal.reason;
      throw error;
    } finally {
      release();
    }
  };

  return async function authFetch(input, init = {}) {
    if (session.disposed) throw abortError(session.signal);
    const url = resolveServiceUrl(input, baseUrl);
    if (!isTokenScope(url, baseUrl)) return attempt(url.href, init);
    const headers = new Headers(init.headers);
    headers.delete('authorization');
    const prepared = await prepareBody(init.body, headers);
    const signal = init.signal ?? undefined;
    const send = async (credential: Credential) => {
      const sent = new Headers(headers);
      sent.set('authorization', authorization(credential));
      // Never `follow` with the token: the browser would re-send Authorization to wherever Location points
      // (another path of the origin keeps it). `manual` is the mode that works: in Chromium (and per the Fetch
      // spec) a redirect then resolves as a `type: 'opaqueredirect'` response with status 0 and no readable
      // headers, same-origin or not, so its Location cannot be checked and followed by hand. `error` would
      // reject with a TypeError that looks like a network failure. So every redirect is refused with a typed
      // error; a fetch that exposes the 3xx itself (Node, a stub) is refused the same way.
      const request: RequestInit = { ...init, headers: sent, body: prepared.body, redirect: 'manual' };
      if (!prepared.replayable) (request as RequestInit & { duplex: string }).duplex = 'half';
      const response = await attempt(url.href, request);
      if (isRedirect(response)) {
        await discard(response);
        throw new StudioRedirectError(url.pathname);
      }
      return response;
    };

    const first = await session.credential(signal);
    const response = await send(first);
    if (response.status !== 401) return response;
    await discard(response);
    if (!prepared.replayable) {
      throw session.report(
        new StudioAuthError(
          'auth-body-not-replayable',
          `The service refused the token (401) for ${url.pathname} and the request cannot be re-sent because its body was a stream. Send a Blob, ArrayBuffer, FormData or string instead.`,
          { status: 401 },
        ),
      );
    }
    const next = await session.renew(first, signal);
    const retried = await send(next);
    if (retried.status !== 401) return retried;
    await discard(retried);
    throw session.report(
      new StudioAuthError(
        'auth-rejected',
        `The service refused the token again (401) for ${url.pathname} after a refresh. Check that your token endpoint mints tokens for this service and user; the editor will ask again on the next request.`,
        { status: 401 },
      ),
    );
  };
}

const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308]);

/** A redirect that `redirect: 'manual'` left unfollowed: opaque in a browser, a plain 3xx elsewhere. */
const isRedirect = (response: Response): boolean => response.type === 'opaqueredirect' || REDIRECT_STATUSES.has(response.status);

async function discard(response: Response): Promise<void> {
  try {
    await response.body?.cancel();
  } catch {
    // Nothing to release.
  }
}

/** One signal that aborts when any given signal aborts, or after `timeoutMs` with a TimeoutError. */
export function linkSignals(signals: Array<AbortSignal | undefined>, timeoutMs?: number): { signal: AbortSignal; release: () => void } {
  const controller = new AbortController();
  const present = signals.filter((s): s is AbortSignal => s !== undefined);
  const onAbort = (event: Event) => controller.abort((event.target as AbortSignal).reason);
  const already = present.find((s) => s.aborted);
  if (already) controller.abort(already.reason);
  present.forEach((s) => s.addEventListener('abort', onAbort, { once: true }));
  const timer =
    timeoutMs === undefined ? undefined : setTimeout(() => controller.abort(new DOMException(`No answer within ${timeoutMs} ms.`, 'TimeoutError')), timeoutMs);
  return {
    signal: controller.signal,
    release: () => {
      clearTimeout(timer);
      present.forEach((s) => s.removeEventListener('abort', onAbort));
    },
  };
}
