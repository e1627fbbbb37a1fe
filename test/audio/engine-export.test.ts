import { expect } from '@open-wc/testing';
import sinon from 'sinon';
import { encodeWav } from '../../src/audio/index.js';
import { AudioEngine } from '../../src/audio/engine.js';
import { Renderer } from '../../src/audio/renderer.js';
import { create } from '../../src/create.js';
import type { StudioExportDetail } from '../../src/events/studio-export.js';
import { cleanupMounts, mountPoint, testAuth } from '../support/auth.js';
import { syntheticSpeech } from './signals.js';
import { afterReady } from '../support/after-ready.js';

describe('handle.export() and studio-export', () => {
  let url = '';
  before(() => {
    const wav = encodeWav([syntheticSpeech(4, 48000)], 48000, { bitDepth: 24 });
    url = URL.createObjectURL(new Blob([wav as BlobPart], { type: 'audio/wav' }));
  });
  after(() => URL.revokeObjectURL(url));
  beforeEach(() => localStorage.clear());
  afterEach(() => {
    sinon.restore();
    cleanupMounts();
    localStorage.clear();
  });

  /** An editor with a 6 s project voiced by the test speech from 1 s, mastered for streaming. */
  async function voicedEditor(): Promise<Awaited<ReturnType<typeof create>>> {
    mountPoint('editor-x');
    const handle = await create({ target: '#editor-x', auth: testAuth(), project: { autosave: false } });
    await handle.loadProject({
      ...handle.getProject(),
      title: 'Spring Sale',
      duration: 6,
      clips: [{ id: 'c1', sectionId: null, assetId: 'a1', url, start: 1, gain: 0, trimIn: 0, trimOut: 0, fadeIn: 0.01, fadeOut: 0.05, source: null }],
      assets: [{ asset_id: 'a1', kind: 'voice', url, mime_type: 'audio/wav', duration_s: 4 }],
      mastering: { enabled: true, preset: 'streaming', target: -14, truePeak: -1 },
    });
    return handle;
  }

  it('renders the project, resolves the file and fires studio-export with its name, loudness and compliance', async () => {
    const handle = await voicedEditor();
    try {
      const details: StudioExportDetail[] = [];
      handle.on('export', (detail) => details.push(detail));
      // The WAV is written in the render worker: the engine asks for it with the render.
      const render = sinon.spy(Renderer.prototype, 'render');
      const blob = await handle.export({ format: 'wav24', sampleRate: 44100 });
      expect(render.getCalls().map((call) => call.args[1]?.wav).filter(Boolean)).to.deep.equal([{ bitDepth: 24, dither: false }]);
      expect(details.length).to.equal(1);
      const detail = details[0]!;
      expect(detail.blob === blob).to.equal(true);
      expect(detail.fileName).to.equal('spring-sale.wav');
      expect(detail.format).to.equal('wav24');
      expect(detail.compliance!.pass).to.equal(true);
      expect(Math.abs(detail.measurement.integrated + 14)).to.be.at.most(1);
      const buffer = await new OfflineAudioContext(2, 1, 44100).decodeAudioData(await blob.arrayBuffer());
      expect(buffer.length).to.equal(6 * 44100);
    } finally {
      handle.destroy();
    }
  });

  it('encodes an MP3 in the MP3 worker, not on the page', async () => {
    const handle = await voicedEditor();
    try {
      const post = sinon.spy(Worker.prototype, 'postMessage');
      const blob = await handle.export({ format: 'mp3', sampleRate: 44100 });
      const types = post.getCalls().map((call) => (call.args[0] as { type: string }).type);
      expect(types.filter((type) => type === 'encode' || type === 'measure')).to.deep.equal(['encode', 'measure']);
      const buffer = await new OfflineAudioContext(2, 1, 44100).decodeAudioData(await blob.arrayBuffer());
      expect(buffer.length).to.equal(6 * 44100);
    } finally {
      handle.destroy();
    }
  });

  it('refuses a format that config.tools.export does not allow', async () => {
    mountPoint('editor-x');
    const handle = await create({ target: '#editor-x', auth: testAuth(), project: { autosave: false }, tools: { export: { formats: ['wav16'] } } });
    try {
      let code = '';
      await handle.export({ format: 'mp3' }).catch((e: { code: string }) => (code = e.code));
      expect(code).to.equal('export-format');
    } finally {
      handle.destroy();
    }
  });

  it('disposes the engine (decoder, renderer, transport) with the editor', async () => {
    const dispose = sinon.spy(AudioEngine.prototype, 'dispose');
    mountPoint('editor-x');
    const handle = await create({ target: '#editor-x', auth: testAuth(), project: { autosave: false } });
    await afterReady(handle.element);
    // This editor's engine only: an earlier test's editor may be destroyed meanwhile (a timed-out export's).
    const before = dispose.callCount;
    handle.destroy();
    expect(dispose.callCount - before).to.equal(1);
    const own = dispose.lastCall.thisValue as AudioEngine;
    expect(dispose.getCalls().filter((call) => call.thisValue === own).length, 'not disposed before destroy').to.equal(1);
  });
});
