/**
 * A token as the host's callbacks may return it: the token string itself, or `{ token, type }` where
 * `type` is the authorization scheme (default `Bearer`). Anything else is an authentication failure.
 */
export type TokenResult = string | { token: string; type?: string };

/** `config.auth`: how the editor gets its short-lived, per-user token. Both callbacks are required. */
export interface AuthConfig {
  /**
   * Opaque id of the end user, passed to `getToken`. When absent the editor derives a stable id from a
   * browser fingerprint (fine for trials); production embeds should pass their own user id.
   */
  userId?: string;
  /** Called on startup with the resolved user id; asks the host backend for a token. */
  getToken: (userId: string) => TokenResult | Promise<TokenResult>;
  /** Called with the token that got a 401; asks the host backend for a fresh one. */
  refreshToken: (expiredToken: string) => TokenResult | Promise<TokenResult>;
  /** How long a callback may take before it counts as failed, in ms. Default 15000. */
  timeoutMs?: number;
}
