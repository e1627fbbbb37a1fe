// Credits per user: each operation costs a few, charged when it succeeds; results report what was used and what remains.
import type { Usage } from '../../../src/api/contract.js';
import { HttpError } from '../http.js';

export class CreditLedger {
  readonly #spent = new Map<string, number>();

  constructor(private readonly allowance: () => number) {}

  remaining(userId: string): number {
    return this.allowance() - (this.#spent.get(userId) ?? 0);
  }

  /** Throws 402 when `userId` has fewer than `cost` credits left. */
  ensure(userId: string, cost: number): void {
    if (this.remaining(userId) < cost) {
      throw new HttpError(402, 'insufficient_credits', `This operation needs ${cost} credits; ${this.remaining(userId)} remain.`);
    }
  }

  /** Charges `cost` credits and returns the usage record of the operation. */
  charge(userId: string, cost: number, operation: string, projectId: string): Usage {
    this.#spent.set(userId, (this.#spent.get(userId) ?? 0) + cost);
    return { credits_used: cost, credits_remaining: this.remaining(userId), operation, project_id: projectId };
  }

  clear(): void {
    this.#spent.clear();
  }
}
