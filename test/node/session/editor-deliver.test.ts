// The editor's delivery before anything renders: its refusals (not started, switched off, an unknown
// destination, none chosen), and the name of its ZIP.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { nameValues, versionNameLabels, zipFileName } from '../../../src/session/deliver-pack.js';
import { deliverAd, type DeliverHost } from '../../../src/session/editor-deliver.js';
import type { AudioEngine } from '../../../src/audio/engine.js';
import { resolveConfig } from '../../../src/config/validate.js';
import type { StudioError } from '../../../src/errors.js';
import { createProject } from '../../../src/model/document.js';
import { projectReducer } from '../../../src/model/reducer.js';
import { openContent } from '../../../src/model/versions.js';

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
});
