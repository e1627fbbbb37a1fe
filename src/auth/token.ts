import { StudioAuthError } from './errors.js';

/** A token ready to go in a header: `Authorization: <type> <token>`. */
export interface TokenValue {
  readonly type: string;
  readonly token: string;
}

/** Which callback produced a value, for messages. */
export type TokenSource = 'getToken' | 'refreshToken';

/** RFC 9110 `token` (the auth-scheme). */
const SCHEME = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;
/** Visible ASCII only: no spaces, control or non-ASCII characters, which would make an invalid header. */
const CREDENTIAL = /^[\x21-\x7e]+$/;
const MAX_TOKEN_LENGTH = 16_384;

const kind = (value: unknown): string =>
  value === null ? 'null' : Array.isArray(value) ? 'an array' : typeof value === 'object' ? 'an object' : typeof value === 'string' ? 'a string' : `a ${typeof value}`;

const fail = (source: TokenSource, found: string) =>
  new StudioAuthError(
    'auth-invalid-token',
    `auth.${source} returned ${found}; it must return the token string, or an object { token, type } where type is an ` +
      'HTTP auth scheme such as "Bearer" (the default). Make your callback return the token your host endpoint sent.',
  );

function checkToken(token: string, source: TokenSource): string {
  if (token.length === 0) throw fail(source, 'an empty token');
  if (token.length > MAX_TOKEN_LENGTH) throw fail(source, `a token longer than ${MAX_TOKEN_LENGTH} characters`);
  if (!CREDENTIAL.test(token)) throw fail(source, 'a token with spaces, control or non-ASCII characters, which cannot go in a header');
  return token;
}

/**
 * Reads what a host callback returned: a string, or `{ token, type }` (`type` defaults to `Bearer`).
 * Anything else, or a value that would make an invalid `Authorization` header, throws a `StudioAuthError`
 * (`auth-invalid-token`) whose message describes the value's kind, never the value. It never throws
 * anything else: a value that throws while it is read (a throwing getter, a Proxy trap, a revoked Proxy)
 * is refused the same way, and the thrown error (with whatever text it carries) is dropped. Each field is
 * read once, so a getter cannot answer one thing to the check and another to the header.
 */
export function readToken(value: unknown, source: TokenSource): TokenValue {
  let token: unknown;
  let type: unknown;
  try {
    if (typeof value === 'string') return { type: 'Bearer', token: checkToken(value, source) };
    if (typeof value !== 'object' || value === null || Array.isArray(value)) throw fail(source, kind(value));
    token = (value as { token?: unknown }).token;
    type = (value as { type?: unknown }).type;
  } catch (error) {
    throw error instanceof StudioAuthError ? error : fail(source, 'a value that threw when it was read');
  }
  if (typeof token !== 'string') throw fail(source, `an object whose token is ${kind(token)}`);
  if (type !== undefined && (typeof type !== 'string' || !SCHEME.test(type))) {
    throw fail(source, `an object whose type is ${typeof type === 'string' ? 'not an HTTP auth scheme' : kind(type)}`);
  }
  return { type: (type as string | undefined) ?? 'Bearer', token: checkToken(token, source) };
}

/** The header value for a token. */
export const authorization = (value: TokenValue): string => `${value.type} ${value.token}`;
