import { expect, fixture, html } from '@open-wc/testing';
import { waitUntil } from '../support/wait.js';
import { LitElement } from 'lit';
import { property } from 'lit/decorators.js';
import sinon from 'sinon';
import { ZoomController } from '../../src/components/studio-timeline/zoom-controller.js';
import { skipIn } from '../support/engine.js';

/** A bare host: a 400 px scroller over 100 seconds of content at the zoom. */
class ZoomHostElement extends LitElement {
  @property({ type: Number }) zoom = 40;
  @property({ type: Boolean }) autoFit = false;
  @property({ type: Number }) spotLength = 100;
  gesturing = false;
  shortestClip = Infinity;
  readonly zooms = new ZoomController(this);
  cancelGesture = sinon.spy();
  get scroller(): HTMLElement | null {
    return this.renderRoot.querySelector<HTMLElement>('.scroller');
  }
  protected override render() {
    return html`<div class="scroller" style="width: 400px; overflow-x: auto"><div style="width: ${100 * this.zoom}px; height: 10px"></div></div>`;
  }
}
customElements.define('test-zoom-host', ZoomHostElement);

const frame = () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));

describe('ZoomController', () => {
  afterEach(() => sinon.restore());

  it('sets a clamped zoom keeping the time under the anchor in place, and reports it', async () => {
    const el = await fixture<ZoomHostElement>(html`<test-zoom-host></test-zoom-host>`);
    const zooms: number[] = [];
    el.addEventListener('zoom-change', (event) => zooms.push((event as CustomEvent<{ zoom: number }>).detail.zoom));
    el.scroller!.scrollLeft = 400; // 10 s at the left edge
    el.zooms.setZoom(80, 0);
    await el.updateComplete;
    expect(el.zoom).to.equal(80);
    expect(el.scroller!.scrollLeft).to.equal(800);
    el.zooms.setZoom(1e6);
    expect(el.zoom).to.equal(1000);
    expect(zooms).to.deep.equal([80, 1000]);
  });

  it('draws the ruler for the first viewport and follows the scroll, re-rendering only when it leaves the range', async () => {
    const el = await fixture<ZoomHostElement>(html`<test-zoom-host style="display: block; width: 400px"></test-zoom-host>`);
    expect(el.zooms.view).to.deep.equal({ from: 0, to: 30 });
    const update = sinon.spy(el, 'requestUpdate');
    el.scroller!.scrollLeft = 40;
    await frame();
    expect(update.called).to.equal(false);
    el.scroller!.scrollLeft = 2000;
    await frame();
    expect(update.called).to.equal(true);
    expect(el.zooms.view).to.deep.equal({ from: 40, to: 70 });
  });

  it('applies several Ctrl+wheel events in one frame, and a second finger cancels the gesture', async function () {
    skipIn(this, 'touch-constructor');
    const el = await fixture<ZoomHostElement>(html`<test-zoom-host></test-zoom-host>`);
    const scroller = el.scroller!;
    for (let i = 0; i < 2; i++) scroller.dispatchEvent(new WheelEvent('wheel', { deltaY: -100, ctrlKey: true, cancelable: true }));
    expect(el.zoom).to.equal(40);
    await frame();
    expect(el.zoom).to.be.closeTo(40 * Math.exp(0.4), 0.01);
    const { left, top } = scroller.getBoundingClientRect();
    const touches = [0, 1].map((identifier) => new Touch({ identifier, target: scroller, clientX: left + 50 + identifier * 50, clientY: top + 5 }));
    scroller.dispatchEvent(new TouchEvent('touchstart', { touches, bubbles: true, cancelable: true }));
    expect(el.cancelGesture.calledOnce).to.equal(true);
  });

  it('fits a time range to the scroller', async () => {
    const el = await fixture<ZoomHostElement>(html`<test-zoom-host></test-zoom-host>`);
    el.zooms.fit(0, 48);
    await el.updateComplete;
    expect(el.zoom).to.equal(8);
    expect(el.scroller!.scrollLeft).to.equal(0);
  });

  it('fits the whole spot when its length or the width changes, until the user zooms; fit hands the zoom back', async () => {
    const el = await fixture<ZoomHostElement>(html`<test-zoom-host .autoFit=${true} .spotLength=${46}></test-zoom-host>`);
    const zooms: number[] = [];
    el.addEventListener('zoom-change', (event) => zooms.push((event as CustomEvent<{ zoom: number }>).detail.zoom));
    // (400 - 16) px over 46 s and the 2 s after the end.
    await waitUntil(() => el.zoom === 8, 'fitted on its first update');
    el.spotLength = 94;
    await waitUntil(() => el.zoom === 4, 'a longer spot fitted');
    el.scroller!.style.width = '784px';
    await waitUntil(() => el.zoom === 8, 'a wider view fitted');
    expect(zooms.slice(-2)).to.deep.equal([4, 8]);
    // The user zooms: length and width changes keep it.
    el.zooms.setZoom(20);
    el.spotLength = 46;
    await el.updateComplete;
    el.scroller!.style.width = '400px';
    await frame();
    await el.updateComplete;
    expect(el.zoom).to.equal(20);
    // Zoom to fit: the zoom follows the spot again.
    el.zooms.fit(0, 46);
    await el.updateComplete;
    expect(el.zoom).to.equal(8);
    el.spotLength = 22;
    await waitUntil(() => el.zoom === 16, 'a shorter spot fitted');
    // Not under a drag (a clip dragged past the end): once it ends.
    el.gesturing = true;
    el.spotLength = 46;
    await el.updateComplete;
    await frame();
    expect(el.zoom).to.equal(16);
    el.gesturing = false;
    el.requestUpdate();
    await waitUntil(() => el.zoom === 8, 'fitted once the drag ends');
  });

  it('leaves the zoom alone without autoFit', async () => {
    const el = await fixture<ZoomHostElement>(html`<test-zoom-host .spotLength=${48}></test-zoom-host>`);
    await frame();
    expect(el.zoom).to.equal(40);
  });
});
