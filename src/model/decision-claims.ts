// What a host signs of a review decision (issue 54): the claims `review.sign` receives, and the link that chains
// the decisions on one version. Pure and synchronous (the store's reducer reads it); the signature itself is
// checked with WebCrypto in src/review/, which loads only where decisions are checked.

import { canonicalJson, sha256Hex } from './content-hash.js';
import type { DecisionClaims } from '../config/types.js';
import type { ReviewDecision } from './document.js';

/** The `typ` of the claims of a signed decision: what they are, so that no other signed JSON of a host passes for one. */
export const DECISION_TYPE: DecisionClaims['typ'] = 'service-studio-editor/decision@1';

/** What `review.sign(decision)` is given and the host's backend signs (`config.review.sign`). */
export type { DecisionClaims };

/** A decision as the document or a delivery's manifest holds it: what is compared with its claims. */
export type DecisionRecord = Pick<ReviewDecision, 'version' | 'reviewer' | 'at' | 'label' | 'note' | 'contentHash'> & { readonly id?: string; readonly jws?: string };

/** The link to a signed decision: SHA-256 (lower-case hex) of its compact JWS, as the next decision's `prev` names it. */
export const decisionLink = (jws: string): string => sha256Hex(new TextEncoder().encode(jws));

/** The `prev` of a new decision on `version`: the link of the last signed decision on it among `decisions`, or null. */
export function chainPrev(decisions: readonly DecisionRecord[], version: string): string | null {
  const last = decisions.filter((decision) => decision.version === version && decision.jws !== undefined).at(-1);
  return last === undefined ? null : decisionLink(last.jws!);
}

/** The claims of `decision` in project `project`, after `prev`. */
export function decisionClaims(project: string, decision: DecisionRecord & { readonly id: string }, prev: string | null): DecisionClaims {
  const { id, version, contentHash, label, note, reviewer, at } = decision;
  return { typ: DECISION_TYPE, project, version, contentHash, id, label, ...(note === undefined ? {} : { note }), reviewer: { ...reviewer }, at, prev };
}

/** The members of the claims that repeat the decision, in the order a difference is named. */
const REPEATED = ['id', 'label', 'note', 'contentHash', 'reviewer', 'at'] as const;

/**
 * How the claims `claims` (a JWS payload, parsed) differ from the decision `decision` of project `project`:
 * `other-project`, `other-version`, `altered` (with the member that differs), or undefined when they agree. Not
 * `typ` or `prev` (see `claimsProblem` callers).
 */
export function claimsMismatch(claims: Record<string, unknown>, project: string, decision: DecisionRecord): { reason: 'other-project' | 'other-version' | 'altered'; field: string } | undefined {
  if (claims['project'] !== project) return { reason: 'other-project', field: String(claims['project']) };
  if (claims['version'] !== decision.version) return { reason: 'other-version', field: String(claims['version']) };
  for (const field of REPEATED) {
    // A manifest made before decisions had ids names none: its id is not compared.
    if (field === 'id' && decision.id === undefined) continue;
    if (canonicalJson(claims[field]) !== canonicalJson(decision[field])) return { reason: 'altered', field };
  }
  return undefined;
}

/** The claims of JWS payload text `payload`, or undefined when it is not the JSON of a decision's claims. */
export function parseClaims(payload: string): Record<string, unknown> | undefined {
  try {
    const claims: unknown = JSON.parse(payload);
    return typeof claims === 'object' && claims !== null && !Array.isArray(claims) && (claims as Record<string, unknown>)['typ'] === DECISION_TYPE ? (claims as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}
