// Signed decisions (issue 54): a decision signed by the demo's host backend verifies; every forgery of the review
// in the document is refused with its reason, and none of them satisfies review.require.
import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import { decisionSigner, type DecisionSigner } from '../../../demo/server/host/decision-signer.js';
import type { PublicJwks } from '../../../src/config/types.js';
import type { ProjectDocument, ReviewDecision, ReviewPerson } from '../../../src/model/document.js';
import { createEditorStore, type EditorStore } from '../../../src/model/editor-state.js';
import type * as Review from '../../../src/model/review.js';
import { addVersion, openContent } from '../../../src/model/versions.js';
import { signDecision } from '../../../src/review/sign-decision.js';
import { decisionTrust } from '../../../src/review/trust.js';
import { unverifiedText, verifyDecisions, type DecisionVerdict } from '../../../src/review/verify-decisions.js';
import { asset, sampleProject } from '../../model/fixtures.js';

const CLIENT: ReviewPerson = { id: 'u-dana', name: 'Dana', role: 'client' };
const LEGAL: ReviewPerson = { id: 'u-lee', name: 'Lee', role: 'legal' };
let review: typeof Review;
let made = 0;
let minute = 10;

function store(): EditorStore {
  const doc = sampleProject({ assets: [asset('a-c1'), asset('a-c2')] });
  return createEditorStore({ project: addVersion(doc, { id: 'v2', label: 'Cutdown' }, { ...openContent(doc), duration: 15 }) });
}

/** A decision as the Review step makes it with review.sign: signed by the host, then dispatched with its JWS. */
async function decide(on: EditorStore, signer: DecisionSigner, who: ReviewPerson, label: ReviewDecision['label'], version?: string): Promise<void> {
  on.dispatch({ type: 'session/role', role: 'creator', user: who });
  const draft = { id: `d${++made}`, at: `2026-05-01T09:${minute++}:00.000Z`, label, ...(label === 'changes-required' ? { note: 'Slower' } : {}), ...(version === undefined ? {} : { version }) };
  const jws = await signDecision(on.getState().project, who, draft, async (claims) => signer.sign({ ...claims }), signer.jwks() as PublicJwks);
  on.dispatch({ type: 'review/decide', ...draft, jws });
}

const withDecisions = (doc: ProjectDocument, decisions: readonly ReviewDecision[]): ProjectDocument => ({ ...doc, review: { ...doc.review, decisions } });
const reasons = (verdicts: readonly DecisionVerdict[]) => verdicts.map((verdict) => (verdict.verified ? 'verified' : verdict.reason));

