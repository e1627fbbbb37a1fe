import { css, html, nothing } from 'lit';
import { property } from 'lit/decorators.js';
import { defineElement } from '../../internal/define.js';
import { StudioElement } from '../shared/studio-element.js';
import { emit } from '../shared/events.js';
import type { TimelineTrackId } from './types.js';
import '../../i18n/later-words.js';

/** `−6.0`, `+3.5`, `0.0`: a level with its sign (a true minus sign). */

/**
 * A track of the timeline: a header that stays in view while the lane scrolls (its name, mute and solo
 * buttons, its level in dB and how many clips it holds), above the lane itself, the slotted content.
 * Shows what it is given; the buttons ask the timeline with `track-toggle`.
 *
 * @tagname studio-editor-timeline-track
 * @slot - The lane.
 * @csspart header - The track's header.
 * @csspart mute - The mute button.
 * @csspart solo - The solo button.
 * @fires track-toggle - `{ track, field: 'muted' | 'solo' }` from the header's buttons.
 */
export class StudioTimelineTrack extends StudioElement {
  static readonly tag = 'studio-editor-timeline-track';

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
    .count,
    .gain {
      color: var(--_text-muted, #4b5563);
      font-variant-numeric: tabular-nums;
    }
    button {
      min-width: 20px;
      height: 18px;
      padding: 0 4px;
      font: inherit;
      font-weight: 700;
      border: 1px solid var(--_border, #6b7280);
      border-radius: 3px;
      background: var(--_surface, #ffffff);
      color: var(--_text, #111827);
      cursor: pointer;
    }
    /* A finger's 44 px on a touch screen (the header is as tall there: --_header). */
    @media (pointer: coarse) {
      button {
        min-width: 44px;
        height: 44px;
      }
    }
    button:focus-visible {
      outline: 3px solid var(--_focus, #2563eb);
      outline-offset: 1px;
    }
    [part='mute'][aria-pressed='true'] {
      background: #b45309;
      border-color: #b45309;
      color: #ffffff;
    }
    [part='solo'][aria-pressed='true'] {
      background: #1d4ed8;
      border-color: #1d4ed8;
      color: #ffffff;
    }
  `;

  /** Which track it is (`voice`, `music`); put on the element as `data-track` for the timeline's keys. */
  @property() track: TimelineTrackId = 'voice';
  /** The track's name, shown in its header. */
  @property() name = '';
  /** How many clips the lane holds. */
  @property({ type: Number }) clipCount = 0;
  /** The reviewer role: no mute or solo button (they change the ad). */
  @property({ type: Boolean }) readonly = false;
  @property({ type: Boolean }) muted = false;
  @property({ type: Boolean }) solo = false;
  /** The track's level, dB. */
  @property({ type: Number }) gainDb = 0;

  protected override willUpdate(): void {
    this.dataset['track'] = this.track;
  }

  #toggle(field: 'muted' | 'solo'): void {
    emit(this, 'track-toggle', { track: this.track, field });
  }

  protected override render() {
    const t = this.t;
    const gain = this.t.level(this.gainDb, true);
    return html`<div part="header">
        <span class="name">${this.name}</span>
        ${this.readonly
          ? nothing
          : html`<button type="button" part="mute" aria-label=${t('timeline.mute', { track: this.name })} aria-pressed=${this.muted ? 'true' : 'false'}
                @click=${() => this.#toggle('muted')}><span aria-hidden="true">M</span></button>
              <button type="button" part="solo" aria-label=${t('timeline.solo', { track: this.name })} aria-pressed=${this.solo ? 'true' : 'false'}
                @click=${() => this.#toggle('solo')}><span aria-hidden="true">S</span></button>`}
        <span class="gain">${t('timeline.gain', { gain })}</span>
        <span class="count">${t.plural('timeline.clipCount', this.clipCount)}</span>
      </div>
      <slot></slot>`;
  }
}

defineElement(StudioTimelineTrack.tag, StudioTimelineTrack);

declare global {
  interface HTMLElementTagNameMap {
    'studio-editor-timeline-track': StudioTimelineTrack;
  }
}
