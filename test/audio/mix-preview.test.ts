import { expect } from '@open-wc/testing';
import { waitUntil } from '../support/wait.js';
import sinon from 'sinon';
import { measureLoudness } from '../../src/audio/index.js';
import { AudioEngine } from '../../src/audio/engine.js';
import { MixPreview } from '../../src/audio/mix-preview.js';
import type { PreviewState } from '../../src/audio/preview-state.js';
import { createProject, type ProjectDocument } from '../../src/model/document.js';
import { music, syntheticSpeech } from './signals.js';
import { wavUrl } from '../support/audio-urls.js';


describe('MixPreview', () => {
  let voiceUrl = '';
  let bedUrl = '';
  let engine: AudioEngine;
  let preview: MixPreview;
  let exports: sinon.SinonStub;

  before(() => {
    voiceUrl = wavUrl([syntheticSpeech(3, 48000)]);
    bedUrl = wavUrl(music(4, 48000));
  });
  after(() => {
    URL.revokeObjectURL(voiceUrl);
    URL.revokeObjectURL(bedUrl);
  });
  beforeEach(() => {
    engine = new AudioEngine({ fetch: (url, init) => fetch(url, init) });
    exports = sinon.stub().resolves(new Blob(['x']));
    preview = new MixPreview({ engine, export: exports, delayMs: 20 });
  });
  afterEach(() => {
    preview.dispose();
    engine.dispose();
    sinon.restore();
  });

  const project = (patch: Partial<ProjectDocument> = {}): ProjectDocument => ({
    ...createProject({ projectId: 'p1', title: 'Preview', duration: 6 }),
    clips: [{ id: 'c1', sectionId: null, assetId: 'a1', url: voiceUrl, start: 1, gain: 0, trimIn: 0, trimOut: 0, fadeIn: 0.01, fadeOut: 0.05, source: null }],
    music: { track: null, assetId: null, url: bedUrl, gain: -6, offset: 0, loop: true, fadeIn: 0.5, fadeOut: 1 },
    mastering: { enabled: true, preset: 'streaming', target: -14, truePeak: -1 },
    ...patch,
  });
  const ready = (s: PreviewState) => s.status === 'ready';

  it('renders, masters and measures the project, and checks it against its preset', async () => {
    const states: PreviewState[] = [];
    preview.subscribe((state) => states.push(state));
    preview.update(project());
    await waitUntil(() => ready(preview.getState()), 'the preview is rendered', { timeout: 10000 });
    const state = preview.getState();
    expect(states.some((s) => s.status === 'rendering' && s.stage === 'decode')).to.equal(true);
    expect(states.some((s) => s.stage === 'master')).to.equal(true);
    expect(state.duration).to.equal(6);
    expect(Math.abs(state.measurement!.integrated + 14)).to.be.at.most(0.2);
    expect(state.measurement!.truePeak).to.be.at.most(-1);
    expect(state.compliance!.pass).to.equal(true);
    expect(state.mastering!.gainDb).to.be.a('number');
    // The ducking envelope: lowered while the voice speaks (1 s to 4 s), not before.
    expect(state.envelopeRate).to.equal(20);
    expect(state.envelope[Math.round(2.5 * 20)]).to.be.below(-6);
    expect(state.envelope[2]).to.equal(0);
  });

  it('plays what export would write: the transport gets the mastered samples', async () => {
    // The samples as handed over (the arrays go back to the renderer once the transport has copied them).
    const given: Array<{ channels: Float32Array[]; sampleRate: number }> = [];
    const setAudio = engine.transport.setAudio.bind(engine.transport);
    sinon.stub(engine.transport, 'setAudio').callsFake((channels, sampleRate) => {
      given.push({ channels: channels.map((channel) => channel.slice()), sampleRate });
      return setAudio(channels, sampleRate);
    });
    preview.update(project());
    await waitUntil(() => ready(preview.getState()), 'rendered', { timeout: 10000 });
    const { channels, sampleRate } = given.at(-1)!;
    const measured = measureLoudness(channels, sampleRate);
    expect(measured.integrated).to.be.closeTo(preview.getState().measurement!.integrated, 1e-6);
    expect(engine.transport.duration).to.equal(6);
  });

  it('tells its listeners of a seek while paused (the toolbar shows the new time), and moves the playhead there', async () => {
    preview.update(project());
    await waitUntil(() => ready(preview.getState()), 'rendered', { timeout: 10000 });
    const told: number[] = [];
    preview.subscribe(() => told.push(preview.currentTime));
    preview.seek(2.5);
    expect(told).to.deep.equal([2.5]);
    expect(preview.getState().status).to.equal('ready');
  });

  it('plays and measures the raw mix when mastering is bypassed, and says it fails the preset', async () => {
    const quiet = project();
    preview.update({ ...quiet, mix: { ...quiet.mix, voiceLevel: -20, musicLevel: -20 }, mastering: { ...quiet.mastering, enabled: false } });
    await waitUntil(() => ready(preview.getState()), 'rendered', { timeout: 10000 });
    const state = preview.getState();
    expect(state.mastering).to.equal(null);
    expect(state.measurement!.integrated).to.be.below(-20);
    expect(state.compliance!.pass).to.equal(false);
    expect(state.compliance!.rules.find((rule) => rule.rule === 'integrated')!.pass).to.equal(false);
  });

  it('hands each preview’s arrays back to the renderer once the transport has copied them, keeping none', async () => {
    const recycle = sinon.spy(engine.renderer, 'recycle');
    const setAudio = sinon.spy(engine.transport, 'setAudio');
    const first = project();
    preview.update(first);
    await waitUntil(() => recycle.callCount === 1 && ready(preview.getState()), 'rendered', { timeout: 10000 });
    expect(recycle.firstCall.args[0]).to.equal(setAudio.lastCall.args[0]);
    // The transport plays its own copy: the arrays went to the worker.
    expect(recycle.firstCall.args[0][0]!.length).to.equal(0);
    expect(engine.transport.duration).to.equal(6);
    preview.update({ ...first, mix: { ...first.mix, musicLevel: -12 } });
    await waitUntil(() => recycle.callCount === 2 && ready(preview.getState()), 'rendered again', { timeout: 10000 });
    expect(recycle.secondCall.args[0]).to.equal(setAudio.lastCall.args[0]);
  });

  it('renders again only when something audible changed, and a newer change aborts the render under way', async () => {
    const original = engine.renderer.render.bind(engine.renderer);
    const signals: AbortSignal[] = [];
    const render = sinon.stub(engine.renderer, 'render').callsFake((spec, options = {}) => {
      signals.push(options.signal!);
      // The second render hangs until aborted, so the third change must abort it.
      if (signals.length === 2) return new Promise((_, reject) => options.signal!.addEventListener('abort', () => reject(options.signal!.reason)));
      return original(spec, options);
    });
    const first = project();
    preview.update(first);
    await waitUntil(() => ready(preview.getState()), 'rendered', { timeout: 10000 });
    expect(render.callCount).to.equal(1);
    preview.update({ ...first, title: 'Renamed', script: { sections: [{ id: 's1', label: 'Hook', text: 'New words' }] } });
    await new Promise((resolve) => setTimeout(resolve, 60));
    expect(render.callCount).to.equal(1);
    preview.update({ ...first, mix: { ...first.mix, musicLevel: -12 } });
    await waitUntil(() => render.callCount === 2, 'a level change renders again');
    expect(preview.getState().status).to.equal('rendering');
    preview.update({ ...first, mix: { ...first.mix, musicLevel: -3 } });
    await waitUntil(() => render.callCount === 3, 'the newest change renders', { timeout: 10000 });
    expect(signals[1]!.aborted).to.equal(true);
    await waitUntil(() => ready(preview.getState()), 'rendered', { timeout: 10000 });
    expect(preview.getState().error).to.equal(null);
  });

  it('gives peaks and lengths of decoded assets, computed once, with their samples in the worker', async () => {
    expect(preview.peaks(voiceUrl)).to.equal(undefined);
    preview.update(project());
    await waitUntil(() => ready(preview.getState()), 'rendered', { timeout: 10000 });
    const peaks = preview.peaks(voiceUrl)!;
    expect(peaks.length).to.equal(300);
    expect(Math.max(...peaks)).to.be.greaterThan(0.1);
    expect(preview.peaks(voiceUrl) === peaks).to.equal(true);
    expect(preview.peaks(voiceUrl, 50)!.length).to.equal(150);
    expect(preview.sourceDuration(bedUrl)).to.equal(4);
    // Held once: the samples are in the render worker, none on the page.
    expect(engine.decoder.cachedBytes).to.equal(0);
  });

  it('says so when the browser refuses the memory to make the render playable', async () => {
    // The transport's 16-bit copy of the render cannot be allocated.
    sinon.stub(engine.transport, 'setAudio').rejects(new RangeError('Array buffer allocation failed'));
    preview.update(project());
    await waitUntil(() => preview.getState().status === 'error', 'the copy fails', { timeout: 10000 });
    const { error } = preview.getState();
    expect(error!.code).to.equal('preview-failed');
    expect(error!.message).to.contain('Array buffer allocation failed').and.contain('Your project is unchanged');
    expect(error!.recoverable).to.equal(true);
  });

  it('is empty without audio, and reports a failed decode as an error without touching the project', async () => {
    preview.update(project({ clips: [], music: null }));
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect(preview.getState().status).to.equal('empty');
    const broken = project({ clips: [{ ...project().clips[0]!, url: URL.createObjectURL(new Blob(['not audio'])) }], music: null });
    const before = JSON.stringify(broken);
    preview.update(broken);
    await waitUntil(() => preview.getState().status === 'error', 'the failure is reported', { timeout: 10000 });
    expect(preview.getState().error!.message.length).to.be.greaterThan(10);
    expect(JSON.stringify(broken)).to.equal(before);
  });

  it('hands export to the editor', async () => {
    await preview.export({ format: 'wav16' });
    expect(exports.calledOnceWith({ format: 'wav16' })).to.equal(true);
  });
});
