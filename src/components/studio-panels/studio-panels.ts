import { css, html } from 'lit';
import { property } from 'lit/decorators.js';
import type { PanelId } from '../../config/types.js';
import { defineElement } from '../../internal/define.js';
import { StudioElement } from '../shared/studio-element.js';
import { controlStyles } from '../shared/controls.styles.js';

/** One tab: the panel's id and its label. */
export interface PanelTab {
  id: PanelId;
  label: string;
}

/**
 * The workflow panels as tabs: a tab list beside the panel on wide hosts and above it on narrow ones
 * (`arrangement="auto"`, decided by the element's own width through a container query), or as forced.
 * Panel elements are children with `slot` set to their panel id; only the active one is shown, and the
 * others are marked `hidden`.
 * Keyboard: arrows move between tabs and open them, Home and End jump to the first and last.
 *
 * @tagname studio-editor-panels
 * @slot recommend - The recommend panel; likewise `script`, `voice`, `music`, `mix`, `master`, `export`.
 * @fires panel-select - `detail` is the id of the panel the user opened.
 * @csspart tabs - The tab list.
 * @csspart tab - Each tab.
 * @csspart panel - The area of the active panel.
 */
export class StudioPanels extends StudioElement {
  static override styles = [
    controlStyles,
    css`
      :host {
        display: block;
        container-type: inline-size;
        min-height: 0;
      }
      .layout {
        display: grid;
        gap: var(--_space, 12px);
        grid-template-columns: 1fr;
        /* Stacked: the tabs take one row, the panel the rest. */
        grid-template-rows: auto minmax(0, 1fr);
        height: 100%;
      }
      /* One row that scrolls sideways when narrow: it never wraps, so switching tabs moves nothing. */
      [part='tabs'] {
        display: flex;
        flex-wrap: nowrap;
        overflow-x: auto;
        scrollbar-width: thin;
        gap: 4px;
        border-bottom: 1px solid var(--_border, #d1d5db);
      }
      [part='tab'] {
        border: 0;
        border-radius: var(--_radius, 8px) var(--_radius, 8px) 0 0;
        background: transparent;
        white-space: nowrap;
        flex: none;
        border-bottom: 3px solid transparent;
      }
      /* Emphasis that keeps the tab's width (bold text would widen it and push the others). */
      [part='tab'][aria-selected='true'] {
        border-bottom-color: var(--_accent, #2563eb);
        color: var(--_accent, #2563eb);
        text-shadow: 0.35px 0 0 currentColor;
      }
      [part='panel'] {
        min-width: 0;
        min-height: 0;
        overflow: auto;
      }
      @container (min-width: 720px) {
        :host(:not([arrangement='stacked'])) .layout {
          grid-template-columns: minmax(140px, 180px) 1fr;
          grid-template-rows: minmax(0, 1fr);
        }
        :host(:not([arrangement='stacked'])) [part='tabs'] {
          flex-direction: column;
          overflow-x: visible;
          border-bottom: 0;
          border-right: 1px solid var(--_border, #d1d5db);
          padding-right: 8px;
        }
        :host(:not([arrangement='stacked'])) [part='tab'] {
          justify-content: flex-start;
          border-radius: var(--_radius, 8px);
          border-bottom: 0;
          border-left: 3px solid transparent;
        }
        :host(:not([arrangement='stacked'])) [part='tab'][aria-selected='true'] {
          border-left-color: var(--_accent, #2563eb);
          background: var(--_surface-alt, #f3f4f6);
        }
      }
      :host([arrangement='side-by-side']) .layout {
        grid-template-columns: minmax(120px, 180px) 1fr;
        grid-template-rows: minmax(0, 1fr);
      }
      :host([arrangement='side-by-side']) [part='tabs'] {
        flex-direction: column;
        overflow-x: visible;
        border-bottom: 0;
      }
    `,
  ];

  @property({ attribute: false }) panels: PanelTab[] = [];
  @property({ reflect: true }) active: PanelId | undefined;
  /** `auto`, `side-by-side` or `stacked`. */
  @property({ reflect: true }) arrangement: 'auto' | 'side-by-side' | 'stacked' = 'auto';

  /** Each panel's own scroll position, so a panel opens where the user left it (or at the top). */
  readonly #scrollTops = new Map<PanelId, number>();
  #shown: PanelId | undefined;

