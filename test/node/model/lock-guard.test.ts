import { describe, it, before } from 'node:test';
import { expect } from '../support/expect.js';
import type { EditorAction } from '../../../src/model/actions.js';
import { describeChange } from '../../../src/model/change.js';
import type { ProjectDocument } from '../../../src/model/document.js';
import { createEditorStore, type EditorState, type EditorStore, type LockRefusal } from '../../../src/model/editor-state.js';
import { brokenLock } from '../../../src/model/lock-guard.js';
import { loadLockRules } from '../../../src/model/lock-rules.js';
import { openContent } from '../../../src/model/versions.js';
import '../../../src/model/delivery-edits.js';
import { asset, clip, recommendation, sampleProject } from '../../model/fixtures.js';

/** The last refusal as a lock's (these tests are of the adopter role). */
const lockRefusal = (state: EditorState): LockRefusal | undefined => state.refusal as LockRefusal | undefined;

const REASON = 'Legal disclaimer: required by the station';

/** A template: hook, body and a locked disclaimer (section and take), its length locked; clips 3.2 s long. */
export function template(): ProjectDocument {
  const doc = sampleProject();
  return {
    ...doc,
    voice: { ...doc.voice, voice: 'v-anna' },
    script: { sections: [...doc.script.sections, { id: 's3', label: 'Disclaimer', text: 'Terms apply.', locked: true, lockReason: REASON }] },
    clips: [...doc.clips, { ...clip('c3', 's3', 8), locked: true, lockReason: REASON }],
    assets: ['a-c1', 'a-c2', 'a-c3'].map(asset),
    locks: { duration: { reason: 'Sold as a :30' } },
    recommendations: { items: [recommendation('r1')], chosen: null },
  };
}

function adopterStore(project = template()): EditorStore {
  const store = createEditorStore({ project });
  store.dispatch({ type: 'session/role', role: 'adopter' });
  return store;
}

/** Dispatches `action` as an adopter; the document must be unchanged and the refusal name `reason`. */
function expectRefused(store: EditorStore, action: EditorAction, reason: string | undefined = REASON): void {
  const before = store.getState().project;
  let heard = 0;
  const off = store.subscribe(() => heard++);
  store.dispatch(action);
  off();
  const state = store.getState();
  expect(state.project === before, `${action.type} changed the document`).to.equal(true);
  expect(state.refusal?.action === action, `${action.type} was not refused`).to.equal(true);
  expect(lockRefusal(state)?.reason).to.equal(reason);
  expect(heard).to.equal(1);
  expect(describeChange(state, action)).to.equal(undefined);
}

const disclaimer = (doc: ProjectDocument) => ({ section: doc.script.sections.find((s) => s.id === 's3'), clip: doc.clips.find((c) => c.id === 'c3') });

