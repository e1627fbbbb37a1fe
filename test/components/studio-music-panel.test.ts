import { expect, fixture, html } from '@open-wc/testing';
import { waitUntil } from '../support/wait.js';
import sinon from 'sinon';
import type { ServiceClient } from '../../src/api/client.js';
import '../../src/components/studio-music-panel/studio-music-panel.js';
import type { StudioMusicPanel } from '../../src/components/studio-music-panel/studio-music-panel.js';
import type { StudioMusicPicker } from '../../src/components/studio-music-picker/studio-music-picker.js';
import type { StringKey } from '../../src/i18n/en.js';
import { fr } from '../../src/i18n/fr.js';
import { createTranslator } from '../../src/i18n/translate.js';
import { hashBytes, loadUpload, parseUploadUrl, readUpload } from '../../src/model/persistence/uploads.js';
import { BAD_UPLOADS } from '../support/bad-audio.js';
import type { TestEditorContext } from '../support/editor-context.js';
import '../support/editor-context.js';
import { FakePreview } from '../support/fake-preview.js';
import { sine, wav16 } from '../support/wav.js';

/**
 * How long an upload may take to be decoded and checked (and kept): real work in a worker, which on a busy
 * machine took over the 1 s waitUntil gives by default (WebKit).
 */
const UPLOAD_WAIT_MS = 8000;

const library = {
  tracks: [
    { track_id: 'sunny', title: 'Sunny Days', style: 'pop', mood: 'happy', tempo_bpm: 120, url: 'https://cdn.test/sunny.mp3', preview_url: 'https://cdn.test/sunny-preview.mp3' },
    { track_id: 'night', title: 'Night Drive', style: 'electronic', url: 'https://cdn.test/night.mp3', preview_url: 'https://cdn.test/night-preview.mp3' },
  ],
};

const DB = 'test-music-panel-uploads';

async function mount(music: sinon.SinonStub, userId = 'user-1', preview?: FakePreview) {
  const client = { music, fetch: sinon.stub(), userId: async () => userId } as unknown as ServiceClient;
  const context = await fixture<TestEditorContext>(html`<test-editor-context .client=${client} .preview=${preview}>
    <studio-editor-music-panel .uploadStore=${{ dbName: DB }}></studio-editor-music-panel>
  </test-editor-context>`);
  const panel = context.querySelector('studio-editor-music-panel') as StudioMusicPanel;
  await panel.updateComplete;
  const picker = () => panel.shadowRoot!.querySelector('studio-editor-music-picker') as StudioMusicPicker;
  return { context, panel, picker, client };
}

function chooseFile(picker: StudioMusicPicker, file: File): void {
  const upload = picker.shadowRoot!.querySelector('studio-editor-upload')!;
  upload.dispatchEvent(new CustomEvent('file-chosen', { detail: file, bubbles: true }));
}

