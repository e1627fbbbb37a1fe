// Credits per user: each operation costs a few, charged when it succeeds; results report what was used and what remains.
import { estimateCredits, type PriceList, type Usage } from '../../../src/api/contract.js';
import { HttpError } from '../http.js';

/** What each operation costs, answered at `GET /v1/pricing` and charged by the operations: one table. */
export const PRICE_LIST: PriceList = {
  operations: {
    recommendUrl: { per_recommendation: 1 },
    recommendProduct: { per_recommendation: 1 },
    format: { base: 1 },
    voiceover: { per_25_words: 1, minimum: 1 },
    mix: { base: 2 },
    generate: { base: 5, per_section: 1 },
  },
};

/** The price of `operation` for these quantities, as the price list says. */
export const priceOf = (operation: keyof PriceList['operations'], quantities: Parameters<typeof estimateCredits>[1] = {}): number =>
  estimateCredits(PRICE_LIST.operations[operation]!, quantities);

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
