// The reviewer role (issue 42): the store refuses every edit of the ad, on every path (an edit, a paste, undo,
// redo, a cancelled gesture, a loaded document), but opening another version and the service's facts.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { EditorAction } from '../../../src/model/actions.js';
import { describeChange } from '../../../src/model/change.js';
import { createEditorStore, type EditorStore } from '../../../src/model/editor-state.js';
import { addVersion, openContent } from '../../../src/model/versions.js';
import '../../../src/model/delivery-edits.js';
import { asset, clip, recommendation, sampleProject } from '../../model/fixtures.js';

/** A store on the sample project with a second version, in the reviewer role, after one creator edit (undo) and one undone (redo). */
function reviewerStore(): EditorStore {
  const doc = addVersion(sampleProject({ recommendations: { items: [recommendation('r1')], chosen: null }, assets: [asset('a-c1'), asset('a-c2')] }), { id: 'v2', label: 'Alt' }, openContent(sampleProject()));
  const store = createEditorStore({ project: doc });
  store.dispatch({ type: 'clip/move', id: 'c1', start: 1 });
  store.dispatch({ type: 'clip/move', id: 'c1', start: 2, gesture: 'drag' });
  store.dispatch({ type: 'history/undo' });
  store.dispatch({ type: 'clip/move', id: 'c1', start: 2, gesture: 'drag' });
  store.dispatch({ type: 'session/role', role: 'reviewer' });
  return store;
}

/** `action` is refused: nothing of the document or its history changes, the refusal is the reviewer's, heard once, and no change is reported. */
function refused(store: EditorStore, action: EditorAction): void {
  const before = store.getState();
  let heard = 0;
  const off = store.subscribe(() => heard++);
  store.dispatch(action);
  off();
  const state = store.getState();
  assert.equal(state.project, before.project, `${action.type} changed the document`);
  assert.equal(state.history, before.history, `${action.type} changed the history`);
  assert.ok(state.refusal !== undefined && 'reviewOnly' in state.refusal && state.refusal.action === action, `${action.type} was not refused for the reviewer role`);
  assert.equal(heard, 1, `${action.type}: the refusal is heard once`);
  assert.equal(describeChange(state, action), undefined);
}

describe('the reviewer role in the store', () => {
  it('refuses every edit of the ad: clips, script (a paste), voice, music, mix, mastering, delivery, versions, campaign, locks, a new take, a loaded document', () => {
    const store = reviewerStore();
    const project = store.getState().project;
    const edits: EditorAction[] = [
      { type: 'clip/move', id: 'c1', start: 9 },
      { type: 'clip/trim', id: 'c1', trimIn: 0.5 },
      { type: 'clip/gain', id: 'c1', gain: -3 },
      { type: 'clip/remove', id: 'c2' },
      { type: 'clip/add', clip: clip('c9') },
      { type: 'clip/split', id: 'c1', newId: 'c1b', at: 1, length: 3 },
      { type: 'script/set-text', id: 's1', text: 'pasted words' },
      { type: 'script/add-section', section: { id: 's9', label: 'New', text: '' } },
      { type: 'project/rename', title: 'Renamed' },
      { type: 'project/set-duration', duration: 15 },
      { type: 'voice/set', voice: 'v-ben' },
      { type: 'music/gain', gain: -12 },
      { type: 'music/set', music: null },
      { type: 'mix/set', mix: { duckingDepth: 20 } },
      { type: 'track/set', track: 'music', muted: true },
      { type: 'mastering/set-target', target: -20 },
      { type: 'delivery/stems', stems: true },
      { type: 'version/remove', id: 'v2' },
      { type: 'version/set', id: 'v1', label: 'Main' },
      { type: 'campaign/set', campaign: { advertiser: 'Acme' } },
      { type: 'lock/set', target: { kind: 'clip', id: 'c1' }, locked: true },
      { type: 'recommendation/choose', id: 'r1' },
      { type: 'clips/respace', gap: 1 },
      { type: 'project/load', project: sampleProject({ title: 'Another ad' }) },
    ];
    for (const action of edits) refused(store, action);
    assert.equal(store.getState().project, project);
  });

  it('refuses undo, redo and cancelling a gesture', () => {
    const store = reviewerStore();
    assert.ok(store.getState().history.pastDepth > 0 && store.getState().history.gesture === 'drag');
    refused(store, { type: 'history/undo' });
    refused(store, { type: 'history/cancel-gesture', gesture: 'drag' });
    store.dispatch({ type: 'session/role', role: 'creator' });
    store.dispatch({ type: 'history/undo' });
    store.dispatch({ type: 'session/role', role: 'reviewer' });
    refused(store, { type: 'history/redo' });
  });

  it('lets a reviewer open another version, and the service facts land; an edit that changes nothing is no refusal', () => {
    const store = reviewerStore();
    store.dispatch({ type: 'version/open', id: 'v1' });
    assert.equal(store.getState().project.openVersion, 'v1');
    assert.equal(store.getState().refusal, undefined);
    store.dispatch({ type: 'assets/received', assets: [{ asset_id: 'a-new', kind: 'voice', url: 'https://cdn.example/a-new.wav', mime_type: 'audio/wav', duration_s: 2 }] });
    assert.ok(store.getState().project.assets.some((asset) => asset.asset_id === 'a-new'));
    const state = store.getState();
    store.dispatch({ type: 'clip/move', id: 'nope', start: 3 });
    assert.equal(store.getState(), state);
  });

  it('edits again once the role is creator', () => {
    const store = reviewerStore();
    refused(store, { type: 'project/rename', title: 'Renamed' });
    store.dispatch({ type: 'session/role', role: 'creator' });
    assert.equal(store.getState().refusal, undefined);
    store.dispatch({ type: 'project/rename', title: 'Renamed' });
    assert.equal(store.getState().project.title, 'Renamed');
  });
});