describe('<studio-editor-music-panel>', () => {
  afterEach(() => sinon.restore());
  after(() => indexedDB.deleteDatabase(DB));

  it('loads the library once shown, not while hidden', async () => {
    const music = sinon.stub().resolves(library);
    const client = { music, fetch: sinon.stub(), userId: async () => 'u' } as unknown as ServiceClient;
    const context = await fixture<TestEditorContext>(html`<test-editor-context .client=${client}>
      <studio-editor-music-panel hidden></studio-editor-music-panel>
    </test-editor-context>`);
    const panel = context.querySelector('studio-editor-music-panel')!;
    await panel.updateComplete;
    expect(music.callCount).to.equal(0);
    panel.hidden = false;
    await waitUntil(() => (panel.shadowRoot!.querySelector('studio-editor-music-picker') as StudioMusicPicker).tracks.length === 2);
    panel.hidden = true;
    await panel.updateComplete;
    panel.hidden = false;
    await panel.updateComplete;
    expect(music.callCount).to.equal(1);
  });

  it('chooses a track keeping the current level and fades, in one undo step', async () => {
    const { context, picker } = await mount(sinon.stub().resolves(library));
    await waitUntil(() => picker().tracks.length === 2);
    picker().dispatchEvent(new CustomEvent('music-choose', { detail: 'sunny', bubbles: true }));
    let bed = context.store.getState().project.music!;
    expect(bed.track?.track_id).to.equal('sunny');
    expect(bed.url).to.equal('https://cdn.test/sunny.mp3');
    expect(bed.track).to.not.have.property('preview_url');
    expect([bed.gain, bed.fadeIn, bed.fadeOut]).to.deep.equal([-6, 0.5, 1.5]);
    context.store.dispatch({ type: 'music/gain', gain: -12 });
    picker().dispatchEvent(new CustomEvent('music-choose', { detail: 'night', bubbles: true }));
    bed = context.store.getState().project.music!;
    expect([bed.track?.track_id, bed.gain]).to.deep.equal(['night', -12]);
  });

  it('makes a gain drag and a fade drag one undo step each', async () => {
    const { context, picker } = await mount(sinon.stub().resolves(library));
    await waitUntil(() => picker().tracks.length === 2);
    picker().dispatchEvent(new CustomEvent('music-choose', { detail: 'sunny', bubbles: true }));
    const before = context.store.getState().history.pastDepth;
    for (const [value, final] of [[-8, false], [-9, false], [-10, true]] as const) {
      picker().dispatchEvent(new CustomEvent('music-gain', { detail: { value, final }, bubbles: true }));
    }
    for (const [value, final] of [[1, false], [2, true]] as const) {
      picker().dispatchEvent(new CustomEvent('music-fade-out', { detail: { value, final }, bubbles: true }));
    }
    const bed = context.store.getState().project.music!;
    expect([bed.gain, bed.fadeOut]).to.deep.equal([-10, 2]);
    expect(context.store.getState().history.pastDepth - before).to.equal(2);
  });

  it('previews a track through the client fetch', async () => {
    const { client, picker, panel } = await mount(sinon.stub().resolves(library));
    const fetch = client.fetch as unknown as sinon.SinonStub;
    fetch.resolves(new Response(new Blob([wav16([sine(0.2, 8000)], 8000)], { type: 'audio/wav' })));
    sinon.stub(HTMLMediaElement.prototype, 'play').resolves();
    await waitUntil(() => picker().tracks.length === 2);
    picker().dispatchEvent(new CustomEvent('music-preview', { detail: 'night', bubbles: true }));
    await waitUntil(() => picker().previewing === 'night');
    expect(fetch.firstCall.args[0]).to.equal('https://cdn.test/night-preview.mp3');
    picker().dispatchEvent(new CustomEvent('music-preview', { detail: 'night', bubbles: true }));
    await panel.updateComplete;
    expect(picker().previewing).to.equal(undefined);
  });

  it('decodes an upload, keeps its bytes in IndexedDB and refers to it as upload:<hash>', async () => {
    const { context, picker } = await mount(sinon.stub().resolves(library), 'user-7');
    const bytes = wav16([sine(1.5, 8000)], 8000);
    chooseFile(picker(), new File([bytes], 'jingle.wav', { type: 'audio/wav' }));
    await waitUntil(() => context.store.getState().project.music !== null, 'the upload is decoded, checked and kept', { timeout: UPLOAD_WAIT_MS });
    const bed = context.store.getState().project.music!;
    expect(bed.track).to.equal(null);
    expect(bed.url).to.match(/^upload:[0-9a-f]{64}$/);
    // After a reload the reference still resolves, for this user only.
    const blob = await loadUpload(bed.url!, 'user-7', { dbName: DB });
    expect(blob.size).to.equal(bytes.byteLength);
    expect(blob.type).to.equal('audio/wav');
    expect(parseUploadUrl(bed.url!)).to.have.length(64);
    const other = await loadUpload(bed.url!, 'someone-else', { dbName: DB }).catch((error: { code: string }) => error.code);
    expect(other).to.equal('upload-missing');
  });

  it('in the editor, checks an upload with the preview’s decoder and has the project keep that decode under its URL', async () => {
    const preview = new FakePreview();
    const decodeFile = sinon.spy(preview, 'decodeFile');
    const { context, picker } = await mount(sinon.stub().resolves(library), 'user-8', preview);
    chooseFile(picker(), new File([wav16([sine(1.5, 8000)], 8000)], 'jingle.wav', { type: 'audio/wav' }));
    await waitUntil(() => context.store.getState().project.music !== null, 'the upload is decoded, checked and kept', { timeout: UPLOAD_WAIT_MS });
    const url = context.store.getState().project.music!.url!;
    expect(decodeFile.callCount).to.equal(1);
    const kept = preview.kept.get(url)!;
    expect(kept).to.equal(await decodeFile.firstCall.returnValue);
    // At the render rate: the project plays this decode as it is.
    expect(kept.sampleRate).to.equal(48_000);
    expect(kept.frames).to.equal(1.5 * 48_000);
  });

  it('says clearly when an uploaded file is not audio, and keeps the music as it was', async () => {
    const { context, picker, panel } = await mount(sinon.stub().resolves(library));
    chooseFile(picker(), new File([new Uint8Array(4000).fill(7)], 'notes.mp3', { type: 'audio/mpeg' }));
    await waitUntil(() => picker().uploadError !== '', 'the upload is refused', { timeout: UPLOAD_WAIT_MS });
    expect(picker().uploadError).to.equal('“notes.mp3” is not audio this browser can decode. Use WAV, MP3, OGG, FLAC, AAC or M4A.');
    expect(context.store.getState().project.music).to.equal(null);
    await picker().updateComplete;
    const upload = picker().shadowRoot!.querySelector('studio-editor-upload')!;
    await upload.updateComplete;
    expect(upload.shadowRoot!.querySelector('[role=alert]')!.textContent).to.include('notes.mp3');
    await expect(panel).to.be.accessible();
  });

  for (const [name, file, key] of BAD_UPLOADS) {
    it(`refuses ${name} before it is stored, says why, and keeps the current bed`, async () => {
      const { context, picker } = await mount(sinon.stub().resolves(library), 'user-bad');
      await waitUntil(() => picker().tracks.length === 2);
      picker().dispatchEvent(new CustomEvent('music-choose', { detail: 'sunny', bubbles: true }));
      const before = context.store.getState().project.music;
      const chosen = file();
      chooseFile(picker(), chosen);
      await waitUntil(() => picker().uploadError !== '', 'the upload is refused', { timeout: UPLOAD_WAIT_MS });
      expect(picker().uploadError).to.equal(createTranslator('en')(key as StringKey, { name: chosen.name, duration: '0.1 s', min: '1 s' }));
      expect(context.store.getState().project.music).to.equal(before);
      const hash = await hashBytes(await chosen.arrayBuffer());
      expect(await readUpload(hash, 'user-bad', { dbName: DB })).to.equal(undefined);
    });
  }

  it('says why an upload is refused in French too', async () => {
    const { context, picker } = await mount(sinon.stub().resolves(library));
    context.t = createTranslator('fr', {}, fr);
    await context.updateComplete;
    chooseFile(picker(), BAD_UPLOADS[0]![1]());
    await waitUntil(() => picker().uploadError !== '', 'the upload is refused', { timeout: UPLOAD_WAIT_MS });
    expect(picker().uploadError).to.equal('« cut.wav » est incomplet : le fichier s’arrête avant la fin de son son. Exportez-le à nouveau, ou téléchargez-le à nouveau s’il vient du web.');
  });

  it('removes the music as one undo step', async () => {
    const { context, picker, panel } = await mount(sinon.stub().resolves(library));
    await waitUntil(() => picker().tracks.length === 2);
    picker().dispatchEvent(new CustomEvent('music-choose', { detail: 'sunny', bubbles: true }));
    await panel.updateComplete;
    panel.shadowRoot!.querySelector<HTMLButtonElement>('[part=current] button')!.click();
    expect(context.store.getState().project.music).to.equal(null);
    context.store.dispatch({ type: 'history/undo' });
    expect(context.store.getState().project.music?.track?.track_id).to.equal('sunny');
  });

  it('says when the library could not be loaded, and retries', async () => {
    const music = sinon.stub();
    music.onFirstCall().rejects(new Error('The service did not answer.'));
    music.onSecondCall().resolves(library);
    const { panel, picker } = await mount(music);
    await waitUntil(() => panel.shadowRoot!.querySelector('[role=alert]'));
    expect(panel.shadowRoot!.querySelector('[role=alert]')!.textContent).to.include('The music library could not be loaded. Something went wrong. Try again; if it keeps happening, contact the site.');
    panel.shadowRoot!.querySelector<HTMLButtonElement>('[role=alert] button')!.click();
    await waitUntil(() => picker().tracks.length === 2);
  });

  it('hides the upload area when uploads are off', async () => {
    const { panel, picker } = await mount(sinon.stub().resolves(library));
    panel.upload = false;
    await panel.updateComplete;
    await picker().updateComplete;
    expect(picker().shadowRoot!.querySelector('studio-editor-upload')).to.equal(null);
  });
});
