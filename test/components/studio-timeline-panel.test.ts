import { expect, fixture, html } from '@open-wc/testing';
import sinon from 'sinon';
import '../../src/components/studio-timeline-panel/studio-timeline-panel.js';
import type { StudioTimelinePanel } from '../../src/components/studio-timeline-panel/studio-timeline-panel.js';
import type { StudioTimeline } from '../../src/components/studio-timeline/studio-timeline.js';
import type { VoiceClip } from '../../src/model/document.js';
import { loadLockRules } from '../../src/model/lock-rules.js';
import type { TestEditorContext } from '../support/editor-context.js';
import '../support/editor-context.js';
import { FakePreview } from '../support/fake-preview.js';

const clip = (id: string, start: number, sectionId: string | null = null): VoiceClip => ({
  id,
  sectionId,
  assetId: `a-${id}`,
  url: `https://api.example.test/v1/assets/a-${id}`,
  start,
  gain: 0,
  trimIn: 0,
  trimOut: 0,
  fadeIn: 0.01,
  fadeOut: 0.05,
  source: null,
});

async function mount() {
  const preview = new FakePreview();
  const context = await fixture<TestEditorContext>(html`<test-editor-context .preview=${preview}><studio-editor-timeline-panel></studio-editor-timeline-panel></test-editor-context>`);
  const panel = context.querySelector('studio-editor-timeline-panel') as StudioTimelinePanel;
  const { store } = context;
  const project = store.getState().project;
  store.dispatch({
    type: 'project/load',
    project: {
      ...project,
      duration: 20,
      script: { sections: [{ id: 's1', label: 'Hook', text: 'Hello' }] },
      clips: [clip('c1', 1, 's1'), clip('c2', 6)],
      assets: [
        { asset_id: 'a-c1', kind: 'voice', url: clip('c1', 1).url, mime_type: 'audio/wav', duration_s: 4 },
        { asset_id: 'a-c2', kind: 'voice', url: clip('c2', 6).url, mime_type: 'audio/wav', duration_s: 3 },
      ],
      music: { track: { track_id: 't1', title: 'Bed', style: 'pop' }, assetId: null, url: 'https://cdn.example.test/bed.wav', gain: -6, offset: 0, loop: true, fadeIn: 1, fadeOut: 2 },
    },
  });
  await panel.updateComplete;
  const timeline = () => panel.shadowRoot!.querySelector('studio-editor-timeline') as StudioTimeline;
  await timeline().updateComplete;
  const fire = (type: string, detail: unknown) => timeline().dispatchEvent(new CustomEvent(type, { detail, bubbles: true }));
  const steps = () => store.getState().history.pastDepth;
  return { preview, context, store, panel, timeline, fire, steps };
}

