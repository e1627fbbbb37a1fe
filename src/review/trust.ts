// Which decisions count where the host gives `review.publicKeys` (issue 54): the verdicts of a document's review,
// read by Deliver's refusal and the Review step. Loaded with them, only when keys are given.

import type { PublicJwks } from '../config/types.js';
import type { ProjectDocument, ReviewDecision } from '../model/document.js';
import { verifyDecisions, type DecisionVerdict, type UnverifiedReason } from './verify-decisions.js';

/** A decision that does not count, and why: as a refusal names it. */
export interface UnverifiedDecision {
  readonly id: string;
  readonly version: string;
  readonly reviewer: string;
  readonly role: string | undefined;
  readonly label: ReviewDecision['label'];
  readonly reason: UnverifiedReason;
  /** What the reason names: a key id, a project, a version, a field; escaped where it is shown. */
  readonly value: string | undefined;
}

/** The verdicts of a document's decisions, by decision id. */
export interface DecisionTrust {
  /** Whether the decision counts for `review.require`: verified, on a whole chain. */
  readonly counts: (decision: ReviewDecision) => boolean;
  /** The verdict of each decision, by id. */
  readonly verdicts: ReadonlyMap<string, DecisionVerdict>;
  /** The unverified decisions on `version`, in the order made. */
  readonly unverified: (version: string) => UnverifiedDecision[];
}

/** The trust of every decision of `doc`'s review, checked against `jwks`. */
export async function decisionTrust(doc: ProjectDocument, jwks: PublicJwks): Promise<DecisionTrust> {
  const { decisions } = doc.review;
  const { verdicts } = await verifyDecisions(doc.project_id, decisions, jwks);
  const byId = new Map(decisions.map((decision, index) => [decision.id, verdicts[index]!]));
  return {
    counts: (decision) => byId.get(decision.id)?.verified === true,
    verdicts: byId,
    unverified: (version) =>
      decisions.flatMap((decision) => {
        const verdict = byId.get(decision.id)!;
        if (decision.version !== version || verdict.verified) return [];
        return [{ id: decision.id, version, reviewer: decision.reviewer.name, role: decision.reviewer.role, label: decision.label, reason: verdict.reason, value: verdict.value }];
      }),
  };
}
