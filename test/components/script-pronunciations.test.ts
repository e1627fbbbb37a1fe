// The Script panel's voice-over with pronunciations: each request carries the entries that apply to its text,
// a take records them, and changing one entry re-voices only the sections it is in.
import { expect, fixture, html } from '@open-wc/testing';
import { waitUntil } from '../support/wait.js';
import sinon from 'sinon';
import type { ServiceClient } from '../../src/api/client.js';
import type { AssetMetadata } from '../../src/api/contract.js';
import '../../src/components/studio-script-panel/studio-script-panel.js';
import type { StudioScriptPanel } from '../../src/components/studio-script-panel/studio-script-panel.js';
import { createProject } from '../../src/model/document.js';
import type { TestEditorContext } from '../support/editor-context.js';
import '../support/editor-context.js';

const voices = { voices: [{ voice_id: 'ava', name: 'Ava', language: 'en-US', sample_url: '/s', words_per_minute: 120 }] };
let n = 0;
const asset = (): AssetMetadata => ({ asset_id: `v${++n}`, kind: 'voice', url: `/v1/assets/v${n}`, mime_type: 'audio/wav', duration_s: 2 });
const site = { text: 'acme-coffee.com', say: 'acme coffee dot com' };
const brand = [{ text: 'Acme', say: 'ack-mee' }];

async function mount() {
  const voiceover = sinon.stub().callsFake(async () => ({ asset: asset() }));
  const client = { voices: sinon.stub().resolves(voices), pricing: sinon.stub().resolves(undefined), voiceover } as Partial<ServiceClient>;
  const context = await fixture<TestEditorContext>(html`<test-editor-context .client=${client as ServiceClient}>
    <studio-editor-script-panel .brandPronunciations=${brand}></studio-editor-script-panel>
  </test-editor-context>`);
  const project = createProject({ projectId: 'p1', title: 'T', duration: 30, voice: 'ava' });
  const sections = [
    { id: 's1', label: 'Hook', text: 'Wake up to Acme.' },
    { id: 's2', label: 'Body', text: 'Order at acme-coffee.com.' },
    { id: 's3', label: 'Offer', text: 'Ten percent off.' },
  ];
  context.store.dispatch({ type: 'project/init', project: { ...project, pronunciations: [site], script: { sections } } });
  const panel = context.querySelector('studio-editor-script-panel') as StudioScriptPanel;
  await panel.updateComplete;
  const editor = panel.shadowRoot!.querySelector('studio-editor-script-editor')!;
  const generate = async (calls: number) => {
    await waitUntil(() => !editor.busy, 'the panel is idle');
    editor.dispatchEvent(new CustomEvent('voiceover-generate', { bubbles: true }));
    await waitUntil(() => voiceover.callCount === calls && !editor.busy, `${calls} voice-overs`);
  };
  return { context, panel, editor, voiceover, generate };
}

describe('<studio-editor-script-panel>: pronunciations', () => {
  afterEach(() => sinon.restore());

  it('sends each section the entries that apply to it, the host\'s and the project\'s, and records them on the take', async () => {
    const { context, voiceover, generate } = await mount();
    await generate(3);
    const requests = voiceover.getCalls().map((call) => call.args[0] as { section_id: string; pronunciations?: unknown });
    expect(requests.map((request) => [request.section_id, JSON.stringify(request.pronunciations ?? null)])).to.deep.equal([
      ['s1', JSON.stringify([{ text: 'Acme', say: 'ack-mee' }])],
      ['s2', JSON.stringify([site])],
      ['s3', 'null'],
    ]);
    const sources = context.store.getState().project.clips.map((clip) => (clip.source?.pronunciations ?? []).map((entry) => entry.say).join());
    expect(sources).to.deep.equal(['ack-mee', site.say, '']);
  });

  it('changing one entry makes only its section stale, and "Update voice-over" re-voices just that one', async () => {
    const { context, panel, editor, voiceover, generate } = await mount();
    await generate(3);
    expect(editor.stale.size).to.equal(0);
    context.store.dispatch({ type: 'pronunciations/set', entries: [{ ...site, say: 'acme coffee dot C O M' }] });
    await panel.updateComplete;
    await editor.updateComplete;
    expect([...editor.stale]).to.deep.equal(['s2']);
    const button = editor.shadowRoot!.querySelector<HTMLButtonElement>('.actions .primary')!;
    expect(button.textContent!.trim()).to.equal('Update voice-over (1 changed)');
    await generate(4);
    expect(voiceover.lastCall.args[0].section_id).to.equal('s2');
    expect(voiceover.lastCall.args[0].pronunciations).to.deep.equal([{ text: 'acme-coffee.com', say: 'acme coffee dot C O M' }]);
    expect(editor.stale.size).to.equal(0);
  });
});