describe('locks: the guard in the store (adopter role)', () => {
  before(() => loadLockRules());
  it('refuses every edit of a locked clip, section, length; lock/set; and says why each time', () => {
    const store = adopterStore();
    const refusals = new Set<unknown>();
    const actions: EditorAction[] = [
      { type: 'clip/move', id: 'c3', start: 12 },
      { type: 'clip/trim', id: 'c3', trimIn: 0.2 },
      { type: 'clip/gain', id: 'c3', gain: -3 },
      { type: 'clip/fade', id: 'c3', fadeIn: 0.3 },
      { type: 'clip/remove', id: 'c3' },
      { type: 'clip/split', id: 'c3', newId: 'c3b', at: 1, length: 3.2 },
      { type: 'clips/respace', gap: 0.3 },
      { type: 'script/set-text', id: 's3', text: 'No terms.' },
      { type: 'script/set-label', id: 's3', label: 'Fine print' },
      { type: 'script/set-voice', id: 's3', voice: 'v-other' },
      // The disclaimer is read in the ad's voice: changing that voice would change it.
      { type: 'voice/set', voice: 'v-other' },
      { type: 'script/remove-section', id: 's3' },
      { type: 'script/move-section', id: 's3', index: 0 },
      { type: 'script/add-section', section: { id: 's4', label: 'Tag', text: 'Bye' } },
      { type: 'voiceover/received', asset: asset('a-new'), sectionId: 's3', source: null, clipId: 'c3' },
      { type: 'lock/set', target: { kind: 'clip', id: 'c3' }, locked: false },
    ];
    for (const action of actions) {
      expectRefused(store, action);
      refusals.add(store.getState().refusal);
    }
    expectRefused(store, { type: 'project/set-duration', duration: 45 }, 'Sold as a :30');
    expect(refusals.size).to.equal(actions.length);
    expect(lockRefusal(store.getState())?.target.kind).to.equal('duration');
  });

  it('names the section of a refused clip, and lets the adopter edit what is not locked', () => {
    const store = adopterStore();
    store.dispatch({ type: 'clip/move', id: 'c3', start: 1 });
    expect(lockRefusal(store.getState())?.name).to.equal('Disclaimer');
    store.dispatch({ type: 'clip/move', id: 'c1', start: 0.5 });
    store.dispatch({ type: 'script/set-text', id: 's1', text: 'Summer is here' });
    store.dispatch({ type: 'script/add-section', section: { id: 's4', label: 'Offer', text: 'Half price' }, index: 2 });
    const { project, refusal } = store.getState();
    expect(refusal).to.equal(undefined);
    expect(project.clips.find((c) => c.id === 'c1')!.start).to.equal(0.5);
    expect(project.script.sections.map((s) => s.id)).to.deep.equal(['s1', 's2', 's4', 's3']);
  });

  it('joins no locked clip, and a join of two unlocked pieces works', () => {
    const doc = template();
    const store = adopterStore({ ...doc, clips: [...doc.clips, { ...clip('c3', 's3', 8), id: 'c3b', start: 8, trimIn: 0 }] });
    expectRefused(store, { type: 'clip/join', id: 'c3', withId: 'c3b' });
  });

  it('never undoes nor redoes across a lock', () => {
    const store = createEditorStore({ project: template() });
    store.dispatch({ type: 'clip/move', id: 'c3', start: 9 });
    store.dispatch({ type: 'session/role', role: 'adopter' });
    expectRefused(store, { type: 'history/undo' });
    store.dispatch({ type: 'session/role', role: 'creator' });
    store.dispatch({ type: 'history/undo' });
    expect(disclaimer(store.getState().project).clip!.start).to.equal(8);
    store.dispatch({ type: 'session/role', role: 'adopter' });
    expectRefused(store, { type: 'history/redo' });
    // The adopter's own steps undo and redo.
    store.dispatch({ type: 'clip/move', id: 'c1', start: 1 });
    store.dispatch({ type: 'history/undo' });
    expect(store.getState().project.clips[0]!.start).to.equal(0);
    store.dispatch({ type: 'history/redo' });
    expect(store.getState().project.clips[0]!.start).to.equal(1);
  });

  it('the creator changes everything, and sets and clears locks', () => {
    const store = createEditorStore({ project: template() });
    store.dispatch({ type: 'clip/move', id: 'c3', start: 12 });
    store.dispatch({ type: 'script/set-text', id: 's3', text: 'New terms.' });
    store.dispatch({ type: 'project/set-duration', duration: 45 });
    store.dispatch({ type: 'lock/set', target: { kind: 'section', id: 's3' }, locked: false });
    store.dispatch({ type: 'lock/set', target: { kind: 'bed' }, locked: true, reason: 'Licensed track' });
    const { project, refusal } = store.getState();
    expect(refusal).to.equal(undefined);
    expect(disclaimer(project).clip!.start).to.equal(12);
    expect(disclaimer(project).section!.locked).to.equal(undefined);
    expect(project.duration).to.equal(45);
    expect(project.music!.lockReason).to.equal('Licensed track');
  });

  it('holds the bed and the delivery settings', () => {
    const doc = template();
    const store = adopterStore({ ...doc, music: { ...doc.music!, locked: true, lockReason: 'Licensed track' }, locks: { delivery: { reason: 'Station spec' } } });
    expectRefused(store, { type: 'music/gain', gain: -3 }, 'Licensed track');
    expectRefused(store, { type: 'music/set', music: null }, 'Licensed track');
    expectRefused(store, { type: 'mastering/set-preset', preset: 'ebu-r128' }, 'Station spec');
    expectRefused(store, { type: 'project/set-delivery', delivery: { format: 'mp3' } }, 'Station spec');
    expectRefused(store, { type: 'delivery/destinations', destinations: ['streaming'] }, 'Station spec');
  });

  it('"Make the ad" and choosing an idea keep the locked section, its take, its place and the length', () => {
    const store = adopterStore();
    const takes = ['r1-hook', 'r1-cta'].map((sectionId) => ({ asset: asset(`take-${sectionId}`), sectionId, source: { text: 'x', voice: 'v-ben', speed: 1 } }));
    store.dispatch({ type: 'ad/assemble', recommendationId: 'r1', duration: 28, takes });
    const { project } = store.getState();
    expect(JSON.stringify(lockRefusal(store.getState())?.target)).to.equal(undefined);
    expect(project.voice.voice).to.equal('v-ben');
    expect(project.script.sections.map((s) => s.id)).to.deep.equal(['r1-hook', 'r1-cta', 's3']);
    expect(project.duration).to.equal(30);
    expect(disclaimer(project).section!.text).to.equal('Terms apply.');
    expect(disclaimer(project).section!.voice).to.equal('v-anna');
    expect(disclaimer(project).clip!.start).to.equal(8);
    const starts = project.clips.filter((c) => c.sectionId !== 's3').map((c) => c.start);
    // Laid around the locked take: 0.5 to 3.7, then 4 to 7.2 (it ends before 8).
    expect(starts.map((s) => Math.round(s * 10) / 10)).to.deep.equal([0.5, 4]);

    const chosen = adopterStore();
    chosen.dispatch({ type: 'recommendation/choose', id: 'r1' });
    expect(chosen.getState().project.script.sections.map((s) => s.id)).to.deep.equal(['r1-hook', 'r1-cta', 's3']);
  });

  it('a new take keeps a locked clip after it in place', () => {
    const store = adopterStore();
    store.dispatch({ type: 'voiceover/received', asset: { ...asset('a-long'), duration_s: 6 }, sectionId: 's2', source: null, clipId: 'c2' });
    const { project, refusal } = store.getState();
    expect(refusal).to.equal(undefined);
    expect(project.clips.find((c) => c.id === 'c2')!.assetId).to.equal('a-long');
    expect(disclaimer(project).clip!.start).to.equal(8);
  });

  it('versions: a parked version keeps its locks; one with locked parts is not removed; a new one keeps them', () => {
    const store = adopterStore();
    const open = openContent(store.getState().project);
    store.dispatch({ type: 'version/add', version: { id: 'v2' }, content: open });
    expect(store.getState().project.openVersion).to.equal('v2');
    store.dispatch({ type: 'version/open', id: 'v1' });
    expect(store.getState().project.openVersion).to.equal('v1');
    expectRefused(store, { type: 'version/remove', id: 'v2' });
    expectRefused(store, { type: 'version/add', version: { id: 'v3' }, content: { ...open, clips: [] } });
    expectRefused(store, { type: 'version/add', version: { id: 'v3' }, content: { ...open, duration: 15 } }, 'Sold as a :30');
  });

  it('loadProject as an adopter: the same template with its locks loads, another ad does not', () => {
    const store = adopterStore();
    const doc = store.getState().project;
    store.dispatch({ type: 'project/load', project: { ...doc, title: 'Filled in' } });
    expect(store.getState().project.title).to.equal('Filled in');
    expectRefused(store, { type: 'project/load', project: sampleProject() }, 'Sold as a :30');
  });

  it('brokenLock names nothing for equal documents and the first lock for a changed one', () => {
    const doc = template();
    expect(brokenLock(doc, { ...doc, title: 'x' })).to.equal(undefined);
    // The clip is the locked section's take: the section is named first.
    expect(brokenLock(doc, { ...doc, clips: doc.clips.filter((c) => c.id !== 'c3') })?.target).to.deep.equal({ kind: 'section', id: 's3' });
    const free = { ...doc, clips: doc.clips.map((c) => (c.id === 'c1' ? { ...c, locked: true as const } : c)) };
    expect(brokenLock(free, { ...free, clips: free.clips.map((c) => (c.id === 'c1' ? { ...c, gain: -1 } : c)) })?.target).to.deep.equal({ kind: 'clip', id: 'c1' });
  });

  it('project/init keeps the role', () => {
    const store = adopterStore();
    store.dispatch({ type: 'project/init', project: template() });
    expect(store.getState().role).to.equal('adopter');
  });
});
