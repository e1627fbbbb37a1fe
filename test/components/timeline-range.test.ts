// A span selected on the timeline for a comment (issue 42): a drag across the ruler (where a click still seeks),
// Shift+Left or Right from the playhead (Alt+Shift on a clip that Shift moves), Escape; shown as a band with its
// times, said in the live region, and C or "Comment on" fires `comment-at` with it.
import { expect, fixture, html } from '@open-wc/testing';
import { resetMouse, sendKeys, sendMouse } from '@web/test-runner-commands';
import { gridStep } from '../../src/components/studio-timeline/geometry.js';
import '../../src/components/studio-timeline/studio-timeline.js';
import type { StudioTimeline } from '../../src/components/studio-timeline/studio-timeline.js';
import type { TimelineClip } from '../../src/components/studio-timeline/types.js';
import { record } from '../support/recorded-events.js';

const clip = (id: string, start: number, length: number): TimelineClip => ({
  id, label: id, start, length, sourceLength: length, trimIn: 0, trimOut: 0, fadeIn: 0, fadeOut: 0, gain: 0, peaks: new Float32Array(200).fill(0.4),
});

async function make(props: Partial<StudioTimeline> = {}): Promise<StudioTimeline> {
  const el = await fixture<StudioTimeline>(html`<studio-editor-timeline style="width: 900px"></studio-editor-timeline>`);
  Object.assign(el, { zoom: 50, targetDuration: 10, clips: [clip('hook', 1, 2), clip('offer', 4, 3)], ...props });
  await el.updateComplete;
  return el;
}

const $ = (el: StudioTimeline, selector: string) => el.shadowRoot!.querySelector<HTMLElement>(selector);
const said = (el: StudioTimeline) => $(el, '[role=status]')!.textContent!.trim();
/** Within a pixel's time at the zoom (the mouse lands on whole pixels). */
const near = (actual: readonly number[] | null | undefined, expected: readonly number[], what: string) => {
  expect(actual, what).to.not.equal(null);
  actual!.forEach((value, i) => expect(value, `${what} [${i}]`).to.be.closeTo(expected[i]!, 0.03));
};
const band = (el: StudioTimeline) => {
  const element = $(el, '[part=range]');
  return element === null ? null : [parseFloat(element.style.left) / el.zoom, parseFloat(element.style.width) / el.zoom];
};

