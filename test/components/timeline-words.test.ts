// Every word on the timeline (issue 52): a voice clip's words under its waveform at a zoom where they fit (text,
// never HTML; estimated ones marked), following trims and moves; a press on one seeks there, and , and . reach
// them from the keyboard; a trim snaps to a word's edge unless Alt is held; a split at the playhead falls between
// words. Screenshots at 1280 and 390 px under screenshots/.
import { expect, fixture, html } from '@open-wc/testing';
import sinon from 'sinon';
import { executeServerCommand, resetMouse, sendKeys, sendMouse, setViewport } from '@web/test-runner-commands';
import '../../src/components/studio-timeline/studio-timeline.js';
import type { StudioTimeline } from '../../src/components/studio-timeline/studio-timeline.js';
import type { TimelineClip } from '../../src/components/studio-timeline/types.js';
import { MINIBROWSER_MIN_WIDTH, skipIn } from '../support/engine.js';
import { record } from '../support/recorded-events.js';
import { waitUntil } from '../support/wait.js';

/** "Cold brew in minutes, at home", heard in a 4 s take. */
const WORDS = [
  { text: 'Cold', start: 0.2, end: 0.6 },
  { text: 'brew', start: 0.7, end: 1.1 },
  { text: 'in', start: 1.3, end: 1.45 },
  { text: 'minutes,', start: 1.5, end: 2.2 },
  { text: 'at', start: 2.5, end: 2.7 },
  { text: 'home.', start: 2.75, end: 3.3 },
];

const peaks = Float32Array.from({ length: 400 }, (_, i) => 0.2 + 0.6 * Math.abs(Math.sin(i / 7)));
const clip = (extra: Partial<TimelineClip> = {}): TimelineClip => ({
  id: 'hook', label: 'Hook', start: 1, length: 4, sourceLength: 4, trimIn: 0, trimOut: 0, fadeIn: 0, fadeOut: 0, gain: 0, peaks, words: WORDS, ...extra,
});

async function make(props: Partial<StudioTimeline> = {}): Promise<StudioTimeline> {
  const el = await fixture<StudioTimeline>(html`<studio-editor-timeline style="width: 900px"></studio-editor-timeline>`);
  Object.assign(el, { zoom: 100, targetDuration: 10, clips: [clip()], ...props });
  await el.updateComplete;
  return el;
}

const $ = (el: StudioTimeline, selector: string) => el.shadowRoot!.querySelector<HTMLElement>(selector);
const shownWords = (el: StudioTimeline) => [...el.shadowRoot!.querySelectorAll<HTMLElement>('.clip .word')];
/** The words drawn (CSS shows each one's `data-word`, text). */
const texts = (el: StudioTimeline) => shownWords(el).map((word) => word.dataset['word']);
const said = (el: StudioTimeline) => $(el, '[role=status]')!.textContent!.trim();
const word = (el: StudioTimeline, text: string) => shownWords(el).find((element) => element.dataset['word'] === text)!;
const middle = (element: Element): [number, number] => {
  const box = element.getBoundingClientRect();
  return [Math.round(box.left + box.width / 2), Math.round(box.top + box.height / 2)];
};
/** A real mouse drag from the middle of `element` by `dx` pixels. */
async function drag(element: Element, dx: number): Promise<void> {
  const [x, y] = middle(element);
  await sendMouse({ type: 'move', position: [x, y] });
  await sendMouse({ type: 'down' });
  await sendMouse({ type: 'move', position: [x + Math.round(dx / 2), y] });
  await sendMouse({ type: 'move', position: [x + dx, y] });
  await sendMouse({ type: 'up' });
}

