// The editor's delivery before anything renders: its refusals (not started, switched off, an unknown
// destination, none chosen, an approval that does not verify), and the name of its ZIP.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { nameValues, versionNameLabels, zipFileName } from '../../../src/session/deliver-pack.js';
import { deliverAd, refuseUnapproved, StudioReviewRequiredError, type DeliverHost } from '../../../src/session/editor-deliver.js';
import type { AudioEngine } from '../../../src/audio/engine.js';
import { resolveConfig } from '../../../src/config/validate.js';
import type { StudioError } from '../../../src/errors.js';
import { createProject } from '../../../src/model/document.js';
import { projectReducer } from '../../../src/model/reducer.js';
import { openContent } from '../../../src/model/versions.js';
import { decisionSigner } from '../../../demo/server/host/decision-signer.js';
import type { PublicJwks } from '../../../src/config/types.js';
import type { ReviewPerson } from '../../../src/model/document.js';
import { createEditorStore } from '../../../src/model/editor-state.js';
import { signDecision } from '../../../src/review/sign-decision.js';
import { decisionTrust } from '../../../src/review/trust.js';
import { sampleProject } from '../../model/fixtures.js';
import { LINE_BREAK, RAW_CONTROL } from '../support/raw-controls.js';

const config = (tools: object = {}) => resolveConfig({ api: { baseUrl: 'https://api.example.com' }, auth: { getToken: () => 't', refreshToken: () => 't' }, tools });
const project = { ...createProject({ projectId: 'p1', title: 'Spring Sale!', duration: 30 }), campaign: { advertiser: 'Acme Coffee', campaign: 'Cold brew', adId: 'ACME1234000', isci: 'ACME1234', versionLabel: ':30 main' } };

function host(overrides: Partial<DeliverHost> = {}): DeliverHost & { errors: StudioError[]; events: Event[] } {
  const errors: StudioError[] = [];
  const events: Event[] = [];
  return {
    config: () => config(),
    engine: async () => ({}) as AudioEngine,
    project: () => project,
    dispatch: (event) => events.push(event),
    emitError: (error) => errors.push(error),
    errors,
    events,
    ...overrides,
  };
}

const refusal = async (run: Promise<unknown>): Promise<string> => run.then(() => 'resolved', (error: StudioError) => error.code);

describe('the editor’s delivery', () => {
  it('refuses before it starts, switched off, an unknown destination, and none', async () => {
    assert.equal(await refusal(deliverAd(host({ engine: async () => undefined }), {})), 'not-ready');
    assert.equal(await refusal(deliverAd(host({ config: () => config({ deliver: false }) }), {})), 'deliver-off');
    const unknown = host();
    await assert.rejects(deliverAd(unknown, { destinations: ['podcast', 'radio-x'] }), (error: StudioError) => error.code === 'deliver-destination' && error.message.includes('"radio-x"') && error.message.includes('podcast'));
    assert.equal(await refusal(deliverAd(host(), { destinations: [] })), 'deliver-none');
    assert.equal(unknown.events.length, 0);
  });

  it('names the ZIP from the advertiser, the title, the length and the day, portable', () => {
    assert.equal(zipFileName(nameValues(project, project.campaign, new Date('2026-11-26T08:00:00Z'))), 'Acme-Coffee_Spring-Sale_30s_2026-11-26_delivery.zip');
    const bare = nameValues(project, { ...project.campaign, advertiser: '' }, new Date('2026-11-26T08:00:00Z'));
    assert.equal(zipFileName(bare), 'Spring-Sale_30s_2026-11-26_delivery.zip');
    // Versions of several lengths: the ZIP's name gives none of them.
    assert.equal(zipFileName(bare, true), 'Spring-Sale_2026-11-26_delivery.zip');
  });

  it('calls a version without a label by its length, once, or by its id when another version delivered has that length', () => {
    const base = createProject({ projectId: 'p2', title: 'Spring Sale', duration: 30 });
    let doc = projectReducer(base, { type: 'version/add', version: { id: 'v2', label: '' }, content: { ...openContent(base), duration: 15 } });
    doc = projectReducer(doc, { type: 'version/add', version: { id: 'v3', label: 'Alt CTA' }, content: openContent(base) });
    doc = projectReducer(doc, { type: 'version/add', version: { id: 'v4', label: '' }, content: openContent(base) });
    assert.deepEqual(Object.fromEntries(versionNameLabels(doc, ['v1', 'v2', 'v3', 'v4'])), { v1: 'v1', v2: '', v3: 'Alt CTA', v4: 'v4' });
    // Delivered alone, the 30 s versions are told apart by length from the :15.
    assert.deepEqual(Object.fromEntries(versionNameLabels(doc, ['v1', 'v2'])), { v1: '', v2: '' });
  });

  it('refuses an approval that does not verify in English: "Unverified" with the reason, each value quoted escaped', async () => {
    await import('../../../src/model/review.js');
    const host = decisionSigner();
    const other = decisionSigner();
    const store = createEditorStore({ project: sampleProject() });
    const decide = async (who: ReviewPerson, id: string, signer?: typeof host) => {
      store.dispatch({ type: 'session/role', role: 'creator', user: who });
      const draft = { id, at: `2026-05-01T09:0${id.length}:00.000Z`, label: 'approved' as const };
      const jws = signer === undefined ? undefined : await signDecision(store.getState().project, who, draft, async (claims) => signer.sign({ ...claims }));
      store.dispatch({ type: 'review/decide', ...draft, ...(jws === undefined ? {} : { jws }) });
    };
    // An approval added in the document, unsigned, by a name with an override and a line feed; one signed with another key.
    await decide({ id: 'u-mal', name: 'Mal\u202Eevil\nFAKE', role: 'legal' }, 'd1');
    await decide({ id: 'u-dana', name: 'Dana', role: 'client' }, 'd22', other);
    const doc = store.getState().project;
    const trust = await decisionTrust(doc, host.jwks() as PublicJwks);
    const error = (() => {
      try {
        refuseUnapproved(doc, [doc.openVersion], ['legal', 'client'], trust);
      } catch (thrown) {
        return thrown as StudioReviewRequiredError;
      }
      return assert.fail('not refused');
    })();
    assert.ok(error instanceof StudioReviewRequiredError);
    assert.equal(error.code, 'review-required');
    assert.match(error.message, /^Not delivered: version "v1" lacks a fresh approval from "legal" and "client"/);
    assert.match(error.message, /; Unverified: "approved" by "Mal\\u202eevil\\nFAKE": not signed by the host/);
    assert.match(error.message, new RegExp(`; Unverified: "approved" by "Dana": signed with a key that review\\.publicKeys does not hold \\(kid "${other.kid}"\\)`));
    assert.doesNotMatch(error.message, RAW_CONTROL);
    assert.doesNotMatch(error.message, LINE_BREAK);
    assert.deepEqual(error.unapproved[0]!.unverified!.map((decision) => decision.reason), ['unsigned', 'unknown-key']);
  });
});