describe('<studio-editor-timeline>: a span selected for a comment', () => {
  afterEach(() => resetMouse());

  it('a drag across the ruler selects a span (a click still seeks), shown as a band with its times and said; C comments on it; a click clears it', async () => {
    const el = await make({ commenting: true });
    const seeks = record(el, 'seek');
    const comments = record(el, 'comment-at');
    const ruler = $(el, '.ruler')!.getBoundingClientRect();
    const y = Math.round(ruler.top + ruler.height / 2);
    const x = (seconds: number) => Math.round(ruler.left + seconds * el.zoom);
    await sendMouse({ type: 'move', position: [x(2), y] });
    await sendMouse({ type: 'down' });
    await sendMouse({ type: 'move', position: [x(3.5), y] });
    await sendMouse({ type: 'move', position: [x(5), y] });
    await el.updateComplete;
    near(band(el), [2, 3], 'shown while dragging');
    await sendMouse({ type: 'up' });
    await el.updateComplete;
    const range = el.selectedRange!;
    near([range.start, range.end], [2, 5], 'the span');
    expect(seeks.map((seek) => seek['time']), 'the press seeks, the drag ends at its start').to.deep.equal([range.start, range.start]);
    expect($(el, '[part=range-bar] .range-times')!.textContent).to.equal('Selected 0:02.0–0:05.0');
    expect(said(el)).to.equal('Selected 0:02.0–0:05.0. C comments on it, Escape clears it.');
    await expect($(el, '[part=range-bar]')).to.be.accessible();

    // "Comment on" it, and C (the scroller has the focus).
    const button = $(el, '.range-comment') as HTMLButtonElement;
    expect(button.textContent).to.equal('Comment on 0:02.0–0:05.0');
    button.click();
    $(el, '.scroller')!.focus();
    await sendKeys({ press: 'c' });
    expect(comments).to.deep.equal([range, range]);

    // A plain click on the ruler seeks and clears it.
    await sendMouse({ type: 'click', position: [x(7), y] });
    await el.updateComplete;
    expect(seeks.at(-1)!['time']).to.be.closeTo(7, 0.03);
    expect([el.selectedRange, band(el), $(el, '[part=range-bar]')]).to.deep.equal([undefined, null, null]);
    expect(said(el)).to.equal('Selection cleared.');
  });

  it('Shift+Right and Left grow and shrink it from the playhead a grid step at a time; C comments on it; Escape clears it; without it C is at the playhead', async () => {
    const el = await make({ clock: () => 3 });
    const comments = record(el, 'comment-at');
    const step = gridStep(el.zoom);
    $(el, '.scroller')!.focus();
    await sendKeys({ down: 'Shift' });
    await sendKeys({ press: 'ArrowRight' });
    await sendKeys({ press: 'ArrowRight' });
    await sendKeys({ press: 'ArrowRight' });
    await sendKeys({ press: 'ArrowLeft' });
    await sendKeys({ up: 'Shift' });
    await el.updateComplete;
    expect(el.selectedRange).to.deep.equal({ start: 3, end: 3 + 2 * step });
    expect(band(el)).to.deep.equal([3, 2 * step]);
    expect(said(el)).to.equal(`Selected 0:03.0–${el.rangeText({ start: 0, end: 3 + 2 * step }).split('–')[1]}. C comments on it, Escape clears it.`);
    expect($(el, '.range-comment'), 'no "Comment on" without a reviewer named').to.equal(null);
    await sendKeys({ press: 'c' });
    expect(comments.at(-1)).to.deep.equal({ start: 3, end: 3 + 2 * step });
    // Past the playhead to the left: the span is then before it.
    await sendKeys({ down: 'Shift' });
    for (let i = 0; i < 3; i++) await sendKeys({ press: 'ArrowLeft' });
    await sendKeys({ up: 'Shift' });
    expect(el.selectedRange).to.deep.equal({ start: 3 - step, end: 3 });
    await sendKeys({ press: 'Escape' });
    await el.updateComplete;
    expect([el.selectedRange, band(el)]).to.deep.equal([undefined, null]);
    expect(said(el)).to.equal('Selection cleared.');
    await sendKeys({ press: 'c' });
    expect(comments.at(-1), 'at the playhead').to.deep.equal({ start: 3, end: 3 });
    // The keys are in the help text.
    expect($(el, '#help')!.textContent).to.include('Shift+Left or Right (Alt+Shift+Left or Right on a clip) selects a range from the playhead');
  });

  it('on a clip Shift+arrows still move it, Alt+Shift+arrows select; a reviewer\'s Shift+arrows select on a clip too', async () => {
    const el = await make({ clock: () => 1 });
    const moves = record(el, 'clip-move');
    $(el, '.clip[data-id=hook]')!.focus();
    await sendKeys({ down: 'Shift' });
    await sendKeys({ press: 'ArrowRight' });
    await sendKeys({ up: 'Shift' });
    expect(moves.map((move) => move['start'])).to.deep.equal([2]);
    expect(el.selectedRange).to.equal(undefined);
    await sendKeys({ down: 'Alt' });
    await sendKeys({ down: 'Shift' });
    await sendKeys({ press: 'ArrowRight' });
    await sendKeys({ up: 'Shift' });
    await sendKeys({ up: 'Alt' });
    expect(moves, 'not moved again').to.have.length(1);
    expect(el.selectedRange).to.deep.equal({ start: 1, end: 1 + gridStep(el.zoom) });

    const reviewing = await make({ clock: () => 1, reviewing: true, clips: [{ ...clip('hook', 1, 2), fixed: true }] });
    const still = record(reviewing, 'clip-move');
    $(reviewing, '.clip[data-id=hook]')!.focus();
    await sendKeys({ down: 'Shift' });
    await sendKeys({ press: 'ArrowRight' });
    await sendKeys({ up: 'Shift' });
    expect(still).to.deep.equal([]);
    expect(reviewing.selectedRange).to.deep.equal({ start: 1, end: 1 + gridStep(reviewing.zoom) });
  });
});
