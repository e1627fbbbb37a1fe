import { css, html } from 'lit';
import { property } from 'lit/decorators.js';
import { defineElement } from '../../internal/define.js';
import { StudioElement } from '../../internal/studio-element.js';

/**
 * A track of the timeline: a header (its name and how many clips it holds) that stays in view while the
 * lane scrolls, above the lane itself, which is the slotted content (clips, the bed).
 *
 * @tagname studio-timeline-track
 * @slot - The lane.
 * @csspart header - The track's header.
 */
export class StudioTimelineTrack extends StudioElement {
  static readonly tag = 'studio-timeline-track';

  static override styles = css`
    :host {
      display: block;
    }
    [part='header'] {
      position: sticky;
      left: 0;
      z-index: 7;
      display: inline-flex;
      align-items: center;
      gap: 6px;
      box-sizing: border-box;
      height: var(--_header, 22px);
      padding: 0 6px;
      font-size: 11px;
      line-height: 1;
      color: var(--_text, #111827);
      background: var(--_surface, #ffffff);
      white-space: nowrap;
    }
    .name {
      font-weight: 600;
    }
    .count {
      color: var(--_text-muted, #4b5563);
    }
  `;

  /** The track's name, shown in its header. */
  @property() name = '';
  /** How many clips the lane holds. */
  @property({ type: Number }) clipCount = 0;

  protected override render() {
    return html`<div part="header">
        <span class="name">${this.name}</span>
        <span class="count">${this.t(new Intl.PluralRules(this.t.locale).select(this.clipCount) === 'one' ? 'timeline.clipCount.one' : 'timeline.clipCount.other', { count: this.clipCount })}</span>
      </div>
      <slot></slot>`;
  }
}

defineElement(StudioTimelineTrack.tag, StudioTimelineTrack);

declare global {
  interface HTMLElementTagNameMap {
    'studio-timeline-track': StudioTimelineTrack;
  }
}
