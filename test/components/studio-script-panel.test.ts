import { expect, fixture, html } from '@open-wc/testing';
import { waitUntil } from '../support/wait.js';
import sinon from 'sinon';
import type { ServiceClient } from '../../src/api/client.js';
import type { AssetMetadata, VoiceDetails } from '../../src/api/contract.js';
import '../../src/components/studio-script-panel/studio-script-panel.js';
import type { StudioScriptPanel } from '../../src/components/studio-script-panel/studio-script-panel.js';
import { createProject } from '../../src/model/document.js';
import { LEAD_IN, GAP } from '../../src/script/voiceover.js';
import type { TestEditorContext } from '../support/editor-context.js';
import '../support/editor-context.js';

const voices = { voices: [{ voice_id: 'ava', name: 'Ava', language: 'en-US', sample_url: '/s', words_per_minute: 120 }] };
const asset = (id: string, duration: number): AssetMetadata => ({ asset_id: id, kind: 'voice', url: `/v1/assets/${id}`, mime_type: 'audio/wav', duration_s: duration });

async function mount(stubs: Partial<ServiceClient>, voice: string | null = 'ava', details: VoiceDetails | null = null) {
  const client = { voices: sinon.stub().resolves(voices), pricing: sinon.stub().resolves(undefined), ...stubs } as Partial<ServiceClient>;
  const context = await fixture<TestEditorContext>(html`<test-editor-context .client=${client as ServiceClient}>
    <studio-editor-script-panel></studio-editor-script-panel>
  </test-editor-context>`);
  const project = createProject({ projectId: 'p1', title: 'T', duration: 20, ...(voice ? { voice } : {}) });
  context.store.dispatch({
    type: 'project/init',
    project: {
      ...project,
      voice: { ...project.voice, details },
      script: {
        sections: [
          { id: 's1', label: 'Hook', text: 'One two three four.' },
          { id: 's2', label: 'Offer', text: 'Five six seven eight.' },
        ],
      },
    },
  });
  const panel = context.querySelector('studio-editor-script-panel') as StudioScriptPanel;
  await panel.updateComplete;
  const editor = panel.shadowRoot!.querySelector('studio-editor-script-editor')!;
  return { context, panel, editor };
}

const edit = (target: Element, detail: unknown) => target.dispatchEvent(new CustomEvent('script-edit', { detail, bubbles: true }));

