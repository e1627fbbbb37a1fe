import { expect, fixture, html } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import type { MusicLibraryEntry } from '../../src/api/contract.js';
import '../../src/components/studio-music-picker/studio-music-picker.js';
import { filterTracks, type StudioMusicPicker } from '../../src/components/studio-music-picker/studio-music-picker.js';

const track = (track_id: string, title: string, style: string, mood: string, tempo_bpm: number): MusicLibraryEntry => ({
  track_id,
  title,
  style,
  mood,
  tempo_bpm,
  url: `/cdn/music/${track_id}.wav`,
  preview_url: `/cdn/music/${track_id}.wav`,
});

const tracks = [track('sun', 'Sunrise', 'upbeat', 'happy', 120), track('calm', 'Still Water', 'calm', 'relaxed', 70)];

describe('<studio-editor-music-picker>', () => {
  it('lists tracks with style, mood and tempo, and passes axe', async () => {
    const picker = await fixture<StudioMusicPicker>(html`<studio-editor-music-picker .tracks=${tracks} selected="calm"></studio-editor-music-picker>`);
    expect([...picker.shadowRoot!.querySelectorAll('li .details')].map((node) => node.textContent)).to.deep.equal([
      'upbeat · happy · 120 BPM',
      'calm · relaxed · 70 BPM',
    ]);
    expect(picker.shadowRoot!.querySelector<HTMLInputElement>('input[value=calm]')!.checked).to.equal(true);
    await expect(picker).to.be.accessible();
  });

  it('chooses and previews, and reports level and fades', async () => {
    const picker = await fixture<StudioMusicPicker>(html`<studio-editor-music-picker .tracks=${tracks}></studio-editor-music-picker>`);
    const seen: string[] = [];
    for (const type of ['music-choose', 'music-preview', 'music-gain', 'music-fade-in']) {
      picker.addEventListener(type, (e) => seen.push(`${type}:${JSON.stringify((e as CustomEvent).detail)}`));
    }
    picker.shadowRoot!.querySelector<HTMLInputElement>('input[value=sun]')!.click();
    picker.shadowRoot!.querySelector<HTMLButtonElement>('button[aria-label="Preview Still Water"]')!.click();
    picker.shadowRoot!.querySelector<HTMLInputElement>('#gain')!.focus();
    await sendKeys({ press: 'ArrowLeft' });
    expect(seen).to.deep.equal([
      'music-choose:"sun"',
      'music-preview:"calm"',
      'music-gain:{"value":-6.5,"final":false}',
      'music-gain:{"value":-6.5,"final":true}',
    ]);
  });

  it('hides the upload area when uploads are off, and filters by style', async () => {
    const picker = await fixture<StudioMusicPicker>(html`<studio-editor-music-picker .tracks=${tracks} .upload=${false}></studio-editor-music-picker>`);
    expect(picker.shadowRoot!.querySelector('studio-editor-upload')).to.equal(null);
    expect(filterTracks(tracks, 'water', '').map((t) => t.title)).to.deep.equal(['Still Water']);
    expect(filterTracks(tracks, '', 'upbeat').map((t) => t.title)).to.deep.equal(['Sunrise']);
  });
});
