import type { TokenResult } from './types.js';
import { StudioConfigError, StudioError } from '../errors.js';
import { ownError } from './own-errors.js';

export interface EndpointAuthOptions {
  /** Your host's token endpoint: `POST` JSON `{ userId }`, answers JSON with `token` (or `accessToken.token`). */
  tokenUrl: string;
  /** Your host's refresh endpoint: `POST` with `Authorization: Bearer <EXPIRED_TOKEN>`, no body; same answer. */
  refreshUrl: string;
  /** Fetch credentials mode for both calls. Default `same-origin` (your session cookie goes along). */
  credentials?: RequestCredentials;
  /** The fetch to use. Default: the global one. */
  fetch?: typeof fetch;
}

/** The two callbacks of `config.auth`, built by `endpointAuth`. */
export interface EndpointAuth {
  getToken: (userId: string) => Promise<TokenResult>;
  refreshToken: (expiredToken: string) => Promise<TokenResult>;
}

/** Marked as ours (`ownError`): the session may pass its message on, which it never does for a callback's own errors. */
const endpointError = (which: string, message: string) =>
  ownError(new StudioError('auth-endpoint', `The ${which} endpoint ${message}`, { recoverable: true }));

async function readTokenAnswer(response: Response, which: string): Promise<TokenResult> {
  if (!response.ok) {
    throw endpointError(which, `answered HTTP ${response.status}. Check that it is reachable and that the user is signed in on your site.`);
  }
  let json: unknown;
  try {
    json = await response.json();
  } catch {
    throw endpointError(which, 'did not answer JSON. It must answer { "token": "..." } or { "accessToken": { "token": "..." } }.');
  }
  const record = (typeof json === 'object' && json !== null ? json : {}) as { token?: unknown; type?: unknown; accessToken?: { token?: unknown; type?: unknown } };
  const nested = typeof record.accessToken === 'object' && record.accessToken !== null ? record.accessToken : undefined;
  const source = typeof record.token === 'string' ? record : typeof nested?.token === 'string' ? nested : undefined;
  if (source === undefined) {
    throw endpointError(which, 'answered JSON without a token string. It must answer { "token": "..." } or { "accessToken": { "token": "..." } }.');
  }
  const token = source.token as string;
  return typeof source.type === 'string' ? { token, type: source.type } : token;
}

function checkUrl(value: unknown, key: 'tokenUrl' | 'refreshUrl'): string {
  if (typeof value !== 'string' || value.trim() === '') {
    const example = key === 'tokenUrl' ? '"/host/token"' : '"/host/refresh"';
    throw new StudioConfigError([
      { path: `endpointAuth.${key}`, message: `is required: the URL of your host's ${key === 'tokenUrl' ? 'token' : 'refresh'} endpoint, like ${example}` },
    ]);
  }
  return value;
}

/**
 * Builds `auth.getToken` and `auth.refreshToken` for the two host endpoints of the spec:
 * the token endpoint gets `POST` JSON `{ userId }` with `Content-Type: application/json`; the refresh endpoint
 * gets `POST` with `Authorization: Bearer <EXPIRED_TOKEN>` and no body. Both answers are read as JSON, taking
 * `token` or `accessToken.token` (and `type` beside it, when given). Both URLs are required.
 */
export function endpointAuth(options: EndpointAuthOptions): EndpointAuth {
  const tokenUrl = checkUrl(options?.tokenUrl, 'tokenUrl');
  const refreshUrl = checkUrl(options?.refreshUrl, 'refreshUrl');
  const credentials = options.credentials ?? 'same-origin';
  const doFetch = (url: string, init: RequestInit) => (options.fetch ?? globalThis.fetch)(url, { ...init, credentials, cache: 'no-store' });
  return {
    async getToken(userId) {
      const response = await doFetch(tokenUrl, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ userId }),
      });
      return readTokenAnswer(response, `token (${tokenUrl})`);
    },
    async refreshToken(expiredToken) {
      const response = await doFetch(refreshUrl, { method: 'POST', headers: { Authorization: `Bearer ${expiredToken}` } });
      return readTokenAnswer(response, `refresh (${refreshUrl})`);
    },
  };
}
