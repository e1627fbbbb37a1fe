import { html } from 'lit';
import { property } from 'lit/decorators.js';
import { repeat } from 'lit/directives/repeat.js';
import { defineElement } from '../../internal/define.js';
import { styleProps } from '../../internal/style-props.js';
import { rulerTicks } from './geometry.js';
import { TimelinePart } from './timeline-part.js';
import type { TimelineMarker } from './types.js';

/**
 * The time ruler: only draws. Section starts are flagged (`markers`). Ticks are computed in `willUpdate` for the range `from`..`to` (what the
 * viewport shows, with a margin), small ticks as a repeating background. Pressing or dragging on it
 * seeks (the timeline's drag controller claims it through `data-drag="seek"`).
 *
 * @tagname studio-editor-timeline-ruler
 */
export class StudioTimelineRuler extends TimelinePart {
  static readonly tag = 'studio-editor-timeline-ruler';

  /** Pixels per second. */
  @property({ type: Number }) zoom = 40;
  /** Seconds: labels are drawn between these. */
  @property({ type: Number }) from = 0;
  @property({ type: Number }) to = 0;
  /** Section starts, drawn as flags whatever the range. */
  @property({ attribute: false }) markers: readonly TimelineMarker[] = [];

  #labels: number[] = [];
  #fine = false;

  override connectedCallback(): void {
    super.connectedCallback();
    this.classList.add('ruler');
    this.setAttribute('aria-hidden', 'true');
    this.dataset['drag'] = 'seek';
  }

  protected override willUpdate(): void {
    const { minor, labels } = rulerTicks(this.zoom, this.from, this.to);
    this.#labels = labels;
    this.#fine = minor < 1;
    this.setStyle('background-size', `${(minor * this.zoom).toFixed(3)}px 6px`);
  }

  protected override render() {
    const z = this.zoom;
    return html`${repeat(
      this.#labels,
      (time) => time,
      (time) => html`<span class="tick" style=${styleProps({ left: `${time * z}px` })}>${this.t.clock(time, this.#fine)}</span>`,
    )}${this.markers.map((marker) => html`<span class="marker" style=${styleProps({ left: `${marker.time * z}px` })}>${marker.label}</span>`)}`;
  }
}

defineElement(StudioTimelineRuler.tag, StudioTimelineRuler);

declare global {
  interface HTMLElementTagNameMap {
    'studio-editor-timeline-ruler': StudioTimelineRuler;
  }
}
