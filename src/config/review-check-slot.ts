// Where the checks of `config.review` register when their chunk (./review.ts) runs, and where `resolveConfig`
// (./validate.ts) finds them: a slot of its own, so the chunk and its reader import it and not each other.

import type { IssueList } from './checks.js';
import type { ResolvedConfig } from './types.js';

/** Reads `config.review` whole (the reviewer, the roles, the signing callback, the public keys). */
export type ReviewChecks = (value: unknown, issues: IssueList) => ResolvedConfig['review'];

let reviewChecks: ReviewChecks | undefined;

/** Called by ./review.ts when it runs: from then on `resolveConfig` checks `config.review` at once. */
export function useReviewChecks(check: ReviewChecks): void {
  reviewChecks = check;
}

/** The checks of `config.review`, once ./review.ts has run; undefined until then. */
export const reviewChecksOf = (): ReviewChecks | undefined => reviewChecks;
