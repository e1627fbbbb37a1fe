// Issue 40: a section's {{slots}} are voiced as the slot's sample, against the service emulator over HTTP. The
// Script panel's "Generate voice-over" sends the text as spoken (a spy on the real client reads each request),
// the takes record it, and a new sample makes stale exactly the sections that use the slot.
import { expect } from '@open-wc/testing';
import { waitUntil } from '../support/wait.js';
import sinon from 'sinon';
import type { StudioEditor } from '../../src/components/studio-editor/studio-editor.js';
import type { StudioScriptPanel } from '../../src/components/studio-script-panel/studio-script-panel.js';
import type { ServiceClient } from '../../src/api/client.js';
import { staleSections } from '../../src/script/voiceover.js';
import { elementOnEmulator, scriptPanel } from '../support/emulator-editor.js';

const sections = [
  { id: 's1', label: 'Hook', text: 'Meet {{product_name}}.' },
  { id: 's2', label: 'Body', text: 'Only {{price}} today. Type \\{{ for braces.' },
  { id: 's3', label: 'Call to action', text: 'Order now.' },
];

async function mount(mode: 'light' | 'dark' = 'light'): Promise<StudioEditor> {
  const element = await elementOnEmulator('slots', {
    vocal: { voice: 'en-us-ava', pronunciations: [{ text: '59.99', say: 'fifty-nine ninety-nine' }] },
    layout: { height: '760px', initialPanel: 'script' },
    theme: { mode },
  });
  element.store.dispatch({ type: 'script/set-sections', sections });
  element.store.dispatch({ type: 'slot/set', slot: { name: 'price', sample: '59.99' } });
  element.store.dispatch({ type: 'slot/set', slot: { name: 'product_name', sample: 'Trail runner shoes' } });
  return element;
}

const generateButton = (panel: StudioScriptPanel) =>
  panel.shadowRoot!.querySelector('studio-editor-script-editor')!.shadowRoot!.querySelector<HTMLButtonElement>('.actions button.primary')!;

describe('{{slots}} voiced from their samples (emulator)', function () {
  afterEach(() => sinon.restore());

  it('sends each section as spoken, records it on the take, and re-voices only the section whose slot changed', async () => {
    const editor = await mount();
    const panel = await scriptPanel(editor);
    const client = (panel as unknown as { client: ServiceClient }).client;
    const voiceover = sinon.spy(client, 'voiceover');
    await waitUntil(() => !generateButton(panel).disabled, 'Generate voice-over stays disabled', { timeout: 60_000 });
    generateButton(panel).click();
    await waitUntil(() => editor.store.getState().project.clips.length === 3, 'three takes', { timeout: 60_000 });
    expect(voiceover.getCalls().map((call) => call.args[0].text)).to.deep.equal(['Meet Trail runner shoes.', 'Only 59.99 today. Type {{ for braces.', 'Order now.']);
    // The host's pronunciation of the sample applies to the text as spoken.
    expect(voiceover.secondCall.args[0].pronunciations).to.deep.equal([{ text: '59.99', say: 'fifty-nine ninety-nine' }]);
    const project = () => editor.store.getState().project;
    expect(sections.map((section) => project().clips.find((clip) => clip.sectionId === section.id)!.source!.text)).to.deep.equal([
      'Meet Trail runner shoes.',
      'Only 59.99 today. Type {{ for braces.',
      'Order now.',
    ]);
    expect([...staleSections(project(), [{ text: '59.99', say: 'fifty-nine ninety-nine' }])]).to.deep.equal([]);

    editor.store.dispatch({ type: 'slot/set', slot: { name: 'price', sample: '49.99' } });
    expect([...staleSections(project(), [{ text: '59.99', say: 'fifty-nine ninety-nine' }])]).to.deep.equal(['s2']);
    await waitUntil(() => generateButton(panel).textContent!.trim() === 'Update voice-over (1 changed)', () => `button: ${generateButton(panel).textContent}`);
    generateButton(panel).click();
    await waitUntil(() => voiceover.callCount === 4 && project().clips.find((clip) => clip.sectionId === 's2')!.source!.text.includes('49.99'), 'the body voiced again', { timeout: 60_000 });
    expect(voiceover.lastCall.args[0]).to.deep.include({ text: 'Only 49.99 today. Type {{ for braces.', section_id: 's2' });
    expect(voiceover.lastCall.args[0].pronunciations).to.equal(undefined);
  });

  for (const mode of ['light', 'dark'] as const) {
    it(`has no axe violations with chips, a problem and the Slots group, ${mode}`, async () => {
      const editor = await mount(mode);
      editor.store.dispatch({ type: 'script/set-text', id: 's3', text: 'Order now with {{promo code}}.' });
      const panel = await scriptPanel(editor);
      await waitUntil(() => panel.shadowRoot!.querySelector('studio-editor-slot-list')?.shadowRoot?.querySelector('fieldset') != null, 'the Slots group');
      const editorView = panel.shadowRoot!.querySelector('studio-editor-script-editor')!.shadowRoot!;
      expect(editorView.querySelectorAll('[part=slot-chip]').length).to.equal(2);
      expect(editorView.querySelector('[part=slot-problems]')!.textContent).to.contain('is not a slot name');
      await expect(editor, mode).to.be.accessible();
    });
  }
});
