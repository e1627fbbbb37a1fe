import { expect, fixture, html } from '@open-wc/testing';
import { waitUntil } from '../support/wait.js';
import sinon from 'sinon';
import type { ServiceClient } from '../../src/api/client.js';
import '../../src/components/studio-voice-panel/studio-voice-panel.js';
import type { StudioVoicePanel } from '../../src/components/studio-voice-panel/studio-voice-panel.js';
import type { TestEditorContext } from '../support/editor-context.js';
import '../support/editor-context.js';

const library = {
  voices: [
    { voice_id: 'ava', name: 'Ava', language: 'en-US', gender: 'female' as const, sample_url: '/v1/voices/ava/sample', words_per_minute: 190 },
    { voice_id: 'hugo', name: 'Hugo', language: 'fr-FR', gender: 'male' as const, sample_url: '/v1/voices/hugo/sample', words_per_minute: 170 },
  ],
};

async function mount(voices: sinon.SinonStub) {
  const context = await fixture<TestEditorContext>(html`<test-editor-context .client=${{ voices, fetch: sinon.stub(), pricing: sinon.stub().resolves(undefined) } as unknown as ServiceClient}>
    <studio-editor-voice-panel></studio-editor-voice-panel>
  </test-editor-context>`);
  const panel = context.querySelector('studio-editor-voice-panel') as StudioVoicePanel;
  await panel.updateComplete;
  return { context, panel, picker: () => panel.shadowRoot!.querySelector('studio-editor-voice-picker')! };
}

describe('<studio-editor-voice-panel>', () => {
  afterEach(() => sinon.restore());

  it('chooses a voice with its details as the service gave them', async () => {
    const { context, panel, picker } = await mount(sinon.stub().resolves(library));
    await waitUntil(() => picker().voices.length === 2);
    picker().dispatchEvent(new CustomEvent('voice-choose', { detail: 'hugo', bubbles: true }));
    const voice = context.store.getState().project.voice;
    expect(voice.voice).to.equal('hugo');
    expect(voice.details).to.deep.equal({ voice_id: 'hugo', name: 'Hugo', language: 'fr-FR', gender: 'male' });
    await panel.updateComplete;
    expect(panel.shadowRoot!.querySelector('[role=status]')!.textContent).to.equal('Hugo will speak the ad.');
    await expect(panel).to.be.accessible();
  });

  it('makes a speed drag one undo step', async () => {
    const { context, picker } = await mount(sinon.stub().resolves(library));
    for (const [value, final] of [[1.05, false], [1.1, false], [1.15, true]] as const) {
      picker().dispatchEvent(new CustomEvent('speed-change', { detail: { value, final }, bubbles: true }));
    }
    expect(context.store.getState().project.voice.speed).to.equal(1.15);
    expect(context.store.getState().history.pastDepth).to.equal(1);
  });

  it('switches between one voice and a voice per section', async () => {
    const { context, panel } = await mount(sinon.stub().resolves(library));
    panel.shadowRoot!.querySelectorAll<HTMLInputElement>('input[name=mode]')[1]!.click();
    expect(context.store.getState().project.voice.mode).to.equal('per-section');
  });

  it('says when the library could not be loaded, and retries', async () => {
    const voices = sinon.stub();
    voices.onFirstCall().rejects(new Error('The service did not answer.'));
    voices.onSecondCall().resolves(library);
    const { panel, picker } = await mount(voices);
    await waitUntil(() => panel.shadowRoot!.querySelector('[role=alert]'));
    expect(panel.shadowRoot!.querySelector('[role=alert]')!.textContent).to.include('The voice library could not be loaded. Something went wrong. Try again; if it keeps happening, contact the site.');
    panel.shadowRoot!.querySelector<HTMLButtonElement>('[role=alert] button')!.click();
    await waitUntil(() => picker().voices.length === 2);
    expect(panel.shadowRoot!.querySelector('[role=alert]')).to.equal(null);
  });
});