describe('<studio-editor-timeline>: every word on the timeline', () => {
  afterEach(() => resetMouse());

  it('draws a clip\'s words under its waveform where they fit the zoom, none where they do not, as text, following a trim and a move', async () => {
    const hostile = '<img src=x>';
    const el = await make({ clips: [clip({ words: WORDS.map((item) => (item.text === 'minutes,' ? { ...item, text: hostile } : item)) })] });
    await waitUntil(() => shownWords(el).length > 0, 'the words drawn');
    expect(texts(el)).to.deep.equal(['Cold', 'brew', 'in', hostile, 'at', 'home.']);
    expect(el.shadowRoot!.querySelector('.clip img'), 'hostile text stays text').to.equal(null);
    expect(getComputedStyle(shownWords(el)[0]!, '::before').content, 'the text drawn').to.not.be.oneOf(['none', 'normal', '']);
    el.clips = [clip()];
    await el.updateComplete;
    // Each word's box starts where it is heard: 0.2 s into the take is 20 px into the clip at 100 px/s.
    const clipBox = $(el, '.clip')!.getBoundingClientRect();
    expect(word(el, 'Cold').getBoundingClientRect().left - clipBox.left - $(el, '.clip')!.clientLeft).to.be.closeTo(20, 1);
    // Under the waveform: in the clip's lower half, inside it.
    const box = word(el, 'minutes,').getBoundingClientRect();
    expect(box.top).to.be.above(clipBox.top + clipBox.height / 2);
    expect(box.bottom).to.be.at.most(clipBox.bottom);

    // Zoomed out to 20 px/s, no word's time is as wide as its text: none drawn.
    el.zoom = 20;
    await el.updateComplete;
    expect(texts(el)).to.deep.equal([]);
    // At 60 px/s some fit: drawn, none over another.
    el.zoom = 60;
    await el.updateComplete;
    const boxes = shownWords(el).map((element) => element.getBoundingClientRect());
    expect(boxes.length).to.be.above(0);
    boxes.slice(1).forEach((later, at) => expect(later.left, 'no overlap').to.be.at.least(boxes[at]!.right - 0.5));

    // Trimmed by 1 s and moved to 2 s: the words trimmed away are gone, the others on their sound.
    el.zoom = 100;
    el.clips = [clip({ start: 2, trimIn: 1, length: 3 })];
    await el.updateComplete;
    expect(texts(el)).to.deep.equal(['brew', 'in', 'minutes,', 'at', 'home.']);
    expect(word(el, 'in').dataset['seek']).to.equal('2.3');
    expect(word(el, 'in').getBoundingClientRect().left - $(el, '.clip')!.getBoundingClientRect().left - $(el, '.clip')!.clientLeft).to.be.closeTo(30, 1);
    await expect(el).to.be.accessible();
  });

  it('a scroll draws the words of the clips it reaches, and updates no clip far from the view', async () => {
    // 30 takes of 4 s, one every 10 s, at 100 px/s in a 900 px view.
    const el = await make({ clips: Array.from({ length: 30 }, (_, i) => clip({ id: `c${i}`, label: `C${i}`, start: i * 10 })), targetDuration: 300 });
    const clipAt = (id: string) => el.shadowRoot!.querySelector<HTMLElement & { update(changed: unknown): void }>(`.clip[data-id=${id}]`)!;
    const drawnIn = (id: string) => clipAt(id).querySelectorAll('.word').length;
    await waitUntil(() => drawnIn('c0') > 0, 'the first take\'s words');
    expect(drawnIn('c20'), 'none drawn far from the view').to.equal(0);
    // c10 (100 s) is far from the view before the scroll and after it.
    const updates = sinon.spy(clipAt('c10'), 'update');
    const scroller = $(el, '.scroller')!;
    scroller.scrollLeft = 19_800;
    await waitUntil(() => drawnIn('c20') > 0, 'the words of the take scrolled to (200 s)');
    scroller.scrollLeft = 24_800;
    await waitUntil(() => drawnIn('c25') > 0, 'the words of the take scrolled to (250 s)');
    expect(drawnIn('c0'), 'none drawn where the view left').to.equal(0);
    expect(updates.callCount, 'a clip far from the view is not updated by a scroll').to.equal(0);
  });

  it('marks estimated words (a style and a hint) and says so from the keyboard', async () => {
    const el = await make({ clips: [clip({ wordsEstimated: true })], clock: () => 2 });
    await waitUntil(() => shownWords(el).length > 0, 'the words drawn');
    expect($(el, '.clip .words')!.classList.contains('estimated')).to.equal(true);
    expect(getComputedStyle(word(el, 'in')).fontStyle).to.equal('italic');
    expect(word(el, 'in').title).to.equal('Time estimated from the text');
    $(el, '.clip')!.focus();
    await sendKeys({ press: '.' });
    expect(said(el)).to.equal('“in” at 0:02.3, time estimated');
  });

  it('seeks to a word pressed, and to the previous or next word with , and . on the clip; a drag from a word still moves the clip', async () => {
    let now = 2;
    const el = await make({ clock: () => now });
    await waitUntil(() => shownWords(el).length > 0, 'the words drawn');
    const seeks = record(el, 'seek');
    const moves = record(el, 'clip-move');
    await sendMouse({ type: 'click', position: middle(word(el, 'minutes,')) });
    expect(seeks).to.deep.equal([{ time: 2.5 }]);
    expect(moves).to.deep.equal([]);

    $(el, '.clip')!.focus();
    await sendKeys({ press: '.' });
    expect(seeks.at(-1)).to.deep.equal({ time: 2.3 });
    expect(said(el)).to.equal('“in” at 0:02.3');
    await sendKeys({ press: ',' });
    expect(seeks.at(-1)).to.deep.equal({ time: 1.7 });
    expect(said(el)).to.equal('“brew” at 0:01.7');
    now = 3.6;
    await sendKeys({ press: '.' });
    expect(seeks.at(-1), 'the last word').to.deep.equal({ time: 3.75 });

    await drag(word(el, 'at'), 40);
    expect(moves.at(-1)).to.deep.equal({ id: 'hook', start: 1.4, final: true });
    expect(seeks.length, 'a drag seeks nowhere').to.equal(4);
  });

  it('seeks at once on a word of a clip that cannot move (a lock that holds, the reviewer)', async () => {
    const el = await make({ clips: [clip({ fixed: true })] });
    await waitUntil(() => shownWords(el).length > 0, 'the words drawn');
    const seeks = record(el, 'seek');
    await sendMouse({ type: 'click', position: middle(word(el, 'home.')) });
    expect(seeks).to.deep.equal([{ time: 3.75 }]);
  });

  it('snaps a trim handle to a word\'s edge within a few pixels, and not with Alt held', async () => {
    const el = await make();
    const trims = record(el, 'clip-trim');
    // The left edge dragged to 1.64 s: 4 px from "Cold"'s end (1.6 s), 6 px from "brew"'s start: the nearer.
    await drag($(el, '.clip .trim-in')!, 64);
    expect(trims.at(-1)).to.deep.equal({ id: 'hook', trimIn: 0.6, trimOut: 0, start: 1.6, final: true });
    el.clips = [clip()];
    await el.updateComplete;
    await sendKeys({ down: 'Alt' });
    await drag($(el, '.clip .trim-in')!, 64);
    await sendKeys({ up: 'Alt' });
    expect(trims.at(-1)).to.deep.equal({ id: 'hook', trimIn: 0.64, trimOut: 0, start: 1.64, final: true });
    // The right edge (5 s) dragged to 4.25 s: 5 px from "home."'s end (4.3 s).
    el.clips = [clip()];
    await el.updateComplete;
    await drag($(el, '.clip .trim-out')!, -75);
    expect(trims.at(-1)).to.deep.equal({ id: 'hook', trimIn: 0, trimOut: 0.7, start: 1, final: true });
    // A clip without words snaps to nothing there.
    el.clips = [clip({ words: undefined })];
    await el.updateComplete;
    await drag($(el, '.clip .trim-out')!, -75);
    expect(trims.at(-1)).to.deep.equal({ id: 'hook', trimIn: 0, trimOut: 0.75, start: 1, final: true });
  });

  it('splits between words: a playhead inside a word splits in the middle of the nearer gap', async () => {
    let now = 2.8;
    const el = await make({ clock: () => now });
    const splits = record(el, 'clip-split');
    $(el, '.clip')!.focus();
    // 2.8 s is inside "minutes," (2.5 to 3.2 s): the gap before it (2.45 to 2.5 s) is nearer than the one after.
    await sendKeys({ press: 's' });
    expect(splits.at(-1)).to.deep.equal({ id: 'hook', at: 1.475 });
    expect(said(el)).to.equal('Hook split at 0:02.5');
    // Near its end: the gap after it, 3.2 to 3.5 s.
    now = 3.1;
    await sendKeys({ press: 's' });
    expect(splits.at(-1)).to.deep.equal({ id: 'hook', at: 2.35 });
    // Between words: where the playhead is.
    now = 3.4;
    await sendKeys({ press: 's' });
    expect(splits.at(-1)).to.deep.equal({ id: 'hook', at: 2.4 });
  });

  for (const width of [1280, 390]) {
    it(`reads well at ${width} px (screenshot timeline-words-${width})`, async function () {
      if (width < MINIBROWSER_MIN_WIDTH) skipIn(this, 'narrow-window');
      await setViewport({ width, height: 400 });
      try {
        const el = await fixture<StudioTimeline>(html`<studio-editor-timeline style="width: ${width - 16}px"></studio-editor-timeline>`);
        const body = [
          { text: 'Order', start: 0.1, end: 0.45 },
          { text: 'today', start: 0.5, end: 0.95 },
          { text: 'and', start: 1.05, end: 1.25 },
          { text: 'save', start: 1.3, end: 1.7 },
          { text: 'twenty', start: 1.8, end: 2.25 },
          { text: 'percent.', start: 2.3, end: 3.0 },
        ];
        Object.assign(el, {
          zoom: width > 600 ? 160 : 90, targetDuration: 8,
          clips: [clip({ start: 0.3 }), clip({ id: 'offer', label: 'Offer', start: 4.5, length: 3.2, sourceLength: 3.2, words: body, wordsEstimated: true })],
        });
        await el.updateComplete;
        await waitUntil(() => shownWords(el).length > 0 && el.waveformsPending === 0, 'the words and waveforms drawn');
        expect(document.documentElement.scrollWidth, 'no page-wide overflow').to.be.at.most(width);
        await executeServerCommand('studio-screenshot', { name: `timeline-words-${width}` });
        await expect(el).to.be.accessible();
      } finally {
        await setViewport({ width: 800, height: 600 });
      }
    });
  }
});
