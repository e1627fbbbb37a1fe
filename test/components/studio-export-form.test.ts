import { expect, fixture, html, oneEvent } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import '../../src/components/studio-export-form/studio-export-form.js';
import { fileNameFromTitle, type ExportRequest, type StudioExportForm } from '../../src/components/studio-export-form/studio-export-form.js';

describe('<studio-editor-export-form>', () => {
  it('exports WAV 16-bit at 48 kHz named after the project by default', async () => {
    const form = await fixture<StudioExportForm>(html`<studio-editor-export-form projectTitle="Summer: Sale!"></studio-editor-export-form>`);
    const button = form.shadowRoot!.querySelector<HTMLButtonElement>('button.primary')!;
    expect(button.textContent).to.equal('Export Summer-Sale.wav');
    setTimeout(() => button.click());
    const { detail } = (await oneEvent(form, 'export-request')) as CustomEvent<ExportRequest>;
    expect(detail).to.deep.equal({ format: 'wav16', sampleRate: 48_000, fileName: 'Summer-Sale.wav' });
    await expect(form).to.be.accessible();
  });

  it('starts from the project\'s delivery settings (format and rate) until the user picks others', async () => {
    const delivery = { format: 'mp3', sampleRate: 44_100 };
    const form = await fixture<StudioExportForm>(html`<studio-editor-export-form .delivery=${delivery} projectTitle="Ad"></studio-editor-export-form>`);
    const checked = (name: string) => [...form.shadowRoot!.querySelectorAll<HTMLInputElement>(`input[name=${name}]`)].findIndex((input) => input.checked);
    expect([checked('format'), checked('rate')]).to.deep.equal([2, 0]);
    setTimeout(() => form.shadowRoot!.querySelector<HTMLButtonElement>('button.primary')!.click());
    const first = (await oneEvent(form, 'export-request')) as CustomEvent<ExportRequest>;
    expect(first.detail).to.deep.equal({ format: 'mp3', sampleRate: 44_100, fileName: 'Ad.mp3' });
    form.shadowRoot!.querySelectorAll<HTMLInputElement>('input[name=rate]')[1]!.click();
    form.shadowRoot!.querySelectorAll<HTMLInputElement>('input[name=format]')[0]!.click();
    form.delivery = { format: 'wav24', sampleRate: 44_100, destinations: [], stems: false };
    await form.updateComplete;
    setTimeout(() => form.shadowRoot!.querySelector<HTMLButtonElement>('button.primary')!.click());
    const second = (await oneEvent(form, 'export-request')) as CustomEvent<ExportRequest>;
    expect(second.detail).to.deep.equal({ format: 'wav16', sampleRate: 48_000, fileName: 'Ad.wav' });
  });

  it('offers only the configured formats, and names MP3 files .mp3', async () => {
    const form = await fixture<StudioExportForm>(html`<studio-editor-export-form .formats=${['mp3', 'wav24']} projectTitle="Ad"></studio-editor-export-form>`);
    expect(form.shadowRoot!.querySelectorAll('input[name=format]').length).to.equal(2);
    form.shadowRoot!.querySelectorAll<HTMLInputElement>('input[name=rate]')[0]!.click();
    await form.updateComplete;
    setTimeout(() => form.shadowRoot!.querySelector<HTMLButtonElement>('button.primary')!.click());
    const { detail } = (await oneEvent(form, 'export-request')) as CustomEvent<ExportRequest>;
    expect(detail).to.deep.equal({ format: 'mp3', sampleRate: 44_100, fileName: 'Ad.mp3' });
  });

  it('refuses a file name with path characters and says which are allowed', async () => {
    const form = await fixture<StudioExportForm>(html`<studio-editor-export-form projectTitle="Ad"></studio-editor-export-form>`);
    let fired = 0;
    form.addEventListener('export-request', () => fired++);
    const input = form.shadowRoot!.querySelector<HTMLInputElement>('#file')!;
    input.focus();
    input.select();
    await sendKeys({ type: '../etc/passwd' });
    form.shadowRoot!.querySelector<HTMLButtonElement>('button.primary')!.click();
    await form.updateComplete;
    expect(fired).to.equal(0);
    expect(form.shadowRoot!.querySelector('#file-error')!.textContent).to.equal('Use letters, digits, spaces, dots, dashes or underscores.');
    expect(input.getAttribute('aria-invalid')).to.equal('true');
  });

  it('shows progress and Cancel while exporting', async () => {
    const form = await fixture<StudioExportForm>(html`<studio-editor-export-form busy .progress=${0.5}></studio-editor-export-form>`);
    expect(form.shadowRoot!.querySelector('button.primary')).to.equal(null);
    const status = form.shadowRoot!.querySelector('studio-editor-job-status')!;
    await status.updateComplete;
    expect(status.shadowRoot!.querySelector('[role=progressbar]')!.getAttribute('aria-valuenow')).to.equal('50');
  });

  it('shows the stage and passes Cancel on from the form', async () => {
    const form = await fixture<StudioExportForm>(html`<studio-editor-export-form busy .progress=${0.3} stage="Mixing"></studio-editor-export-form>`);
    const status = form.shadowRoot!.querySelector('studio-editor-job-status')!;
    await status.updateComplete;
    expect(status.shadowRoot!.querySelector('[role=status]')!.textContent).to.include('Mixing');
    let cancelled = 0;
    form.addEventListener('job-cancel', () => cancelled++);
    status.shadowRoot!.querySelector('button')!.click();
    expect(cancelled).to.equal(1);
  });

  it('makes safe file names from titles', () => {
    expect(fileNameFromTitle('  Été 2026 / Soldes <b>!</b> ')).to.equal('Été 2026-Soldes-b-b');
    expect(fileNameFromTitle('...')).to.equal('audio-ad');
    expect(fileNameFromTitle('a'.repeat(200)).length).to.equal(80);
  });
});
