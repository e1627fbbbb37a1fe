// Issue 38, what was made is shown: the confirmation of "Make the ad" (made-confirmation.ts), from the store's
// `ad/assemble`, kept through service facts and gone after any edit, so that its Undo undoes the make only.
// Its words come in a chunk (made-notice.ts) fetched on the first make: the tests wait for it.
import { expect } from '@open-wc/testing';
import { waitUntil } from '../../support/wait.js';
import type { ReactiveController } from 'lit';
import type { AssetMetadata, Recommendation } from '../../../src/api/contract.js';
import { MadeController } from '../../../src/components/studio-editor/made-confirmation.js';
import { madeSummary } from '../../../src/components/studio-editor/made-notice.js';
import { createTranslator } from '../../../src/i18n/translate.js';
import { createProject } from '../../../src/model/document.js';
import { createEditorStore, type EditorAction } from '../../../src/model/editor-state.js';

const idea: Recommendation = {
  recommendation_id: 'rec-1',
  title: 'Fresh start',
  script: {
    sections: [
      { id: 'hook', label: 'Hook', text: 'Tired of slow mornings?' },
      { id: 'body', label: 'Body', text: 'Brew makes cold coffee overnight.' },
      { id: 'cta', label: 'Call to action', text: 'Try Brew today.' },
    ],
  },
  voice: { voice_id: 'en-us-ava', name: 'Ava', language: 'en-US', gender: 'female' },
  music: { track_id: 'calm-harbour', title: 'Calm Harbour', style: 'calm' },
  duration_s: 29.6,
};

const asset = (id: string, seconds: number): AssetMetadata => ({ asset_id: id, kind: 'voice', url: `https://cdn.example/${id}.wav`, mime_type: 'audio/wav', duration_s: seconds });
const make: Extract<EditorAction, { type: 'ad/assemble' }> = {
  type: 'ad/assemble',
  recommendationId: 'rec-1',
  duration: 30,
  untitled: ['Untitled ad'],
  takes: idea.script.sections.map((section, index) => ({ asset: asset(`a-${section.id}`, 4 + index), sectionId: section.id, source: { text: section.text, voice: 'en-us-ava', speed: 1 } })),
};

/** A store with the idea received, and a host that counts its updates. */
function setUp() {
  const store = createEditorStore({ project: createProject({ projectId: 'p1', title: 'Untitled ad', duration: 30 }) });
  store.dispatch({ type: 'recommendations/received', recommendations: [idea] });
  const controllers: ReactiveController[] = [];
  let focused = 0;
  const t = createTranslator('en');
  const host = { store, updates: 0, addController: (c: ReactiveController) => controllers.push(c), removeController: () => undefined, requestUpdate: () => host.updates++, updateComplete: Promise.resolve(true) };
  const made = new MadeController(host, { t: () => t, made: () => focused++ });
  controllers.forEach((c) => c.hostConnected?.());
  return { store, made, focused: () => focused, disconnect: () => controllers.forEach((c) => c.hostDisconnected?.()) };
}

describe('made-confirmation', () => {
  it('sums up the make: the sections voiced, the voice, the bed and where the voice ends', () => {
    const { store } = setUp();
    store.dispatch(make);
    const summary = madeSummary(store.getState().project, make);
    // 0.5 s lead-in, 4 + 5 + 6 s of takes, two gaps of 0.3 s.
    expect({ ...summary, voiceEnd: Math.round(summary.voiceEnd * 10) / 10 }).to.deep.equal({ title: 'Fresh start', sections: ['Hook', 'Body', 'Call to action'], voice: 'Ava', bed: 'Calm Harbour', voiceEnd: 16.1, target: 30 });
  });

  it('shows a dismissible notice with Undo after the make, and tells the editor to focus the ad', async () => {
    const { store, made, focused } = setUp();
    expect(made.withNotices([]).length).to.equal(0);
    store.dispatch(make);
    await waitUntil(() => focused() === 1, 'the notice’s chunk here');
    const [notice] = made.withNotices([]);
    expect(notice?.kind).to.equal('ad-made');
    expect(notice?.dismissible).to.equal(true);
    const t = createTranslator('en');
    expect(t(notice!.message, notice!.params)).to.equal('Made “Fresh start”: Hook, Body, and Call to action voiced by Ava, over “Calm Harbour”. The voice ends at 16.1 s of 30 s.');
    expect(notice!.actions.map((action) => t(action.label))).to.deep.equal(['Undo']);
    // The same array while nothing changed (the notices element is not updated for nothing).
    const none: never[] = [];
    expect(made.withNotices(none) === made.withNotices(none)).to.equal(true);
    expect(made.dismiss('other-tab')).to.equal(false);
    expect(made.dismiss('ad-made')).to.equal(true);
    expect(made.withNotices([]).length).to.equal(0);
  });

  it('undoes the whole make in one step, usage kept', async () => {
    const { store, made, focused } = setUp();
    const before = store.getState().project;
    store.dispatch(make);
    store.dispatch({ type: 'usage/received', operation: 'generate', usage: { credits_used: 8 } });
    await waitUntil(() => focused() === 1, 'the notice’s chunk here');
    expect(made.withNotices([]).length, 'a service fact keeps it').to.equal(1);
    made.withNotices([])[0]!.actions[0]!.run();
    const after = store.getState().project;
    expect(after.clips.length).to.equal(0);
    expect(after.title).to.equal(before.title);
    expect(after.recommendations.chosen).to.equal(null);
    expect(after.script).to.deep.equal(before.script);
    expect(after.usage.map((entry) => entry.operation)).to.deep.equal(['generate']);
    expect(store.getState().history.pastDepth).to.equal(0);
    expect(made.withNotices([]).length).to.equal(0);
  });

  it('goes after an edit, so that its Undo never undoes something else', async () => {
    const { store, made, focused, disconnect } = setUp();
    store.dispatch(make);
    await waitUntil(() => focused() === 1, 'the notice’s chunk here');
    expect(made.withNotices([]).length).to.equal(1);
    store.dispatch({ type: 'project/rename', title: 'My ad' });
    expect(made.withNotices([]).length).to.equal(0);
    made.undo();
    expect(store.getState().project.title, 'nothing undone').to.equal('My ad');
    disconnect();
    store.dispatch(make);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(made.withNotices([]).length, 'not listening once disconnected').to.equal(0);
    expect(focused()).to.equal(1);
  });

  it('an edit before the chunk arrives: no notice of a make that is no longer the last step', async () => {
    const { store, made, focused } = setUp();
    store.dispatch(make);
    store.dispatch({ type: 'project/rename', title: 'My ad' });
    await import('../../../src/components/studio-editor/made-notice.js');
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(made.withNotices([]).length).to.equal(0);
    expect(focused()).to.equal(0);
  });
});
