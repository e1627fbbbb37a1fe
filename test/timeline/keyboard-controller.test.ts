import { expect, fixture, html } from '@open-wc/testing';
import { LitElement } from 'lit';
import { KeyboardController, type KeyboardOps } from '../../src/components/studio-timeline/keyboard-controller.js';
import type { TimelineClip, TimelineMarker } from '../../src/components/studio-timeline/types.js';

const piece = (id: string, start: number, length: number, trimIn = 0): TimelineClip => ({
  id, label: id, start, length, sourceLength: 10, trimIn, trimOut: 10 - trimIn - length, fadeIn: 0, fadeOut: 0, gain: 0, peaks: new Float32Array(0), source: 'a.wav',
});

/** A bare host: focusable clips inside a track element, the controller's listener on the wrapper. */
class KeysHostElement extends LitElement {
  clips: readonly TimelineClip[] = [piece('a', 1, 2), piece('b', 3, 2, 2)];
  markers: readonly TimelineMarker[] = [{ time: 1, label: 'Hook' }];
  zoom = 50;
  targetDuration = 10;
  now = 2;
  clock = () => this.now;
  said: string[] = [];
  toggled: string[] = [];
  fits = 0;
  readonly keys = new KeyboardController(this, {
    cancelGesture: () => false,
    clock: (seconds: number) => String(seconds),
    announce: (key, params) => this.said.push(`${key} ${JSON.stringify(params ?? {})}`),
    toggleTrack: (track, field) => this.toggled.push(`${track}:${field}`),
    zoomToFit: () => (this.fits += 1),
  } satisfies KeyboardOps);
  protected override render() {
    return html`<div @keydown=${this.keys.handleKeydown}>
      <div tabindex="0" class="outside">outside</div>
      <div data-track="voice">${this.clips.map((c) => html`<div tabindex="0" data-id=${c.id}>${c.id}</div>`)}</div>
    </div>`;
  }
}
customElements.define('test-keys-host', KeysHostElement);

type Detail = Record<string, unknown>;
function record(el: EventTarget, type: string): Detail[] {
  const seen: Detail[] = [];
  el.addEventListener(type, (event) => seen.push((event as CustomEvent<Detail>).detail));
  return seen;
}
const press = (target: Element, key: string, init: KeyboardEventInit = {}) =>
  target.dispatchEvent(new KeyboardEvent('keydown', { key, bubbles: true, composed: true, cancelable: true, ...init }));

describe('KeyboardController', () => {
  it('splits the focused clip at the clock and joins it with its piece, saying so', async () => {
    const el = await fixture<KeysHostElement>(html`<test-keys-host></test-keys-host>`);
    const splits = record(el, 'clip-split');
    const joins = record(el, 'clip-join');
    const a = el.shadowRoot!.querySelector('[data-id=a]')!;
    expect(press(a, 's')).to.equal(false);
    expect(splits).to.deep.equal([{ id: 'a', at: 1 }]);
    press(a, 'j');
    expect(joins).to.deep.equal([{ id: 'a', withId: 'b' }]);
    el.now = 9;
    press(a, 's');
    expect(splits.length).to.equal(1);
    expect(el.said.at(-1)).to.equal('timeline.splitOutside {"label":"a"}');
  });

  it('mutes and solos the focused track, leaves the key alone where there is none, and fits and seeks from anywhere', async () => {
    const el = await fixture<KeysHostElement>(html`<test-keys-host></test-keys-host>`);
    const seeks = record(el, 'seek');
    const a = el.shadowRoot!.querySelector('[data-id=a]')!;
    const outside = el.shadowRoot!.querySelector('.outside')!;
    press(a, 'm');
    press(a, 'S', { shiftKey: true });
    expect(press(outside, 'm')).to.equal(true);
    expect(el.toggled).to.deep.equal(['voice:muted', 'voice:solo']);
    press(outside, 'f');
    expect(el.fits).to.equal(1);
    el.now = 5;
    press(outside, '[');
    expect(seeks).to.deep.equal([{ time: 1 }]);
    // No marker after: the key is left to the browser.
    expect(press(outside, ']')).to.equal(true);
  });
});
