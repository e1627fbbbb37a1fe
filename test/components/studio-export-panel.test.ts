import { expect, fixture, html } from '@open-wc/testing';
import sinon from 'sinon';
import { DETACH_GRACE_MS } from '../../src/internal/linger.js';
import type { ExportOptions } from '../../src/audio/engine.js';
import type { ExportedMix } from '../../src/audio/export.js';
import { checkCompliance } from '../../src/audio/dsp/presets.js';
import '../../src/components/studio-export-panel/studio-export-panel.js';
import { REVOKE_AFTER_MS, type StudioExportPanel } from '../../src/components/studio-export-panel/studio-export-panel.js';
import type { StudioExportForm } from '../../src/components/studio-export-form/studio-export-form.js';
import type { StudioJobStatus } from '../../src/components/studio-job-status/studio-job-status.js';
import { formatLevelIn } from '../../src/i18n/format.js';

const formatLevel = (value: number, signed = false) => formatLevelIn('en', value, signed);
import { StudioError } from '../../src/errors.js';
import type { VoiceClip } from '../../src/model/document.js';
import { exported, FakePreview, previewState, type TestPreviewContext } from '../support/fake-preview.js';

const clip: VoiceClip = { id: 'c1', sectionId: null, assetId: 'a1', url: 'https://cdn.example/a1.wav', start: 0, gain: 0, trimIn: 0, trimOut: 0, fadeIn: 0, fadeOut: 0, source: null };

