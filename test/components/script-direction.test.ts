// Issue 52: direction of the read in the Script panel, against the service emulator over HTTP. The Direction
// toolbar puts a pause at the caret and emphasis around the selected words, each mark shows as a readable chip
// with Remove, undo restores, a locked section's toolbar is disabled, and the voice-over request carries the
// direction as SSML beside the plain words (a spy on the real client reads it).
import { expect } from '@open-wc/testing';
import { executeServerCommand, setViewport } from '@web/test-runner-commands';
import { waitUntil } from '../support/wait.js';
import sinon from 'sinon';
import type { StudioEditor } from '../../src/components/studio-editor/studio-editor.js';
import type { StudioScriptPanel } from '../../src/components/studio-script-panel/studio-script-panel.js';
import type { ServiceClient } from '../../src/api/client.js';
import { elementOnEmulator, scriptPanel } from '../support/emulator-editor.js';
import { viewportWidth } from '../support/engine.js';

const sections = [
  { id: 's1', label: 'Hook', text: 'Fresh coffee. Only at Acme.' },
  { id: 's2', label: 'Call to action', text: 'Order now.' },
];

async function mount(mode: 'light' | 'dark' = 'light'): Promise<StudioEditor> {
  const element = await elementOnEmulator('direction', { vocal: { voice: 'en-us-ava' }, layout: { height: '760px', initialPanel: 'script' }, theme: { mode } });
  element.store.dispatch({ type: 'script/set-sections', sections });
  return element;
}

const view = (panel: StudioScriptPanel) => panel.shadowRoot!.querySelector('studio-editor-script-editor')!.shadowRoot!;
const area = (panel: StudioScriptPanel, id: string) => view(panel).querySelector<HTMLTextAreaElement>(`#text-${id}`)!;
const toolbar = (panel: StudioScriptPanel, id: string) => view(panel).querySelector<HTMLElement>(`#direction-${id}`);
const button = (panel: StudioScriptPanel, id: string, words: string) =>
  [...toolbar(panel, id)!.querySelectorAll('button')].find((candidate) => candidate.textContent!.trim() === words)!;
const chips = (panel: StudioScriptPanel) => [...view(panel).querySelectorAll('[part=direction-mark] .mark-words')].map((chip) => chip.textContent!.trim());
const textOf = (editor: StudioEditor, id: string) => editor.store.getState().project.script.sections.find((section) => section.id === id)!.text;

/** Focuses the section's text with `from`..`to` selected, so its toolbar shows. */
async function select(panel: StudioScriptPanel, id: string, from: number, to: number): Promise<void> {
  const field = area(panel, id);
  field.focus();
  field.setSelectionRange(from, to);
  await waitUntil(() => toolbar(panel, id) !== null, 'the Direction toolbar shows for the focused section');
}