describe('<studio-editor-timeline-panel>', () => {
  afterEach(() => sinon.restore());

  it('shows the clips labelled by their section, with lengths from the assets until decoded, and the bed over the ad', async () => {
    const { preview, panel, timeline } = await mount();
    const clips = timeline().clips;
    expect(clips.map((c) => [c.id, c.label, c.start, c.length])).to.deep.equal([
      ['c1', 'Hook', 1, 4],
      ['c2', 'Voice-over', 6, 3],
    ]);
    expect(timeline().music!.length).to.equal(20);
    expect(timeline().music!.gain).to.equal(-6);
    expect(timeline().targetDuration).to.equal(20);
    // Decoded: the real length and the peaks arrive with the preview's next state.
    preview.decoded.set(clip('c1', 1).url, { peaks: new Float32Array(420).fill(0.5), duration: 4.2 });
    preview.decoded.set('https://cdn.example.test/bed.wav', { peaks: new Float32Array(500).fill(0.25), duration: 5 });
    preview.set({ status: 'ready', envelope: new Float32Array([0, -6, -12]), envelopeRate: 20 });
    await panel.updateComplete;
    expect(timeline().clips[0]!.length).to.be.closeTo(4.2, 1e-9);
    expect(timeline().clips[0]!.peaks.length).to.equal(420);
    // The 5 s bed loops over the 20 s ad: 2000 points at 100 per second.
    expect(timeline().music!.peaks.length).to.equal(2000);
    expect(Array.from(timeline().envelope)).to.deep.equal([0, -6, -12]);
  });

  it('makes a drag one undo step, and Escape during it leaves nothing to undo', async () => {
    const { store, fire, steps, panel } = await mount();
    const before = steps();
    fire('clip-move', { id: 'c2', start: 6.5, final: false });
    fire('clip-move', { id: 'c2', start: 7, final: false });
    fire('clip-move', { id: 'c2', start: 7.5, final: true });
    expect(store.getState().project.clips[1]!.start).to.equal(7.5);
    expect(steps()).to.equal(before + 1);
    store.dispatch({ type: 'history/undo' });
    expect(store.getState().project.clips[1]!.start).to.equal(6);
    fire('clip-move', { id: 'c1', start: 2, final: false });
    fire('clip-move', { id: 'c1', start: 1, final: true, cancelled: true });
    await panel.updateComplete;
    expect(store.getState().project.clips[0]!.start).to.equal(1);
    expect(steps()).to.equal(before);
  });

  it('turns a left-edge trim into trim and move in one step, and maps fades, gains and the ducking depth', async () => {
    const { store, fire, steps } = await mount();
    const before = steps();
    fire('clip-trim', { id: 'c1', trimIn: 0.5, trimOut: 0, start: 1.5, final: true });
    expect(steps()).to.equal(before + 1);
    const trimmed = store.getState().project.clips[0]!;
    expect([trimmed.trimIn, trimmed.start]).to.deep.equal([0.5, 1.5]);
    fire('clip-fade', { id: 'c1', fadeIn: 0.2, fadeOut: 0.3, final: true });
    fire('clip-gain', { id: 'c2', gain: -3, final: true });
    fire('music-gain', { gain: -9, final: true });
    fire('music-fade', { fadeIn: 2, fadeOut: 3, final: true });
    fire('duck-depth', { depthDb: 15, final: true });
    const project = store.getState().project;
    expect([project.clips[0]!.fadeIn, project.clips[0]!.fadeOut, project.clips[1]!.gain]).to.deep.equal([0.2, 0.3, -3]);
    expect([project.music!.gain, project.music!.fadeIn, project.music!.fadeOut]).to.deep.equal([-9, 2, 3]);
    expect(project.mix.duckingDepth).to.equal(15);
    expect(steps()).to.equal(before + 6);
    fire('clip-delete', { id: 'c2' });
    expect(store.getState().project.clips.map((c) => c.id)).to.deep.equal(['c1']);
    fire('undo', null);
    expect(store.getState().project.clips.length).to.equal(2);
    fire('redo', null);
    expect(store.getState().project.clips.length).to.equal(1);
  });

  it('plays, pauses and seeks through the preview, and the playhead reads its clock', async () => {
    const { preview, fire, panel, timeline } = await mount();
    fire('play-toggle', null);
    await panel.updateComplete;
    expect(timeline().playing).to.equal(true);
    fire('seek', { time: 3.25 });
    expect(timeline().clock()).to.equal(3.25);
    fire('play-toggle', null);
    await panel.updateComplete;
    expect(timeline().playing).to.equal(false);
    expect(preview.calls).to.deep.equal(['play', 'seek 3.25', 'pause']);
  });

  it('keeps the selection and the zoom the timeline reports', async () => {
    const { fire, panel, timeline } = await mount();
    fire('clip-select', { id: 'c2' });
    fire('zoom-change', { zoom: 80 });
    await panel.updateComplete;
    expect(timeline().selectedId).to.equal('c2');
    expect(timeline().zoom).to.equal(80);
    await expect(panel).to.be.accessible();
  });
  it("edits the selected clip's fades and gain with the inspector's sliders: a drag is one undo step, a fade at most what the other leaves", async () => {
    const { store, fire, steps, panel } = await mount();
    const inspector = () => panel.shadowRoot!.querySelector('[part="inspector"]');
    const range = (id: string) => panel.shadowRoot!.querySelector<HTMLInputElement>(`#${id}`)!;
    expect(panel.shadowRoot!.querySelector('[part="clip-edit"]'), 'no sliders without a selected clip').to.equal(null);
    fire('clip-select', { id: 'c1' });
    await panel.updateComplete;
    expect(inspector()!.querySelector('[part="clip-edit"]')).to.not.equal(null);
    // c1 is 4 s long with a 0.05 s fade out: the fade in can take the rest.
    expect([range('clip-fade-in').min, range('clip-fade-in').max, range('clip-fade-in').value]).to.deep.equal(['0', '3.95', '0']);
    expect([range('clip-gain').min, range('clip-gain').max]).to.deep.equal(['-24', '12']);
    const before = steps();
    const drag = async (id: string, values: number[]) => {
      for (const value of values) {
        range(id).value = String(value);
        range(id).dispatchEvent(new Event('input', { bubbles: true }));
      }
      range(id).dispatchEvent(new Event('change', { bubbles: true }));
      await panel.updateComplete;
    };
    await drag('clip-fade-in', [0.5, 1, 1.5]);
    const c1 = () => store.getState().project.clips.find((c) => c.id === 'c1')!;
    expect(c1().fadeIn).to.equal(1.5);
    expect(steps(), 'one step for the drag').to.equal(before + 1);
    // The fade out's slider now stops where the fade in begins.
    expect(range('clip-fade-out').max).to.equal('2.5');
    expect(range('clip-fade-in').getAttribute('aria-valuetext')).to.equal('1.5 s');
    await drag('clip-gain', [-3, -6]);
    expect(c1().gain).to.equal(-6);
    expect(steps()).to.equal(before + 2);
    expect(range('clip-gain').getAttribute('aria-valuetext')).to.equal('-6.0 dB');
    store.dispatch({ type: 'history/undo' });
    store.dispatch({ type: 'history/undo' });
    expect([c1().fadeIn, c1().gain]).to.deep.equal([0.01, 0]);
    // A clip the adopter's locks hold has no sliders.
    store.dispatch({ type: 'lock/set', target: { kind: 'clip', id: 'c1' }, locked: true });
    await loadLockRules();
    store.dispatch({ type: 'session/role', role: 'adopter' });
    await panel.updateComplete;
    expect(inspector()!.querySelector('[part="clip-edit"]')).to.equal(null);
  });
});
