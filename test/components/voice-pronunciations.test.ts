// The Voice panel's pronunciations: add, edit and delete the project's entries with errors by field, the host's
// entries read-only, and listening to an entry in the voice it will be heard in, its price said first.
import { expect, fixture, html } from '@open-wc/testing';
import { waitUntil } from '../support/wait.js';
import sinon from 'sinon';
import type { ServiceClient } from '../../src/api/client.js';
import '../../src/components/studio-voice-panel/studio-voice-panel.js';
import type { StudioVoicePanel } from '../../src/components/studio-voice-panel/studio-voice-panel.js';
import type { StudioPronunciationList } from '../../src/components/studio-pronunciation-list/studio-pronunciation-list.js';
import type { PronunciationEntry } from '../../src/brand/pronunciations.js';
import { createProject } from '../../src/model/document.js';
import { fr } from '../../src/i18n/fr.js';
import { createTranslator } from '../../src/i18n/translate.js';
import type { TestEditorContext } from '../support/editor-context.js';
import '../support/editor-context.js';
import { sine, wav16 } from '../support/wav.js';

const library = {
  voices: [
    { voice_id: 'ava', name: 'Ava', language: 'en-US', sample_url: '/v1/voices/ava/sample', words_per_minute: 190 },
    { voice_id: 'sam', name: 'Sam', language: 'en-US', sample_url: '/v1/voices/sam/sample', words_per_minute: 170 },
  ],
};
const brand: PronunciationEntry[] = [{ text: 'Acme', say: 'ack-mee' }];
const prices = { operations: { voiceover: { per_25_words: 1, minimum: 1 } } };

async function mount(options: { pricing?: unknown; french?: boolean } = {}) {
  const voiceover = sinon.stub().callsFake(async () => ({ asset: { asset_id: 'a1', kind: 'voice', url: '/v1/assets/a1', mime_type: 'audio/wav', duration_s: 0.2 }, usage: { credits_used: 1 } }));
  const fetch = sinon.stub().callsFake(async () => new Response(wav16([sine(0.2, 8000)], 8000), { headers: { 'content-type': 'audio/wav' } }));
  const client = { voices: sinon.stub().resolves(library), pricing: sinon.stub().resolves(options.pricing), voiceover, fetch } as unknown as ServiceClient;
  const t = options.french ? createTranslator('fr', fr) : createTranslator('en');
  const context = await fixture<TestEditorContext>(html`<test-editor-context .client=${client} .t=${t}>
    <studio-editor-voice-panel .brandPronunciations=${brand}></studio-editor-voice-panel>
  </test-editor-context>`);
  const project = createProject({ projectId: 'p1', title: 'T', duration: 30, voice: 'ava' });
  const sections = [
    { id: 's1', label: 'Hook', text: 'Wake up to Acme.' },
    { id: 's2', label: 'Body', text: 'Order at acme-coffee.com.', voice: 'sam' },
  ];
  context.store.dispatch({ type: 'project/init', project: { ...project, voice: { ...project.voice, mode: 'per-section' }, script: { sections } } });
  const panel = context.querySelector('studio-editor-voice-panel') as StudioVoicePanel;
  await panel.updateComplete;
  const list = () => panel.shadowRoot!.querySelector('studio-editor-pronunciation-list') as StudioPronunciationList;
  const root = () => list().shadowRoot!;
  const settle = async () => {
    await panel.updateComplete;
    await list().updateComplete;
  };
  const type = async (field: 'text' | 'say', value: string) => {
    const input = root().querySelector<HTMLInputElement>(`#pron-${field}`)!;
    input.value = value;
    input.dispatchEvent(new InputEvent('input'));
    await settle();
  };
  const submit = async () => {
    root().querySelector<HTMLButtonElement>('form button[type=submit]')!.click();
    await settle();
  };
  return { context, panel, list, root, type, submit, settle, voiceover, fetch };
}

