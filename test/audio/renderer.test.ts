import { expect } from '@open-wc/testing';
import sinon from 'sinon';
import { encodeWav, renderMix, type MixSpec } from '../../src/audio/index.js';
import { Renderer, type RenderStage } from '../../src/audio/renderer.js';
import { startRenderWorker } from '../../src/audio/render-worker-start.js';
import { MAX_POOLED_SAMPLES } from '../../src/audio/dsp/scratch.js';
import { as16Bit } from '../../src/audio/dsp/mix-spec.js';
import { music, syntheticSpeech } from './signals.js';

const sr = 48000;
const speech = syntheticSpeech(4, sr);
const bed = music(10, sr);
const spec = (seconds = 10): MixSpec => ({
  length: seconds,
  sampleRate: sr,
  channelCount: 2,
  voice: [{ source: { channels: [speech], sampleRate: sr }, start: 1, fadeIn: 0.01, fadeOut: 0.05 }],
  music: { source: { channels: bed, sampleRate: sr }, gainDb: -6, loop: true },
  ducking: { depthDb: 10, attackMs: 200, releaseMs: 400 },
  mastering: { preset: 'podcast' },
});

const sourcePosts = (spy: sinon.SinonSpy): number => spy.getCalls().filter((call) => (call.args[0] as { type: string }).type === 'source').length;

