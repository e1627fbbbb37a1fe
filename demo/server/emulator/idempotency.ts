// Idempotency keys of job starts (an assumption of src/api/contract.ts, IDEMPOTENCY_KEY_HEADER): a start sent again
// with the same key, by the same user, with the same body, within the window, gets the answer of the first one
// (the same job; nothing started or charged again). The same key with another body is refused with 422.
import { createHash } from 'node:crypto';
import { HttpError } from '../http.js';
import type { OperationAnswer } from './answer.js';

interface Entry {
  bodyHash: string;
  at: number;
  answer: Promise<OperationAnswer>;
}

/** How long a key is remembered, in ms. */
export const IDEMPOTENCY_WINDOW_MS = 24 * 60 * 60 * 1000;
const MAX_ENTRIES = 10_000;

export class IdempotencyStore {
  readonly #entries = new Map<string, Entry>();

  constructor(private readonly now: () => number) {}

  /**
   * Runs `start` once per (user, key): a repeat with the same body gets the first answer (waiting for it while it
   * is still being made); a repeat with another body throws 422 `idempotency_key_reused`. A failed start (any
   * error) is forgotten, so a retry with the key runs it again.
   */
  async run(userId: string, key: string, body: unknown, start: () => Promise<OperationAnswer>): Promise<OperationAnswer> {
    if (key.length === 0 || key.length > 255) throw new HttpError(400, 'invalid_idempotency_key', 'Idempotency-Key must be 1 to 255 characters.');
    const id = `${userId}\n${key}`;
    const bodyHash = createHash('sha256').update(JSON.stringify(body)).digest('hex');
    const now = this.now();
    const known = this.#entries.get(id);
    if (known && now - known.at < IDEMPOTENCY_WINDOW_MS) {
      if (known.bodyHash !== bodyHash) {
        throw new HttpError(422, 'idempotency_key_reused', 'This Idempotency-Key was used with another request body; use a new key for a new request.');
      }
      return known.answer;
    }
    const answer = start();
    const entry: Entry = { bodyHash, at: now, answer };
    this.#entries.set(id, entry);
    this.#trim(now);
    try {
      return await answer;
    } catch (error) {
      if (this.#entries.get(id) === entry) this.#entries.delete(id);
      throw error;
    }
  }

  clear(): void {
    this.#entries.clear();
  }

  #trim(now: number): void {
    for (const [id, entry] of this.#entries) {
      if (this.#entries.size <= MAX_ENTRIES && now - entry.at < IDEMPOTENCY_WINDOW_MS) return;
      this.#entries.delete(id);
    }
  }
}