describe('<studio-editor-script-panel>', () => {
  afterEach(() => sinon.restore());

  it("estimates with the voice's rate as the document keeps it (the voice panel's choice): 4 words at 120 wpm is 2 s", async () => {
    const { editor } = await mount({}, 'ava', voices.voices[0]!);
    await waitUntil(() => editor.shadowRoot!.querySelector('.estimate')?.textContent === 'about 2.0 s');
  });

  it('makes typing in one field one undo step, and a new field another', async () => {
    const { context, editor } = await mount({});
    const depth = () => context.store.getState().history.pastDepth;
    edit(editor, { kind: 'text', id: 's1', value: 'One', final: false });
    edit(editor, { kind: 'text', id: 's1', value: 'One t', final: false });
    edit(editor, { kind: 'text', id: 's1', value: 'One two', final: true });
    expect(depth()).to.equal(1);
    edit(editor, { kind: 'text', id: 's1', value: 'One two!', final: true });
    expect(depth()).to.equal(2);
    edit(editor, { kind: 'add' });
    expect(context.store.getState().project.script.sections.map((section) => section.label)).to.deep.equal(['Hook', 'Offer', 'Section 3']);
    context.store.dispatch({ type: 'history/undo' });
    context.store.dispatch({ type: 'history/undo' });
    context.store.dispatch({ type: 'history/undo' });
    expect(context.store.getState().project.script.sections[0]!.text).to.equal('One two three four.');
  });

  it('fits the script through the service in one undo step, keeping per-section voices', async () => {
    const format = sinon.stub().resolves({ sections: [{ id: 's1', label: 'Hook', text: 'Short.' }], estimated_duration_s: 2, usage: { credits_used: 1 } });
    const { context, panel, editor } = await mount({ format });
    context.store.dispatch({ type: 'script/set-voice', id: 's1', voice: 'ava' });
    editor.dispatchEvent(new CustomEvent('script-fit', { bubbles: true }));
    await waitUntil(() => context.store.getState().project.script.sections.length === 1);
    expect(format.firstCall.args[0]).to.deep.include({ project_id: 'p1', duration: 20, voice_id: 'ava', speed: 1 });
    expect(context.store.getState().project.script.sections).to.deep.equal([{ id: 's1', label: 'Hook', text: 'Short.', voice: 'ava' }]);
    expect(context.store.getState().project.usage.length).to.equal(1);
    await waitUntil(() => panel.shadowRoot!.querySelector('[role=status]')!.textContent === 'The script now fits 20 s. Undo to go back.');
  });

  it("says what the fit did in the user's words: the sections shortened and by how much, or that it already fits", async () => {
    const changed = { sections: [{ id: 's1', label: 'Hook', text: 'Short.' }], estimated_duration_s: 2, changes: [{ section_id: 's1', label: 'Hook', before_s: 4.1, after_s: 2 }], summary: 'shortened Hook by 2.1 s' };
    const format = sinon.stub().resolves(changed);
    const { context, panel, editor } = await mount({ format });
    editor.dispatchEvent(new CustomEvent('script-fit', { bubbles: true }));
    const status = () => panel.shadowRoot!.querySelector('[role=status]')!.textContent;
    await waitUntil(() => status() === 'The script now fits 20 s: shortened “Hook” by 2.1 s. Undo to go back.', () => `status: ${status()}`);
    const before = context.store.getState().project.script.sections;
    format.resolves({ sections: before.map(({ id, label, text }) => ({ id, label, text })), estimated_duration_s: 2, changes: [], summary: 'already fits' });
    editor.dispatchEvent(new CustomEvent('script-fit', { bubbles: true }));
    await waitUntil(() => status() === 'The script already fits 20 s: nothing was changed.', () => `status: ${status()}`);
    expect(context.store.getState().project.script.sections).to.equal(before);
  });

  it('voices only the sections that changed, placed one after another', async () => {
    const voiceover = sinon.stub();
    voiceover.onFirstCall().resolves({ asset: asset('v1', 2), usage: { credits_used: 2 } });
    voiceover.onSecondCall().resolves({ asset: asset('v2', 3) });
    voiceover.onThirdCall().resolves({ asset: asset('v3', 2.5) });
    const { context, editor } = await mount({ voiceover });
    editor.dispatchEvent(new CustomEvent('voiceover-generate', { bubbles: true }));
    await waitUntil(() => context.store.getState().project.clips.length === 2);
    const clips = context.store.getState().project.clips;
    expect(clips.map((clip) => [clip.sectionId, clip.start])).to.deep.equal([
      ['s1', LEAD_IN],
      ['s2', LEAD_IN + 2 + GAP],
    ]);
    expect(voiceover.firstCall.args[0]).to.deep.equal({ project_id: 'p1', text: 'One two three four.', voice_id: 'ava', speed: 1, section_id: 's1' });
    edit(editor, { kind: 'text', id: 's2', value: 'Changed.', final: true });
    editor.dispatchEvent(new CustomEvent('voiceover-generate', { bubbles: true }));
    await waitUntil(() => voiceover.callCount === 3);
    await waitUntil(() => context.store.getState().project.clips.find((clip) => clip.sectionId === 's2')?.assetId === 'v3');
    expect(voiceover.thirdCall.args[0].section_id).to.equal('s2');
    expect(context.store.getState().project.clips.length).to.equal(2);
    expect(context.store.getState().project.clips.find((clip) => clip.sectionId === 's2')!.start).to.equal(LEAD_IN + 2 + GAP);
  });

  it('keeps voiced sections when a later one fails, and says which failed', async () => {
    const voiceover = sinon.stub();
    voiceover.onFirstCall().resolves({ asset: asset('v1', 2) });
    voiceover.onSecondCall().rejects(Object.assign(new Error('The service is busy.'), { code: 'rate-limited' }));
    const { context, panel, editor } = await mount({ voiceover });
    editor.dispatchEvent(new CustomEvent('voiceover-generate', { bubbles: true }));
    await waitUntil(() => panel.shadowRoot!.querySelector('[role=alert]'));
    expect(panel.shadowRoot!.querySelector('[role=alert] [part=error-text]')!.textContent).to.equal(
      'The voice-over of “Offer” failed. Too many requests right now. Wait a minute, then try again. The sections already voiced are kept.',
    );
    expect(context.store.getState().project.clips.map((clip) => clip.sectionId)).to.deep.equal(['s1']);
  });

  it('asks the service for nothing while hidden, and loads the voice library once shown', async () => {
    const voicesStub = sinon.stub().resolves(voices);
    const context = await fixture<TestEditorContext>(html`<test-editor-context .client=${{ voices: voicesStub, pricing: async () => undefined } as unknown as ServiceClient}>
      <studio-editor-script-panel hidden></studio-editor-script-panel>
    </test-editor-context>`);
    const panel = context.querySelector('studio-editor-script-panel') as StudioScriptPanel;
    await panel.updateComplete;
    expect(voicesStub.callCount).to.equal(0);
    panel.hidden = false;
    await panel.updateComplete;
    expect(voicesStub.callCount).to.equal(1);
  });

  it('asks for a voice first when none is chosen', async () => {
    const voiceover = sinon.stub();
    const { panel, editor } = await mount({ voiceover }, null);
    editor.dispatchEvent(new CustomEvent('voiceover-generate', { bubbles: true }));
    await panel.updateComplete;
    expect(panel.shadowRoot!.querySelector('[role=alert]')!.textContent).to.equal('Choose a voice in the Voice panel before generating voice-over.');
    expect(voiceover.called).to.equal(false);
    await expect(panel).to.be.accessible();
  });
});
