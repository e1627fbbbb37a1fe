import { expect } from '@open-wc/testing';
import sinon from 'sinon';
import { renderMix, type AudioSource, type MixSpec } from '../../src/audio/index.js';
import { AssetDecoder, type DecodedAudio } from '../../src/audio/decode.js';
import { Renderer } from '../../src/audio/renderer.js';
import { startRenderWorker } from '../../src/audio/render-worker-start.js';
import { wavUrl } from '../support/audio-urls.js';
import { music, syntheticSpeech } from './signals.js';

const sr = 48000;

const specOf = (voice: AudioSource | null, bed: AudioSource, seconds = 10): MixSpec => ({
  length: seconds,
  sampleRate: sr,
  channelCount: 2,
  voice: voice === null ? [] : [{ source: voice, start: 1, fadeIn: 0.01, fadeOut: 0.05 }],
  music: { source: bed, gainDb: -6, loop: true },
  ducking: { depthDb: 10, attackMs: 200, releaseMs: 400 },
  mastering: { preset: 'podcast' },
});

type Posted = { type: string; id?: number };
const sourceCalls = (spy: sinon.SinonSpy) => spy.getCalls().filter((call) => (call.args[0] as Posted).type === 'source');
const moved = (audio: DecodedAudio) => audio.channels.every((channel) => channel.length === 0);

/** The largest difference between two renders' samples (every 3rd sample of both channels). */
function worst(a: readonly Float32Array[], b: readonly Float32Array[]): number {
  let most = a[0]!.length === b[0]!.length ? 0 : Infinity;
  for (let c = 0; c < a.length; c++) for (let i = 0; i < a[c]!.length; i += 3) most = Math.max(most, Math.abs(a[c]![i]! - b[c]![i]!));
  return most;
}

