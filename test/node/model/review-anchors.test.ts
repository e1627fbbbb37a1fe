// Comments follow their clip (issue 42): a comment at 12.5 to 14 s on a clip moves with it, keeps its offset in
// the take through trims and splits, and is orphaned (kept, listed apart) when its audio is gone.
import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import type { ProjectDocument, ReviewComment } from '../../../src/model/document.js';
import { createEditorStore, type EditorStore } from '../../../src/model/editor-state.js';
import type * as Review from '../../../src/model/review.js';
import { addVersion, openContent } from '../../../src/model/versions.js';
import { asset, clip, sampleProject } from '../../model/fixtures.js';

const AT = '2026-05-01T09:30:00.000Z';
let views: typeof Review;

/** The sample project with a third take of 6 s at 12 s. */
function project(): ProjectDocument {
  const doc = sampleProject({ assets: [asset('a-c1'), asset('a-c2'), { ...asset('a-c3'), duration_s: 6 }] });
  return { ...doc, clips: [...doc.clips, clip('c3', null, 12)] };
}

/** A creator's store with Dana's comment at 12.5 to 14 s on c3 (`k1`) and one at 3.5 s, between takes (`k2`). */
function commented(): EditorStore {
  const store = createEditorStore({ project: project() });
  store.dispatch({ type: 'session/role', role: 'creator', user: { id: 'u-dana', name: 'Dana' } });
  store.dispatch({ type: 'review/comment', id: 'k1', at: AT, body: 'Too fast', start: 12.5, end: 14 });
  store.dispatch({ type: 'review/comment', id: 'k2', at: AT, body: 'A gap', start: 3.5, end: 3.8 });
  return store;
}

const comment = (store: EditorStore, id = 'k1'): ReviewComment => store.getState().project.review.comments.find((item) => item.id === id)!;
const range = (store: EditorStore, id = 'k1') => views.commentRange(store.getState().project, comment(store, id));

describe('comments follow their clip', () => {
  before(async () => {
    views = await import('../../../src/model/review.js');
  });

  it('is pinned to the clip at its offset in the take, and moves with the clip by 2 s; one between takes stays', () => {
    const store = commented();
    assert.deepEqual(comment(store).anchor.clip, { id: 'c3', offset: 0.5 });
    assert.deepEqual(range(store), { version: 'v1', start: 12.5, end: 14, orphaned: false });
    store.dispatch({ type: 'clip/move', id: 'c3', start: 14 });
    assert.deepEqual(range(store), { version: 'v1', start: 14.5, end: 16, orphaned: false });
    store.dispatch({ type: 'clip/move', id: 'c1', start: 1 });
    assert.deepEqual(range(store, 'k2'), { version: 'v1', start: 3.5, end: 3.8, orphaned: false });
  });

  it('keeps its place in the audio when the clip is trimmed around it, and is orphaned when the trim cuts its offset away; undo brings it back', () => {
    const store = commented();
    // Trimming 0.3 s off the start (the audio staying in place: the clip starts 0.3 s later).
    store.dispatch({ type: 'clip/trim', id: 'c3', trimIn: 0.3 });
    store.dispatch({ type: 'clip/move', id: 'c3', start: 12.3 });
    assert.deepEqual(range(store), { version: 'v1', start: 12.5, end: 14, orphaned: false });
    store.dispatch({ type: 'clip/trim', id: 'c3', trimIn: 1 });
    assert.equal(range(store).orphaned, true);
    assert.deepEqual(views.reviewThreads(store.getState().project).orphaned.map((thread) => thread.id), ['k1']);
    assert.equal(store.getState().project.review.comments.length, 2, 'kept');
    store.dispatch({ type: 'history/undo' });
    assert.equal(range(store).orphaned, false);
    // The end trimmed before it: of the 6 s take, 0.3 s cut from its start and 5.6 s from its end leave 0.3 to 0.4 s.
    store.dispatch({ type: 'clip/trim', id: 'c3', trimOut: 5.6 });
    assert.equal(range(store).orphaned, true);
  });

  it('is orphaned when its clip is removed, listed apart and kept; follows the piece of a split that plays it', () => {
    const store = commented();
    store.dispatch({ type: 'clip/split', id: 'c3', newId: 'c3b', at: 0.25, length: 6 });
    assert.deepEqual(range(store), { version: 'v1', start: 12.5, end: 14, orphaned: false });
    store.dispatch({ type: 'clip/move', id: 'c3b', start: 20 });
    assert.deepEqual(range(store), { version: 'v1', start: 20.25, end: 21.75, orphaned: false });
    store.dispatch({ type: 'clip/remove', id: 'c3' });
    const threads = views.reviewThreads(store.getState().project);
    assert.deepEqual(threads.orphaned.map((thread) => thread.id), ['k1']);
    assert.deepEqual(threads.open.map((thread) => thread.id), ['k2']);
    assert.deepEqual(range(store), { version: 'v1', start: 12.5, end: 14, orphaned: true });
  });

  it('is orphaned when its version is removed; a comment marked orphaned stays so', () => {
    const store = commented();
    const doc = store.getState().project;
    const two = addVersion(doc, { id: 'v2' }, openContent(doc));
    const gone = { ...two, versions: two.versions.filter((version) => version.id !== 'v1') };
    assert.equal(views.commentRange(gone, comment(store)).orphaned, true);
    assert.equal(views.commentRange(doc, { ...comment(store), orphaned: true }).orphaned, true);
  });

  it('lists threads open (in time order) and resolved apart, per version', () => {
    const store = commented();
    store.dispatch({ type: 'review/comment', id: 'k3', at: AT, body: 'Reply', thread: 'k1' });
    store.dispatch({ type: 'review/comment', id: 'k4', at: AT, body: 'Start', start: 0.2, end: 0.4 });
    store.dispatch({ type: 'review/resolve', thread: 'k2', at: AT });
    const threads = views.reviewThreads(store.getState().project);
    assert.deepEqual(threads.open.map((thread) => [thread.id, thread.comments.map((item) => item.id)]), [['k4', ['k4']], ['k1', ['k1', 'k3']]]);
    assert.deepEqual(threads.resolved.map((thread) => thread.id), ['k2']);
    assert.deepEqual(views.reviewThreads(store.getState().project, 'v2'), { open: [], resolved: [], orphaned: [] });
  });
});
