// The Script panel's one spoken length (issue 38, "One honest length"): the takes as voiced, their pace, the
// speed of a read sped up to fit, the warning on a read faster than 1.10x with its two fixes, and the warning
// above Amazon's 3 words a second. A stubbed client: the sequence (format at normal speed, then voicing) is the point.
import { expect, fixture, html } from '@open-wc/testing';
import { waitUntil } from '../support/wait.js';
import sinon from 'sinon';
import type { ServiceClient } from '../../src/api/client.js';
import type { AssetMetadata } from '../../src/api/contract.js';
import '../../src/components/studio-script-panel/studio-script-panel.js';
import type { StudioScriptPanel } from '../../src/components/studio-script-panel/studio-script-panel.js';
import { createProject, type VoiceClip } from '../../src/model/document.js';
import type { TestEditorContext } from '../support/editor-context.js';
import '../support/editor-context.js';

const voices = { voices: [{ voice_id: 'ava', name: 'Ava', language: 'en-US', sample_url: '/s', words_per_minute: 150 }] };
const asset = (id: string, duration: number): AssetMetadata => ({ asset_id: id, kind: 'voice', url: `/v1/assets/${id}`, mime_type: 'audio/wav', duration_s: duration });
const take = (id: string, start: number, text: string, speed: number): VoiceClip => ({
  id: `clip-${id}`, sectionId: id, assetId: `a-${id}`, url: `/v1/assets/a-${id}`, start, gain: 0, trimIn: 0, trimOut: 0, fadeIn: 0, fadeOut: 0, source: { text, voice: 'ava', speed },
});

const HOOK = 'Ride further this summer.';
const BODY = 'The Trail Runner two climbs like a goat and rolls like a dream.';

/** A 30 s project whose two sections were voiced at `speed`, the hook 2 s and the body `bodySeconds` long. */
async function mount(speed: number, bodySeconds = 5, stubs: Partial<ServiceClient> = {}) {
  const client = { voices: sinon.stub().resolves(voices), pricing: sinon.stub().resolves(undefined), ...stubs } as Partial<ServiceClient>;
  const context = await fixture<TestEditorContext>(html`<test-editor-context .client=${client as ServiceClient}>
    <studio-editor-script-panel></studio-editor-script-panel>
  </test-editor-context>`);
  const project = createProject({ projectId: 'p1', title: 'T', duration: 30, voice: 'ava', speed });
  context.store.dispatch({
    type: 'project/init',
    project: {
      ...project,
      script: { sections: [{ id: 'hook', label: 'Hook', text: HOOK }, { id: 'body', label: 'Body', text: BODY }] },
      clips: [take('hook', 0.5, HOOK, speed), take('body', 2.8, BODY, speed)],
      assets: [asset('a-hook', 2), asset('a-body', bodySeconds)],
    },
  });
  const panel = context.querySelector('studio-editor-script-panel') as StudioScriptPanel;
  await panel.updateComplete;
  const editor = panel.shadowRoot!.querySelector('studio-editor-script-editor')!;
  await editor.updateComplete;
  const text = (root: ShadowRoot, selector: string) => root.querySelector(selector)?.textContent?.trim() ?? '';
  return { context, panel, editor, client, text };
}

const buttons = (panel: StudioScriptPanel) => [...panel.shadowRoot!.querySelectorAll('[part="speed-warning"] button')].map((button) => button.textContent!.trim());