describe('Renderer', () => {
  let renderer: Renderer | undefined;
  afterEach(() => {
    renderer?.dispose();
    renderer = undefined;
    sinon.restore();
  });

  it('renders in a worker (the default worker URL) what renderMix renders, reporting each stage', async () => {
    const warn = sinon.stub(console, 'warn');
    renderer = new Renderer();
    const stages: RenderStage[] = [];
    const result = await renderer.render(spec(), { onProgress: (stage) => stages.push(stage) });
    const here = renderMix(spec());
    expect(renderer.mode).to.equal('worker');
    expect(warn.callCount).to.equal(0);
    expect(stages.join(',')).to.equal('mix,master,done');
    expect(result.channels.length).to.equal(2);
    expect(result.channels[0]!.length).to.equal(10 * sr);
    let worst = 0;
    for (let i = 0; i < here.channels[0]!.length; i += 7) worst = Math.max(worst, Math.abs(here.channels[0]![i]! - result.channels[0]![i]!));
    expect(worst).to.equal(0);
    expect(result.mastering!.measurement.integrated).to.equal(here.mastering!.measurement.integrated);
    expect(result.mastering!.channels[1]!.length).to.equal(10 * sr);
    expect(result.voiceSpans.length).to.equal(1);
  });

  it('writes an export’s WAV in the worker, measured as written, byte for byte what encodeWav writes here', async () => {
    renderer = new Renderer();
    const result = await renderer.render(spec(), { measure: true, wav: { bitDepth: 24, dither: false } });
    expect(renderer.mode).to.equal('worker');
    const here = encodeWav(renderMix(spec()).channels, sr, { bitDepth: 24 });
    expect(result.wav!.bytes.length).to.equal(here.length);
    expect(result.wav!.bytes.every((byte, i) => byte === here[i])).to.equal(true);
    expect(result.wav!.measurement.integrated).to.be.closeTo(result.mastering!.measurement.integrated, 0.01);
    // Without `wav`, nothing is encoded.
    expect((await renderer.render(spec(), { measure: true })).wav).to.equal(undefined);
  });

  it('keeps a source that fits 16 bits as 16-bit integers in the worker: it renders what the rounded source renders here', async () => {
    renderer = new Renderer();
    const fitting = (): MixSpec => ({ ...spec(), voice: [{ ...spec().voice[0]!, source: { channels: [speech], sampleRate: sr, fits16Bit: true } }] });
    const result = await renderer.render(fitting());
    expect(renderer.mode).to.equal('worker');
    const rounded = renderMix({ ...fitting(), voice: [{ ...fitting().voice[0]!, source: as16Bit(fitting().voice[0]!.source) }] });
    const floats = renderMix(spec());
    let fromRounded = 0;
    let fromFloats = 0;
    for (let i = 0; i < result.channels[0]!.length; i++) {
      fromRounded = Math.max(fromRounded, Math.abs(result.channels[0]![i]! - rounded.channels[0]![i]!));
      fromFloats = Math.max(fromFloats, Math.abs(result.channels[0]![i]! - floats.channels[0]![i]!));
    }
    expect(fromRounded).to.equal(0);
    expect(fromFloats).to.be.above(0).and.below(1e-3);
  });

  it('posts each source once while renders use it', async () => {
    const post = sinon.spy(Worker.prototype, 'postMessage');
    renderer = new Renderer();
    await renderer.render(spec());
    await renderer.render({ ...spec(), voiceGainDb: -3 });
    expect(sourcePosts(post)).to.equal(2); // the voice and the bed, once each
  });

  it('cancels at once: the promise rejects with the abort reason, the worker drops the render at its next step and keeps its sources', async () => {
    const post = sinon.spy(Worker.prototype, 'postMessage');
    const terminate = sinon.spy(Worker.prototype, 'terminate');
    const received: Array<{ type: string; job?: number; stage?: string }> = [];
    renderer = new Renderer({
      createWorker: () => {
        const worker = startRenderWorker();
        worker.addEventListener('message', (event: MessageEvent<{ type: string }>) => received.push(event.data));
        return worker;
      },
    });
    await renderer.render(spec(2)); // job 1
    const controller = new AbortController();
    const long = renderer.render(spec(120), { signal: controller.signal, onProgress: (stage) => stage === 'mix' && controller.abort() }); // job 2
    let error: unknown;
    try {
      await long;
    } catch (e) {
      error = e;
    }
    expect((error as Error).name).to.equal('AbortError');
    // The worker renders one job at a time: the next one's result comes after job 2 ended, one way or the other.
    const again = await renderer.render(spec(2));
    expect(again.channels[0]!.length).to.equal(2 * sr);
    expect(terminate.callCount).to.equal(0);
    expect(sourcePosts(post)).to.equal(2);
    expect(received.filter((message) => message.job === 2).map((message) => message.stage ?? message.type)).to.deep.equal(['mix']);
  });

  it('rejects at once for a signal already aborted', async () => {
    renderer = new Renderer();
    const controller = new AbortController();
    controller.abort();
    let name = '';
    await renderer.render(spec(), { signal: controller.signal }).catch((e: Error) => (name = e.name));
    expect(name).to.equal('AbortError');
  });

  it('reports a bad spec as the DSP error, with its code', async () => {
    renderer = new Renderer();
    let code = '';
    await renderer.render({ ...spec(), channelCount: 3 as 2 }).catch((e: { code: string }) => (code = e.code));
    expect(code).to.equal('audio-input');
  });

  it('falls back to the main thread, warning once with the real cause, when the worker cannot be made (a SecurityError)', async () => {
    const warn = sinon.stub(console, 'warn');
    renderer = new Renderer({
      createWorker: () => {
        throw new DOMException('Refused to create a worker', 'SecurityError');
      },
    });
    const stages: RenderStage[] = [];
    const first = await renderer.render(spec(), { onProgress: (stage) => stages.push(stage) });
    const second = await renderer.render(spec(3));
    expect(renderer.mode).to.equal('main-thread');
    expect(warn.callCount).to.equal(1);
    expect(String(warn.firstCall.args[0])).to.contain('SecurityError: Refused to create a worker');
    expect(stages.join(',')).to.equal('mix,master,done');
    expect(first.mastering!.compliance.pass).to.equal(true);
    expect(second.channels[0]!.length).to.equal(3 * sr);
  });

  it('falls back when the worker script fails to load, without blaming the Content-Security-Policy', async () => {
    const warn = sinon.stub(console, 'warn');
    renderer = new Renderer({ createWorker: () => new Worker(new URL('./no-such-worker.js', import.meta.url), { type: 'module' }) });
    const result = await renderer.render(spec(3));
    expect(renderer.mode).to.equal('main-thread');
    expect(warn.callCount).to.equal(1);
    expect(String(warn.firstCall.args[0])).to.contain('could not be loaded');
    expect(String(warn.firstCall.args[0])).not.to.match(/Content-Security-Policy|worker-src|Trusted Types/);
    expect(result.channels[0]!.length).to.equal(3 * sr);
  });

  it('names Trusted Types and the policy to allow when they refuse the worker URL', async () => {
    const warn = sinon.stub(console, 'warn');
    renderer = new Renderer({
      createWorker: () => {
        throw new TypeError("Failed to construct 'Worker': This document requires 'TrustedScriptURL' assignment.");
      },
    });
    await renderer.render(spec(1));
    expect(String(warn.firstCall.args[0])).to.contain('trusted-types studio-editor');
  });

  it('writes a render into the arrays handed back by recycle: transferred to the worker, the same samples out', async () => {
    const post = sinon.spy(Worker.prototype, 'postMessage');
    renderer = new Renderer();
    const first = await renderer.render(spec());
    const fresh = renderMix({ ...spec(), voiceGainDb: -3 });
    renderer.recycle(first.channels);
    expect(first.channels[0]!.length).to.equal(0); // detached: the worker has them now
    const recycled = post.getCalls().find((call) => (call.args[0] as { type: string }).type === 'recycle');
    expect((recycled?.args[1] as ArrayBuffer[] | undefined)?.length).to.equal(2);
    const second = await renderer.render({ ...spec(), voiceGainDb: -3 });
    let worst = 0;
    for (let i = 0; i < fresh.channels[0]!.length; i += 5) worst = Math.max(worst, Math.abs(fresh.channels[0]![i]! - second.channels[0]![i]!), Math.abs(fresh.channels[1]![i]! - second.channels[1]![i]!));
    expect(worst).to.equal(0);
    expect(second.mastering!.measurement.truePeak).to.equal(fresh.mastering!.measurement.truePeak);
  });

  it('keeps no arrays of a long render for reuse (over MAX_POOLED_SAMPLES: hundreds of MB)', async () => {
    const post = sinon.spy(Worker.prototype, 'postMessage');
    renderer = new Renderer();
    await renderer.render(spec());
    const long = [new Float32Array(MAX_POOLED_SAMPLES + 1), new Float32Array(MAX_POOLED_SAMPLES + 1)];
    renderer.recycle(long);
    expect(post.getCalls().some((call) => (call.args[0] as { type: string }).type === 'recycle')).to.equal(false);
    expect(long[0]!.length).to.equal(MAX_POOLED_SAMPLES + 1);
  });

  it('on the main thread, renders into the recycled arrays themselves', async () => {
    sinon.stub(console, 'warn');
    renderer = new Renderer({ mainThread: true });
    const first = await renderer.render(spec(3));
    const fresh = renderMix(spec(3)).channels;
    renderer.recycle(first.channels);
    const second = await renderer.render(spec(3));
    expect(second.channels[0] === first.channels[0] && second.channels[1] === first.channels[1]).to.equal(true);
    expect(Array.from(second.channels[1]!).every((v, i) => v === fresh[1]![i])).to.equal(true);
  });

  it('rejects pending renders with an AbortError on dispose', async () => {
    renderer = new Renderer();
    const pending = renderer.render(spec(30));
    renderer.dispose();
    let name = '';
    await pending.catch((e: Error) => (name = e.name));
    expect(name).to.equal('AbortError');
  });
});
