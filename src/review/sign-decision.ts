// A reviewer's decision signed by the host before it lands (issue 54): the claims built as the store will make the
// decision, `review.sign` asked for their JWS (the host's backend holds the key), the answer read and, with
// `review.publicKeys`, verified, so that a host that signs something else is told at once, not at delivery.

import type { DecisionClaims, PublicJwks } from '../config/types.js';
import { StudioError } from '../errors.js';
import { contentHash } from '../model/content-hash.js';
import { chainPrev, decisionClaims } from '../model/decision-claims.js';
import type { ProjectDocument, ReviewDecision, ReviewPerson } from '../model/document.js';
import { readJws } from './jws.js';
import { unverifiedText, verifyDecisions } from './verify-decisions.js';

/** The decision to sign, as the Review step makes it (`review/decide` without its `jws`). */
export interface DecisionDraft {
  readonly id: string;
  readonly at: string;
  readonly label: ReviewDecision['label'];
  readonly note?: string;
  readonly version?: string;
}

const refused = (message: string) => new StudioError('review-sign', `${message} Nothing was decided: try again.`, { recoverable: true });

/**
 * The JWS of `draft` by `user` on `doc`, from the host's `sign`: the claims are the decision the store will make
 * (its version's content hash now, the note as kept), after the version's last signed decision. Rejects with a
 * `StudioError` (`review-sign`, recoverable) when `sign` fails or answers anything but a compact JWS of those
 * claims, or, with `jwks`, one that does not verify; the host's own error is not quoted (it may hold secrets).
 */
export async function signDecision(doc: ProjectDocument, user: ReviewPerson, draft: DecisionDraft, sign: (claims: DecisionClaims) => Promise<string>, jwks?: PublicJwks): Promise<string> {
  const version = draft.version ?? doc.openVersion;
  const note = draft.note === undefined || draft.note.trim() === '' ? {} : { note: draft.note };
  const reviewer = { id: user.id, name: user.name, ...(user.role === undefined ? {} : { role: user.role }) };
  const decision = { id: draft.id, version, reviewer, at: draft.at, label: draft.label, ...note, contentHash: contentHash(doc, version) ?? '' };
  let jws: unknown;
  try {
    jws = await sign(decisionClaims(doc.project_id, decision, chainPrev(doc.review.decisions, version)));
  } catch (error) {
    throw refused(`review.sign failed (${error instanceof Error ? error.name : typeof error}): the host could not sign the decision.`);
  }
  if (typeof jws !== 'string' || readJws(jws) === undefined) throw refused('review.sign must resolve with a compact JWS (ES256 or EdDSA) of the decision it is given.');
  if (jwks !== undefined) {
    const { verdicts } = await verifyDecisions(doc.project_id, [...doc.review.decisions.filter((item) => item.version === version && item.jws !== undefined), { ...decision, jws }], jwks);
    const verdict = verdicts.at(-1)!;
    if (!verdict.verified && verdict.reason !== 'chain-elsewhere') throw refused(`The host's signature does not verify with review.publicKeys: ${unverifiedText(verdict)}.`);
  }
  return jws;
}
