import { expect, fixture, html } from '@open-wc/testing';
import type { StudioTimelineClip } from '../../src/components/studio-timeline/studio-timeline-clip.js';
import { resetMouse, sendKeys, sendMouse } from '@web/test-runner-commands';
import sinon from 'sinon';
import { envelopePath, gridStep } from '../../src/components/studio-timeline/geometry.js';
import '../../src/components/studio-timeline/studio-timeline.js';
import { ENVELOPE_FLOOR_DB, ENVELOPE_PX_PER_SECOND, type StudioTimeline } from '../../src/components/studio-timeline/studio-timeline.js';
import type { TimelineClip, TimelineMusic } from '../../src/components/studio-timeline/types.js';
import { skipIn } from '../support/engine.js';
import { waitUntil } from '../support/wait.js';

const peaks = (n = 400) => Float32Array.from({ length: n }, (_, i) => 0.2 + 0.6 * Math.abs(Math.sin(i / 7)));
const clip = (id: string, start: number, length: number, extra: Partial<TimelineClip> = {}): TimelineClip => ({
  id, label: id[0]!.toUpperCase() + id.slice(1), start, length, sourceLength: length, trimIn: 0, trimOut: 0, fadeIn: 0, fadeOut: 0, gain: 0, peaks: peaks(), ...extra,
});
const music = (length = 12): TimelineMusic => ({ length, gain: 0, fadeIn: 1, fadeOut: 1, peaks: peaks(600) });
const frame = () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));

type Detail = Record<string, unknown>;
/** Every `type` event's detail, in order. */
function record(el: EventTarget, type: string): Detail[] {
  const seen: Detail[] = [];
  el.addEventListener(type, (event) => seen.push((event as CustomEvent<Detail>).detail));
  return seen;
}
const part = (el: StudioTimeline, selector: string) => el.shadowRoot!.querySelector<HTMLElement>(selector)!;
const center = (element: Element): [number, number] => {
  const rect = element.getBoundingClientRect();
  return [Math.round(rect.left + rect.width / 2), Math.round(rect.top + rect.height / 2)];
};
/** A real mouse drag from the middle of `element` by `dx`, `dy` pixels, in steps. */
async function drag(element: Element, dx: number, dy = 0, release = true): Promise<void> {
  const [x, y] = center(element);
  await sendMouse({ type: 'move', position: [x, y] });
  await sendMouse({ type: 'down' });
  await sendMouse({ type: 'move', position: [x + Math.round(dx / 2), y + Math.round(dy / 2)] });
  await sendMouse({ type: 'move', position: [x + dx, y + dy] });
  if (release) await sendMouse({ type: 'up' });
}

async function make(props: Partial<StudioTimeline> = {}): Promise<StudioTimeline> {
  const el = await fixture<StudioTimeline>(html`<studio-editor-timeline style="width: 900px"></studio-editor-timeline>`);
  Object.assign(el, { zoom: 50, targetDuration: 10, clips: [clip('hook', 1, 2), clip('offer', 4, 3)], music: music(), ...props });
  await el.updateComplete;
  return el;
}