describe('direction of the read in the Script panel (emulator)', function () {
  afterEach(() => sinon.restore());

  it('inserts a pause at the caret and emphasis on a selection, shows them as chips, removes one, and undo restores it', async () => {
    const editor = await mount();
    const panel = await scriptPanel(editor);
    await waitUntil(() => area(panel, 's1') !== null, 'the section fields');
    const caret = 'Fresh coffee.'.length;
    await select(panel, 's1', caret, caret);
    expect(toolbar(panel, 's1')!.getAttribute('role')).to.equal('toolbar');
    expect(toolbar(panel, 's1')!.getAttribute('aria-label')).to.equal('Direction for Hook');
    expect(toolbar(panel, 's2')).to.equal(null, 'only the focused section has the toolbar');
    button(panel, 's1', 'Insert pause').click();
    await waitUntil(() => textOf(editor, 's1') === 'Fresh coffee.[[pause 1.0s]] Only at Acme.', () => `text: ${textOf(editor, 's1')}`);

    const text = textOf(editor, 's1');
    const acme = text.indexOf('Acme');
    await select(panel, 's1', acme, acme + 'Acme'.length);
    toolbar(panel, 's1')!.querySelector<HTMLSelectElement>('select[name=emphasis]')!.value = 'strong';
    button(panel, 's1', 'Emphasise').click();
    await waitUntil(() => textOf(editor, 's1') === 'Fresh coffee.[[pause 1.0s]] Only at [[emphasis strong: Acme]].', () => `text: ${textOf(editor, 's1')}`);
    await waitUntil(() => chips(panel).length === 2, 'two chips');
    expect(chips(panel)).to.deep.equal(['Pause 1.0 s', 'Emphasis (strong): Acme']);

    // Emphasis with nothing selected makes no mark, and says why.
    await select(panel, 's1', 3, 3);
    button(panel, 's1', 'Emphasise').click();
    await waitUntil(() => toolbar(panel, 's1')!.querySelector('[role=status]')!.textContent!.includes('Select the words first'), 'the toolbar says to select words');
    expect(textOf(editor, 's1')).to.equal('Fresh coffee.[[pause 1.0s]] Only at [[emphasis strong: Acme]].');

    const remove = view(panel).querySelector<HTMLButtonElement>('[part=direction-mark] button[aria-label="Remove Emphasis (strong): Acme"]')!;
    remove.click();
    await waitUntil(() => textOf(editor, 's1') === 'Fresh coffee.[[pause 1.0s]] Only at Acme.', () => `text: ${textOf(editor, 's1')}`);
    await waitUntil(() => chips(panel).length === 1, 'one chip');
    editor.store.dispatch({ type: 'history/undo' });
    await waitUntil(() => textOf(editor, 's1') === 'Fresh coffee.[[pause 1.0s]] Only at [[emphasis strong: Acme]].', () => `undo: ${textOf(editor, 's1')}`);
    await waitUntil(() => chips(panel).length === 2, 'the chip is back');
  });

  it('sends the direction as SSML beside the plain words', async () => {
    const editor = await mount();
    editor.store.dispatch({ type: 'script/set-text', id: 's1', text: 'Fresh coffee.[[pause 1.0s]] Only at [[emphasis strong: Acme]]. Call [[say-as telephone: 800-555-0199]].' });
    const panel = await scriptPanel(editor);
    const voiceover = sinon.spy((panel as unknown as { client: ServiceClient }).client, 'voiceover');
    const generate = () => view(panel).querySelector<HTMLButtonElement>('.actions button.primary')!;
    await waitUntil(() => !generate().disabled, 'Generate voice-over stays disabled', { timeout: 60_000 });
    generate().click();
    await waitUntil(() => editor.store.getState().project.clips.length === 2, 'two takes', { timeout: 60_000 });
    const first = voiceover.getCalls().find((call) => call.args[0].section_id === 's1')!.args[0];
    expect(first.text).to.equal('Fresh coffee. Only at Acme. Call 800-555-0199.');
    // The voice came from config, not from an idea: its details (its language) are not in the project, so no xml:lang.
    expect(first.ssml).to.equal(
      '<speak version="1.1" xmlns="http://www.w3.org/2001/10/synthesis">Fresh coffee.<break time="1.0s"/> Only at <emphasis level="strong">Acme</emphasis>. Call <say-as interpret-as="telephone">800-555-0199</say-as>.</speak>',
    );
    expect(voiceover.getCalls().find((call) => call.args[0].section_id === 's2')!.args[0]).to.not.have.property('ssml');
    const take = editor.store.getState().project.clips.find((clip) => clip.sectionId === 's1')!;
    expect(take.source!.ssml).to.equal(first.ssml);
  });

  for (const width of [1280, viewportWidth(390)]) {
    it(`fits the toolbar and its chips in the panel at ${width} px (screenshot script-direction-${width})`, async () => {
      await setViewport({ width, height: 844 });
      try {
        const editor = await mount();
        editor.store.dispatch({ type: 'script/set-sections', sections: [{ ...sections[0]!, text: 'Fresh coffee. [[pause 1.0s]]Only at [[emphasis strong: Acme]]. Call [[say-as telephone: 800-555-0199]].' }, sections[1]!] });
        const panel = await scriptPanel(editor);
        await waitUntil(() => area(panel, 's1') !== null, 'the section fields');
        await select(panel, 's1', 0, 0);
        await waitUntil(() => chips(panel).length === 3, 'the three chips');
        // In the text too, each mark is a chip: a highlight behind it, over the same characters.
        const cues = [...view(panel).querySelectorAll<HTMLElement>('[part=marks] mark.cue')];
        expect(cues.map((cue) => cue.textContent)).to.deep.equal(['[[pause 1.0s]]', '[[emphasis strong: Acme]]', '[[say-as telephone: 800-555-0199]]']);
        const field = area(panel, 's1')!.getBoundingClientRect();
        for (const cue of cues) {
          const { top, bottom } = cue.getBoundingClientRect();
          expect(top >= field.top && bottom <= field.bottom, `${cue.textContent} inside the field`).to.equal(true);
        }
        const box = panel.getBoundingClientRect();
        for (const control of [...toolbar(panel, 's1')!.querySelectorAll<HTMLElement>('button, select'), ...view(panel).querySelectorAll<HTMLElement>('[part=direction-mark]')]) {
          const { left, right } = control.getBoundingClientRect();
          expect(left >= box.left - 1 && right <= box.right + 1, `${control.textContent!.trim() || control.getAttribute('aria-label')} at ${width}: ${left}..${right} in ${box.left}..${box.right}`).to.equal(true);
        }
        // Each chooser starts at its first choice, the one its hidden field agrees with ("Say instead" shows its field).
        const sayAs = toolbar(panel, 's1')!.querySelector<HTMLSelectElement>('select[name=say-as]')!;
        expect(sayAs.value).to.equal('digits');
        expect(toolbar(panel, 's1')!.querySelector<HTMLInputElement>('.say-instead')!.hidden).to.equal(true);
        toolbar(panel, 's1')!.scrollIntoView({ block: 'center' });
        await executeServerCommand('studio-screenshot', { name: `script-direction-${width}` });
      } finally {
        await setViewport({ width: 800, height: 600 });
      }
    });
  }

  it('disables the toolbar and Remove on a locked section for an adopter', async () => {
    const editor = await mount();
    editor.store.dispatch({ type: 'script/set-text', id: 's1', text: 'Only at [[emphasis strong: Acme]].' });
    editor.store.dispatch({ type: 'lock/set', target: { kind: 'section', id: 's1' }, locked: true });
    editor.config = { ...editor.config!, tools: { role: 'adopter' } };
    await waitUntil(() => editor.store.getState().role === 'adopter', 'the adopter role');
    const panel = await scriptPanel(editor);
    await waitUntil(() => area(panel, 's1') !== null, 'the section fields');
    await select(panel, 's1', 0, 4);
    for (const control of toolbar(panel, 's1')!.querySelectorAll<HTMLButtonElement | HTMLSelectElement>('button, select')) expect(control.disabled, control.outerHTML).to.equal(true);
    expect(view(panel).querySelector<HTMLButtonElement>('[part=direction-mark] button')!.disabled).to.equal(true);
  });

  it("offers only the rates the voice can read at its speed, and a rate past them says so in its chip", async () => {
    const editor = await mount();
    editor.store.dispatch({ type: 'voice/set-speed', speed: 1.8 });
    editor.store.dispatch({ type: 'script/set-text', id: 's1', text: 'Fresh coffee. Only at [[rate 120%: Acme]].' });
    const panel = await scriptPanel(editor);
    await waitUntil(() => area(panel, 's1') !== null, 'the section fields');
    await select(panel, 's1', 0, 5);
    const offered = () => [...toolbar(panel, 's1')!.querySelectorAll<HTMLOptionElement>('select[name=rate] option')].map((option) => option.value);
    // 120% at 1.8x is 2.16x, past the 2x a voice reads: not offered; 110% is 1.98x.
    expect(offered()).to.deep.equal(['80', '90', '110']);
    expect(chips(panel)).to.deep.equal(["Rate 120%: Acme · reads at 2.16x at the voice's 1.80x, past the 2x a voice can: at this speed, 50% to 111%"]);
    view(panel).querySelector('[part=direction-mark]')!.scrollIntoView({ block: 'center' });
    await executeServerCommand('studio-screenshot', { name: 'script-direction-rate-beyond' });
    editor.store.dispatch({ type: 'voice/set-speed', speed: 1 });
    await waitUntil(() => offered().length === 4, () => `every rate at 1x: ${offered().join(' ')}`);
    expect(chips(panel)).to.deep.equal(['Rate 120%: Acme']);
  });

  it("says once that a service taking no direction (api.direction 'none') hears no marks, until Got it", async () => {
    const editor = await mount();
    editor.config = { ...editor.config!, api: { ...editor.config!.api, direction: 'none' } };
    const panel = await scriptPanel(editor);
    await waitUntil(() => area(panel, 's1') !== null, 'the section fields');
    const notice = () => panel.shadowRoot!.querySelector<HTMLElement>('[part=direction-dropped]');
    expect(notice(), 'no marks, nothing to say').to.equal(null);
    editor.store.dispatch({ type: 'script/set-text', id: 's1', text: 'Fresh coffee.[[pause 1.0s]] Only at Acme.' });
    await waitUntil(() => notice() !== null, 'the notice with the first mark');
    expect(notice()!.getAttribute('role')).to.equal('status');
    expect(notice()!.querySelector('p')!.textContent).to.equal('Your voice service takes no direction: pauses, emphasis, say-as and rates stay in the script, and its takes read the plain words.');
    await expect(notice()!).to.be.accessible();
    notice()!.scrollIntoView({ block: 'center' });
    await executeServerCommand('studio-screenshot', { name: 'script-direction-dropped' });
    notice()!.querySelector('button')!.click();
    await waitUntil(() => notice() === null, 'dismissed');
    editor.store.dispatch({ type: 'script/set-text', id: 's2', text: 'Order [[emphasis strong: now]].' });
    await panel.updateComplete;
    expect(notice(), 'said once: not again for another mark').to.equal(null);
    expect(chips(panel), 'the marks stay in the script').to.have.length(2);
    expect(chips(panel)[0]).to.equal('Pause 1.0 s');
  });

  for (const mode of ['light', 'dark'] as const) {
    it(`has no axe violations with the toolbar, chips and a malformed mark, ${mode}`, async () => {
      const editor = await mount(mode);
      editor.store.dispatch({ type: 'script/set-text', id: 's1', text: 'Fresh coffee.[[pause 1.0s]] Only at [[emphasis strong: Acme]].' });
      editor.store.dispatch({ type: 'script/set-text', id: 's2', text: 'Order [[pause 20s]] now.' });
      const panel = await scriptPanel(editor);
      await waitUntil(() => area(panel, 's1') !== null, 'the section fields');
      await select(panel, 's1', 0, 0);
      await waitUntil(() => view(panel).querySelector('[part=slot-problems]')?.textContent?.includes('a pause is 0.1 to 10 seconds') === true, 'the malformed pause is a problem in words', { timeout: 5000 });
      await expect(editor, mode).to.be.accessible();
    });
  }
});