/** A promise and its settlers, to drive an export step by step. */
function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (reason: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

async function mount({ audible = true, preview = new FakePreview() }: { audible?: boolean; preview?: FakePreview } = {}) {
  const context = await fixture<TestPreviewContext>(html`<test-preview-context .preview=${preview}><studio-editor-export-panel></studio-editor-export-panel></test-preview-context>`);
  context.store.dispatch({ type: 'project/rename', title: 'Spring Sale' });
  if (audible) context.store.dispatch({ type: 'clip/add', clip });
  const panel = context.querySelector('studio-editor-export-panel') as StudioExportPanel;
  await panel.updateComplete;
  const form = () => panel.shadowRoot!.querySelector('studio-editor-export-form') as StudioExportForm | null;
  const settle = async () => {
    await panel.updateComplete;
    await form()?.updateComplete;
  };
  /** Submits the form (WAV 16-bit at 48 kHz, named after the title unless changed). */
  const submit = async () => {
    form()!.shadowRoot!.querySelector<HTMLButtonElement>('button.primary')!.click();
    await settle();
  };
  const $ = (selector: string) => panel.shadowRoot!.querySelector<HTMLElement>(selector);
  const field = (name: string) => $(`dd[data-field=${name}]`)?.textContent?.trim() ?? null;
  return { context, panel, preview, store: context.store, form, submit, settle, $, field };
}

/** Records what the transient download anchor was given, without navigating. */
function captureDownloads() {
  const downloads: Array<{ href: string; download: string; connected: boolean }> = [];
  sinon.stub(HTMLAnchorElement.prototype, 'click').callsFake(function (this: HTMLAnchorElement) {
    downloads.push({ href: this.href, download: this.download, connected: this.isConnected });
  });
  return downloads;
}

describe('<studio-editor-export-panel>', () => {
  afterEach(() => sinon.restore());

  it('says there is nothing to export instead of the button when the project has no clip and no bed', async () => {
    const { panel, form, $ } = await mount({ audible: false });
    expect(form()).to.equal(null);
    expect($('[part=message]')!.textContent).to.equal('Nothing to export yet: add a voice-over or a music bed first.');
    await expect(panel).to.be.accessible();
  });

  it('says before the export that the length would cut the speech, and extends the ad in one step', async () => {
    const { panel, preview, store, $ } = await mount();
    store.dispatch({ type: 'project/set-duration', duration: 15 });
    preview.set(previewState({ timing: { speechEnd: 16.2, overlaps: [] }, duration: 15 }));
    await panel.updateComplete;
    const warning = $('[part="length-warning"]')!;
    expect(warning.getAttribute('role')).to.equal('alert');
    expect(warning.textContent).to.include('The speech runs 1.2 s past 0:15');
    const buttons = [...warning.querySelectorAll('button')];
    expect(buttons.map((button) => button.textContent!.trim())).to.deep.equal(['Extend the ad to 17 s', 'Shorten the script']);
    await expect(panel).to.be.accessible();
    const opened = new Promise<string>((resolve) => panel.addEventListener('panel-select', (event) => resolve((event as CustomEvent<string>).detail), { once: true }));
    buttons[1]!.click();
    expect(await opened).to.equal('script');
    buttons[0]!.click();
    expect(store.getState().project.duration).to.equal(17);
  });

  it('offers the configured formats and names the file after the project', async () => {
    const { panel, form } = await mount();
    panel.formats = ['mp3'];
    await panel.updateComplete;
    await form()!.updateComplete;
    expect(form()!.formats).to.deep.equal(['mp3']);
    expect(form()!.shadowRoot!.querySelector('button.primary')!.textContent).to.equal('Export Spring Sale.mp3');
    await expect(panel).to.be.accessible();
  });

  it('shows each stage on the progress bar, downloads the blob under the form’s file name and shows the engine’s figures', async () => {
    const downloads = captureDownloads();
    const { panel, preview, store, form, submit, settle, field } = await mount();
    const before = store.getState().project;
    const depth = store.getState().history.pastDepth;
    const done = deferred<ExportedMix>();
    const exportSpy = sinon.stub(preview, 'exportImpl').callsFake(() => done.promise);
    await submit();
    expect(exportSpy.callCount).to.equal(1);
    const options = exportSpy.firstCall.args[0] as ExportOptions;
    // The form starts from the project's delivery settings (a new project delivers WAV 24-bit at 48 kHz).
    expect([options.format, options.sampleRate, options.signal instanceof AbortSignal]).to.deep.equal(['wav24', 48000, true]);
    const seen: Array<[string | null, string]> = [];
    for (const stage of ['decode', 'mix', 'master', 'done', 'encode'] as const) {
      options.onProgress!(stage);
      await settle();
      const status = form()!.shadowRoot!.querySelector('studio-editor-job-status') as StudioJobStatus;
      await status.updateComplete;
      seen.push([status.shadowRoot!.querySelector('[role=progressbar]')!.getAttribute('aria-valuenow'), status.stage]);
    }
    expect(seen).to.deep.equal([
      ['5', 'Loading the audio'],
      ['30', 'Mixing'],
      ['65', 'Mastering'],
      ['80', 'Mixed'],
      ['85', 'Writing the file'],
    ]);
    await expect(panel).to.be.accessible();
    const blob = new Blob([new Uint8Array(2500)], { type: 'audio/wav' });
    const measurement = { integrated: -14.26, momentaryMax: -10, shortTermMax: -12, range: 3, samplePeak: -2, truePeak: -1.31 };
    // The editor's export resolves to the file with the engine's figures.
    done.resolve({ blob, format: 'wav16', fileName: 'spring-sale.wav', measurement, compliance: checkCompliance(measurement, 'streaming') });
    await new Promise((resolve) => setTimeout(resolve));
    await settle();
    expect(downloads.length).to.equal(1);
    expect(downloads[0]!.download).to.equal('Spring Sale.wav');
    expect(downloads[0]!.href.startsWith('blob:')).to.equal(true);
    expect(downloads[0]!.connected).to.equal(true);
    expect((await (await fetch(downloads[0]!.href)).blob()).size).to.equal(2500);
    expect(panel.shadowRoot!.querySelector('a')).to.equal(null);
    expect([field('file'), field('size'), field('integrated'), field('truePeak'), field('compliance')]).to.deep.equal([
      'Spring Sale.wav',
      '2.5 KB',
      '-14.3 LUFS',
      '-1.3 dBTP',
      'Meets Streaming',
    ]);
    expect(panel.shadowRoot!.querySelector('[role=status]')!.textContent).to.equal('Downloaded Spring Sale.wav (2.5 KB).');
    expect(form()!.busy).to.equal(false);
    expect(store.getState().project === before).to.equal(true);
    expect(store.getState().history.pastDepth).to.equal(depth);
    await expect(panel).to.be.accessible();
  });

  it('names the rules a master misses, with what each requires', async () => {
    captureDownloads();
    const { preview, submit, settle, field } = await mount();
    const measurement = { integrated: -16.2, momentaryMax: -10, shortTermMax: -12.5, range: 5, samplePeak: -2, truePeak: -1.5 };
    preview.exportImpl = async () => exported(new Blob([new Uint8Array(8)]), { measurement, compliance: checkCompliance(measurement, 'ebu-r128') });
    await submit();
    await new Promise((resolve) => setTimeout(resolve));
    await settle();
    expect(field('integrated')).to.equal(`${formatLevel(-16.2)} LUFS`);
    expect(field('compliance')).to.equal('Does not meet Broadcast, EBU R 128: Integrated loudness (required -23.5 to -22.5 LUFS); Short-term loudness (required at most -18.0 LUFS)');
  });

  it('cancels: the signal aborts, nothing downloads, and that is not an error', async () => {
    const downloads = captureDownloads();
    const { panel, preview, form, submit, settle, $ } = await mount();
    let signal: AbortSignal | undefined;
    preview.exportImpl = (options) =>
      new Promise((_, reject) => {
        signal = options.signal;
        options.signal!.addEventListener('abort', () => reject(options.signal!.reason));
      });
    await submit();
    const status = form()!.shadowRoot!.querySelector('studio-editor-job-status') as StudioJobStatus;
    await status.updateComplete;
    status.shadowRoot!.querySelector('button')!.click();
    expect(signal!.aborted).to.equal(true);
    await new Promise((resolve) => setTimeout(resolve));
    await settle();
    expect(downloads.length).to.equal(0);
    expect($('[role=alert]')).to.equal(null);
    expect(panel.shadowRoot!.querySelector('[role=status]')!.textContent).to.equal('Export cancelled; nothing was downloaded.');
    expect(form()!.busy).to.equal(false);
  });

  it('shows an error in place, saying what to do, and leaves the project alone', async () => {
    const downloads = captureDownloads();
    const { panel, preview, store, submit, settle, $ } = await mount();
    const before = store.getState().project;
    preview.exportImpl = async () => {
      throw new StudioError('export-encoder', 'The MP3 encoder could not be loaded (404).', { recoverable: true });
    };
    await submit();
    await new Promise((resolve) => setTimeout(resolve));
    await settle();
    expect(downloads.length).to.equal(0);
    expect($('[role=alert] [part=error-text]')!.textContent).to.equal(
      'The export failed; your project is unchanged. The MP3 encoder could not start. Try again in a moment. If MP3 failed, WAV may still work.',
    );
    expect(store.getState().project === before).to.equal(true);
    await expect(panel).to.be.accessible();
  });

  it('revokes the download URL after a while, or once the panel is removed for good', async () => {
    captureDownloads();
    const clock = sinon.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const revoke = sinon.spy(URL, 'revokeObjectURL');
    const { panel, preview, submit, settle, context } = await mount();
    const blob = new Blob([new Uint8Array(10)]);
    preview.exportImpl = async (options) => {
      options.onProgress?.('done');
      return exported(blob);
    };
    await submit();
    await settle();
    expect(revoke.callCount).to.equal(0);
    clock.tick(REVOKE_AFTER_MS);
    expect(revoke.callCount).to.equal(1);
    await submit();
    await settle();
    context.removeChild(panel);
    expect(revoke.callCount).to.equal(1);
    clock.tick(DETACH_GRACE_MS);
    expect(revoke.callCount).to.equal(2);
    clock.tick(REVOKE_AFTER_MS);
    expect(revoke.callCount).to.equal(2);
  });
});
