import { expect, fixture, html } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import '../../src/components/studio-script-editor/studio-script-editor.js';
import type { ScriptEdit, ScriptEditorSection, StudioScriptEditor } from '../../src/components/studio-script-editor/studio-script-editor.js';

const sections: ScriptEditorSection[] = [
  { id: 'a', label: 'Hook', text: 'One two three four five six seven eight.' },
  { id: 'b', label: 'Offer', text: 'Nine ten eleven twelve.', wordsPerMinute: 120 },
];

function edits(element: StudioScriptEditor): ScriptEdit[] {
  const seen: ScriptEdit[] = [];
  element.addEventListener('script-edit', (event) => seen.push((event as CustomEvent<ScriptEdit>).detail));
  return seen;
}

describe('<studio-editor-script-editor>', () => {
  it('estimates each section and the total against the target', async () => {
    const element = await fixture<StudioScriptEditor>(html`<studio-editor-script-editor .sections=${sections} target="30"></studio-editor-script-editor>`);
    const root = element.shadowRoot!;
    expect([...root.querySelectorAll('.estimate')].map((node) => node.textContent)).to.deep.equal(['about 3.0 s', 'about 2.0 s']);
    expect(root.querySelector('[part=total] span')!.textContent).to.equal('About 5.3 s of 30 s, estimated from the words');
    expect(root.querySelector('[part=total] [role=status]')!.textContent).to.equal('');
  });

  it('warns clearly when the script is longer than the ad', async () => {
    const element = await fixture<StudioScriptEditor>(html`<studio-editor-script-editor .sections=${sections} target="5"></studio-editor-script-editor>`);
    const total = element.shadowRoot!.querySelector('[part=total]')!;
    expect(total.className).to.equal('over');
    expect(total.querySelector('[role=status]')!.textContent).to.equal('About 0.3 s too long for a 5 s ad: shorten the text or fit it to the length.');
  });

  it('follows speed in the estimate', async () => {
    const element = await fixture<StudioScriptEditor>(html`<studio-editor-script-editor .sections=${sections} speed="2"></studio-editor-script-editor>`);
    expect(element.shadowRoot!.querySelector('.estimate')!.textContent).to.equal('about 1.5 s');
  });

  it('reports typing as it happens and once more when the field is left', async () => {
    const element = await fixture<StudioScriptEditor>(html`<studio-editor-script-editor .sections=${sections}></studio-editor-script-editor>`);
    const seen = edits(element);
    const textarea = element.shadowRoot!.querySelector('textarea')!;
    textarea.focus();
    textarea.setSelectionRange(textarea.value.length, textarea.value.length);
    await sendKeys({ type: ' Go' });
    textarea.blur();
    expect(seen.map((edit) => (edit.kind === 'text' ? `${edit.value.slice(-4)}|${edit.final}` : edit.kind))).to.deep.equal([
      'ht. |false',
      't. G|false',
      '. Go|false',
      '. Go|true',
    ]);
  });

  it('moves, removes and adds sections with named buttons', async () => {
    const element = await fixture<StudioScriptEditor>(html`<studio-editor-script-editor .sections=${sections}></studio-editor-script-editor>`);
    const seen = edits(element);
    const button = (label: string) => element.shadowRoot!.querySelector<HTMLButtonElement>(`button[aria-label="${label}"]`)!;
    expect(button('Move Hook up').disabled).to.equal(true);
    expect(button('Move Offer down').disabled).to.equal(true);
    button('Move Hook down').click();
    button('Remove Offer').click();
    [...element.shadowRoot!.querySelectorAll('button')].find((b) => b.textContent === 'Add a section')!.click();
    expect(seen).to.deep.equal([{ kind: 'move', id: 'a', to: 1 }, { kind: 'remove', id: 'b' }, { kind: 'add' }]);
  });

  it('offers a voice per section when asked', async () => {
    const element = await fixture<StudioScriptEditor>(
      html`<studio-editor-script-editor .sections=${sections} perSectionVoice .voiceOptions=${[{ id: 'v1', name: 'Amelia' }]}></studio-editor-script-editor>`,
    );
    const seen = edits(element);
    const select = element.shadowRoot!.querySelector('select')!;
    select.value = 'v1';
    select.dispatchEvent(new Event('change'));
    expect(seen).to.deep.equal([{ kind: 'voice', id: 'a', voiceId: 'v1' }]);
    await expect(element).to.be.accessible();
  });

  it('marks stale sections and voices only those', async () => {
    const element = await fixture<StudioScriptEditor>(html`<studio-editor-script-editor .sections=${sections} .stale=${new Set(['b'])}></studio-editor-script-editor>`);
    const root = element.shadowRoot!;
    expect([...root.querySelectorAll('li')].map((li) => li.className)).to.deep.equal(['', 'stale']);
    const generate = root.querySelector<HTMLButtonElement>('button.primary')!;
    expect(generate.textContent!.trim()).to.equal('Update voice-over (1 changed)');
    let asked = 0;
    element.addEventListener('voiceover-generate', () => asked++);
    generate.click();
    expect(asked).to.equal(1);
    element.stale = new Set();
    await element.updateComplete;
    expect(generate.disabled).to.equal(true);
  });

  it('shows text with markup as text', async () => {
    const element = await fixture<StudioScriptEditor>(
      html`<studio-editor-script-editor .sections=${[{ id: 'x', label: '<b>Bold</b>', text: '<img src=x onerror=alert(1)>' }]}></studio-editor-script-editor>`,
    );
    expect(element.shadowRoot!.querySelector('img')).to.equal(null);
    expect(element.shadowRoot!.querySelector('textarea')!.value).to.equal('<img src=x onerror=alert(1)>');
  });

  it('says what to do when there is no script', async () => {
    const element = await fixture<StudioScriptEditor>(html`<studio-editor-script-editor></studio-editor-script-editor>`);
    expect(element.shadowRoot!.querySelector('.hint')!.textContent).to.equal('No script yet. Choose a recommendation or add a section.');
    await expect(element).to.be.accessible();
  });
});