describe('<studio-editor-voice-panel>: pronunciations', () => {
  afterEach(() => sinon.restore());

  it('adds an entry, one undo step, and says so', async () => {
    const { context, panel, type, submit } = await mount();
    await type('text', '  acme-coffee.com ');
    await type('say', 'acme coffee dot com');
    await submit();
    expect(context.store.getState().project.pronunciations).to.deep.equal([{ text: 'acme-coffee.com', say: 'acme coffee dot com' }]);
    expect(context.store.getState().history.pastDepth).to.equal(1);
    expect(panel.shadowRoot!.querySelector('p[role=status]')!.textContent).to.equal('Added: say “acme-coffee.com” as “acme coffee dot com”.');
  });

  it('shows errors by field, moves focus to the first, and saves nothing', async () => {
    const { context, root, type, submit } = await mount();
    await submit();
    const text = root().querySelector<HTMLInputElement>('#pron-text')!;
    expect(text.getAttribute('aria-invalid')).to.equal('true');
    expect(root().querySelector('#pron-text-error')!.textContent).to.equal('Write the word or phrase as the script has it.');
    expect(root().querySelector('#pron-say-error')!.textContent).to.equal('Write how the voice should say it.');
    expect(text.getAttribute('aria-describedby')).to.equal('pron-text-error');
    expect(root().activeElement?.id).to.equal('pron-text');
    await type('text', 'ACME');
    await type('say', 'a c m e');
    await submit();
    expect(root().querySelector('#pron-text-error')!.textContent).to.equal('The brand already says this; its entry applies.');
    await type('text', 'x'.repeat(201));
    await submit();
    expect(root().querySelector('#pron-text-error')!.textContent).to.equal('At most 200 characters; this has 201.');
    expect(root().querySelector<HTMLInputElement>('#pron-say')!.getAttribute('aria-invalid')).to.equal('false');
    expect(context.store.getState().project.pronunciations).to.have.length(0);
  });

  it('edits and deletes an entry; a duplicate names the entry it repeats', async () => {
    const { context, root, type, submit, settle } = await mount();
    context.store.dispatch({ type: 'pronunciations/set', entries: [{ text: 'kit', say: 'kit' }, { text: 'cold brew', say: 'cold brew' }] });
    await settle();
    root().querySelector<HTMLButtonElement>('[aria-label="Edit “cold brew”"]')!.click();
    await settle();
    expect(root().querySelector<HTMLInputElement>('#pron-text')!.value).to.equal('cold brew');
    await type('text', 'KIT');
    await submit();
    expect(root().querySelector('#pron-text-error')!.textContent).to.equal('Entry 1 already says this: edit that one.');
    await type('text', 'cold brew');
    await type('say', 'coald brew');
    await submit();
    expect(context.store.getState().project.pronunciations.map((entry) => entry.say)).to.deep.equal(['kit', 'coald brew']);
    root().querySelector<HTMLButtonElement>('[aria-label="Delete “kit”"]')!.click();
    await settle();
    expect(context.store.getState().project.pronunciations.map((entry) => entry.text)).to.deep.equal(['cold brew']);
  });

  it('shows the host entries read-only: no edit or delete', async () => {
    const { root } = await mount();
    const brandList = root().querySelector('[part=brand-list]')!;
    expect(brandList.textContent).to.include('Say “Acme” as “ack-mee”');
    expect(brandList.querySelectorAll('button').length).to.equal(1);
    expect(brandList.querySelector('button')!.getAttribute('aria-label')).to.equal('Listen to “Acme” in Ava');
  });

  it('listens in the voice of the section the entry is in, its price shown before, and once per voice', async () => {
    const { context, root, settle, voiceover, fetch } = await mount({ pricing: prices });
    context.store.dispatch({ type: 'pronunciations/set', entries: [{ text: 'acme-coffee.com', say: 'acme coffee dot com' }] });
    await waitUntil(() => root().querySelector('[part=pronunciation-list] .cost') !== null, 'the price is shown');
    const listen = () => root().querySelector<HTMLButtonElement>('[part=pronunciation-list] button')!;
    expect(listen().getAttribute('aria-label')).to.equal('Listen to “acme-coffee.com” in Sam');
    expect(root().querySelector(`#${listen().getAttribute('aria-describedby')}`)!.textContent).to.equal('Uses 1 credit');
    expect(voiceover.callCount).to.equal(0);
    listen().click();
    await waitUntil(() => fetch.callCount === 1, 'the take is fetched');
    expect(voiceover.firstCall.args[0]).to.deep.equal({ project_id: 'p1', text: 'acme-coffee.com', voice_id: 'sam', speed: 1, pronunciations: [{ text: 'acme-coffee.com', say: 'acme coffee dot com' }] });
    expect(fetch.firstCall.args[0]).to.equal('/v1/assets/a1');
    expect(context.store.getState().project.usage.length).to.be.greaterThan(0);
    await settle();
    listen().click();
    await settle();
    listen().click();
    await waitUntil(() => fetch.callCount === 2, 'heard again');
    expect(voiceover.callCount).to.equal(1);
  });

  it('speaks French, and is accessible', async () => {
    const { root, panel } = await mount({ french: true });
    expect(root().querySelector('h3')!.textContent).to.equal('Prononciations');
    expect(root().querySelector('form button[type=submit]')!.textContent!.trim()).to.equal('Ajouter');
    await expect(panel).to.be.accessible();
  });
});
