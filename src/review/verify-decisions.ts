// The decisions of a review checked against the host's public keys (issue 54): each signature, what it signed
// against what the decision says, and the chain of each version. Used by the editor (the Review step, Deliver)
// and by `verifyDelivery` on a delivered manifest; DOM-free, WebCrypto only.

import { chainPrev, claimsMismatch, decisionLink, parseClaims, type DecisionRecord } from '../model/decision-claims.js';
import { printable } from '../internal/printable.js';
import { verifyJws, type PublicJwks } from './jws.js';

/** Why a decision is "Unverified". */
export type UnverifiedReason =
  | 'unsigned'
  | 'malformed'
  | 'unknown-key'
  | 'bad-signature'
  | 'other-project'
  | 'other-version'
  | 'altered'
  | 'chain-broken'
  | 'chain-elsewhere';

/** What the check of one decision found: verified (with the key's id), or why not (with the value it names: a key id, a project, a field). */
export type DecisionVerdict = { readonly verified: true; readonly kid: string | undefined } | { readonly verified: false; readonly reason: UnverifiedReason; readonly value?: string };

/** The verdicts of a list of decisions, by index, and the versions whose chain is broken (none of their decisions counts). */
export interface ReviewVerdicts {
  readonly verdicts: readonly DecisionVerdict[];
  readonly broken: ReadonlySet<string>;
}

/**
 * Checks `decisions` (in the order made) of project `project` against `jwks`. A decision is verified when it has
 * a JWS that a key of the set verifies, whose claims are this project's, this version's and say what the decision
 * says, and whose `prev` is the link of the decision signed before it on its version. A version whose chain is
 * not whole (a signed decision on it failed any of this) is `broken`: every decision on it is then unverified,
 * the ones that passed as `chain-elsewhere`, since a removed "Changes required" would otherwise leave an older
 * approval standing. An unsigned decision is unverified and leaves the chain as it was.
 */
export async function verifyDecisions(project: string, decisions: readonly DecisionRecord[], jwks: PublicJwks): Promise<ReviewVerdicts> {
  const verdicts: DecisionVerdict[] = [];
  const broken = new Set<string>();
  for (const [index, decision] of decisions.entries()) {
    const verdict = await verifyOne(project, decision, chainPrev(decisions.slice(0, index), decision.version), jwks);
    if (!verdict.verified && verdict.reason !== 'unsigned') broken.add(decision.version);
    verdicts.push(verdict);
  }
  return {
    verdicts: verdicts.map((verdict, index) => (verdict.verified && broken.has(decisions[index]!.version) ? { verified: false, reason: 'chain-elsewhere' } : verdict)),
    broken,
  };
}

async function verifyOne(project: string, decision: DecisionRecord, prev: string | null, jwks: PublicJwks): Promise<DecisionVerdict> {
  if (decision.jws === undefined) return { verified: false, reason: 'unsigned' };
  const checked = await verifyJws(decision.jws, jwks);
  if (!checked.ok) return checked.reason === 'unknown-key' ? { verified: false, reason: 'unknown-key', value: checked.kid ?? '' } : { verified: false, reason: checked.reason };
  const claims = parseClaims(checked.payload);
  if (claims === undefined) return { verified: false, reason: 'malformed' };
  const mismatch = claimsMismatch(claims, project, decision);
  if (mismatch !== undefined) return { verified: false, reason: mismatch.reason, value: mismatch.field };
  if (claims['prev'] !== prev) return { verified: false, reason: 'chain-broken' };
  return { verified: true, kid: checked.kid };
}

/** Whether `decision` counts for `review.require` by `verdicts`: verified (and so on a whole chain). */
export const isVerified = (verdict: DecisionVerdict | undefined): boolean => verdict?.verified === true;

/** The link of each decision's JWS, for a manifest's reader: what the next decision's `prev` names. */
export { decisionLink };

/** Why a decision is unverified, in English, with the value it names escaped (it came from a file or a host). */
export function unverifiedText(verdict: Exclude<DecisionVerdict, { verified: true }>): string {
  const value = printable(verdict.value ?? '');
  switch (verdict.reason) {
    case 'unsigned':
      return 'not signed by the host';
    case 'malformed':
      return 'its signature is not a compact JWS (ES256 or EdDSA) of a decision';
    case 'unknown-key':
      return `signed with a key that review.publicKeys does not hold${value === '' ? '' : ` (kid "${value}")`}`;
    case 'bad-signature':
      return 'its signature does not verify: changed after signing, or signed with another key';
    case 'other-project':
      return `signed for another project ("${value}")`;
    case 'other-version':
      return `signed for another version ("${value}")`;
    case 'altered':
      return `its ${value} is not what was signed`;
    case 'chain-broken':
      return 'it does not follow the decision signed before it on this version: one was removed, added or moved';
    case 'chain-elsewhere':
      return 'the chain of decisions on this version is broken, so none of them counts';
  }
}
