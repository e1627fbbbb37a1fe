import { describe, it } from 'node:test';
import { expect } from '../support/expect.js';
import type { EditorAction } from '../../../src/model/actions.js';
import { canRedo, canUndo, createEditorStore, editorReducer, initialEditorState, type EditorState } from '../../../src/model/editor-state.js';
import { pastDocuments } from '../../../src/model/history.js';
import { asset, recommendation, sampleProject } from '../../model/fixtures.js';

const run = (state: EditorState, ...actions: EditorAction[]) => actions.reduce(editorReducer, state);
const start = () => initialEditorState(sampleProject());

describe('undo and redo', () => {
  it('undoes and redoes each edit as one step', () => {
    let state = run(start(), { type: 'script/set-text', id: 's1', text: 'Hi' }, { type: 'clip/gain', id: 'c1', gain: -4 }, { type: 'mix/set', mix: { musicLevel: -9 } });
    expect(state.history.pastDepth).to.equal(3);
    state = run(state, { type: 'history/undo' });
    expect(state.project.mix.musicLevel).to.equal(-6);
    expect(state.project.clips[0]!.gain).to.equal(-4);
    state = run(state, { type: 'history/undo' }, { type: 'history/undo' });
    expect(state.project.script.sections[0]!.text).to.equal('Hello');
    expect(canUndo(state)).to.equal(false);
    state = run(state, { type: 'history/undo' });
    expect(state.history.futureDepth).to.equal(3);
    state = run(state, { type: 'history/redo' }, { type: 'history/redo' });
    expect(state.project.clips[0]!.gain).to.equal(-4);
    expect(state.project.mix.musicLevel).to.equal(-6);
    expect(canRedo(state)).to.equal(true);
  });

  it('a new edit after undo drops the redo branch', () => {
    const state = run(start(), { type: 'project/rename', title: 'A' }, { type: 'history/undo' }, { type: 'project/rename', title: 'B' });
    expect(canRedo(state)).to.equal(false);
    expect(state.project.title).to.equal('B');
  });

  it('a drag with one gesture id is one step, and the next drag is another', () => {
    let state = start();
    for (let i = 1; i <= 30; i++) state = run(state, { type: 'clip/move', id: 'c2', start: 4 + i / 10, gesture: 'drag-1' });
    state = run(state, { type: 'history/end-gesture', gesture: 'drag-1' });
    for (let i = 1; i <= 5; i++) state = run(state, { type: 'mix/set', mix: { duckingDepth: 9 + i }, gesture: 'slider-1' });
    expect(state.history.pastDepth).to.equal(2);
    state = run(state, { type: 'history/undo' });
    expect(state.project.mix.duckingDepth).to.equal(9);
    expect(state.project.clips[1]!.start).to.equal(7);
    state = run(state, { type: 'history/undo' });
    expect(state.project.clips[1]!.start).to.equal(4);
  });

  it('reusing a gesture id after undo starts a new step', () => {
    const state = run(start(), { type: 'clip/gain', id: 'c1', gain: -1, gesture: 'g' }, { type: 'history/undo' }, { type: 'clip/gain', id: 'c1', gain: -2, gesture: 'g' }, { type: 'clip/gain', id: 'c1', gain: -3, gesture: 'g' });
    expect(state.history.pastDepth).to.equal(1);
    expect(canRedo(state)).to.equal(false);
  });

  it('cancelling a gesture reverts it and leaves nothing to redo', () => {
    const state = run(start(), { type: 'clip/move', id: 'c1', start: 1, gesture: 'd' }, { type: 'clip/move', id: 'c1', start: 2, gesture: 'd' }, { type: 'history/cancel-gesture', gesture: 'd' });
    expect(state.project.clips[0]!.start).to.equal(0);
    expect(canUndo(state)).to.equal(false);
    expect(canRedo(state)).to.equal(false);
  });

  it('choosing a recommendation is one step that undoes script, voice and music together', () => {
    let state = run(start(), { type: 'recommendations/received', recommendations: [recommendation('r1')] }, { type: 'recommendation/choose', id: 'r1' });
    expect(state.history.pastDepth).to.equal(1);
    state = run(state, { type: 'history/undo' });
    expect(state.project.script.sections[0]!.id).to.equal('s1');
    expect(state.project.voice.voice).to.equal(null);
    expect(state.project.music!.track!.track_id).to.equal('t-1');
    expect(state.project.recommendations.items.length).to.equal(1);
  });

  it('service results are no undo step and survive undo and redo', () => {
    let state = run(start(), { type: 'project/rename', title: 'A' }, { type: 'project/rename', title: 'B' }, { type: 'history/undo' });
    state = run(state, { type: 'usage/received', operation: 'voiceover', usage: { credits_used: 1 } }, { type: 'assets/received', assets: [asset('a9')] });
    expect(state.history.pastDepth).to.equal(1);
    expect(state.history.futureDepth).to.equal(1);
    state = run(state, { type: 'history/undo' });
    expect(state.project.usage.length).to.equal(1);
    expect(state.project.assets.length).to.equal(1);
    state = run(state, { type: 'history/redo' }, { type: 'history/redo' });
    expect(state.project.title).to.equal('B');
    expect(state.project.assets[0]!.asset_id).to.equal('a9');
  });

  it('undoing a received voice-over puts the previous take back but keeps the new asset', () => {
    let state = run(start(), { type: 'voiceover/received', asset: asset('a-take2'), sectionId: 's1', clipId: 'c1b', source: null });
    expect(state.project.clips[0]!.id).to.equal('c1b');
    state = run(state, { type: 'history/undo' });
    expect(state.project.clips[0]!.id).to.equal('c1');
    expect(state.project.assets.map((a) => a.asset_id)).to.deep.equal(['a-take2']);
  });

  it('keeps at most the history limit, dropping the oldest steps', () => {
    let state = initialEditorState(sampleProject(), 200);
    for (let i = 0; i < 250; i++) state = run(state, { type: 'clip/move', id: 'c1', start: i + 1 });
    expect(state.history.pastDepth).to.equal(200);
    // The dropped steps are released, not only hidden.
    expect(state.history.pastSize).to.be.at.most(200 + 50);
    expect(pastDocuments(state.history).length).to.equal(200);
    for (let i = 0; i < 300; i++) state = run(state, { type: 'history/undo' });
    expect(state.project.clips[0]!.start).to.equal(50);
    expect(canUndo(state)).to.equal(false);
    for (let i = 0; i < 300; i++) state = run(state, { type: 'history/redo' });
    expect(state.project.clips[0]!.start).to.equal(250);
    expect(state.history.pastDepth).to.equal(200);
  });

  it('shares unchanged subtrees between steps', () => {
    const state = run(start(), { type: 'clip/move', id: 'c1', start: 2 });
    const before = pastDocuments(state.history)[0]!;
    expect(state.project.clips[1] === before.clips[1]).to.equal(true);
    expect(state.project.script === before.script).to.equal(true);
    expect(state.project.mix === before.mix).to.equal(true);
  });

  it('tracks the dirty flag against the last save, through undo', () => {
    let state = run(start(), { type: 'project/rename', title: 'A' });
    expect(state.dirty).to.equal(true);
    state = run(state, { type: 'persist/saved', project: state.project });
    expect(state.dirty).to.equal(false);
    state = run(state, { type: 'history/undo' });
    expect(state.dirty).to.equal(true);
    state = run(state, { type: 'history/redo' });
    expect(state.dirty).to.equal(false);
  });

  it('project/load is one undo step; project/init clears the history', () => {
    let state = run(start(), { type: 'project/load', project: sampleProject({ title: 'Host' }) });
    expect(state.project.title).to.equal('Host');
    state = run(state, { type: 'history/undo' });
    expect(state.project.title).to.equal('Summer sale');
    state = run(state, { type: 'project/init', project: sampleProject({ title: 'Fresh' }) });
    expect(canUndo(state) || canRedo(state)).to.equal(false);
    expect(state.dirty).to.equal(false);
  });
});

describe('createEditorStore', () => {
  it('gives frozen snapshots, notifies with the action, and stops after off()', () => {
    const store = createEditorStore({ project: sampleProject() });
    const seen: string[] = [];
    const off = store.subscribe((_state, action) => seen.push(action.type));
    store.dispatch({ type: 'clip/move', id: 'c1', start: 3 });
    store.dispatch({ type: 'clip/move', id: 'nope', start: 3 });
    store.dispatch({ type: 'history/undo' });
    off();
    store.dispatch({ type: 'history/redo' });
    expect(seen).to.deep.equal(['clip/move', 'history/undo']);
    const state = store.getState();
    expect(Object.isFrozen(state.project.clips[0])).to.equal(true);
    expect(Object.isFrozen(state.history.future)).to.equal(true);
    expect(() => {
      (state.project as { title: string }).title = 'x';
    }).to.throw(TypeError);
  });
});
