// Issue 40: the script's {{slots}} in the Script panel. Each section shows its slots as chips with their samples
// (a list named for screen readers), its malformed placeholders as field errors (announced only when they appear
// after typing), and the Slots group edits each slot's sample, maximum length and say through `slot/set`, one
// undo step per field. A locked section keeps its text for an adopter, and its slots' samples stay editable.
import { expect, fixture, html } from '@open-wc/testing';
import { waitUntil } from '../support/wait.js';
import { sendKeys } from '@web/test-runner-commands';
import sinon from 'sinon';
import type { ServiceClient } from '../../src/api/client.js';
import '../../src/components/studio-script-panel/studio-script-panel.js';
import type { StudioScriptPanel } from '../../src/components/studio-script-panel/studio-script-panel.js';
import { de } from '../../src/i18n/de.js';
import { createTranslator } from '../../src/i18n/translate.js';
import { createProject, type ProjectSection, type SlotDefinition } from '../../src/model/document.js';
import { loadLockRules } from '../../src/model/lock-rules.js';
import type { TestEditorContext } from '../support/editor-context.js';
import '../support/editor-context.js';

const voices = { voices: [{ voice_id: 'ava', name: 'Ava', language: 'en-US', sample_url: '/s', words_per_minute: 120 }] };
const HOSTILE = '<img src=x onerror="window.__slotPwned=1">';

const SECTIONS: ProjectSection[] = [
  { id: 's1', label: 'Hook', text: 'Meet {{product_name}}.' },
  { id: 's2', label: 'Body', text: 'Only {{price}} for {{product_name}} today.' },
  { id: 's3', label: 'Call to action', text: 'Order now.' },
];

async function mount(options: { sections?: ProjectSection[]; slots?: SlotDefinition[]; stubs?: Partial<ServiceClient> } = {}) {
  const client = { voices: sinon.stub().resolves(voices), pricing: sinon.stub().resolves(undefined), ...options.stubs } as Partial<ServiceClient>;
  const context = await fixture<TestEditorContext>(html`<test-editor-context .client=${client as ServiceClient}>
    <studio-editor-script-panel></studio-editor-script-panel>
  </test-editor-context>`);
  const project = createProject({ projectId: 'p1', title: 'T', duration: 20, voice: 'ava' });
  // The voice as the Voice panel chooses it: its details, with the rate every estimate reads (120 words a minute).
  context.store.dispatch({ type: 'project/init', project: { ...project, voice: { ...project.voice, details: voices.voices[0]! }, script: { sections: options.sections ?? SECTIONS }, slots: options.slots ?? [{ name: 'price', sample: '59.99' }] } });
  const panel = context.querySelector('studio-editor-script-panel') as StudioScriptPanel;
  await panel.updateComplete;
  const editor = panel.shadowRoot!.querySelector('studio-editor-script-editor')!;
  const list = panel.shadowRoot!.querySelector('studio-editor-slot-list')!;
  await editor.updateComplete;
  await list.updateComplete;
  const section = (index: number) => editor.shadowRoot!.querySelectorAll<HTMLElement>('[part=section]')[index]!;
  const settle = async () => {
    await panel.updateComplete;
    await editor.updateComplete;
    await list.updateComplete;
  };
  return { context, panel, editor, list, section, settle, project: () => context.store.getState().project };
}

/** Types `value` into `field` as a person would, keystroke by keystroke (input events), then leaves it (change). */
async function type(field: HTMLInputElement | HTMLTextAreaElement, value: string, leave = true) {
  field.focus();
  field.value = '';
  for (const character of value) {
    field.value += character;
    field.dispatchEvent(new InputEvent('input', { bubbles: true, composed: true }));
  }
  if (leave) field.dispatchEvent(new Event('change', { bubbles: true }));
}

/** Sets a number field to `value` at once (a number field has no partial "2." to type through), then leaves it. */
function set(field: HTMLInputElement, value: string) {
  field.focus();
  field.value = value;
  field.dispatchEvent(new InputEvent('input', { bubbles: true, composed: true }));
  field.dispatchEvent(new Event('change', { bubbles: true }));
}

