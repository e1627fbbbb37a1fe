// Short-lived bearer tokens: random, opaque, scoped to one user, forgotten once expired.
import { randomBytes } from 'node:crypto';

interface TokenEntry {
  userId: string;
  expiresAt: number;
}

/** The user id of requests made with `x-api-key` (the account acting for itself), which holds no token. */
export const ACCOUNT_USER = '__account__';

/** What checking a token found. */
export type TokenCheck = { ok: true; userId: string } | { ok: false; reason: 'unknown' | 'expired' };

export class TokenStore {
  readonly #tokens = new Map<string, TokenEntry>();

  constructor(
    private readonly ttlS: () => number,
    private readonly now: () => number,
  ) {}

  /** Mints a token for `userId`; returns it with its lifetime in seconds. */
  mint(userId: string): { token: string; expiresIn: number } {
    this.#sweep();
    const token = randomBytes(24).toString('base64url');
    const expiresIn = this.ttlS();
    this.#tokens.set(token, { userId, expiresAt: this.now() + expiresIn * 1000 });
    return { token, expiresIn };
  }

  check(token: string): TokenCheck {
    const entry = this.#tokens.get(token);
    if (!entry) return { ok: false, reason: 'unknown' };
    if (entry.expiresAt <= this.now()) return { ok: false, reason: 'expired' };
    return { ok: true, userId: entry.userId };
  }

  /** The user a token was minted for, expired or not. */
  userOf(token: string): string | undefined {
    return this.#tokens.get(token)?.userId;
  }

  /** Ends the life of every token of `userId` (or all), as if their lifetime had run out. */
  expire(userId?: string): void {
    for (const entry of this.#tokens.values()) if (userId === undefined || entry.userId === userId) entry.expiresAt = 0;
  }

  clear(): void {
    this.#tokens.clear();
  }

  /** Expired tokens are kept for an hour (to answer "expired" rather than "unknown"), then dropped. */
  #sweep(): void {
    const horizon = this.now() - 3_600_000;
    for (const [token, entry] of this.#tokens) if (entry.expiresAt < horizon) this.#tokens.delete(token);
  }
}