  #select(id: PanelId, focus: boolean): void {
    if (id !== this.active) {
      this.active = id;
      this.dispatchEvent(new CustomEvent<PanelId>('panel-select', { detail: id, bubbles: true }));
    }
    if (focus) this.updateComplete.then(() => this.renderRoot.querySelector<HTMLElement>(`#tab-${id}`)?.focus());
  }

  #handleKeydown(event: KeyboardEvent): void {
    const index = this.panels.findIndex((panel) => panel.id === this.active);
    const last = this.panels.length - 1;
    const vertical = getComputedStyle(this.renderRoot.querySelector('[part="tabs"]')!).flexDirection === 'column';
    const previous = vertical ? 'ArrowUp' : 'ArrowLeft';
    const next = vertical ? 'ArrowDown' : 'ArrowRight';
    const target =
      event.key === next ? (index + 1) % this.panels.length
      : event.key === previous ? (index - 1 + this.panels.length) % this.panels.length
      : event.key === 'Home' ? 0
      : event.key === 'End' ? last
      : -1;
    if (target < 0) return;
    event.preventDefault();
    this.#select(this.panels[target]!.id, true);
  }

  protected override willUpdate(): void {
    if (this.panels.length > 0 && !this.panels.some((panel) => panel.id === this.active)) this.active = this.panels[0]!.id;
    const area = this.renderRoot.querySelector<HTMLElement>('[part="panel"]');
    if (area !== null && this.#shown !== undefined && this.#shown !== this.active) this.#scrollTops.set(this.#shown, area.scrollTop);
  }

  /** Marks the panels that are not shown `hidden`, so they can leave their work until they are opened. */
  protected override updated(): void {
    for (const child of this.children) {
      if (child instanceof HTMLElement && child.slot !== '') child.hidden = child.slot !== this.active;
    }
    if (this.#shown === this.active) return;
    const first = this.#shown === undefined;
    this.#shown = this.active;
    // The shared scroll area shows the new panel where it was left (the first panel needs nothing: setting
    // scrollTop would lay out the page in the middle of the first render).
    const area = this.renderRoot.querySelector<HTMLElement>('[part="panel"]');
    if (area !== null && !first) area.scrollTop = (this.active && this.#scrollTops.get(this.active)) || 0;
    // The active tab in view within the tab row (the row only: the page does not scroll), measured in the
    // next frame: measuring now would lay out the page in the middle of the editor's render.
    requestAnimationFrame(() => this.#tabInView());
  }

  #tabInView(): void {
    const tabs = this.renderRoot.querySelector<HTMLElement>('[part="tabs"]');
    const tab = this.active === undefined ? null : this.renderRoot.querySelector<HTMLElement>(`#tab-${this.active}`);
    if (tabs === null || tab === null || tabs.scrollWidth <= tabs.clientWidth) return;
    const left = tab.offsetLeft - tabs.offsetLeft;
    if (left < tabs.scrollLeft) tabs.scrollLeft = left;
    else if (left + tab.offsetWidth > tabs.scrollLeft + tabs.clientWidth) tabs.scrollLeft = left + tab.offsetWidth - tabs.clientWidth;
  }

  protected override render() {
    const active = this.panels.find((panel) => panel.id === this.active);
    return html`<div class="layout">
      <div part="tabs" role="tablist" aria-label=${this.t('panels.label')} @keydown=${this.#handleKeydown}>
        ${this.panels.map(
          (panel) => html`<button part="tab" type="button" role="tab" id="tab-${panel.id}" aria-controls="panel"
            aria-selected=${panel.id === this.active ? 'true' : 'false'} tabindex=${panel.id === this.active ? 0 : -1}
            @click=${() => this.#select(panel.id, false)}>${panel.label}</button>`,
        )}
      </div>
      <div part="panel" id="panel" role="tabpanel" tabindex="0" aria-labelledby=${active ? `tab-${active.id}` : ''}>
        ${active ? html`<slot name=${active.id}></slot>` : ''}
      </div>
    </div>`;
  }
}

defineElement('studio-editor-panels', StudioPanels);

declare global {
  interface HTMLElementTagNameMap {
    'studio-editor-panels': StudioPanels;
  }
}