describe('<studio-editor-script-panel> spoken length', () => {
  afterEach(() => sinon.restore());

  it('shows the length of the takes as voiced, not the estimate, with its words per second', async () => {
    const { editor, text } = await mount(1);
    // Hook 0.5 + 2 s, body from 2.8 s for 5 s: the voice ends at 7.8 s; 17 words in 7 s of speech.
    expect(text(editor.shadowRoot!, '[part="spoken"]')).to.equal('Spoken: 7.8 s of 30 s');
    expect(text(editor.shadowRoot!, '[part="pace"]')).to.equal('2.4 words/s');
    expect(text(editor.shadowRoot!, '[part="speed"]')).to.equal('');
  });

  it('says a read made faster than 1.10x was sped up, with the warning and its two fixes', async () => {
    const { panel, editor, text } = await mount(1.16);
    expect(text(editor.shadowRoot!, '[part="speed"]')).to.equal('Read at 1.16x to fit 30 s');
    expect(text(panel.shadowRoot!, '[part="speed-warning"] p')).to.equal('Read at 1.16x: a read faster than 1.10x can sound rushed.');
    expect(buttons(panel)).to.deep.equal(['Shorten the script to fit', 'Keep it']);
  });

  it('a read at 1.08x says so, without the warning', async () => {
    const { panel, editor, text } = await mount(1.08);
    expect(text(editor.shadowRoot!, '[part="speed"]')).to.equal('Read at 1.08x to fit 30 s');
    expect(panel.shadowRoot!.querySelector('[part="speed-warning"]') === null).to.equal(true);
  });

  it('"Keep it" dismisses the warning for this version, recorded in the project so it stays dismissed', async () => {
    const { context, panel, editor, text } = await mount(1.16);
    (panel.shadowRoot!.querySelectorAll<HTMLButtonElement>('[part="speed-warning"] button')[1]!).click();
    await panel.updateComplete;
    expect(context.store.getState().project.voice.keptSpeed).to.equal(1.16);
    expect(panel.shadowRoot!.querySelector('[part="speed-warning"]') === null, 'the warning is gone').to.equal(true);
    expect(text(editor.shadowRoot!, '[part="speed"]'), 'the speed is still said').to.equal('Read at 1.16x to fit 30 s');
    // Saved with the project: a reload (the same document) keeps it dismissed.
    const saved = JSON.parse(JSON.stringify(context.store.getState().project));
    context.store.dispatch({ type: 'project/load', project: saved });
    await panel.updateComplete;
    expect(panel.shadowRoot!.querySelector('[part="speed-warning"]') === null).to.equal(true);
  });

  it('"Shorten the script to fit" asks the service\'s format at normal speed, then voices the script again at 1x', async () => {
    const format = sinon.stub().resolves({ sections: [{ id: 'hook', label: 'Hook', text: HOOK }, { id: 'body', label: 'Body', text: 'The Trail Runner two climbs like a goat.' }], estimated_duration_s: 5, changes: [{ section_id: 'body', label: 'Body', before_s: 5, after_s: 3 }] });
    let n = 0;
    const voiceover = sinon.stub().callsFake(async () => ({ asset: asset(`new-${n++}`, 2.5) }));
    const { context, panel, editor, text } = await mount(1.16, 5, { format, voiceover } as Partial<ServiceClient>);
    (panel.shadowRoot!.querySelector<HTMLButtonElement>('[part="speed-warning"] button')!).click();
    await waitUntil(() => voiceover.callCount === 2 && context.store.getState().project.clips.every((clip) => clip.source?.speed === 1), 'voiced again at 1x');
    expect(format.callCount).to.equal(1);
    expect(format.firstCall.args[0].speed).to.equal(1);
    expect(format.firstCall.args[0].duration).to.equal(30);
    expect(voiceover.getCalls().map((call) => call.args[0].speed)).to.deep.equal([1, 1]);
    expect(context.store.getState().project.voice.speed).to.equal(1);
    await panel.updateComplete;
    await editor.updateComplete;
    expect(panel.shadowRoot!.querySelector('[part="speed-warning"]') === null).to.equal(true);
    expect(text(editor.shadowRoot!, '[part="speed"]')).to.equal('');
    // One undo step: the words, the speed and both takes go back together.
    context.store.dispatch({ type: 'history/undo' });
    const undone = context.store.getState().project;
    expect(undone.voice.speed, 'the speed back').to.equal(1.16);
    expect(undone.script.sections[1]!.text, 'the words back').to.equal(BODY);
    expect(undone.clips.map((clip) => clip.source?.speed), 'the takes back').to.deep.equal([1.16, 1.16]);
    expect(context.store.getState().history.pastDepth, 'nothing else to undo').to.equal(0);
  });

  it('says what "Shorten the script to fit" uses: one fit and every section voiced again', async () => {
    const pricing = sinon.stub().resolves({ operations: { format: { base: 1 }, voiceover: { base: 2, per_25_words: 1 } } });
    const { panel } = await mount(1.16, 5, { pricing } as Partial<ServiceClient>);
    await waitUntil(() => panel.shadowRoot!.querySelector('[part="shorten-price"]'), 'the price shown');
    // 1 for the fit; 2 + 1 for each section (4 and 13 words, under 25 each): 7.
    expect(panel.shadowRoot!.querySelector('[part="shorten-price"]')!.textContent!.trim()).to.equal('Uses 7 credits');
    expect(panel.shadowRoot!.querySelector('[part="speed-warning"] button')!.getAttribute('aria-describedby')).to.equal('shorten-price');
  });

  it('warns above 3 words a second, citing Amazon\'s audio ads as the source', async () => {
    // 17 words in 2 + 3 = 5 s of speech: 3.4 words a second.
    const { panel, editor, text } = await mount(1, 3);
    expect(text(editor.shadowRoot!, '[part="pace"]')).to.equal('3.4 words/s');
    expect(text(panel.shadowRoot!, '[part="pace-warning"]')).to.equal('3.4 words a second: Amazon audio ads advise at most 3 words per second.');
  });

  it('no pace warning at 3 words a second or under', async () => {
    // 17 words in 2 + 3.7 = 5.7 s: 2.98, shown 3.0.
    const { panel, editor, text } = await mount(1, 3.7);
    expect(text(editor.shadowRoot!, '[part="pace"]')).to.equal('3.0 words/s');
    expect(panel.shadowRoot!.querySelector('[part="pace-warning"]') === null).to.equal(true);
  });
});
