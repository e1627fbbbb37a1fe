// Issue 30, approved assets: `vocal.voices` and `music.tracks` limit the pickers to what the host licensed; an
// id the service does not know is reported once (studio-error, code 'config', recoverable) and the rest work.
// The editor runs against the service emulator (its voices en-us-ava, en-us-sam...; tracks upbeat-sunrise...).
import { expect, fixture, html, oneEvent } from '@open-wc/testing';
import { waitUntil } from '../support/wait.js';
// @ts-expect-error: a virtual module served by scripts/lib/emulator-plugin.mjs
import { apiBaseUrl } from '/__studio-env.js';
import '../../src/components/studio-editor/studio-editor.js';
import type { StudioEditor } from '../../src/components/studio-editor/studio-editor.js';
import { openPanel } from '../support/panels.js';
import { endpointAuth } from '../../src/auth/endpoint-auth.js';
import { askForIdeas, makeTheAd } from '../support/ideas.js';
import type { StudioErrorDetail, StudioErrorEvent } from '../../src/events/studio-error.js';

async function mount(config: object, errors: StudioErrorDetail[]): Promise<StudioEditor> {
  const element = await fixture<StudioEditor>(html`<studio-editor></studio-editor>`);
  element.addEventListener('studio-error', (event) => errors.push((event as StudioErrorEvent).detail));
  const ready = oneEvent(element, 'studio-ready');
  const id = `approved-${Math.random().toString(36).slice(2)}`;
  element.config = { auth: { userId: id, ...endpointAuth({ tokenUrl: '/host/token', refreshUrl: '/host/refresh' }) }, api: { baseUrl: apiBaseUrl as string }, project: { id, autosave: false }, ...config };
  await ready;
  return element;
}

/** The names a picker lists, once it lists any. */
async function listed(panel: HTMLElement, picker: string): Promise<string[]> {
  const names = () => [...(panel.shadowRoot!.querySelector(picker)?.shadowRoot?.querySelectorAll('ul li .name') ?? [])].map((name) => name.textContent!.trim());
  await waitUntil(() => names().length > 0, `${picker} lists its library`, { timeout: 30_000 });
  return names();
}

describe('approved voices and music (vocal.voices, music.tracks)', function () {

  it('the pickers offer only the licensed ids; an unknown id is reported once, recoverable, and the rest work', async () => {
    const errors: StudioErrorDetail[] = [];
    const editor = await mount({ vocal: { voices: ['en-us-sam', 'not-a-voice', 'fr-fr-lea'], mode: 'per-section' }, music: { tracks: ['calm-harbour', 'not-a-track'] }, layout: { initialPanel: 'voice' } }, errors);
    const voicePanel = await openPanel(editor.shadowRoot!, 'voice');
    expect(await listed(voicePanel, 'studio-editor-voice-picker')).to.deep.equal(['Sam', 'Léa']);
    const musicPanel = await openPanel(editor.shadowRoot!, 'music');
    expect(await listed(musicPanel, 'studio-editor-music-picker')).to.deep.equal(['Calm Harbour']);
    // The script panel loads the voices again (for the per-section choice): the unknown voice is not reported twice.
    editor.store.dispatch({ type: 'script/set-sections', sections: [{ id: 's1', label: 'Hook', text: 'Hello.' }] });
    const scriptPanel = await openPanel(editor.shadowRoot!, 'script');
    const options = () => [...(scriptPanel.shadowRoot!.querySelector('studio-editor-script-editor')?.shadowRoot?.querySelectorAll('select option') ?? [])].map((option) => option.textContent!.trim());
    await waitUntil(() => options().length > 1, 'the section offers voices', { timeout: 8000 });
    expect(options().slice(1)).to.deep.equal(['Sam', 'Léa']);
    const reported = errors.filter((error) => error.code === 'config');
    expect(reported.map((error) => error.message.split(':')[0])).to.have.members(['config.vocal.voices', 'config.music.tracks']);
    expect(reported.every((error) => error.recoverable)).to.equal(true);
    expect(reported.find((error) => error.message.includes('vocal'))!.message).to.include('"not-a-voice"');
    expect(editor.shadowRoot!.querySelector('studio-editor-panels')).to.not.equal(null);
  });

  it('a live update of the list changes the picker', async () => {
    const errors: StudioErrorDetail[] = [];
    const editor = await mount({ vocal: { voices: ['en-us-ava'] }, layout: { initialPanel: 'voice' } }, errors);
    const panel = await openPanel(editor.shadowRoot!, 'voice');
    expect(await listed(panel, 'studio-editor-voice-picker')).to.deep.equal(['Ava']);
    editor.config = { ...editor.config!, vocal: { voices: ['en-gb-george', 'en-us-ava'] } };
    await waitUntil(async () => (await listed(panel, 'studio-editor-voice-picker')).length === 2, 'the new list shows', { timeout: 8000 });
    expect(await listed(panel, 'studio-editor-voice-picker')).to.deep.equal(['Ava', 'George']);
    expect(errors.filter((error) => error.code === 'config')).to.have.length(0);
  });

  it('tools.upload false still hides the upload with a track list', async () => {
    const errors: StudioErrorDetail[] = [];
    const editor = await mount({ music: { tracks: ['calm-harbour'] }, tools: { upload: false }, layout: { initialPanel: 'music' } }, errors);
    const panel = await openPanel(editor.shadowRoot!, 'music');
    expect(await listed(panel, 'studio-editor-music-picker')).to.deep.equal(['Calm Harbour']);
    expect(panel.shadowRoot!.querySelector('studio-editor-music-picker')!.shadowRoot!.querySelector('studio-editor-upload')).to.equal(null);
  });

  it('ideas from the service come with licensed voices and music, and Make the ad voices and beds the ad with them', async () => {
    const errors: StudioErrorDetail[] = [];
    const editor = await mount({ vocal: { voices: ['en-gb-george'] }, music: { tracks: ['calm-harbour'] }, layout: { initialPanel: 'recommend' } }, errors);
    const panel = await openPanel(editor.shadowRoot!, 'recommend');
    await panel.updateComplete;
    const form = panel.shadowRoot!.querySelector('studio-editor-recommend-form')!;
    await (form as unknown as { updateComplete: Promise<unknown> }).updateComplete;
    await askForIdeas(panel.shadowRoot!);
    const items = editor.store.getState().project.recommendations.items;
    expect(items.map((item) => [item.voice.voice_id, item.music.track_id])).to.deep.equal(items.map(() => ['en-gb-george', 'calm-harbour']));
    // The emulator's ideas name other voices: each card says which one it replaced.
    const replaced = items.filter((item) => (item['licensed_from'] as { voice?: string } | undefined)?.voice !== undefined).length;
    expect(replaced).to.be.above(0);
    await panel.updateComplete;
    const cards = [...panel.shadowRoot!.querySelectorAll('studio-editor-recommendation-card')];
    expect(cards.filter((card) => card.shadowRoot!.textContent!.includes('which is not licensed')).length).to.equal(replaced);
    makeTheAd(cards[0]!);
    const sections = items[0]!.script.sections.length;
    await waitUntil(() => editor.store.getState().project.clips.length === sections, 'the ad made', { timeout: 30_000 });
    const project = editor.store.getState().project;
    expect([...new Set(project.clips.map((clip) => clip.source?.voice))]).to.deep.equal(['en-gb-george']);
    expect(project.music!.track!.track_id).to.equal('calm-harbour');
    expect(errors.filter((error) => error.code !== 'config')).to.deep.equal([]);
  });
});
