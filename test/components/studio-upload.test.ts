import { expect, fixture, html } from '@open-wc/testing';
import '../../src/components/studio-upload/studio-upload.js';
import { checkAudioFile, type StudioUpload } from '../../src/components/studio-upload/studio-upload.js';
import { formatBytes } from '../../src/i18n/format.js';

function drop(upload: StudioUpload, files: File[]): void {
  const data = new DataTransfer();
  for (const file of files) data.items.add(file);
  upload.shadowRoot!.querySelector('[part=dropzone]')!.dispatchEvent(new DragEvent('drop', { dataTransfer: data, bubbles: true, cancelable: true }));
}

describe('<studio-editor-upload>', () => {
  it('passes a dropped audio file on', async () => {
    const upload = await fixture<StudioUpload>(html`<studio-editor-upload></studio-editor-upload>`);
    const chosen: File[] = [];
    upload.addEventListener('file-chosen', (event) => chosen.push((event as CustomEvent<File>).detail));
    drop(upload, [new File([new Uint8Array(100)], 'bed.wav', { type: 'audio/wav' })]);
    await upload.updateComplete;
    expect(chosen.map((file) => file.name)).to.deep.equal(['bed.wav']);
    expect(upload.shadowRoot!.querySelector('[role=alert]')).to.equal(null);
  });

  it('names the file and the fix when it refuses one', async () => {
    const upload = await fixture<StudioUpload>(html`<studio-editor-upload maxBytes="1024"></studio-editor-upload>`);
    let chosen = 0;
    upload.addEventListener('file-chosen', () => chosen++);
    const alert = () => upload.shadowRoot!.querySelector('[role=alert]')!.textContent;
    drop(upload, [new File(['x'], 'notes.txt', { type: 'text/plain' })]);
    await upload.updateComplete;
    expect(alert()).to.equal('“notes.txt” is not an audio file this editor can read. Use WAV, MP3, OGG, FLAC, AAC or M4A.');
    drop(upload, [new File([new Uint8Array(4096)], 'long.mp3', { type: 'audio/mpeg' })]);
    await upload.updateComplete;
    expect(alert()).to.equal('“long.mp3” is 4.0 kB, more than the 1.0 kB allowed. Use a shorter or more compressed file.');
    drop(upload, [new File([], 'a.wav', { type: 'audio/wav' }), new File([], 'b.wav', { type: 'audio/wav' })]);
    await upload.updateComplete;
    expect(alert()).to.equal('Drop one file at a time.');
    expect(chosen).to.equal(0);
  });

  it('shows an error set from outside, and passes axe', async () => {
    const upload = await fixture<StudioUpload>(html`<studio-editor-upload error="“x.wav” could not be decoded."></studio-editor-upload>`);
    expect(upload.shadowRoot!.querySelector('[role=alert]')!.textContent).to.equal('“x.wav” could not be decoded.');
    await expect(upload).to.be.accessible();
  });
});

describe('checkAudioFile', () => {
  it('accepts audio by type or by extension, refuses empty files', () => {
    expect(checkAudioFile({ name: 'a.flac', type: '', size: 10 }, 100)).to.equal(undefined);
    expect(checkAudioFile({ name: 'a', type: 'audio/ogg', size: 10 }, 100)).to.equal(undefined);
    expect(checkAudioFile({ name: 'a.wav', type: 'audio/wav', size: 0 }, 100)?.key).to.equal('upload.empty');
    expect(checkAudioFile({ name: 'movie.mp4', type: 'video/mp4', size: 10 }, 100)?.key).to.equal('upload.badType');
  });

  it('formats sizes for people', () => {
    expect([512, 3482, 25 * 1024 * 1024, 1.5 * 1024 ** 3].map((bytes) => formatBytes('en', bytes))).to.deep.equal(['512 byte', '3.4 kB', '25 MB', '1.5 GB']);
  });
});
