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
  ownError(new StudioError('auth-endpoint', `The ${which} ${message}`, { recoverable: true }));

const TOKEN_SHAPE = 'It must answer JSON: { "token": "..." } or { "accessToken": { "token": "..." } }.';

/**
 * The media type of an answer, for a message: `text/html` of `text/html; charset=utf-8`; `undefined`
 * without one. A header that is not a plain media type is not repeated (it is the host's, not ours).
 */
function mediaType(response: Response): string | undefined {
  const header = response.headers.get('content-type');
  if (header === null) return undefined;
  const type = header.split(';')[0]!.trim().toLowerCase();
  return /^[a-z0-9][\w.+-]{0,63}\/[\w.+-]{1,64}$/.test(type) ? type : 'an unreadable Content-Type';
}

const isJsonType = (type: string | undefined): boolean => type === 'application/json' || (type?.endsWith('+json') ?? false);

/**
 * The token in an endpoint's answer. A failure says what the endpoint answered (the HTTP status, the media
 * type), never its body: the body of a sign-in page or an error may hold anything, a token included.
 */
async function readTokenAnswer(response: Response, which: string): Promise<TokenResult> {
  const type = mediaType(response);
  if (!response.ok) {
    const typed = type === undefined ? '' : ` (${type})`;
    throw endpointError(which, `answered HTTP ${response.status}${typed}. Check that it is reachable and that the user is signed in on your site.`);
  }
  let json: unknown;
  try {
    json = await response.json();
  } catch {
    const answered = isJsonType(type) ? `${type} that does not parse` : `${type ?? 'without a Content-Type'}, not JSON`;
    throw endpointError(which, `answered ${answered} (HTTP ${response.status}). ${TOKEN_SHAPE}`);
  }
  const record = (typeof json === 'object' && json !== null ? json : {}) as { token?: unknown; type?: unknown; accessToken?: { token?: unknown; type?: unknown } };
  const nested = typeof record.accessToken === 'object' && record.accessToken !== null ? record.accessToken : undefined;
  const source = typeof record.token === 'string' ? record : typeof nested?.token === 'string' ? nested : undefined;
  if (source === undefined) {
    throw endpointError(which, `answered JSON without a token string (HTTP ${response.status}). ${TOKEN_SHAPE}`);
  }
  const token = source.token as string;
  return typeof source.type === 'string' ? { token, type: source.type } : token;
}

function checkUrl(value: unknown, key: 'tokenUrl' | 'refreshUrl'): string {
  if (typeof value !== 'string' || value.trim() === '') {
    const example = key === 'tokenUrl' ? '"/host/token"' : '"/host/refresh"';
    // Ours too: from the script-tag build this is said by the callbacks, which wait for the editor's modules.
    throw ownError(
      new StudioConfigError([
        { path: `endpointAuth.${key}`, message: `is required: the URL of your host's ${key === 'tokenUrl' ? 'token' : 'refresh'} endpoint, like ${example}` },
      ]),
    );
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
      return readTokenAnswer(response, `token endpoint (${tokenUrl})`);
    },
    async refreshToken(expiredToken) {
      const response = await doFetch(refreshUrl, { method: 'POST', headers: { Authorization: `Bearer ${expiredToken}` } });
      return readTokenAnswer(response, `refresh endpoint (${refreshUrl})`);
    },
  };
}
