import { expect, fixture, html } from '@open-wc/testing';
import sinon from 'sinon';
import { encodeWav, measureLoudness } from '../../src/audio/index.js';
import { AudioEngine, type ExportOptions } from '../../src/audio/engine.js';
import { DELIVERY_PRESETS, type DeliveryPresetId } from '../../src/delivery/presets.js';
import '../../src/components/studio-export-panel/studio-export-panel.js';
import type { StudioExportPanel } from '../../src/components/studio-export-panel/studio-export-panel.js';
import type { StudioExportForm } from '../../src/components/studio-export-form/studio-export-form.js';
import { createProject, type ProjectDocument } from '../../src/model/document.js';
import type { EditorStore } from '../../src/model/editor-state.js';
import { syntheticSpeech } from '../audio/signals.js';
import { FakePreview, type TestPreviewContext } from '../support/fake-preview.js';
import { waitUntil } from '../support/wait.js';

const SR = 44100;

/** Decodes an exported file at its rate and measures it. */
async function measureFile(blob: Blob) {
  const buffer = await new OfflineAudioContext(2, 1, SR).decodeAudioData(await blob.arrayBuffer());
  return { buffer, loudness: measureLoudness([buffer.getChannelData(0), buffer.getChannelData(1)], SR) };
}

describe('export through the real AudioEngine', () => {
  let url = '';
  let engine: AudioEngine;
  /** A 6 s project: a 4 s synthetic voice at 1 s, quiet enough (-30 LUFS or so) that mastering shows. */
  const project = (preset: DeliveryPresetId, enabled: boolean): ProjectDocument => {
    const base = createProject({ projectId: 'p-engine', title: 'Engine test', duration: 6, preset });
    return {
      ...base,
      clips: [{ id: 'c1', sectionId: null, assetId: 'a1', url, start: 1, gain: -12, trimIn: 0, trimOut: 0, fadeIn: 0.01, fadeOut: 0.05, source: null }],
      mastering: { ...base.mastering, enabled },
    };
  };

  before(() => {
    const wav = encodeWav([syntheticSpeech(4, 48000)], 48000, { bitDepth: 24 });
    url = URL.createObjectURL(new Blob([wav as BlobPart], { type: 'audio/wav' }));
  });
  after(() => URL.revokeObjectURL(url));
  beforeEach(() => {
    engine = new AudioEngine({ fetch: (input, init) => fetch(input, init) });
  });
  afterEach(() => {
    engine.dispose();
    sinon.restore();
  });

  for (const preset of ['podcast', 'ebu-r128'] as const) {
    it(`writes a WAV that decodes and measures within the ${preset} tolerance`, async () => {
      const stages: string[] = [];
      const exported = await engine.export(project(preset, true), { format: 'wav24', sampleRate: SR, onProgress: (stage) => stages.push(stage) });
      const { buffer, loudness } = await measureFile(exported.blob);
      const target = DELIVERY_PRESETS[preset];
      expect(buffer.length).to.equal(6 * SR);
      expect(Math.abs(loudness.integrated - target.integrated)).to.be.at.most(target.tolerance);
      expect(loudness.truePeak).to.be.at.most(target.truePeak + 0.1);
      expect(exported.compliance!.pass).to.equal(true);
      expect(stages).to.deep.equal(['decode', 'mix', 'master', 'done', 'encode']);
    });
  }

  it('does not master a project with mastering bypassed, unless asked for a preset', async () => {
    const raw = await engine.export(project('streaming', false), { format: 'wav24', sampleRate: SR });
    const rawLoudness = (await measureFile(raw.blob)).loudness;
    expect(raw.compliance).to.equal(undefined);
    // The raw mix is far below the streaming target: nothing brought it up.
    expect(rawLoudness.integrated).to.be.below(-14 - 5);
    expect(rawLoudness.integrated).to.be.closeTo(raw.measurement.integrated, 0.1);
    const mastered = await engine.export(project('streaming', false), { format: 'wav24', sampleRate: SR, preset: 'streaming' });
    const masteredLoudness = (await measureFile(mastered.blob)).loudness;
    expect(Math.abs(masteredLoudness.integrated + 14)).to.be.at.most(1);
    expect(mastered.compliance!.pass).to.equal(true);
  });

  it('shows the engine’s export in the panel: the downloaded file is the exported one, its loudness as measured', async () => {
    const downloads: string[] = [];
    sinon.stub(HTMLAnchorElement.prototype, 'click').callsFake(function (this: HTMLAnchorElement) {
      downloads.push(this.download);
    });
    const preview = new FakePreview();
    const context = await fixture<TestPreviewContext>(html`<test-preview-context .preview=${preview}><studio-editor-export-panel></studio-editor-export-panel></test-preview-context>`);
    const store: EditorStore = context.store;
    store.dispatch({ type: 'project/load', project: project('podcast', true) });
    let exported: Awaited<ReturnType<AudioEngine['export']>> | undefined;
    // What the editor's preview does: export the store's project through the engine.
    preview.exportImpl = async (options: ExportOptions) => (exported = await engine.export(store.getState().project, options));
    const panel = context.querySelector('studio-editor-export-panel') as StudioExportPanel;
    await panel.updateComplete;
    const form = panel.shadowRoot!.querySelector('studio-editor-export-form') as StudioExportForm;
    await form.updateComplete;
    form.shadowRoot!.querySelectorAll<HTMLInputElement>('input[name=rate]')[0]!.click();
    await form.updateComplete;
    form.shadowRoot!.querySelector<HTMLButtonElement>('button.primary')!.click();
    await waitUntil(() => panel.shadowRoot!.querySelector('[part=result]'), 'the export\'s result');
    const field = (name: string) => panel.shadowRoot!.querySelector(`dd[data-field=${name}]`)!.textContent!.trim();
    expect(downloads).to.deep.equal(['Engine test.wav']);
    const measured = (await measureFile(exported!.blob)).loudness;
    expect(Number(field('integrated').split(' ')[0])).to.be.closeTo(measured.integrated, 0.1);
    expect(Math.abs(measured.integrated + 16)).to.be.at.most(1);
    expect(field('compliance')).to.equal('Meets Podcast');
  });
});
