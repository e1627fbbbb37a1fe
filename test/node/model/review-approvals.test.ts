// Stale approvals (issue 42): an approval holds while its version sounds as approved; any change of the sound
// makes it stale, a label does not; review.require counts each role's last fresh word.
import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import type { ReviewPerson } from '../../../src/model/document.js';
import { createEditorStore, type EditorStore } from '../../../src/model/editor-state.js';
import type * as Review from '../../../src/model/review.js';
import { addVersion, openContent } from '../../../src/model/versions.js';
import { asset, sampleProject } from '../../model/fixtures.js';

const AT = '2026-05-01T09:30:00.000Z';
const CLIENT: ReviewPerson = { id: 'u-dana', name: 'Dana', role: 'client' };
const LEGAL: ReviewPerson = { id: 'u-lee', name: 'Lee', role: 'legal' };
let review: typeof Review;
let made = 0;

function store(): EditorStore {
  const doc = sampleProject({ assets: [asset('a-c1'), asset('a-c2')] });
  return createEditorStore({ project: addVersion(doc, { id: 'v2', label: 'Cutdown' }, { ...openContent(doc), duration: 15 }) });
}

function decide(on: EditorStore, who: ReviewPerson, label: 'approved' | 'approved-with-changes' | 'changes-required', version?: string): void {
  on.dispatch({ type: 'session/role', role: 'creator', user: who });
  on.dispatch({ type: 'review/decide', id: `d${++made}`, at: AT, label, ...(label === 'changes-required' ? { note: 'Slower' } : {}), ...(version === undefined ? {} : { version }) });
}

const statuses = (on: EditorStore, version: string) => review.versionApprovals(on.getState().project, version).map((entry) => `${entry.decision.reviewer.role}:${entry.decision.label}:${entry.status}`);

describe('stale approvals', () => {
  before(async () => {
    review = await import('../../../src/model/review.js');
  });

  it('an approval is fresh until the version\'s sound changes; a label does not; undoing the change makes it fresh again', () => {
    const s = store();
    decide(s, CLIENT, 'approved');
    assert.deepEqual(statuses(s, 'v2'), ['client:approved:fresh']);
    s.dispatch({ type: 'version/set', id: 'v2', label: 'Cutdown :15' });
    s.dispatch({ type: 'project/rename', title: 'Another title' });
    assert.deepEqual(statuses(s, 'v2'), ['client:approved:fresh']);
    s.dispatch({ type: 'clip/gain', id: 'c1', gain: -2 });
    assert.deepEqual(statuses(s, 'v2'), ['client:approved:stale']);
    assert.equal(review.decisionStatus(s.getState().project, s.getState().project.review.decisions[0]!), 'stale');
    s.dispatch({ type: 'history/undo' });
    assert.deepEqual(statuses(s, 'v2'), ['client:approved:fresh']);
  });

  it('decisions are per version: an edit of the open version leaves the parked one\'s approval fresh; a mix change reaches both', () => {
    const s = store();
    decide(s, CLIENT, 'approved', 'v1');
    decide(s, CLIENT, 'approved', 'v2');
    s.dispatch({ type: 'clip/move', id: 'c2', start: 5 });
    assert.deepEqual(statuses(s, 'v1'), ['client:approved:fresh']);
    assert.deepEqual(statuses(s, 'v2'), ['client:approved:stale']);
    s.dispatch({ type: 'mix/set', mix: { duckingDepth: 15 } });
    assert.deepEqual(statuses(s, 'v1'), ['client:approved:stale']);
  });

  it('review.require: each role\'s last fresh decision must approve', () => {
    const s = store();
    const missing = () => review.missingApprovals(s.getState().project, 'v2', ['client', 'legal']);
    assert.deepEqual(missing(), ['client', 'legal']);
    assert.deepEqual(review.missingApprovals(s.getState().project, 'v2', []), []);
    assert.deepEqual(review.missingApprovals(s.getState().project, 'v2', ['legal', 'legal']), ['legal'], 'a role named twice is missing once');
    decide(s, CLIENT, 'approved');
    assert.deepEqual(missing(), ['legal']);
    decide(s, { id: 'u-x', name: 'No role' }, 'approved');
    decide(s, LEGAL, 'approved-with-changes');
    assert.deepEqual(missing(), []);
    decide(s, LEGAL, 'changes-required');
    assert.deepEqual(missing(), ['legal'], 'a later "Changes required" withdraws the approval');
    decide(s, LEGAL, 'approved');
    s.dispatch({ type: 'clip/gain', id: 'c2', gain: -1 });
    assert.deepEqual(missing(), ['client', 'legal'], 'stale approvals count for nothing');
    decide(s, CLIENT, 'approved');
    decide(s, LEGAL, 'approved');
    assert.deepEqual(missing(), []);
    assert.deepEqual(review.missingApprovals(s.getState().project, 'v1', ['client']), ['client']);
  });
});
