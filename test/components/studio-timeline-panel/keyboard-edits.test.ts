import { expect, fixture, html } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import '../../../src/components/studio-timeline-panel/studio-timeline-panel.js';
import type { StudioTimelinePanel } from '../../../src/components/studio-timeline-panel/studio-timeline-panel.js';
import type { StudioTimeline } from '../../../src/components/studio-timeline/studio-timeline.js';
import type { VoiceClip } from '../../../src/model/document.js';
import type { TestEditorContext } from '../../support/editor-context.js';
import '../../support/editor-context.js';
import { FakePreview } from '../../support/fake-preview.js';

const clip = (id: string, start: number, sectionId: string): VoiceClip => ({
  id, sectionId, assetId: `a-${id}`, url: `https://api.example.test/v1/assets/a-${id}`, start, gain: 0, trimIn: 0, trimOut: 0, fadeIn: 0.1, fadeOut: 0.2, source: null,
});

async function mount() {
  const preview = new FakePreview();
  const context = await fixture<TestEditorContext>(html`<test-editor-context .preview=${preview}><studio-editor-timeline-panel></studio-editor-timeline-panel></test-editor-context>`);
  const panel = context.querySelector('studio-editor-timeline-panel') as StudioTimelinePanel;
  const { store } = context;
  store.dispatch({
    type: 'project/load',
    project: {
      ...store.getState().project,
      duration: 20,
      script: { sections: [{ id: 's1', label: 'Hook', text: 'Hello' }, { id: 's2', label: 'Offer', text: 'Buy' }] },
      clips: [clip('c1', 1, 's1'), clip('c2', 7, 's2')],
      assets: [
        { asset_id: 'a-c1', kind: 'voice', url: clip('c1', 1, 's1').url, mime_type: 'audio/wav', duration_s: 4 },
        { asset_id: 'a-c2', kind: 'voice', url: clip('c2', 7, 's2').url, mime_type: 'audio/wav', duration_s: 3 },
      ],
      music: { track: { track_id: 't1', title: 'Bed', style: 'pop' }, assetId: null, url: 'https://cdn.example.test/bed.wav', gain: -6, offset: 0, loop: true, fadeIn: 1, fadeOut: 2 },
    },
  });
  await panel.updateComplete;
  const timeline = panel.shadowRoot!.querySelector('studio-editor-timeline') as StudioTimeline;
  await timeline.updateComplete;
  const project = () => store.getState().project;
  const steps = () => store.getState().history.pastDepth;
  const settle = async () => {
    await panel.updateComplete;
    await timeline.updateComplete;
  };
  const status = () => timeline.shadowRoot!.querySelector('[role=status]')!.textContent;
  return { preview, store, panel, timeline, project, steps, settle, status };
}

const ctrlZ = async () => {
  await sendKeys({ down: 'Control' });
  await sendKeys({ press: 'KeyZ' });
  await sendKeys({ up: 'Control' });
};

