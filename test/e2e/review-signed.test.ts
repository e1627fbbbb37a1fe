// Signed decisions end to end (issue 54), against the emulator and the reference host backend: a client's reviewer
// approves and the host signs it (review.sign; the Review step says "Verified"); the producer's loadProject() of a
// copy with an approval no one signed leaves Deliver refused, saying "Unverified: …"; the real approval delivers,
// and the ZIP's manifest carries its JWS and key id, which verifyDelivery (service-studio-editor/review, here in the
// browser) accepts against the host's JWKS.
import { expect } from '@open-wc/testing';
import { waitUntil } from '../support/wait.js';
import type { StudioDeliverPanel } from '../../src/components/studio-deliver-panel/studio-deliver-panel.js';
import type { DecisionClaims, PublicJwks } from '../../src/config/types.js';
import type { StudioHandle } from '../../src/create.js';
import type { ReviewDecision } from '../../src/model/document.js';
import { verifyDelivery } from '../../src/review/verify-delivery.js';
import { cleanupMounts } from '../support/auth.js';
import { makeAdOnEmulator } from '../support/made-ad.js';
import { deliverInPanel, podcastOnly, reviewEditor, submitDecision } from '../support/review-steps.js';
import { openPanel } from '../support/panels.js';

const PAT = { id: 'u-pat', name: 'Pat Producer', role: 'producer' };
const DANA = { id: 'u-dana', name: 'Dana Client', role: 'client' };

/** review.sign as a host page writes it: its backend signs the decision. */
async function sign(decision: DecisionClaims): Promise<string> {
  const response = await fetch('/host/review/sign', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(decision) });
  if (!response.ok) throw new Error(`not signed: ${response.status}`);
  return ((await response.json()) as { jws: string }).jws;
}

describe('signed decisions (e2e, emulator and host backend)', () => {
  const handles: StudioHandle[] = [];
  afterEach(() => {
    for (const h of handles.splice(0)) h.destroy();
    cleanupMounts();
  });

  it('a signed approval verifies and delivers; a forged one in a loaded copy leaves Deliver refused, "Unverified: …"', async function () {
    this.timeout(240_000);
    const publicKeys = (await (await fetch('/host/review/jwks')).json()) as PublicJwks;
    expect(publicKeys.keys.every((key) => !('d' in key)), 'the host publishes public keys only').to.equal(true);
    const projectUser = `review-signed-${crypto.randomUUID().slice(0, 8)}`;
    const creator = await reviewEditor(handles, 'editor-producer', projectUser, { user: PAT, require: ['client'], publicKeys });
    await makeAdOnEmulator(creator, projectUser);

    // The client reviews: the host signs the approval; the Review step says it verifies.
    const reviewer = await reviewEditor(handles, 'editor-client', `client-${projectUser}`, { user: DANA, sign, publicKeys });
    await reviewer.loadProject(creator.getProject());
    reviewer.update({ tools: { role: 'reviewer' } });
    await waitUntil(() => reviewer.element.store.getState().role === 'reviewer', 'the reviewer role');
    const review = await openPanel<HTMLElement>(reviewer.element.shadowRoot!, 'review');
    await submitDecision(review, 'approved');
    await waitUntil(() => reviewer.getProject().review.decisions.length === 1, 'the signed approval lands');
    const [approval] = reviewer.getProject().review.decisions as [ReviewDecision];
    expect(approval.jws?.split('.'), 'a compact JWS').to.have.length(3);
    await waitUntil(() => review.shadowRoot!.querySelector('[part=decision] [data-verdict]') !== null, 'the verdict is shown');
    expect(review.shadowRoot!.querySelector('[part=decision] [data-verdict]')!.textContent).to.equal('Verified: signed by the host');

    // The producer loads a copy with an approval no reviewer gave (no signature): Deliver is refused, and says why.
    const forged: ReviewDecision = { id: 'd-forged', version: approval.version, reviewer: DANA, at: new Date().toISOString(), label: 'approved', contentHash: approval.contentHash };
    const copy = creator.getProject();
    await creator.loadProject({ ...copy, review: { ...copy.review, decisions: [forged] } });
    const panel = await openPanel<StudioDeliverPanel>(creator.element.shadowRoot!, 'deliver');
    await podcastOnly(panel);
    const refused = await deliverInPanel(panel);
    expect(refused.zip, 'nothing delivered').to.equal(null);
    const text = refused.alert?.textContent?.replace(/\s+/g, ' ') ?? '';
    expect(text).to.match(/^Not delivered: “[^”]+” needs a fresh approval from client; “Approved” by Dana Client: Unverified: not signed by the host\./);

    // The real approval delivers; the manifest carries its JWS and key id, and the ZIP verifies against the JWKS.
    await creator.loadProject(reviewer.getProject());
    const delivered = await deliverInPanel(panel);
    expect(delivered.alert?.textContent ?? '', 'no refusal').to.equal('');
    const zip = new Uint8Array(await (await fetch(delivered.zip!.href)).arrayBuffer());
    const result = await verifyDelivery(zip, { jwks: publicKeys, require: ['client'] });
    expect(result.problems).to.deep.equal([]);
    expect(result.versions[0]!.approvals.map((entry) => [entry.reviewer, entry.kid])).to.deep.equal([['Dana Client', publicKeys.keys[0]!.kid]]);
  });
});