describe('Renderer with the decoder’s sources (held once: moved to the worker)', () => {
  let voiceUrl = '';
  let bedUrl = '';
  /** The decoded assets as a reference that never moves (its own decoder, no renderer). */
  let reference: { voice: DecodedAudio; bed: DecodedAudio };
  let renderer: Renderer | undefined;
  let decoder: AssetDecoder;
  let fetches: string[];

  before(async () => {
    voiceUrl = wavUrl([syntheticSpeech(4, sr)]);
    bedUrl = wavUrl(music(10, sr));
    const plain = new AssetDecoder({ fetch: (url, init) => fetch(url, init) });
    reference = { voice: await plain.decode(voiceUrl), bed: await plain.decode(bedUrl) };
  });
  after(() => {
    URL.revokeObjectURL(voiceUrl);
    URL.revokeObjectURL(bedUrl);
  });
  beforeEach(() => {
    fetches = [];
    decoder = new AssetDecoder({
      fetch: (url, init) => {
        fetches.push(url);
        return fetch(url, init);
      },
    });
  });
  afterEach(() => {
    renderer?.dispose();
    renderer = undefined;
    decoder.dispose();
    sinon.restore();
  });

  const decoded = async () => ({ voice: await decoder.decode(voiceUrl), bed: await decoder.decode(bedUrl) });
  const expected = (seconds = 10) => renderMix(specOf(reference.voice, reference.bed, seconds)).channels;

  it('transfers the samples to the worker, not a copy: the page keeps the length and the peaks, no samples', async () => {
    const post = sinon.spy(Worker.prototype, 'postMessage');
    renderer = new Renderer({ sources: decoder });
    const { voice, bed } = await decoded();
    expect(decoder.cachedBytes).to.equal((4 + 2 * 10) * sr * 4);
    const result = await renderer.render(specOf(voice, bed));
    expect(worst(result.channels, expected())).to.equal(0);
    // Each source posted once, its buffers in the transfer list: the page's arrays are detached.
    const posts = sourceCalls(post);
    expect(posts.map((call) => (call.args[1] as ArrayBuffer[]).length)).to.deep.equal([1, 2]);
    expect(moved(voice) && moved(bed)).to.equal(true);
    expect(decoder.cachedBytes).to.equal(0);
    expect([voice.frames, bed.frames]).to.deep.equal([4 * sr, 10 * sr]);
    expect(voice.peaks.length).to.equal(400);
    expect(Math.max(...voice.peaks)).to.be.greaterThan(0.1);
    // The next render uses what the worker holds: nothing is posted or fetched again.
    const again = await renderer.render({ ...specOf(voice, bed), voiceGainDb: -3 });
    expect(again.channels[0]!.length).to.equal(10 * sr);
    expect(sourceCalls(post).length).to.equal(2);
    expect(fetches.length).to.equal(2);
  });

  it('still copies sources it was not given by the owner: the caller’s arrays stay whole', async () => {
    const post = sinon.spy(Worker.prototype, 'postMessage');
    renderer = new Renderer({ sources: decoder });
    const speech = syntheticSpeech(2, sr);
    const result = await renderer.render(specOf({ channels: [speech], sampleRate: sr }, reference.bed, 3));
    expect(result.channels[0]!.length).to.equal(3 * sr);
    expect(speech.length).to.equal(2 * sr);
    expect(sourceCalls(post).every((call) => call.args[1] === undefined || (call.args[1] as unknown[]).length === 0)).to.equal(true);
    expect(reference.bed.channels[0]!.length).to.equal(10 * sr);
  });

  it('after an abort, the worker keeps the sources: nothing is downloaded or decoded again, the next render the same', async () => {
    // The render worker's terminations only: the decoder's own workers stop when idle, which on a slow run
    // can fall within this test.
    const terminate = sinon.spy(Worker.prototype, 'terminate');
    const workers: Worker[] = [];
    const createWorker = () => {
      const worker = startRenderWorker();
      workers.push(worker);
      return worker;
    };
    renderer = new Renderer({ sources: decoder, createWorker });
    const { voice, bed } = await decoded();
    await renderer.render(specOf(voice, bed, 2));
    const controller = new AbortController();
    const long = renderer.render(specOf(voice, bed, 120), { signal: controller.signal, onProgress: (stage) => stage === 'mix' && controller.abort() });
    expect(((await long.catch((error: unknown) => error)) as Error).name).to.equal('AbortError');
    const result = await renderer.render(specOf(voice, bed));
    expect(workers.length).to.equal(1);
    expect(terminate.getCalls().filter((call) => workers.includes(call.thisValue as Worker)).length).to.equal(0);
    expect(fetches.length).to.equal(2); // each downloaded and decoded once, for good
    expect(worst(result.channels, expected())).to.equal(0);
    expect(moved(voice) && moved(bed)).to.equal(true);
  });

  it('after the worker crashed, fails the render under way and renders the next one in a new worker with the sources decoded again', async () => {
    const workers: Worker[] = [];
    renderer = new Renderer({
      sources: decoder,
      createWorker: () => {
        const worker = startRenderWorker();
        workers.push(worker);
        return worker;
      },
    });
    const { voice, bed } = await decoded();
    await renderer.render(specOf(voice, bed, 2));
    const pending = renderer.render(specOf(voice, bed, 60));
    workers[0]!.dispatchEvent(new ErrorEvent('error', { message: 'out of memory' }));
    const failure = (await pending.catch((error: unknown) => error)) as { code?: string };
    expect(failure.code).to.equal('render-failed');
    const result = await renderer.render(specOf(voice, bed));
    expect(workers.length).to.equal(2);
    expect(fetches.length).to.equal(4);
    expect(worst(result.channels, expected())).to.equal(0);
  });

  it('falls back to the main thread with sources a gone worker held: decoded again once, then kept on the page', async () => {
    sinon.stub(console, 'warn');
    const workers: Worker[] = [];
    renderer = new Renderer({
      sources: decoder,
      createWorker: () => {
        if (workers.length > 0) throw new DOMException('Refused to create a worker', 'SecurityError');
        workers.push(startRenderWorker());
        return workers[0]!;
      },
    });
    const { voice, bed } = await decoded();
    await renderer.render(specOf(voice, bed, 2));
    expect(moved(voice)).to.equal(true);
    workers[0]!.dispatchEvent(new ErrorEvent('error', { message: 'out of memory' })); // the worker and its sources are gone
    const first = await renderer.render(specOf(voice, bed));
    expect(renderer.mode).to.equal('main-thread');
    expect(worst(first.channels, expected())).to.equal(0);
    expect([voice.channels[0]!.length, bed.channels[1]!.length]).to.deep.equal([4 * sr, 10 * sr]);
    await renderer.render(specOf(voice, bed, 3));
    expect(fetches.length).to.equal(4);
  });

  it('keeps a source the latest render left out (a clip removed, then added back by undo) without decoding it again', async () => {
    const post = sinon.spy(Worker.prototype, 'postMessage');
    renderer = new Renderer({ sources: decoder });
    const { voice, bed } = await decoded();
    await renderer.render(specOf(voice, bed));
    await renderer.render(specOf(null, bed));
    const back = await renderer.render(specOf(voice, bed));
    expect(worst(back.channels, expected())).to.equal(0);
    expect(sourceCalls(post).length).to.equal(2);
    expect(fetches.length).to.equal(2);
  });

  it('past its budget the worker drops the least recently used source; a later render decodes it again', async () => {
    const post = sinon.spy(Worker.prototype, 'postMessage');
    renderer = new Renderer({ sources: decoder, maxWorkerSourceBytes: 1 });
    const { voice, bed } = await decoded();
    await renderer.render(specOf(voice, bed));
    await renderer.render(specOf(null, bed));
    const keep = (post.lastCall.args[0] as { keep: number[] }).keep;
    expect(keep.length).to.equal(1);
    const back = await renderer.render(specOf(voice, bed));
    expect(worst(back.channels, expected())).to.equal(0);
    expect(sourceCalls(post).length).to.equal(3);
    expect(fetches.filter((url) => url === voiceUrl).length).to.equal(2);
  });

  it('fails the render with the decoder’s error when a source cannot be decoded again', async () => {
    const workers: Worker[] = [];
    renderer = new Renderer({
      sources: decoder,
      createWorker: () => {
        workers.push(startRenderWorker());
        return workers.at(-1)!;
      },
    });
    const { voice, bed } = await decoded();
    await renderer.render(specOf(voice, bed, 2));
    workers[0]!.dispatchEvent(new ErrorEvent('error', { message: 'out of memory' })); // the next worker needs the sources again
    URL.revokeObjectURL(voiceUrl);
    try {
      const failure = (await renderer.render(specOf(voice, bed)).catch((error: unknown) => error)) as { code?: string };
      expect(failure.code).to.equal('asset-network');
    } finally {
      voiceUrl = wavUrl([syntheticSpeech(4, sr)]);
    }
  });
});
