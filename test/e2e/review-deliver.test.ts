// review.require through the Deliver panel (issue 42), against the emulator: a producer's editor with
// `require: ['client']` makes an ad; Deliver is refused and the panel says (in an alert, focused) that the client's
// approval is missing. A client's reviewer editor on the same page gets the project, approves it in the Review step;
// the producer loads the reviewed project back and Deliver delivers. The ZIP's manifest.json names the approval with
// the hash of the delivered version (fresh), and report.html too. A creator's change then makes the approval stale:
// Deliver is refused again, naming the role.
import { expect } from '@open-wc/testing';
import { waitUntil } from '../support/wait.js';
import { unzipSync } from 'fflate';
import type { StudioDeliverPanel } from '../../src/components/studio-deliver-panel/studio-deliver-panel.js';
import type { StudioHandle } from '../../src/create.js';
import type { DeliveryManifest } from '../../src/delivery/types.js';
import { contentHash } from '../../src/model/content-hash.js';
import { cleanupMounts } from '../support/auth.js';
import { makeAdOnEmulator } from '../support/made-ad.js';
import { deliverInPanel as deliver, podcastOnly, reviewEditor, submitDecision } from '../support/review-steps.js';
import { openPanel } from '../support/panels.js';

const PAT = { id: 'u-pat', name: 'Pat Producer', role: 'producer' };
const DANA = { id: 'u-dana', name: 'Dana Client', role: 'client' };

describe('review.require in the Deliver panel (e2e, emulator)', () => {
  const handles: StudioHandle[] = [];
  afterEach(() => {
    for (const h of handles.splice(0)) h.destroy();
    cleanupMounts();
  });

  /** The refusal as shown: in an alert that has the focus, naming the client's role. */
  async function expectRefused(panel: StudioDeliverPanel, alert: HTMLElement | null): Promise<void> {
    expect(alert, 'a refusal is shown').to.not.equal(null);
    expect(alert!.getAttribute('role'), 'announced').to.equal('alert');
    const text = alert!.textContent!.replace(/\s+/g, ' ');
    expect(text).to.match(/^Not delivered: “[^”]+” needs a fresh approval from client\./);
    expect(text).to.include('Review step');
    await waitUntil(() => panel.shadowRoot!.activeElement === alert, 'the alert has the focus');
    expect(panel.shadowRoot!.querySelector('[part=zip]'), 'nothing delivered').to.equal(null);
    await expect(alert).to.be.accessible();
  }

  it('refuses Deliver until the client approves, delivers the approval with the hash, and refuses again once it is stale', async function () {
    this.timeout(240_000);
    const projectUser = `review-deliver-${crypto.randomUUID().slice(0, 8)}`;
    const editor = (id: string, userId: string, review: Parameters<typeof reviewEditor>[3]) => reviewEditor(handles, id, userId, review);
    const creator = await editor('editor-producer', projectUser, { user: PAT, require: ['client'] });
    await makeAdOnEmulator(creator, projectUser);
    const panel = await openPanel<StudioDeliverPanel>(creator.element.shadowRoot!, 'deliver');
    await podcastOnly(panel);
    const deliveries: DeliveryManifest[] = [];
    creator.on('deliver', ({ manifest }) => deliveries.push(manifest));

    // No approval yet: refused, and the panel says which role is missing.
    await expectRefused(panel, (await deliver(panel)).alert);
    expect(deliveries).to.have.length(0);

    // The client reviews on the same page: gets the project, approves the open version in the Review step's form.
    const reviewer = await editor('editor-client', `client-${projectUser}`, { user: DANA });
    await reviewer.loadProject(creator.getProject());
    reviewer.update({ tools: { role: 'reviewer' } });
    await waitUntil(() => reviewer.element.store.getState().role === 'reviewer', 'the reviewer role');
    const review = await openPanel<HTMLElement>(reviewer.element.shadowRoot!, 'review');
    await submitDecision(review, 'approved');
    const [decision] = reviewer.getProject().review.decisions;
    expect(decision, 'the approval').to.not.equal(undefined);
    expect([decision!.reviewer, decision!.label]).to.deep.equal([DANA, 'approved']);

    // The producer loads the reviewed project back: Deliver delivers.
    await creator.loadProject(reviewer.getProject());
    const delivered = await deliver(panel);
    expect(delivered.alert?.textContent ?? '', 'no refusal').to.equal('');
    expect(delivered.zip, 'the ZIP').to.not.equal(null);
    expect(deliveries).to.have.length(1);

    // The ZIP, opened here: the manifest names the approval with the delivered version's hash, fresh; the report too.
    const zip = unzipSync(new Uint8Array(await (await fetch(delivered.zip!.href)).arrayBuffer()));
    const manifest = JSON.parse(new TextDecoder().decode(zip['manifest.json'])) as DeliveryManifest;
    const project = creator.getProject();
    const hash = contentHash(project, project.openVersion);
    expect(hash, 'the delivered version\'s hash').to.match(/^[0-9a-f]{64}$/);
    expect(decision!.contentHash, 'approved on this sound').to.equal(hash);
    const [version] = manifest.versions!;
    expect(version!.id).to.equal(project.openVersion);
    expect(version!.contentHash).to.equal(hash);
    expect(version!.decisions).to.deep.equal([{ id: decision!.id, reviewer: DANA, at: decision!.at, label: 'approved', contentHash: hash, fresh: true }]);
    const report = new TextDecoder().decode(zip['report.html']);
    expect(report).to.include(hash!);
    expect(report).to.include('Dana Client</td><td>client</td>');
    expect(report).to.match(/Approved/);
    expect(report).to.match(/Fresh: this sound/);

    // A creator's change makes the approval stale: refused again, naming the role.
    const clip = project.clips[0]!;
    creator.element.store.dispatch({ type: 'clip/gain', id: clip.id, gain: clip.gain - 3 });
    expect(contentHash(creator.getProject(), project.openVersion)).to.not.equal(hash);
    await expectRefused(panel, (await deliver(panel)).alert);
    expect(deliveries, 'no second delivery').to.have.length(1);
  });
});
