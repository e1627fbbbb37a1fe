import { expect } from '@open-wc/testing';
import sinon from 'sinon';
import type { AudioEngine } from '../../src/audio/engine.js';
import type { MixPreview } from '../../src/audio/mix-preview.js';
import { exportMix, type ExportHost } from '../../src/session/editor-export.js';
import { resolveConfig } from '../../src/config/validate.js';
import { StudioError } from '../../src/errors.js';
import type { StudioExportEvent } from '../../src/events/studio-export.js';
import { createEditorStore, initFromConfig } from '../../src/model/editor-state.js';
import { exported } from '../support/fake-preview.js';
import { testAuth } from '../support/auth.js';

const config = resolveConfig({ auth: testAuth(), project: { id: 'p1', duration: 15 } }, { origin: 'https://host.example' });

/** A host whose engine exports `result`, with speech ending at `speechEnd` (s). */
function setup(over: Partial<ExportHost> = {}, speechEnd = 10) {
  const store = createEditorStore();
  store.dispatch(initFromConfig(config, 'p1', 'Untitled'));
  const errors: string[] = [];
  const events: StudioExportEvent[] = [];
  const engineExport = sinon.stub().resolves(exported(new Blob([new Uint8Array(4)])));
  const host: ExportHost = {
    config,
    preview: { speechTiming: async () => ({ speechEnd, overlaps: [] }) } as unknown as MixPreview,
    audio: async () => ({ export: engineExport }) as unknown as AudioEngine,
    project: () => store.getState().project,
    error: (error) => errors.push(error.code),
    dispatch: (event) => events.push(event as StudioExportEvent),
    ...over,
  };
  return { host, errors, events, engineExport };
}

const codeOf = (promise: Promise<unknown>): Promise<string> => promise.then(() => 'resolved', (error: StudioError) => error.code);

describe('exportMix', () => {
  it('exports through the engine and fires studio-export with the file and its figures', async () => {
    const { host, events, engineExport } = setup();
    const result = await exportMix(host, { format: 'wav16' });
    expect(engineExport.callCount).to.equal(1);
    expect(result.fileName).to.equal('ad.wav');
    expect(events.map((event) => event.type)).to.deep.equal(['studio-export']);
    expect(events[0]!.detail.format).to.equal('wav16');
  });

  it('refuses before the editor started (no engine, or no config), and reports nothing', async () => {
    const noEngine = setup({ audio: async () => undefined });
    expect(await codeOf(exportMix(noEngine.host, { format: 'wav16' }))).to.equal('not-ready');
    const noConfig = setup({ config: undefined });
    expect(await codeOf(exportMix(noConfig.host, { format: 'wav16' }))).to.equal('not-ready');
    expect(noEngine.errors.length + noConfig.errors.length).to.equal(0);
  });

  it('a format the host did not allow is thrown, not reported; speech cut short is both', async () => {
    const format = setup();
    expect(await codeOf(exportMix(format.host, { format: 'flac' as 'wav16' }))).to.equal('export-format');
    expect(format.errors).to.deep.equal([]);
    const cut = setup({}, 16);
    expect(await codeOf(exportMix(cut.host, { format: 'wav16' }))).to.equal('speech-cut');
    expect(cut.errors).to.deep.equal(['speech-cut']);
    expect(cut.engineExport.callCount).to.equal(0);
    const allowed = setup({}, 16);
    expect(await codeOf(exportMix(allowed.host, { format: 'wav16', allowSpeechCut: true }))).to.equal('resolved');
  });

  it('reports an engine failure of its own, and passes any other through unreported', async () => {
    const own = setup();
    own.engineExport.rejects(new StudioError('render-failed', 'x'));
    expect(await codeOf(exportMix(own.host, { format: 'wav16' }))).to.equal('render-failed');
    expect(own.errors).to.deep.equal(['render-failed']);
    const aborted = setup();
    aborted.engineExport.rejects(new DOMException('stop', 'AbortError'));
    await exportMix(aborted.host, { format: 'wav16' }).catch(() => undefined);
    expect(aborted.errors).to.deep.equal([]);
    expect(aborted.events).to.deep.equal([]);
  });
});