describe('<studio-editor-timeline-panel> from the keyboard only', () => {
  it('splits a clip at the playhead and joins it back, one undo step each', async () => {
    const { preview, timeline, project, steps, settle, status } = await mount();
    const before = steps();
    // Tab from the first zoom button: zoom in, zoom to fit, the voice header's mute and solo, then the first clip.
    (timeline.shadowRoot!.querySelector('.bar button') as HTMLElement).focus();
    for (let i = 0; i < 5; i++) await sendKeys({ press: 'Tab' });
    expect(timeline.shadowRoot!.activeElement?.getAttribute('data-id')).to.equal('c1');
    await sendKeys({ press: 'BracketRight' });
    expect(preview.currentTime).to.equal(1);
    await sendKeys({ press: 'BracketRight' });
    expect(preview.currentTime).to.equal(7);
    expect(status()).to.equal('Playhead at Offer, 0:07.0');
    await sendKeys({ press: 'BracketLeft' });
    expect(preview.currentTime).to.equal(1);
    preview.currentTime = 2.5;
    await sendKeys({ press: 'KeyS' });
    await settle();
    expect(project().clips.map((c) => `${c.id}@${c.start}[${c.trimIn},${c.trimOut}]`)).to.deep.equal(['c1@1[0,2.5]', 'c1-2@2.5[1.5,0]', 'c2@7[0,0]']);
    expect(steps()).to.equal(before + 1);
    expect(status()).to.equal('Hook split at 0:02.5');
    await sendKeys({ press: 'KeyJ' });
    await settle();
    expect(project().clips.map((c) => `${c.id}@${c.start}[${c.trimIn},${c.trimOut}]`)).to.deep.equal(['c1@1[0,0]', 'c2@7[0,0]']);
    expect(project().clips[0]!.fadeOut).to.equal(0.2);
    expect(steps()).to.equal(before + 2);
    await ctrlZ();
    await settle();
    expect(project().clips.length).to.equal(3);
    // Outside the clip, S says so and changes nothing.
    preview.currentTime = 15;
    (timeline.shadowRoot!.querySelector('[data-id=c2]') as HTMLElement).focus();
    await sendKeys({ press: 'KeyS' });
    await settle();
    expect(project().clips.length).to.equal(3);
    expect(status()).to.equal('The playhead is not inside Offer: move it there to split');
  });

  it('mutes and solos tracks with M and Shift+S and with the header buttons, one undo step each, and stays accessible', async () => {
    const { timeline, project, steps, settle, status, store } = await mount();
    const before = steps();
    (timeline.shadowRoot!.querySelector('[data-id=c1]') as HTMLElement).focus();
    await sendKeys({ press: 'KeyM' });
    await settle();
    expect(project().tracks.voice).to.deep.equal({ muted: true, solo: false });
    expect(status()).to.equal('Voice clips muted');
    const voice = timeline.shadowRoot!.querySelector('studio-editor-timeline-track.voice')!;
    expect(voice.classList.contains('silent')).to.equal(true);
    expect(voice.shadowRoot!.querySelector('[part=mute]')!.getAttribute('aria-pressed')).to.equal('true');
    await sendKeys({ press: 'KeyM' });
    await sendKeys({ down: 'Shift' });
    await sendKeys({ press: 'KeyS' });
    await sendKeys({ up: 'Shift' });
    await settle();
    expect(project().tracks.voice).to.deep.equal({ muted: false, solo: true });
    expect(timeline.shadowRoot!.querySelector('studio-editor-timeline-track.music')!.classList.contains('silent')).to.equal(true);
    expect(steps()).to.equal(before + 3);
    // The music header's solo button, reached with Tab and pressed with Space.
    const music = timeline.shadowRoot!.querySelector('studio-editor-timeline-track.music')!;
    (music.shadowRoot!.querySelector('[part=mute]') as HTMLElement).focus();
    await sendKeys({ press: 'Tab' });
    expect(music.shadowRoot!.activeElement?.getAttribute('part')).to.equal('solo');
    await sendKeys({ press: ' ' });
    await settle();
    expect(project().tracks.music).to.deep.equal({ muted: false, solo: true });
    expect(music.classList.contains('silent')).to.equal(false);
    expect(steps()).to.equal(before + 4);
    store.dispatch({ type: 'history/undo' });
    await settle();
    expect(project().tracks.music.solo).to.equal(false);
    await expect(timeline).to.be.accessible();
  });

  it('shows each track level in dB, its clip count, section markers and the envelope scale, and zooms to fit', async () => {
    const { timeline, store, settle } = await mount();
    store.dispatch({ type: 'mix/set', mix: { musicLevel: -8, voiceLevel: 1.5 } });
    await settle();
    const header = (track: string) => timeline.shadowRoot!.querySelector(`studio-editor-timeline-track.${track}`)!.shadowRoot!.querySelector('[part=header]')!;
    expect(header('voice').querySelector('.gain')!.textContent).to.equal('+1.5 dB');
    expect(header('music').querySelector('.gain')!.textContent).to.equal('-8.0 dB');
    expect(header('voice').querySelector('.count')!.textContent).to.equal('2 clips');
    expect(header('music').querySelector('.count')!.textContent).to.equal('1 clip');
    expect([...timeline.shadowRoot!.querySelectorAll('.marker')].map((m) => m.textContent)).to.deep.equal(['Hook', 'Offer']);
    expect([...timeline.shadowRoot!.querySelectorAll('.db-scale span')].map((s) => s.textContent)).to.deep.equal(['−10 dB', '−20', '−30']);
    (timeline.shadowRoot!.querySelector('.scroller') as HTMLElement).focus();
    await sendKeys({ press: 'KeyF' });
    await settle();
    const width = timeline.shadowRoot!.querySelector<HTMLElement>('.scroller')!.clientWidth;
    // The whole 20 s spot and the 2 s after its end.
    expect(timeline.zoom).to.be.closeTo((width - 16) / 22, 0.01);
  });
});
