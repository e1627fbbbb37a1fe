// Which user each minted token belongs to, so an expired token can be exchanged for a new one for the same
// user. Bounded in size (oldest first out) and in time. Tokens are kept as SHA-256 digests, never as text.
import { createHash } from 'node:crypto';

export class TokenMemory {
  readonly #users = new Map<string, { userId: string; until: number }>();

  constructor(
    private readonly maxEntries = 10_000,
    private readonly maxAgeMs = 12 * 3_600_000,
    private readonly now: () => number = Date.now,
  ) {}

  remember(token: string, userId: string): void {
    const key = digest(token);
    this.#users.delete(key);
    this.#users.set(key, { userId, until: this.now() + this.maxAgeMs });
    while (this.#users.size > this.maxEntries) this.#users.delete(this.#users.keys().next().value!);
  }

  /** The user `token` was minted for, or undefined when unknown or remembered for too long. */
  userOf(token: string): string | undefined {
    const key = digest(token);
    const entry = this.#users.get(key);
    if (!entry) return undefined;
    if (entry.until <= this.now()) {
      this.#users.delete(key);
      return undefined;
    }
    return entry.userId;
  }

  get size(): number {
    return this.#users.size;
  }
}

function digest(token: string): string {
  return createHash('sha256').update(token).digest('base64url');
}