describe('signed decisions', () => {
  let host: DecisionSigner;
  let jwks: PublicJwks;
  before(async () => {
    review = await import('../../../src/model/review.js');
    host = decisionSigner();
    jwks = host.jwks() as PublicJwks;
  });

  it('a decision signed by the demo host backend verifies (ES256), and its JWS names the key', async () => {
    const s = store();
    await decide(s, host, CLIENT, 'approved', 'v2');
    const doc = s.getState().project;
    const { verdicts, broken } = await verifyDecisions(doc.project_id, doc.review.decisions, jwks);
    assert.deepEqual(verdicts, [{ verified: true, kid: host.kid }]);
    assert.equal(broken.size, 0);
    assert.deepEqual(review.missingApprovals(doc, 'v2', ['client'], (await decisionTrust(doc, jwks)).counts), []);
  });

  it('an EdDSA (Ed25519) host key verifies too', async () => {
    const ed = decisionSigner('EdDSA');
    const s = store();
    await decide(s, ed, LEGAL, 'approved');
    const doc = s.getState().project;
    assert.deepEqual(reasons((await verifyDecisions(doc.project_id, doc.review.decisions, ed.jwks() as PublicJwks)).verdicts), ['verified']);
  });

  it('an added approval is refused: unsigned, or signed with a key the host does not publish', async () => {
    const s = store();
    await decide(s, host, CLIENT, 'approved');
    const doc = s.getState().project;
    const real = doc.review.decisions[0]!;
    const unsigned: ReviewDecision = { ...real, id: 'forged-1', reviewer: LEGAL, at: '2026-05-01T10:00:00.000Z', jws: undefined };
    delete (unsigned as { jws?: string }).jws;
    const forger = decisionSigner();
    const forgedClaims = { typ: 'service-studio-editor/decision@1', project: doc.project_id, version: real.version, contentHash: real.contentHash, id: 'forged-2', label: 'approved', reviewer: LEGAL, at: '2026-05-01T10:01:00.000Z', prev: null };
    const signedByForger: ReviewDecision = { ...unsigned, id: 'forged-2', at: '2026-05-01T10:01:00.000Z', jws: forger.sign(forgedClaims) };
    const forged = withDecisions(doc, [real, unsigned, signedByForger]);
    const { verdicts } = await verifyDecisions(forged.project_id, forged.review.decisions, jwks);
    assert.deepEqual(reasons(verdicts), ['chain-elsewhere', 'unsigned', 'unknown-key']);
    assert.match(unverifiedText(verdicts[2] as Exclude<DecisionVerdict, { verified: true }>), /key that review\.publicKeys does not hold/);
    const trust = await decisionTrust(forged, jwks);
    assert.deepEqual(review.missingApprovals(forged, real.version, ['client', 'legal'], trust.counts), ['client', 'legal'], 'a broken chain counts for nothing');
    assert.deepEqual(review.missingApprovals(forged, real.version, ['client', 'legal']), [], 'without keys, today\'s rule would have delivered it');
    const onlyUnsigned = withDecisions(doc, [real, unsigned]);
    assert.deepEqual(review.missingApprovals(onlyUnsigned, real.version, ['client', 'legal'], (await decisionTrust(onlyUnsigned, jwks)).counts), ['legal'], 'an unsigned approval never counts');
  });

  it('a removed "Changes required" that re-opens an older approval breaks the chain after it', async () => {
    const s = store();
    await decide(s, host, LEGAL, 'approved');
    await decide(s, host, LEGAL, 'changes-required');
    await decide(s, host, CLIENT, 'approved');
    const doc = s.getState().project;
    const open = doc.openVersion;
    assert.deepEqual(review.missingApprovals(doc, open, ['client', 'legal'], (await decisionTrust(doc, jwks)).counts), ['legal']);
    const [approval, changes, client] = doc.review.decisions;
    assert.equal(changes!.label, 'changes-required');
    const forged = withDecisions(doc, [approval!, client!]);
    const { verdicts, broken } = await verifyDecisions(forged.project_id, forged.review.decisions, jwks);
    assert.deepEqual(reasons(verdicts), ['chain-elsewhere', 'chain-broken']);
    assert.deepEqual([...broken], [open]);
    assert.deepEqual(review.missingApprovals(forged, open, ['client', 'legal']), [], 'without keys, the older approval would stand again');
    assert.deepEqual(review.missingApprovals(forged, open, ['client', 'legal'], (await decisionTrust(forged, jwks)).counts), ['client', 'legal']);
    const reordered = withDecisions(doc, [approval!, client!, changes!]);
    assert.deepEqual(reasons((await verifyDecisions(doc.project_id, reordered.review.decisions, jwks)).verdicts), ['chain-elsewhere', 'chain-broken', 'chain-broken'], 'reordering breaks every signature after it');
  });

  it('an altered label, a decision moved to another version, one replayed from another project, a wrong key: each refused with its reason', async () => {
    const s = store();
    await decide(s, host, LEGAL, 'changes-required');
    await decide(s, host, CLIENT, 'approved', 'v2');
    const doc = s.getState().project;
    const [changes, approval] = doc.review.decisions as [ReviewDecision, ReviewDecision];
    const check = async (decisions: readonly ReviewDecision[], project = doc.project_id, keys = jwks) => (await verifyDecisions(project, decisions, keys)).verdicts;

    const altered = await check([{ ...changes, label: 'approved' }]);
    assert.deepEqual(altered, [{ verified: false, reason: 'altered', value: 'label' }]);
    assert.equal(unverifiedText(altered[0] as Exclude<DecisionVerdict, { verified: true }>), 'its label is not what was signed');

    const moved = await check([{ ...approval, version: 'v1' }]);
    assert.deepEqual(moved, [{ verified: false, reason: 'other-version', value: 'v2' }]);

    const replayed = await check([approval], 'another-project');
    assert.deepEqual(replayed, [{ verified: false, reason: 'other-project', value: doc.project_id }]);

    const other = decisionSigner();
    assert.deepEqual(await check([approval], doc.project_id, other.jwks() as PublicJwks), [{ verified: false, reason: 'unknown-key', value: host.kid }]);
    const sameKid = { keys: [{ ...other.jwks().keys[0]!, kid: host.kid }] } as PublicJwks;
    assert.deepEqual(await check([approval], doc.project_id, sameKid), [{ verified: false, reason: 'bad-signature' }]);

    const [head, payload, signature] = approval.jws!.split('.');
    const tampered = `${head}.${Buffer.from(Buffer.from(payload!, 'base64url').toString().replace('"approved"', '"approved-with-changes"')).toString('base64url')}.${signature}`;
    assert.deepEqual(await check([{ ...approval, label: 'approved-with-changes', jws: tampered }]), [{ verified: false, reason: 'bad-signature' }]);
    assert.deepEqual(await check([{ ...approval, jws: 'not.a.jws' }]), [{ verified: false, reason: 'malformed' }]);
  });

  it('the store refuses a JWS of another decision, or one that no longer follows the version\'s last signed decision', async () => {
    const s = store();
    s.dispatch({ type: 'session/role', role: 'creator', user: CLIENT });
    const draft = { id: 'dx', at: '2026-05-01T11:00:00.000Z', label: 'approved' as const };
    const jws = await signDecision(s.getState().project, CLIENT, draft, async (claims) => host.sign({ ...claims }));
    assert.throws(() => s.dispatch({ type: 'review/decide', ...draft, label: 'approved-with-changes', jws }), /signs another decision \(its label differs\)/);
    await decide(s, host, LEGAL, 'approved');
    s.dispatch({ type: 'session/role', role: 'creator', user: CLIENT });
    assert.throws(() => s.dispatch({ type: 'review/decide', ...draft, jws }), /does not follow the last signed decision/);
    assert.equal(s.getState().project.review.decisions.length, 1);
  });

  it('a host whose review.sign fails or answers something else is refused, and its own error is not quoted', async () => {
    const s = store();
    const doc = s.getState().project;
    const draft = { id: 'dy', at: '2026-05-01T11:00:00.000Z', label: 'approved' as const };
    await assert.rejects(signDecision(doc, CLIENT, draft, async () => Promise.reject(new Error('secret-token-123'))), (error: Error) => {
      assert.equal((error as { code?: string }).code, 'review-sign');
      assert.doesNotMatch(error.message, /secret-token-123/);
      return true;
    });
    await assert.rejects(signDecision(doc, CLIENT, draft, async () => 'nonsense'), /compact JWS/);
    const other = decisionSigner();
    await assert.rejects(signDecision(doc, CLIENT, draft, async (claims) => other.sign({ ...claims }), jwks), /does not verify with review\.publicKeys: signed with a key/);
  });
});
