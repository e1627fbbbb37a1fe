// The review's actions in the store (issue 42): comments, replies, resolving, reopening and decisions, made by
// the session's review.user in every role, never undo steps, each wrong value refused by its path.
import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import type { ReviewAction } from '../../../src/model/actions.js';
import { contentHash } from '../../../src/model/content-hash.js';
import type { ProjectDocument, ReviewPerson } from '../../../src/model/document.js';
import { createEditorStore, type EditorStore } from '../../../src/model/editor-state.js';
import { StudioError } from '../../../src/errors.js';
import { loadLockRules } from '../../../src/model/lock-rules.js';
import type { StudioProjectError } from '../../../src/model/project-error.js';
import { validateProject } from '../../../src/model/validate.js';
import { asset, sampleProject } from '../../model/fixtures.js';

const DANA: ReviewPerson = { id: 'u-dana', name: 'Dana Client', role: 'client' };
const AT = '2026-05-01T09:30:00.000Z';
/** Two 3.2 s takes: c1 at 0 s, c2 at 4 s. */
const project = (): ProjectDocument => sampleProject({ assets: [asset('a-c1'), asset('a-c2')] });

/** A store on the sample project in `role`, with `user` as review.user (`null`: none). */
function storeFor(role: 'creator' | 'adopter' | 'reviewer' = 'reviewer', user: ReviewPerson | null = DANA): EditorStore {
  const store = createEditorStore({ project: project() });
  store.dispatch({ type: 'session/role', role, user: user ?? undefined });
  return store;
}

/** What `action` throws, with nothing changed. */
function refusedWith(store: EditorStore, action: ReviewAction): StudioError {
  const before = store.getState();
  try {
    store.dispatch(action);
  } catch (error) {
    assert.equal(store.getState(), before, `${action.type} changed the state before throwing`);
    assert.ok(error instanceof StudioError, String(error));
    return error;
  }
  assert.fail(`${action.type} was not refused`);
}

const pathsOf = (error: StudioError) => (error as StudioProjectError).issues.map((issue) => issue.path);

