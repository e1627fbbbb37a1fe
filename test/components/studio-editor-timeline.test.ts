// The timeline, the preview and the master panel inside a real <studio-editor>: keyboard gestures reach the
// project as undo steps, the ducking envelope follows a moved clip, and the meter shows what the engine
// measures.
import { expect } from '@open-wc/testing';
import { waitUntil } from '../support/wait.js';
import { executeServerCommand, sendKeys, setViewport } from '@web/test-runner-commands';
import sinon from 'sinon';
import { measureLoudness } from '../../src/audio/index.js';
import { formatLevelIn } from '../../src/i18n/format.js';
import type { StudioTimeline } from '../../src/components/studio-timeline/studio-timeline.js';
import { create, type StudioHandle } from '../../src/create.js';
import type { VoiceClip } from '../../src/model/document.js';
import { music, syntheticSpeech } from '../audio/signals.js';
import { cleanupMounts, mountPoint, testAuth } from '../support/auth.js';
import { voiceClip, wavUrl } from '../support/audio-urls.js';
import { afterReady } from '../support/after-ready.js';
import { MINIBROWSER_MIN_WIDTH, skipIn } from '../support/engine.js';


describe('<studio-editor> timeline, preview and master (issue 8)', () => {
  let voiceUrl = '';
  let bedUrl = '';
  let handle: StudioHandle | undefined;

  before(() => {
    voiceUrl = wavUrl([syntheticSpeech(2, 48000)]);
    bedUrl = wavUrl(music(4, 48000));
  });
  after(() => {
    URL.revokeObjectURL(voiceUrl);
    URL.revokeObjectURL(bedUrl);
  });
  afterEach(() => {
    handle?.destroy();
    handle = undefined;
    sinon.restore();
    cleanupMounts();
  });

  const clip = (id: string, start: number): VoiceClip => voiceClip(id, start, voiceUrl);

  async function open() {
    mountPoint('editor-t');
    handle = await create({ target: '#editor-t', auth: testAuth(), project: { autosave: false }, layout: { height: '720px' } });
    const project = handle.getProject();
    await handle.loadProject({
      ...project,
      duration: 10,
      script: { sections: [{ id: 'hook', label: 'Hook', text: 'Hello' }, { id: 'offer', label: 'Offer', text: 'Buy' }] },
      clips: [clip('hook', 1), clip('offer', 5)],
      music: { track: null, assetId: null, url: bedUrl, gain: -6, offset: 0, loop: true, fadeIn: 0.5, fadeOut: 1 },
      mix: { ...project.mix, duckingDepth: 12, duckingAttackMs: 100, duckingReleaseMs: 200 },
    });
    const editor = handle.element;
    const preview = await afterReady(editor);
    await waitUntil(() => preview.getState().status === 'ready', 'the preview is rendered', { timeout: 10000 });
    const panel = editor.shadowRoot!.querySelector('studio-editor-timeline-panel')!;
    await waitUntil(() => panel.shadowRoot?.querySelector('studio-editor-timeline'), 'the timeline is loaded');
    const timeline = panel.shadowRoot!.querySelector('studio-editor-timeline') as StudioTimeline;
    await waitUntil(() => timeline.shadowRoot!.querySelector('.clip[data-id=offer]'), 'the clips are drawn');
    return { handle, editor, preview, timeline };
  }

  for (const [width, height] of [[1280, 800], [360, 740]] as const) {
    it(`shows the timeline with its clips, bed and envelope at ${width} px wide without overflow (screenshot)`, async function () {
      if (width < MINIBROWSER_MIN_WIDTH) skipIn(this, 'narrow-window');
      await setViewport({ width, height });
      try {
        const { editor, timeline } = await open();
        await waitUntil(() => timeline.waveformCount >= 2, 'the waveforms are drawn', { timeout: 5000 });
        await executeServerCommand('studio-screenshot', { name: `${width}-timeline` });
        const scroller = timeline.shadowRoot!.querySelector<HTMLElement>('.scroller')!;
        expect(scroller.getBoundingClientRect().right, 'the timeline ends inside the viewport').to.be.at.most(width);
        expect(editor.scrollWidth, `editor at ${width} px`).to.be.at.most(editor.clientWidth);
        expect(document.documentElement.scrollWidth, `page at ${width} px`).to.be.at.most(width);
        expect(timeline.shadowRoot!.querySelector('.envelope path')!.getAttribute('d')).to.match(/^M/);
        // The status line under the timeline reports the rendered preview.
        const status = editor.shadowRoot!.querySelector('[part=status]')!;
        expect(status.textContent).to.match(/^Preview: 0:10\.0, -?\d+\.\d LUFS, true peak -?\d+\.\d dBTP\./);
        expect(status.getAttribute('aria-busy')).to.equal('false');
      } finally {
        await setViewport({ width: 1280, height: 800 });
      }
    });
  }

  it('nudges a clip from the keyboard as one undo step each, and Ctrl+Z in the timeline undoes it', async function () {
    const { handle, timeline } = await open();
    (timeline.shadowRoot!.querySelector('.clip[data-id=offer]') as HTMLElement).focus();
    await sendKeys({ down: 'Shift' });
    await sendKeys({ press: 'ArrowRight' });
    await sendKeys({ up: 'Shift' });
    expect(handle.getProject().clips[1]!.start).to.equal(6);
    await sendKeys({ press: 'Home' });
    expect(handle.getProject().clips[1]!.start).to.equal(0);
    await sendKeys({ down: 'Control' });
    await sendKeys({ press: 'KeyZ' });
    await sendKeys({ up: 'Control' });
    expect(handle.getProject().clips[1]!.start).to.equal(6);
    await sendKeys({ down: 'Control' });
    await sendKeys({ press: 'KeyZ' });
    await sendKeys({ up: 'Control' });
    expect(handle.getProject().clips[1]!.start).to.equal(5);
    await sendKeys({ press: 'Delete' });
    expect(handle.getProject().clips.map((c) => c.id)).to.deep.equal(['hook']);
  });

  it('moves the ducking envelope with a moved clip', async function () {
    const { handle, preview } = await open();
    const rate = preview.getState().envelopeRate;
    const at = (seconds: number) => preview.getState().envelope[Math.round(seconds * rate)]!;
    // The offer speaks from 5 to 7 s: the music is down then, and back up at 8.5 s.
    expect(at(6)).to.be.below(-10);
    expect(at(8.5)).to.equal(0);
    const project = handle.getProject();
    await handle.loadProject({ ...project, clips: [project.clips[0]!, { ...project.clips[1]!, start: 7.5 }] });
    await waitUntil(() => at(8.5) < -10, 'the envelope follows the clip');
    expect(at(6)).to.equal(0);
  });

  it('shows in the master panel the loudness the engine measures in the exported file', async function () {
    const { handle, editor, preview } = await open();
    const master = editor.shadowRoot!.querySelector('studio-editor-master-panel')!;
    await waitUntil(() => master.shadowRoot?.querySelector('dd[data-figure=integrated]'), 'the meter is shown');
    const shown = (name: string) => master.shadowRoot!.querySelector(`dd[data-figure=${name}]`)!.textContent!;
    const blob = await handle.export({ format: 'wav24' });
    const audio = await new OfflineAudioContext(2, 1, 48000).decodeAudioData(await blob.arrayBuffer());
    const measured = measureLoudness([audio.getChannelData(0), audio.getChannelData(1)], 48000);
    expect(shown('integrated')).to.contain(formatLevelIn('en', measured.integrated));
    expect(shown('truePeak')).to.contain(formatLevelIn('en', measured.truePeak));
    expect(shown('range')).to.contain(formatLevelIn('en', measured.range));
    expect(preview.getState().compliance!.pass).to.equal(true);
  });

  it('moves the loudness graph’s cursor with the playhead while the ad plays', async function () {
    const { editor, preview } = await open();
    const master = editor.shadowRoot!.querySelector('studio-editor-master-panel')!;
    await waitUntil(() => master.shadowRoot?.querySelector('studio-editor-loudness-graph')?.shadowRoot?.querySelector('line.cursor'), 'the graph is drawn');
    const graph = master.shadowRoot!.querySelector('studio-editor-loudness-graph')!;
    const x = () => Number(graph.shadowRoot!.querySelector('line.cursor')!.getAttribute('x1'));
    expect(x()).to.equal(0);
    await preview.play();
    try {
      // WebKitGTK's audio here (GStreamer into a PulseAudio null sink) starts late and moves in uneven steps:
      // the cursor is asked to follow the clock, not to keep time with the wall.
      await waitUntil(() => preview.currentTime > 0.3, 'the ad plays', { timeout: 15_000 });
      await waitUntil(() => x() > 0, 'the cursor leaves the start', { timeout: 15_000 });
      const first = x();
      await waitUntil(() => x() > first + 20, 'the cursor moves on as the ad plays', { timeout: 15_000 });
    } finally {
      preview.pause();
    }
    // Paused, it stays at the playhead: 1000 units across the ad's 10 s.
    await waitUntil(() => Math.abs(x() - preview.currentTime * 100) < 0.1, 'the cursor at the paused playhead');
    expect(x()).to.be.above(20);
  });
});
