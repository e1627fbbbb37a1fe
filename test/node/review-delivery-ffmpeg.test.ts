// Review and delivery (issue 42): with review.require, Deliver refuses a version without a fresh approval of each
// required role, naming the version and the missing roles (a feed's template too), and delivers once approved.
import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import { resolveConfig } from '../../src/config/validate.js';
import type { ReviewDecision, ReviewPerson } from '../../src/model/document.js';
import type { StudioError } from '../../src/errors.js';
import { contentHash } from '../../src/model/content-hash.js';
import type { ProjectDocument } from '../../src/model/document.js';
import { projectReducer } from '../../src/model/reducer.js';
import { deliverAd } from '../../src/session/editor-deliver.js';
import { deliverFeed } from '../../src/session/feed-deliver.js';
import { feedHost } from './support/feed-template.js';
import { nodeDeliverHost, sampleProject } from './delivery-make.js';
import { needTools } from './support/tools.js';

const CLIENT: ReviewPerson = { id: 'u-dana', name: 'Dana Client', role: 'client' };
const LEGAL: ReviewPerson = { id: 'u-lee', name: 'Lee Counsel', role: 'legal' };
const REQUIRE = { require: ['client', 'legal'] };
let made = 0;

/** `doc` with `who`'s decision on `version` as it sounds now. */
function decided(doc: ProjectDocument, who: ReviewPerson, label: ReviewDecision['label'], version = doc.openVersion): ProjectDocument {
  const decision: ReviewDecision = { id: `d${++made}`, version, reviewer: who, at: `2026-05-0${made % 9 || 1}T09:30:00.000Z`, label, ...(label === 'changes-required' ? { note: 'Slower' } : {}), contentHash: contentHash(doc, version)! };
  return { ...doc, review: { ...doc.review, decisions: [...doc.review.decisions, decision] } };
}

async function refusal(run: Promise<unknown>): Promise<StudioError> {
  return run.then(
    () => assert.fail('delivered'),
    (error: StudioError) => error,
  );
}

describe('review.require in Deliver', () => {
  before(() => needTools('ffmpeg'));

  it('refuses a version without a fresh approval of each required role, naming it and the missing roles; delivers once approved', async () => {
    const { project: base, sources } = sampleProject(30);
    let project = projectReducer({ ...base, campaign: { ...base.campaign, clearance: 'RC/123456/01' } }, { type: 'version/set', id: 'v1', label: ':30 main' });
    const host = nodeDeliverHost(() => project, sources, REQUIRE);
    const deliver = () => deliverAd(host, { destinations: ['streaming'], stems: false });

    let error = await refusal(deliver());
    assert.equal(error.code, 'review-required');
    assert.equal(error.recoverable, true);
    assert.match(error.message, /version "v1" \(:30 main\) lacks a fresh approval from "client" and "legal"/);
    project = decided(project, CLIENT, 'approved');
    error = await refusal(deliver());
    assert.match(error.message, /version "v1" \(:30 main\) lacks a fresh approval from "legal"\./);
    project = decided(project, LEGAL, 'approved-with-changes');
    // A creator's change of the sound after the approvals: both stale.
    const approved = project;
    project = projectReducer(project, { type: 'clip/gain', id: 'a1', gain: -1 });
    error = await refusal(deliver());
    assert.match(error.message, /lacks a fresh approval from "client" and "legal"/);
    project = approved;
    const result = await deliver();
    assert.equal(result.manifest.files.length, 1);
    // Without review.require, nothing is asked.
    project = base;
    assert.equal((await deliverAd(nodeDeliverHost(() => project, sources), { destinations: ['streaming'], stems: false })).manifest.files.length, 1);
  });

  it('refuses a feed whose template version lacks an approval', async () => {
    const { host } = feedHost();
    const config = () => resolveConfig({ api: { baseUrl: 'https://api.example.com' }, auth: { getToken: () => 't', refreshToken: () => 't' }, review: { require: ['legal'] } });
    const error = await refusal(deliverFeed({ ...host, config }, { destinations: ['streaming'] }));
    assert.equal(error.code, 'review-required');
    assert.match(error.message, /version "v1" lacks a fresh approval from "legal"/);
  });
});
