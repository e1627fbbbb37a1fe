import { expect, fixture, html } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import type { VoiceLibraryEntry } from '../../src/api/contract.js';
import '../../src/components/studio-voice-picker/studio-voice-picker.js';
import { filterVoices, type StudioVoicePicker } from '../../src/components/studio-voice-picker/studio-voice-picker.js';

const voice = (voice_id: string, name: string, language: string, gender: 'female' | 'male', accent?: string): VoiceLibraryEntry => ({
  voice_id,
  name,
  language,
  gender,
  ...(accent ? { accent } : {}),
  sample_url: `/v1/voices/${voice_id}/sample`,
  words_per_minute: 160,
});

const voices = [
  voice('amelia', 'Amelia', 'en-GB', 'female', 'Received'),
  voice('james', 'James', 'en-US', 'male', 'General American'),
  voice('claire', 'Claire', 'fr-FR', 'female'),
];

const names = (picker: StudioVoicePicker) => [...picker.shadowRoot!.querySelectorAll('.name')].map((node) => node.textContent);

describe('<studio-editor-voice-picker>', () => {
  it('lists voices with their details and marks the chosen one', async () => {
    const picker = await fixture<StudioVoicePicker>(html`<studio-editor-voice-picker .voices=${voices} selected="james"></studio-editor-voice-picker>`);
    expect(names(picker)).to.deep.equal(['Amelia', 'James', 'Claire']);
    expect(picker.shadowRoot!.querySelector('li .details')!.textContent).to.equal('en-GB · Received · Female');
    expect(picker.shadowRoot!.querySelector<HTMLInputElement>('input[value=james]')!.checked).to.equal(true);
    await expect(picker).to.be.accessible();
  });

  it('searches by name, accent and language, and filters', async () => {
    const picker = await fixture<StudioVoicePicker>(html`<studio-editor-voice-picker .voices=${voices}></studio-editor-voice-picker>`);
    picker.shadowRoot!.querySelector<HTMLInputElement>('input[type=search]')!.focus();
    await sendKeys({ type: 'american' });
    await picker.updateComplete;
    expect(names(picker)).to.deep.equal(['James']);
    expect(picker.shadowRoot!.querySelector('[role=status]')!.textContent).to.equal('1 voice');
    await sendKeys({ type: ' xyz' });
    await picker.updateComplete;
    expect(picker.shadowRoot!.querySelector('.hint')!.textContent).to.equal('No voice matches. Clear the search or the filters.');
    expect(filterVoices(voices, '', 'fr-FR', '').map((v) => v.name)).to.deep.equal(['Claire']);
    expect(filterVoices(voices, '', '', 'female').map((v) => v.name)).to.deep.equal(['Amelia', 'Claire']);
  });

  it('chooses with the keyboard (arrow keys in the radio group) and auditions by button', async () => {
    const picker = await fixture<StudioVoicePicker>(html`<studio-editor-voice-picker .voices=${voices} selected="amelia"></studio-editor-voice-picker>`);
    const chosen: string[] = [];
    const auditioned: string[] = [];
    picker.addEventListener('voice-choose', (e) => chosen.push((e as CustomEvent<string>).detail));
    picker.addEventListener('voice-audition', (e) => auditioned.push((e as CustomEvent<string>).detail));
    picker.shadowRoot!.querySelector<HTMLInputElement>('input[value=amelia]')!.focus();
    await sendKeys({ press: 'ArrowDown' });
    expect(chosen).to.deep.equal(['james']);
    picker.shadowRoot!.querySelector<HTMLButtonElement>('button[aria-label="Listen to Claire"]')!.click();
    expect(auditioned).to.deep.equal(['claire']);
    picker.auditioning = 'claire';
    await picker.updateComplete;
    expect(picker.shadowRoot!.querySelector('button[aria-label="Stop Claire"]')).to.not.equal(null);
  });

  it('reports speed while dragging and on release', async () => {
    const picker = await fixture<StudioVoicePicker>(html`<studio-editor-voice-picker .voices=${voices}></studio-editor-voice-picker>`);
    const seen: Array<{ value: number; final: boolean }> = [];
    picker.addEventListener('speed-change', (e) => seen.push((e as CustomEvent).detail));
    const slider = picker.shadowRoot!.querySelector<HTMLInputElement>('#speed')!;
    slider.focus();
    await sendKeys({ press: 'ArrowRight' });
    await picker.updateComplete;
    expect(seen[0]).to.deep.equal({ value: 1.05, final: false });
    expect(seen.at(-1)).to.deep.equal({ value: 1.05, final: true });
    expect(picker.shadowRoot!.querySelector('output')!.textContent).to.equal('1.05×');
  });
});