describe('<studio-editor-timeline>', () => {
  afterEach(async () => {
    sinon.restore();
    await resetMouse();
  });

  it('marks and names clips that play over each other, two voices at once (issue 15)', async () => {
    const el = await make({ clips: [clip('hook', 1, 2), clip('body', 2.74, 3), clip('cta', 6, 1)] });
    const byId = (id: string) => el.shadowRoot!.querySelector<StudioTimelineClip>(`.clip[data-id="${id}"]`)!;
    await byId('hook').updateComplete;
    expect(['hook', 'body', 'cta'].map((id) => byId(id).classList.contains('overlap'))).to.deep.equal([true, true, false]);
    expect(byId('body').getAttribute('aria-label')).to.include('plays over another clip for 0.26 seconds');
    // Moved apart, the mark goes.
    el.clips = [clip('hook', 1, 2), clip('body', 3.2, 3), clip('cta', 6.5, 1)];
    await el.updateComplete;
    await byId('body').updateComplete;
    expect(byId('body').classList.contains('overlap')).to.equal(false);
  });

  it('places clips by start and length at the zoom, and names them', async () => {
    const el = await make();
    const clips = [...el.shadowRoot!.querySelectorAll<HTMLElement>('.clip')];
    expect(clips.map((c) => [c.style.left, c.style.width])).to.deep.equal([['50px', '100px'], ['200px', '150px']]);
    expect(clips[0]!.getAttribute('aria-label')).to.equal('Hook, starts at 0:01.0, 2.0 seconds');
    expect(clips[0]!.getAttribute('aria-roledescription')).to.equal('clip');
    el.zoom = 100;
    await el.updateComplete;
    expect(clips.map((c) => c.style.left)).to.deep.equal(['100px', '400px']);
    await expect(el).to.be.accessible();
  });

  it('moves a clip by dragging, snapping to the grid unless Alt is held, final on release', async () => {
    const el = await make();
    const moves = record(el, 'clip-move');
    const selects = record(el, 'clip-select');
    await drag(part(el, '.clip[data-id=hook] .label').parentElement!, 48); // +0.96 s: grid 0.2 s -> 2.0
    expect(moves.length).to.be.greaterThan(1);
    expect(moves.slice(0, -1).every((m) => m['final'] === false)).to.equal(true);
    expect(moves.at(-1)).to.deep.equal({ id: 'hook', start: 2, final: true });
    expect(selects[0]).to.deep.equal({ id: 'hook' });
    // +1.94 s: 2.94, within 8 px of the grid line at 3.
    await drag(part(el, '.clip[data-id=hook]'), 97);
    expect(moves.at(-1)).to.deep.equal({ id: 'hook', start: 3, final: true });
    // With Alt held nothing snaps: +1.1 s exactly.
    await sendKeys({ down: 'Alt' });
    await drag(part(el, '.clip[data-id=hook]'), 55);
    await sendKeys({ up: 'Alt' });
    expect(moves.at(-1)).to.deep.equal({ id: 'hook', start: 2.1, final: true });
  });

  it('snaps a dragged clip end to another clip and to the target duration', async () => {
    const el = await make({ clips: [clip('hook', 0, 2), clip('offer', 5, 2)], zoom: 40 });
    const moves = record(el, 'clip-move');
    // Start 0 + 2.95 s: its end (4.95) is 0.05 s from the offer's start (5): snapped to end there.
    await drag(part(el, '.clip[data-id=hook]'), 118);
    expect(moves.at(-1)).to.deep.equal({ id: 'hook', start: 3, final: true });
    // The offer's end dragged to 9.9 s snaps to the target at 10.
    await drag(part(el, '.clip[data-id=offer]'), 116);
    expect(moves.at(-1)).to.deep.equal({ id: 'offer', start: 8, final: true });
  });

  it('trims either edge and fades in and out, with final flags', async () => {
    const el = await make({ clips: [clip('hook', 1, 4, { sourceLength: 4 })], zoom: 50 });
    const trims = record(el, 'clip-trim');
    const fades = record(el, 'clip-fade');
    await drag(part(el, '.clip .trim-out'), -50);
    expect(trims.at(-1)).to.deep.equal({ id: 'hook', trimIn: 0, trimOut: 1, start: 1, final: true });
    expect(trims.slice(0, -1).every((d) => d['final'] === false)).to.equal(true);
    await drag(part(el, '.clip .trim-in'), 25);
    expect(trims.at(-1)).to.deep.equal({ id: 'hook', trimIn: 0.5, trimOut: 0, start: 1.5, final: true });
    await drag(part(el, '.clip .knob.fade-in'), 25);
    expect(fades.at(-1)).to.deep.equal({ id: 'hook', fadeIn: 0.5, fadeOut: 0, final: true });
    await drag(part(el, '.clip .knob.fade-out'), -50);
    expect(fades.at(-1)).to.deep.equal({ id: 'hook', fadeIn: 0, fadeOut: 1, final: true });
  });

  it('drags clip gain, music gain, music fades and the ducking depth', async () => {
    const el = await make({ duckDepth: 10, envelope: Float32Array.from({ length: 240 }, (_, i) => (i > 40 && i < 100 ? -10 : 0)) });
    const clipGains = record(el, 'clip-gain');
    const gains = record(el, 'music-gain');
    const fades = record(el, 'music-fade');
    const ducks = record(el, 'duck-depth');
    await drag(part(el, '.clip[data-id=hook] .gain'), 0, 20);
    expect(clipGains.at(-1)).to.deep.equal({ id: 'hook', gain: -10, final: true });
    await drag(part(el, '.bed > .gain'), 0, -14);
    expect(gains.at(-1)).to.deep.equal({ gain: 9, final: true });
    await drag(part(el, '.bed > .knob.fade-in'), 50);
    expect(fades.at(-1)).to.deep.equal({ fadeIn: 2, fadeOut: 1, final: true });
    await drag(part(el, '.bed > .duck'), 0, 14, false);
    expect(ducks.at(-1)).to.deep.equal({ depthDb: 20, final: false });
    // While dragging, the envelope is drawn at the new depth.
    expect(part(el, '.envelope path').getAttribute('d')).to.contain(`${((-20 / ENVELOPE_FLOOR_DB) * 56).toFixed(1)}`);
    await sendMouse({ type: 'up' });
    expect(ducks.at(-1)).to.deep.equal({ depthDb: 20, final: true });
  });

  it('cancels a drag on Escape with the values from before it', async () => {
    const el = await make();
    const moves = record(el, 'clip-move');
    await drag(part(el, '.clip[data-id=hook]'), 100, 0, false);
    expect(moves.at(-1)!['final']).to.equal(false);
    await sendKeys({ press: 'Escape' });
    expect(moves.at(-1)).to.deep.equal({ id: 'hook', start: 1, final: true, cancelled: true });
    const count = moves.length;
    await sendMouse({ type: 'up' });
    expect(moves.length).to.equal(count);
  });

  it('nudges, moves to the ends, deletes and sends transport keys from the keyboard', async () => {
    const el = await make();
    const moves = record(el, 'clip-move');
    const deletes = record(el, 'clip-delete');
    const other = { play: 0, undo: 0, redo: 0 };
    el.addEventListener('play-toggle', () => (other.play += 1));
    el.addEventListener('undo', () => (other.undo += 1));
    el.addEventListener('redo', () => (other.redo += 1));
    part(el, '.clip[data-id=offer]').focus();
    await sendKeys({ press: 'ArrowRight' });
    expect(moves.at(-1)).to.deep.equal({ id: 'offer', start: 4 + gridStep(50), final: true });
    await sendKeys({ down: 'Shift' });
    await sendKeys({ press: 'ArrowLeft' });
    await sendKeys({ up: 'Shift' });
    expect(moves.at(-1)).to.deep.equal({ id: 'offer', start: 3, final: true });
    await sendKeys({ press: 'End' });
    expect(moves.at(-1)).to.deep.equal({ id: 'offer', start: 7, final: true });
    await sendKeys({ press: 'Home' });
    expect(moves.at(-1)).to.deep.equal({ id: 'offer', start: 0, final: true });
    await el.updateComplete;
    expect(part(el, '[role=status]').textContent).to.equal('Offer moved to 0:00.0');
    await sendKeys({ press: 'Delete' });
    expect(deletes).to.deep.equal([{ id: 'offer' }]);
    await sendKeys({ press: ' ' });
    await sendKeys({ down: 'Control' });
    await sendKeys({ press: 'KeyZ' });
    await sendKeys({ down: 'Shift' });
    await sendKeys({ press: 'KeyZ' });
    await sendKeys({ up: 'Shift' });
    await sendKeys({ up: 'Control' });
    expect(other).to.deep.equal({ play: 1, undo: 1, redo: 1 });
  });

  it('draws the ducking envelope from the property and redraws it when it changes', async () => {
    const first = Float32Array.from({ length: 200 }, (_, i) => (i < 50 ? 0 : -12));
    const el = await make({ envelope: first, envelopeRate: 20 });
    const path = () => part(el, '.envelope path').getAttribute('d');
    expect(path()).to.equal(envelopePath(first, 20, ENVELOPE_PX_PER_SECOND, 56, ENVELOPE_FLOOR_DB));
    const second = Float32Array.from({ length: 200 }, (_, i) => (i > 100 ? -6 : 0));
    el.envelope = second;
    await el.updateComplete;
    expect(path()).to.equal(envelopePath(second, 20, ENVELOPE_PX_PER_SECOND, 56, ENVELOPE_FLOOR_DB));
    expect(part(el, '.envelope').getAttribute('width')).to.equal('500');
  });

  it('marks the target duration and what goes past it, in colour and in words', async () => {
    const el = await make({ clips: [clip('hook', 1, 2), clip('offer', 9, 3)], music: null });
    expect(part(el, '.target').style.left).to.equal('500px');
    expect(part(el, '.over-zone').style.width).to.equal('100px');
    expect(part(el, '.over-zone').textContent!.trim()).to.equal('Over the target duration by 2.0 seconds');
    expect(part(el, '.clip[data-id=offer]').classList.contains('over')).to.equal(true);
    expect(part(el, '.clip[data-id=offer]').getAttribute('aria-label')).to.equal('Offer, starts at 0:09.0, 3.0 seconds, 2.0 seconds past the target duration');
    el.clips = [clip('hook', 1, 2)];
    await el.updateComplete;
    expect(el.shadowRoot!.querySelector('.over-zone')).to.equal(null);
  });

  it('seeks from a click on the ruler; a drag from there selects a span and seeks to its start (timeline-range.test.ts)', async () => {
    const el = await make();
    const seeks = record(el, 'seek');
    const rect = part(el, '.ruler').getBoundingClientRect();
    const y = Math.round(rect.top + rect.height / 2);
    await sendMouse({ type: 'click', position: [Math.round(rect.left) + 100, y] });
    expect(seeks.at(-1)!['time']).to.be.closeTo(2, 0.03);
    await sendMouse({ type: 'down' });
    await sendMouse({ type: 'move', position: [Math.round(rect.left) + 250, y] });
    await sendMouse({ type: 'up' });
    expect(seeks.at(-1)!['time']).to.be.closeTo(2, 0.03);
    expect(el.selectedRange!.end).to.be.closeTo(5, 0.03);
  });

  it('zooms with the buttons and with Ctrl+wheel, once per frame', async () => {
    const el = await make();
    const zooms = record(el, 'zoom-change');
    part(el, '.bar button[aria-label="Zoom in"]').click();
    expect(zooms).to.deep.equal([{ zoom: 75 }]);
    await el.updateComplete;
    part(el, '.bar button[aria-label="Zoom out"]').click();
    expect(zooms.at(-1)).to.deep.equal({ zoom: 50 });
    const scroller = part(el, '.scroller');
    const [x, y] = center(scroller);
    for (let i = 0; i < 3; i++) scroller.dispatchEvent(new WheelEvent('wheel', { deltaY: -100, ctrlKey: true, clientX: x, clientY: y, bubbles: true, cancelable: true }));
    await frame();
    expect(zooms.length).to.equal(3);
    expect(el.zoom).to.be.closeTo(50 * Math.exp(0.6), 0.01);
  });

  it('zooms with a two-finger pinch about the fingers, and a second finger cancels a drag', async function () {
    skipIn(this, 'touch-constructor');
    const el = await make({ targetDuration: 20 });
    const zooms = record(el, 'zoom-change');
    const scroller = part(el, '.scroller');
    const { left, top } = scroller.getBoundingClientRect();
    const touch = (identifier: number, x: number) => new Touch({ identifier, target: scroller, clientX: left + x, clientY: top + 60 });
    const fire = (type: string, touches: Touch[]) => scroller.dispatchEvent(new TouchEvent(type, { touches, changedTouches: touches, bubbles: true, cancelable: true }));

    const moves = record(el, 'clip-move');
    await drag(part(el, '.clip[data-id=hook]'), 60, 0, false);
    expect(moves.at(-1)!['final']).to.equal(false);
    fire('touchstart', [touch(1, 200), touch(2, 260)]);
    expect(moves.at(-1)).to.deep.equal({ id: 'hook', start: 1, final: true, cancelled: true });
    await sendMouse({ type: 'up' });
    fire('touchend', []);

    fire('touchstart', [touch(1, 200), touch(2, 300)]);
    // The fingers move apart from 100 to 200 px: twice the zoom, the time under their midpoint (250 px, 5 s) kept there.
    expect(fire('touchmove', [touch(1, 150), touch(2, 350)])).to.equal(false);
    await frame();
    await el.updateComplete;
    expect(zooms).to.deep.equal([{ zoom: 100 }]);
    expect(scroller.scrollLeft).to.be.closeTo(250, 1);
    fire('touchend', [touch(1, 150)]);
    // One finger alone is left to the browser (native scrolling).
    expect(fire('touchmove', [touch(1, 100)])).to.equal(true);
  });

  it('moves the playhead with the clock while playing', async () => {
    let now = 1;
    const el = await make({ clock: () => now });
    expect(part(el, '.playhead').style.transform).to.equal('translateX(50px)');
    el.playing = true;
    now = 3;
    await frame();
    expect(part(el, '.playhead').style.transform).to.equal('translateX(150px)');
    el.playing = false;
    await el.updateComplete;
    now = 5;
    await frame();
    expect(part(el, '.playhead').style.transform).to.equal('translateX(150px)');
  });

  it('draws waveforms only for clips near the viewport', async function () {
    const many = Array.from({ length: 60 }, (_, i) => clip(`c${i}`, i * 10, 10));
    const el = await make({ clips: many, music: music(600), zoom: 50, targetDuration: 600 });
    // Drawn a few at a time in idle periods: wait until more than one is and nothing waits any more; the
    // near ones only, never the whole track.
    await waitUntil(() => el.waveformCount > 1 && el.waveformsPending === 0);
    const near = el.waveformCount;
    expect(near).to.be.greaterThan(1);
    expect(near).to.be.lessThan(20);
    part(el, '.scroller').scrollLeft = 20000;
    await waitUntil(() => el.shadowRoot!.querySelector('.clip[data-id=c40] .wave > div') !== null);
    // Far ones go too, a few a frame.
    await waitUntil(() => el.shadowRoot!.querySelector('.clip[data-id=c0] .wave > div') === null);
  });

  it('stretches drawn waveforms while the zoom changes and redraws them at their width once it settles', async () => {
    const el = await make({ clips: [clip('hook', 1, 4)], music: null, zoom: 50 });
    const host = () => el.shadowRoot!.querySelector<HTMLElement>('.clip[data-id=hook] .wave > div > div');
    const canvasWidth = () => host()!.shadowRoot!.querySelector('canvas')!.style.width;
    await waitUntil(() => host()?.shadowRoot?.querySelector('canvas') != null);
    expect(canvasWidth()).to.equal('200px');
    expect(host()!.style.transform).to.equal('');
    el.setZoom(80);
    await el.updateComplete;
    // Stretched at once, not redrawn yet: 4 s at 80 px/s shown from a 200 px drawing.
    expect(host()!.style.transform).to.equal('scaleX(1.6)');
    expect(canvasWidth()).to.equal('200px');
    el.setZoom(100);
    await el.updateComplete;
    expect(host()!.style.transform).to.equal('scaleX(2)');
    await waitUntil(() => canvasWidth() === '400px');
    expect(host()!.style.transform).to.equal('');
    expect(el.waveformCount).to.equal(1);
  });

  it('keeps working when moved in the document: waveforms drawn again, Ctrl+wheel still zooms', async () => {
    const el = await make({ clips: [clip('hook', 1, 4)], music: null, zoom: 50 });
    await waitUntil(() => el.waveformCount === 1);
    const other = document.createElement('div');
    el.parentElement!.append(other);
    other.append(el);
    await waitUntil(() => el.waveformCount === 1);
    const scroller = part(el, '.scroller');
    const [x, y] = center(scroller);
    scroller.dispatchEvent(new WheelEvent('wheel', { deltaY: -100, ctrlKey: true, clientX: x, clientY: y, bubbles: true, cancelable: true }));
    await frame();
    expect(el.zoom).to.be.closeTo(50 * Math.exp(0.2), 0.01);
  });

  it('draws waveforms where the browser has no requestIdleCallback (Safari), a frame at a time', async () => {
    // Hidden where the engine has it; WebKit has none to hide.
    const idle = 'requestIdleCallback' in window ? sinon.stub(window, 'requestIdleCallback').value(undefined) : undefined;
    try {
      const el = await make({ clips: [clip('hook', 1, 4), clip('offer', 6, 3)], music: null, zoom: 50 });
      await waitUntil(() => el.waveformCount === 2);
    } finally {
      idle?.restore();
    }
  });

  it('drops the waveform of a piece zoomed too narrow to show one once the zoom settles, and draws it again when wide', async () => {
    const el = await make({ clips: [clip('hook', 1, 4)], music: null, zoom: 50 });
    await waitUntil(() => el.waveformCount === 1);
    // 4 s at 3 px/s: 12 px.
    el.setZoom(3);
    await el.updateComplete;
    expect(el.waveformCount).to.equal(1);
    await waitUntil(() => el.waveformCount === 0);
    el.setZoom(50);
    await el.updateComplete;
    await waitUntil(() => el.waveformCount === 1);
  });

  it("draws the waveform of a short call to action fitted into a 30 s spot (2.4 s at 18 px/s: 43 px)", async () => {
    const el = await make({ clips: [clip('cta', 26.5, 2.4)], music: null, zoom: 18 });
    await waitUntil(() => el.waveformCount === 1);
    expect(el.shadowRoot!.querySelector('.clip[data-id="cta"] .wave > div'), 'the waveform drawn in the clip').not.to.equal(null);
  });

  it('lays wavesurfer out under a page CSP that forbids inline styles, with no violation', async () => {
    const iframe = document.createElement('iframe');
    iframe.style.width = '800px';
    iframe.style.height = '300px';
    iframe.src = new URL('./fixtures/timeline-csp.html', import.meta.url).href;
    document.body.append(iframe);
    try {
      await new Promise((resolve) => iframe.addEventListener('load', resolve, { once: true }));
      const win = iframe.contentWindow as Window & { ready: Promise<unknown>; violations: string[] };
      await win.ready;
      const el = win.document.createElement('studio-editor-timeline') as StudioTimeline;
      Object.assign(el, { zoom: 50, targetDuration: 10, clips: [clip('hook', 1, 4)], music: null });
      win.document.body.append(el);
      await el.updateComplete;
      const canvas = () => el.shadowRoot!.querySelector('.wave > div > div')?.shadowRoot?.querySelector('canvas') ?? null;
      await waitUntil(() => canvas() !== null);
      // Nothing was refused: wavesurfer's <style> was adopted as a stylesheet instead of inserted.
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(win.violations).to.deep.equal([]);
      expect(win.getComputedStyle(canvas()!).position).to.equal('absolute');
      const progress = el.shadowRoot!.querySelector('.wave > div > div')!.shadowRoot!.querySelector('.progress')!;
      expect(win.getComputedStyle(progress).position).to.equal('absolute');
      // The policy is in force: an inline style in markup is refused (and reported).
      win.document.body.insertAdjacentHTML('beforeend', '<p style="color: red">x</p>');
      await waitUntil(() => win.violations.length > 0);
      expect(win.violations[0]).to.match(/^style-src/);
    } finally {
      iframe.remove();
    }
  });
});