describe('review actions', () => {
  before(async () => {
    await loadLockRules();
    await import('../../../src/model/review.js');
  });

  it('a new thread on the open version, pinned to the clip under its start at the offset in its take; one in a gap has no clip', () => {
    const store = storeFor();
    store.dispatch({ type: 'review/comment', id: 'k1', at: AT, body: 'Louder here', start: 1.25, end: 2 });
    store.dispatch({ type: 'clip/trim', id: 'c2', trimIn: 0.5 }); // refused: a reviewer
    store.dispatch({ type: 'review/comment', id: 'k2', at: AT, body: 'Silence?', start: 3.5, end: 3.9 });
    const [first, gap] = store.getState().project.review.comments;
    assert.deepEqual(first, { id: 'k1', thread: 'k1', body: 'Louder here', author: DANA, at: AT, anchor: { version: 'v1', start: 1.25, end: 2, clip: { id: 'c1', offset: 1.25 } } });
    assert.deepEqual(gap!.anchor, { version: 'v1', start: 3.5, end: 3.9 });
    assert.doesNotThrow(() => validateProject(JSON.parse(JSON.stringify(store.getState().project))));
  });

  it('the offset is in the take: a clip trimmed at its start and placed later', () => {
    const store = storeFor('creator');
    store.dispatch({ type: 'clip/trim', id: 'c2', trimIn: 0.5 });
    store.dispatch({ type: 'review/comment', id: 'k1', at: AT, body: 'Here', start: 5, end: 5 });
    assert.deepEqual(store.getState().project.review.comments[0]!.anchor.clip, { id: 'c2', offset: 1.5 });
  });

  it('a reply joins the thread where it is; resolving and reopening mark its first comment, by whom and when', () => {
    const store = storeFor('creator', { id: 'u-sam', name: 'Sam Creator' });
    store.dispatch({ type: 'review/comment', id: 'k1', at: AT, body: 'Louder here', start: 1, end: 2 });
    store.dispatch({ type: 'review/comment', id: 'k2', at: AT, body: 'Done', thread: 'k1' });
    const [first, reply] = store.getState().project.review.comments;
    assert.equal(reply!.thread, 'k1');
    assert.deepEqual(reply!.anchor, first!.anchor);
    store.dispatch({ type: 'review/resolve', thread: 'k1', at: '2026-05-02T10:00:00Z' });
    assert.deepEqual(store.getState().project.review.comments[0]!.resolved, { by: { id: 'u-sam', name: 'Sam Creator' }, at: '2026-05-02T10:00:00Z' });
    const resolved = store.getState();
    store.dispatch({ type: 'review/resolve', thread: 'k1', at: '2026-05-03T10:00:00Z' });
    assert.equal(store.getState(), resolved, 'resolving a resolved thread changes nothing');
    store.dispatch({ type: 'review/reopen', thread: 'k1' });
    assert.equal(store.getState().project.review.comments[0]!.resolved, undefined);
    assert.equal(store.getState().project.review.comments.length, 2);
  });

  it('a decision is appended with the reviewer, the time and the hash of the version now; changes-required needs a note', () => {
    const store = storeFor();
    store.dispatch({ type: 'review/decide', id: 'd1', at: AT, label: 'approved' });
    store.dispatch({ type: 'review/decide', id: 'd2', at: AT, label: 'changes-required', note: 'Slower read' });
    const { decisions } = store.getState().project.review;
    assert.deepEqual(decisions[0], { id: 'd1', version: 'v1', reviewer: DANA, at: AT, label: 'approved', contentHash: contentHash(store.getState().project) });
    assert.equal(decisions[1]!.note, 'Slower read');
    assert.deepEqual(pathsOf(refusedWith(store, { type: 'review/decide', id: 'd3', at: AT, label: 'changes-required' })), ['project.review.decisions[2].note']);
    assert.deepEqual(pathsOf(refusedWith(store, { type: 'review/decide', id: 'd3', at: AT, label: 'changes-required', note: '  ' })), ['project.review.decisions[2].note']);
    assert.deepEqual(pathsOf(refusedWith(store, { type: 'review/decide', id: 'd3', at: AT, label: 'fine' as 'approved' })), ['project.review.decisions[2].label']);
    assert.deepEqual(pathsOf(refusedWith(store, { type: 'review/decide', id: 'd1', at: AT, label: 'approved' })), ['project.review.decisions[2].id']);
    assert.deepEqual(pathsOf(refusedWith(store, { type: 'review/decide', id: 'd3', at: AT, label: 'approved', version: 'v9' })), ['project.review.decisions[2].version']);
    assert.deepEqual(pathsOf(refusedWith(store, { type: 'review/decide', id: 'd3', at: 'yesterday', label: 'approved' })), ['project.review.decisions[2].at']);
    assert.deepEqual(pathsOf(refusedWith(store, { type: 'review/decide', id: 'd3', at: AT, label: 'approved', note: 'x'.repeat(2001) })), ['project.review.decisions[2].note']);
  });

  it('refuses a comment without a body, over 2,000 characters, with a taken id, an unknown thread or version, or a wrong range', () => {
    const store = storeFor();
    store.dispatch({ type: 'review/comment', id: 'k1', at: AT, body: 'x'.repeat(2000), start: 1, end: 2 });
    const cases: [ReviewAction, string][] = [
      [{ type: 'review/comment', id: 'k2', at: AT, body: ' ', start: 1, end: 2 }, 'project.review.comments[1].body'],
      [{ type: 'review/comment', id: 'k2', at: AT, body: 'x'.repeat(2001), start: 1, end: 2 }, 'project.review.comments[1].body'],
      [{ type: 'review/comment', id: 'k1', at: AT, body: 'again', start: 1, end: 2 }, 'project.review.comments[1].id'],
      [{ type: 'review/comment', id: 'k2', at: AT, body: 'reply', thread: 'nope' }, 'project.review.comments[1].thread'],
      [{ type: 'review/comment', id: 'k2', at: AT, body: 'where', version: 'v9', start: 1, end: 2 }, 'project.review.comments[1].anchor.version'],
      [{ type: 'review/comment', id: 'k2', at: AT, body: 'when', start: 2, end: 1 }, 'project.review.comments[1].anchor.end'],
      [{ type: 'review/comment', id: 'k2', at: AT, body: 'when', start: -1, end: 1 }, 'project.review.comments[1].anchor.start'],
      [{ type: 'review/comment', id: 'k2', at: AT, body: 'after', start: 31, end: 32 }, 'project.review.comments[1].anchor.start'],
      [{ type: 'review/comment', id: 'k2', at: 'now', body: 'when', start: 1, end: 2 }, 'project.review.comments[1].at'],
      [{ type: 'review/resolve', thread: 'nope', at: AT }, 'project.review.comments'],
    ];
    for (const [action, path] of cases) assert.deepEqual(pathsOf(refusedWith(store, action)), [path], JSON.stringify(action).slice(0, 80));
  });

  it('without review.user nobody comments, resolves or decides, in any role: review-user-required', () => {
    for (const role of ['creator', 'reviewer'] as const) {
      const store = storeFor(role, null);
      for (const action of [
        { type: 'review/comment', id: 'k1', at: AT, body: 'Hi', start: 1, end: 2 },
        { type: 'review/decide', id: 'd1', at: AT, label: 'approved' },
        { type: 'review/resolve', thread: 'k1', at: AT },
        { type: 'review/reopen', thread: 'k1' },
      ] as ReviewAction[]) {
        const error = refusedWith(store, action);
        assert.equal(error.code, 'review-user-required');
        assert.match(error.message, /config\.review\.user/);
      }
    }
  });

  it('a comment is never an undo step: the creator\'s undo and redo keep it, and keep the edits\' history', () => {
    const store = storeFor('creator');
    store.dispatch({ type: 'clip/move', id: 'c1', start: 0.5 });
    store.dispatch({ type: 'clip/move', id: 'c1', start: 1 });
    store.dispatch({ type: 'history/undo' });
    const depths = [store.getState().history.pastDepth, store.getState().history.futureDepth];
    store.dispatch({ type: 'review/comment', id: 'k1', at: AT, body: 'Keep me', start: 1, end: 2 });
    store.dispatch({ type: 'review/decide', id: 'd1', at: AT, label: 'approved' });
    assert.deepEqual([store.getState().history.pastDepth, store.getState().history.futureDepth], depths);
    assert.equal(store.getState().dirty, true);
    store.dispatch({ type: 'history/redo' });
    assert.equal(store.getState().project.clips[0]!.start, 1);
    store.dispatch({ type: 'history/undo' });
    store.dispatch({ type: 'history/undo' });
    assert.equal(store.getState().project.clips[0]!.start, 0);
    assert.deepEqual(store.getState().project.review.comments.map((item) => item.id), ['k1']);
    assert.deepEqual(store.getState().project.review.decisions.map((item) => item.id), ['d1']);
  });

  it('an adopter comments and decides too (locks hold only on the ad)', () => {
    const store = createEditorStore({ project: { ...project(), clips: project().clips.map((clip) => ({ ...clip, locked: true as const })) } });
    store.dispatch({ type: 'session/role', role: 'adopter', user: DANA });
    store.dispatch({ type: 'review/comment', id: 'k1', at: AT, body: 'Fine', start: 1, end: 2 });
    store.dispatch({ type: 'review/decide', id: 'd1', at: AT, label: 'approved-with-changes', note: 'Tiny nit' });
    assert.equal(store.getState().project.review.comments.length, 1);
    assert.equal(store.getState().project.review.decisions.length, 1);
    assert.equal(store.getState().refusal, undefined);
  });
});