const chipTexts = (section: HTMLElement) => [...section.querySelectorAll('[part=slot-chip]')].map((chip) => chip.textContent!.replace(/\s+/g, ' ').trim());

describe('{{slots}} in the Script panel', () => {
  afterEach(() => {
    sinon.restore();
    delete (window as { __slotPwned?: number }).__slotPwned;
  });

  it("shows each section's slots as a named list of chips with their samples, 'no sample' in the muted style", async () => {
    const { section } = await mount();
    const list = section(1).querySelector('[part=slots]')!;
    expect(list.tagName).to.equal('UL');
    expect(list.getAttribute('aria-label')).to.equal('Slots in Body');
    expect(chipTexts(section(1))).to.deep.equal(['{{price}} 59.99', '{{product_name}} no sample']);
    expect(chipTexts(section(0))).to.deep.equal(['{{product_name}} no sample']);
    expect(section(1).querySelector('[part=slot-chip]:last-child .slot-sample')!.classList.contains('none')).to.equal(true);
    expect(section(2).querySelector('[part=slots]')).to.equal(null);
  });

  it('shows a sample that holds markup as its characters, in the chip and in its field', async () => {
    const { section, list } = await mount({ slots: [{ name: 'price', sample: HOSTILE }] });
    expect(chipTexts(section(1))[0]).to.equal(`{{price}} ${HOSTILE}`);
    expect(section(1).querySelector('img')).to.equal(null);
    expect(list.shadowRoot!.querySelector<HTMLInputElement>('#sample-0')!.value).to.equal('');
    expect(list.shadowRoot!.querySelector<HTMLInputElement>('#sample-1')!.value).to.equal(HOSTILE);
    expect(list.shadowRoot!.querySelector('img')).to.equal(null);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect((window as { __slotPwned?: number }).__slotPwned).to.equal(undefined);
  });

  it("shows the placeholders' problems under their section in words, as the field's description, not announced on load", async () => {
    const sections = [
      { id: 's1', label: 'Hook', text: 'Only {{price today, {{product name}}.' },
      { id: 's2', label: 'Body', text: '{{price}} and {{Price}}, {{}}.' },
    ];
    const { section } = await mount({ sections });
    const problems = (index: number) => [...section(index).querySelectorAll('[part=slot-problems] p')].map((p) => p.textContent);
    expect(problems(0)).to.deep.equal([
      'Character 6: {{ is not closed. End the slot with }}, as in {{price}}, or write \\{{ for a literal {{.',
      'Character 21: “product name” is not a slot name. Use only letters (A–Z), digits and _, starting with a letter or _, as in {{product_name}}.',
    ]);
    expect(problems(1)).to.deep.equal([
      'Character 26: the braces hold no name. Write one between them, as in {{price}}.',
      'Character 15: {{Price}} and {{price}} differ only in case. Write one spelling for one slot.',
    ]);
    for (const index of [0, 1]) {
      const box = section(index).querySelector('[part=slot-problems]')!;
      expect(box.hasAttribute('role'), 'no alert on load').to.equal(false);
      const area = section(index).querySelector('textarea')!;
      expect(area.getAttribute('aria-invalid')).to.equal('true');
      expect(area.getAttribute('aria-describedby')!.split(' ')).to.include(box.id);
    }
  });

  it('shows a problem that typing makes once the typing pauses or the field is left, as an alert; fixing it clears it', async () => {
    const { section, settle } = await mount();
    const area = section(2).querySelector('textarea')!;
    await type(area, 'Order {{now', false);
    await settle();
    expect(section(2).querySelector('[part=slot-problems]'), 'nothing while typing').to.equal(null);
    await waitUntil(() => section(2).querySelector('[part=slot-problems]') !== null, 'the problem shows after a pause', { timeout: 3000 });
    const box = section(2).querySelector('[part=slot-problems]')!;
    expect(box.getAttribute('role')).to.equal('alert');
    expect(box.textContent).to.contain('Character 7: {{ is not closed.');
    await type(area, 'Order {{now}}');
    await settle();
    expect(section(2).querySelector('[part=slot-problems]')).to.equal(null);
    expect(area.hasAttribute('aria-invalid')).to.equal(false);
    expect(chipTexts(section(2))).to.deep.equal(['{{now}} no sample']);
  });

  it("edits a slot's sample, maximum length and say through slot/set, one undo step per field", async () => {
    const { context, list, section, settle, project } = await mount();
    const field = (id: string) => list.shadowRoot!.querySelector<HTMLInputElement>(`#${id}`)!;
    // The Slots group lists the slots in the order of first use, each with the sections it is in.
    expect([...list.shadowRoot!.querySelectorAll('legend')].map((legend) => legend.textContent)).to.deep.equal(['{{product_name}}', '{{price}}']);
    expect(list.shadowRoot!.querySelector('#used-0')!.textContent).to.equal('In Hook and Body');
    expect(list.shadowRoot!.querySelector('#sample-note-0')!.textContent).to.equal('Without a sample the voice reads “product name”.');
    const dispatch = sinon.spy(context.store, 'dispatch');
    const depth = () => context.store.getState().history.pastDepth;
    const before = depth();
    await type(field('sample-1'), '49.99');
    await settle();
    expect(project().slots).to.deep.equal([{ name: 'price', sample: '49.99' }]);
    // A slot/set a keystroke, and the field left, in one gesture.
    expect(dispatch.getCalls().filter((call) => call.args[0].type === 'slot/set').length).to.equal(6);
    expect(depth()).to.equal(before + 1);
    expect(chipTexts(section(1))[0]).to.equal('{{price}} 49.99');
    set(field('max-1'), '3');
    await settle();
    expect(project().slots[0]).to.deep.equal({ name: 'price', sample: '49.99', maxLength: 3 });
    const error = list.shadowRoot!.querySelector('#sample-error-1')!;
    expect(error.textContent).to.equal('The sample has 5 characters; {{price}} holds at most 3.');
    expect(field('sample-1').getAttribute('aria-invalid')).to.equal('true');
    expect(field('sample-1').getAttribute('aria-describedby')).to.equal('sample-error-1');
    await type(field('say-1'), 'forty-nine ninety-nine');
    await settle();
    expect(project().slots[0]!.say).to.equal('forty-nine ninety-nine');
    // A new slot's definition is added by its first sample.
    await type(field('sample-0'), 'Trail shoes');
    await settle();
    expect(project().slots.map((slot) => slot.name)).to.deep.equal(['price', 'product_name']);
    expect(depth()).to.equal(before + 4);
    context.store.dispatch({ type: 'history/undo' });
    context.store.dispatch({ type: 'history/undo' });
    expect(project().slots).to.deep.equal([{ name: 'price', sample: '49.99', maxLength: 3 }]);
  });

  it('keeps a maximum length that is no whole number from 1 to 5,000 out of the document, with a field error', async () => {
    const { list, settle, project } = await mount();
    const max = list.shadowRoot!.querySelector<HTMLInputElement>('#max-1')!;
    for (const wrong of ['0', '2.5', '5001', '-4']) {
      set(max, wrong);
      await settle();
      expect(project().slots[0]!.maxLength, wrong).to.equal(undefined);
      expect(max.getAttribute('aria-invalid'), wrong).to.equal('true');
      expect(list.shadowRoot!.querySelector('#max-error-1')!.textContent).to.equal('Write a whole number from 1 to 5,000, or leave it empty for no limit.');
    }
    set(max, '12');
    await settle();
    expect(project().slots[0]!.maxLength).to.equal(12);
    expect(list.shadowRoot!.querySelector('#max-error-1')).to.equal(null);
    set(max, '');
    await settle();
    expect(project().slots[0]).to.deep.equal({ name: 'price', sample: '59.99' });
  });

  it("for an adopter, keeps a locked section's text read-only and its slots' samples editable", async () => {
    await loadLockRules();
    const sections = SECTIONS.map((section): ProjectSection => (section.id === 's2' ? { ...section, locked: true, lockReason: 'Approved by legal' } : section));
    const { context, list, section, settle, project } = await mount({ sections });
    context.store.dispatch({ type: 'session/role', role: 'adopter' });
    await settle();
    const area = section(1).querySelector('textarea')!;
    expect(area.readOnly).to.equal(true);
    const sample = list.shadowRoot!.querySelector<HTMLInputElement>('#sample-1')!;
    expect(sample.readOnly || sample.disabled).to.equal(false);
    await type(sample, '39.99');
    await settle();
    expect(context.store.getState().refusal).to.equal(undefined);
    expect(project().slots).to.deep.equal([{ name: 'price', sample: '39.99' }]);
    expect(project().script.sections[1]!.text).to.equal('Only {{price}} for {{product_name}} today.');
    expect(chipTexts(section(1))[0]).to.equal('{{price}} 39.99');
  });

  it('reaches the slot fields from the keyboard', async () => {
    const { list, settle, project } = await mount();
    list.shadowRoot!.querySelector<HTMLInputElement>('#sample-0')!.focus();
    await sendKeys({ press: 'Tab' });
    await sendKeys({ press: 'Tab' });
    await sendKeys({ press: 'Tab' });
    expect(list.shadowRoot!.activeElement?.id).to.equal('sample-1');
    await sendKeys({ press: 'End' });
    await sendKeys({ type: '5' });
    await settle();
    expect(project().slots[0]!.sample).to.equal('59.995');
  });

  it('estimates each section from its text as spoken: the sample, not the placeholder', async () => {
    const { editor, settle, context } = await mount({ sections: [{ id: 's1', label: 'Hook', text: '{{product_name}}' }], slots: [{ name: 'product_name', sample: 'one two three four' }] });
    await waitUntil(() => editor.shadowRoot!.querySelector('.estimate')?.textContent === 'about 2.0 s');
    context.store.dispatch({ type: 'slot/set', slot: { name: 'product_name', sample: 'one two' } });
    await settle();
    expect(editor.shadowRoot!.querySelector('.estimate')!.textContent).to.equal('about 1.0 s');
  });

  it('refuses to voice a section whose placeholder is malformed, and says where to look', async () => {
    const voiceover = sinon.stub();
    const { panel, editor, settle } = await mount({ sections: [{ id: 's1', label: 'Hook', text: 'Only {{price today.' }], stubs: { voiceover } });
    editor.dispatchEvent(new CustomEvent('voiceover-generate', { bubbles: true }));
    await settle();
    expect(voiceover.callCount).to.equal(0);
    expect(panel.shadowRoot!.querySelector('[role=alert]')!.textContent).to.contain('Fix the placeholder in “Hook” before voicing it: see the problem under its text.');
  });

  it('speaks German and French, and is accessible', async () => {
    const { context, section, list, settle } = await mount({ sections: [...SECTIONS, { id: 's4', label: 'Extra', text: '{{1st}}' }] });
    context.t = createTranslator('de', de);
    await settle();
    await waitUntil(() => section(1).querySelector('[part=slots]')?.getAttribute('aria-label') === 'Platzhalter in Body');
    expect(chipTexts(section(0))).to.deep.equal(['{{product_name}} kein Beispiel']);
    expect(section(3).querySelector('[part=slot-problems]')!.textContent).to.contain('Zeichen 1: „1st“ ist kein Platzhaltername.');
    expect(list.shadowRoot!.querySelector('h3')!.textContent).to.equal('Platzhalter');
    await expect(context).to.be.accessible();
    const { fr } = await import('../../src/i18n/fr.js');
    context.t = createTranslator('fr', fr);
    await settle();
    await waitUntil(() => list.shadowRoot!.querySelector('h3')!.textContent === 'Emplacements');
    expect(section(3).querySelector('[part=slot-problems]')!.textContent).to.contain('Caractère 1 : « 1st » n’est pas un nom d’emplacement.');
    await expect(context).to.be.accessible();
  });
});
