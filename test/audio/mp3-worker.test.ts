import { expect } from '@open-wc/testing';
import sinon from 'sinon';
import { measureLoudness, type MixSpec } from '../../src/audio/index.js';
import { exportMix } from '../../src/audio/export.js';
import type { ToMp3Worker } from '../../src/audio/mp3-protocol.js';
import { Renderer } from '../../src/audio/renderer.js';
import { startMp3Worker } from '../../src/audio/render-worker-start.js';
import { music, syntheticSpeech } from './signals.js';

const sr = 48000;
const spec = (seconds = 8): MixSpec => ({
  length: seconds,
  sampleRate: sr,
  channelCount: 2,
  voice: [{ source: { channels: [syntheticSpeech(5, sr)], sampleRate: sr }, start: 1, fadeIn: 0.01, fadeOut: 0.05 }],
  music: { source: { channels: music(seconds, sr), sampleRate: sr }, gainDb: -6 },
  ducking: { depthDb: 10, attackMs: 200, releaseMs: 400 },
  mastering: { preset: 'streaming' },
});

/** The messages posted to workers of type `type`, with their transfer lists. */
const posted = (spy: sinon.SinonSpy, type: ToMp3Worker['type']) =>
  spy
    .getCalls()
    .map((call) => ({ message: call.args[0] as ToMp3Worker, transfer: (call.args[1] ?? []) as ArrayBuffer[] }))
    .filter(({ message }) => message.type === type);

async function decodedLength(blob: Blob): Promise<{ length: number; channels: Float32Array[] }> {
  const buffer = await new OfflineAudioContext(2, 1, sr).decodeAudioData(await blob.arrayBuffer());
  return { length: buffer.length, channels: [buffer.getChannelData(0), buffer.getChannelData(1)] };
}

describe('MP3 export in the MP3 worker', () => {
  let renderer: Renderer;
  beforeEach(() => (renderer = new Renderer()));
  afterEach(() => {
    renderer.dispose();
    sinon.restore();
  });
  const render = (s: MixSpec, o: Parameters<Renderer['render']>[1]) => renderer.render(s, o);

  it('encodes and measures in the worker, transferring the render and the decoded file to it', async () => {
    const warn = sinon.stub(console, 'warn');
    const post = sinon.spy(Worker.prototype, 'postMessage');
    const exported = await exportMix(spec(), { format: 'mp3', title: 'Ad', render });
    const encode = posted(post, 'encode');
    const measure = posted(post, 'measure');
    expect(encode.length).to.equal(1);
    expect(encode[0]!.message.sampleRate).to.equal(sr);
    expect(encode[0]!.transfer.length).to.equal(2);
    expect(encode[0]!.message.channels[0]!.length).to.equal(0); // transferred: the worker has them
    expect(measure.length).to.equal(1);
    expect(measure[0]!.transfer.length).to.equal(2);
    expect(warn.callCount).to.equal(0);
    // Gapless, and the reported figures are those of the file as Chromium decodes it.
    const decoded = await decodedLength(exported.blob);
    expect(decoded.length).to.equal(8 * sr);
    const m = measureLoudness(decoded.channels, sr);
    expect(exported.measuredFrom).to.equal(undefined);
    expect(Math.abs(exported.measurement.integrated - m.integrated)).to.be.below(1e-9);
    expect(exported.measurement.truePeak).to.equal(m.truePeak);
    expect(new TextDecoder().decode(new Uint8Array(await exported.blob.slice(0, 3).arrayBuffer()))).to.equal('ID3');
  });

  it('stops the worker when the export is aborted mid-encode, rejecting with the signal’s reason', async () => {
    const workers: Worker[] = [];
    const terminate = sinon.spy(Worker.prototype, 'terminate');
    const controller = new AbortController();
    const exporting = exportMix(spec(60), {
      format: 'mp3',
      signal: controller.signal,
      mp3Worker: () => {
        const worker = startMp3Worker();
        workers.push(worker);
        // Abort once the first frames have come back.
        worker.addEventListener('message', (event: MessageEvent<{ type: string }>) => event.data.type === 'frames' && controller.abort(new DOMException('stop', 'AbortError')));
        return worker;
      },
      render,
    });
    let error: unknown;
    await exporting.catch((e: unknown) => (error = e));
    expect((error as Error).message).to.equal('stop');
    expect(workers.length).to.equal(1);
    expect(terminate.getCalls().some((call) => call.thisValue === workers[0])).to.equal(true);
  });

  it('stops the worker once the export is done', async () => {
    const terminate = sinon.spy(Worker.prototype, 'terminate');
    let worker: Worker | undefined;
    await exportMix(spec(2), { format: 'mp3', render, mp3Worker: () => (worker = startMp3Worker()) });
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(terminate.getCalls().some((call) => call.thisValue === worker)).to.equal(true);
  });

  it('falls back to this thread, warning once with the cause, when the worker cannot start', async function () {
    const warn = sinon.stub(console, 'warn');
    const post = sinon.spy(Worker.prototype, 'postMessage');
    const refused = () => {
      throw new DOMException('Refused to create a worker', 'SecurityError');
    };
    const first = await exportMix(spec(3), { format: 'mp3', render, mp3Worker: refused });
    const missing = await exportMix(spec(2), { format: 'mp3', render, mp3Worker: () => new Worker(new URL('./no-such-worker.js', import.meta.url), { type: 'module' }) });
    expect(warn.callCount).to.equal(1);
    expect(String(warn.firstCall.args[0])).to.contain('the MP3 worker could not start');
    expect(String(warn.firstCall.args[0])).to.contain('SecurityError: Refused to create a worker');
    expect(posted(post, 'encode').length).to.equal(0);
    expect((await decodedLength(first.blob)).length).to.equal(3 * sr);
    expect((await decodedLength(missing.blob)).length).to.equal(2 * sr);
  });
});
