import { expect, fixture, html } from '@open-wc/testing';
import { LitElement } from 'lit';
import { DragController } from '../../src/components/studio-timeline/drag-controller.js';
import type { TimelineClip } from '../../src/components/studio-timeline/types.js';
import { BASE_LANES } from '../../src/components/studio-timeline/scale.js';

const clip = (id: string, start: number, length: number): TimelineClip => ({
  id, label: id, start, length, sourceLength: length, trimIn: 0, trimOut: 0, fadeIn: 0, fadeOut: 0, gain: 0, peaks: new Float32Array(0),
});

/** A bare host: clips as plain boxes, 50 px a second, the controller's listeners on the scroller. */
class DragHostElement extends LitElement {
  clips: readonly TimelineClip[] = [clip('hook', 1, 2), clip('offer', 4, 3)];
  music = null;
  duckDepth = 0;
  targetDuration = 10;
  zoom = 50;
  lanes = BASE_LANES;
  selectedId: string | null = null;
  moves: string[] = [];
  /** The spans the ruler's drags selected (`from-to`, `!` when final), and `clear` for each click. */
  ranges: string[] = [];
  readonly drag = new DragController(this);
  get scroller(): HTMLElement | null {
    return this.renderRoot.querySelector<HTMLElement>('.scroller');
  }
  announceMove(id: string, start: number): void {
    this.moves.push(`${id}@${start}`);
  }
  selectRange(from: number, to: number, final: boolean): void {
    this.ranges.push(`${from}-${to}${final ? '!' : ''}`);
  }
  clearRange(): void {
    this.ranges.push('clear');
  }
  protected override render() {
    return html`<div class="scroller" style="position: relative; width: 600px; height: 80px"
      @pointerdown=${this.drag.handleDown} @pointermove=${this.drag.handleMove} @pointerup=${this.drag.handleUp}>
      <div class="ruler" data-drag="seek" style="height: 20px"></div>
      ${this.clips.map((c) => html`<div data-id=${c.id} data-drag="move" style="position: absolute; top: 20px; height: 40px; left: ${c.start * 50}px; width: ${c.length * 50}px">
        <div class="edge" data-drag="trim-out" style="position: absolute; right: 0; width: 8px; height: 100%"></div>
      </div>`)}
    </div>`;
  }
}
customElements.define('test-drag-host', DragHostElement);

type Detail = Record<string, unknown>;
function record(el: EventTarget, type: string): Detail[] {
  const seen: Detail[] = [];
  el.addEventListener(type, (event) => seen.push((event as CustomEvent<Detail>).detail));
  return seen;
}
const pointer = (target: Element, type: string, x: number, y = 30) =>
  target.dispatchEvent(new PointerEvent(type, { pointerId: 7, button: 0, clientX: x, clientY: y, bubbles: true, composed: true, cancelable: true }));

describe('DragController', () => {
  it('claims a press for the innermost data-drag element and its clip, previews, and ends final', async () => {
    const el = await fixture<DragHostElement>(html`<test-drag-host></test-drag-host>`);
    const moves = record(el, 'clip-move');
    const selects = record(el, 'clip-select');
    const box = el.shadowRoot!.querySelector('[data-id=hook]')!;
    const { left } = el.scroller!.getBoundingClientRect();
    pointer(box, 'pointerdown', left + 60);
    expect(el.drag.kind).to.equal('move');
    expect(selects).to.deep.equal([{ id: 'hook' }]);
    pointer(box, 'pointermove', left + 110);
    expect(moves).to.deep.equal([{ id: 'hook', start: 2, final: false }]);
    expect(el.drag.shown(el.clips[0]!).start).to.equal(2);
    expect(el.drag.shown(el.clips[1]!)).to.equal(el.clips[1]);
    pointer(box, 'pointerup', left + 110);
    expect(moves.at(-1)).to.deep.equal({ id: 'hook', start: 2, final: true });
    expect(el.moves).to.deep.equal(['hook@2']);
    expect(el.drag.kind).to.equal(undefined);
  });

  it('leaves nothing for a press that never moved, and cancels with the values from before', async () => {
    const el = await fixture<DragHostElement>(html`<test-drag-host></test-drag-host>`);
    const trims = record(el, 'clip-trim');
    const edge = el.shadowRoot!.querySelector('[data-id=offer] .edge')!;
    const x = edge.getBoundingClientRect().left + 4;
    pointer(edge, 'pointerdown', x);
    expect(el.drag.kind).to.equal('trim-out');
    pointer(edge, 'pointermove', x + 1);
    pointer(edge, 'pointerup', x + 1);
    expect(trims).to.deep.equal([]);
    pointer(edge, 'pointerdown', x);
    pointer(edge, 'pointermove', x - 50);
    expect(trims.at(-1)).to.deep.equal({ id: 'offer', trimIn: 0, trimOut: 1, start: 4, final: false });
    expect(el.drag.cancel()).to.equal(true);
    expect(trims.at(-1)).to.deep.equal({ id: 'offer', trimIn: 0, trimOut: 0, start: 4, final: true, cancelled: true });
    expect(el.drag.cancel()).to.equal(false);
  });

  it('seeks where the ruler is pressed; a drag on from there selects a span (seeking to its start), a click clears it, Escape drops it', async () => {
    const el = await fixture<DragHostElement>(html`<test-drag-host></test-drag-host>`);
    const seeks = record(el, 'seek');
    const ruler = el.shadowRoot!.querySelector('.ruler')!;
    const { left } = el.scroller!.getBoundingClientRect();
    pointer(ruler, 'pointerdown', left + 250, 5);
    pointer(ruler, 'pointermove', left + 200, 5);
    pointer(ruler, 'pointermove', left + 100, 5);
    pointer(ruler, 'pointerup', left + 100, 5);
    expect(seeks).to.deep.equal([{ time: 5 }, { time: 2 }]);
    expect(el.ranges).to.deep.equal(['5-4', '5-2', '5-2!']);
    pointer(ruler, 'pointerdown', left + 300, 5);
    pointer(ruler, 'pointerup', left + 300, 5);
    expect(seeks.at(-1)).to.deep.equal({ time: 6 });
    expect(el.ranges.at(-1)).to.equal('clear');
    pointer(ruler, 'pointerdown', left + 100, 5);
    pointer(ruler, 'pointermove', left + 150, 5);
    expect(el.drag.cancel()).to.equal(true);
    expect(el.ranges.slice(-2)).to.deep.equal(['2-3', 'clear']);
  });
});
