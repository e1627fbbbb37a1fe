import { expect, fixture, html } from '@open-wc/testing';
import { LitElement } from 'lit';
import { gridStep } from '../../src/components/studio-timeline/geometry.js';
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
  /** The span the keys selected, as the timeline's RangeSelection would hold it (start, end). */
  range: [number, number] | undefined;
  readonly keys = new KeyboardController(this, {
    cancelGesture: () => false,
    clock: (seconds: number) => String(seconds),
    announce: (key, params) => this.said.push(`${key} ${JSON.stringify(params ?? {})}`),
    toggleTrack: (track, field) => this.toggled.push(`${track}:${field}`),
    zoomToFit: () => (this.fits += 1),
    selectedRange: () => (this.range === undefined ? undefined : { start: this.range[0], end: this.range[1] }),
    extendRange: (step, direction) => (this.range = [this.range?.[0] ?? this.now, (this.range?.[1] ?? this.now) + direction * step]),
    clearRange: () => {
      const had = this.range !== undefined;
      this.range = undefined;
      return had;
    },
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

  it('selects a span with Shift+arrows (Alt+Shift on a clip, whose Shift+arrows move it), comments on it with C, clears it with Escape', async () => {
    const el = await fixture<KeysHostElement>(html`<test-keys-host></test-keys-host>`);
    const moves = record(el, 'clip-move');
    const comments = record(el, 'comment-at');
    const a = el.shadowRoot!.querySelector('[data-id=a]')!;
    const outside = el.shadowRoot!.querySelector('.outside')!;
    const step = gridStep(el.zoom);
    press(outside, 'ArrowRight', { shiftKey: true });
    press(outside, 'ArrowRight', { shiftKey: true });
    expect(el.range).to.deep.equal([2, 2 + 2 * step]);
    press(a, 'ArrowRight', { shiftKey: true });
    expect(moves.map((move) => move['start']), 'the clip moved a second').to.deep.equal([2]);
    press(a, 'ArrowLeft', { shiftKey: true, altKey: true });
    expect(el.range).to.deep.equal([2, 2 + step]);
    press(outside, 'c');
    expect(comments).to.deep.equal([{ start: 2, end: 2 + step }]);
    expect(press(outside, 'Escape'), 'Escape taken').to.equal(false);
    expect(el.range).to.equal(undefined);
    expect(press(outside, 'Escape'), 'nothing to clear: left to the browser').to.equal(true);
    press(outside, 'c');
    expect(comments.at(-1), 'at the clock').to.deep.equal({ start: 2, end: 2 });
  });
});
