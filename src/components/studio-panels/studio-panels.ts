import { css, html } from 'lit';
import { property, state } from 'lit/decorators.js';
import type { PanelId } from '../../config/types.js';
import { defineElement } from '../../internal/define.js';
import { StudioElement } from '../shared/studio-element.js';
import { controlStyles } from '../shared/controls.styles.js';

/** How wide the fade at a side of the row of tabs is, px (the tab in view stays clear of it). */
const FADE_PX = 60;

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
 * Keyboard: arrows move between tabs and open them, Home and End jump to the first and last. Where the
 * row of tabs is wider than the panels (a phone), the hidden side fades and a button scrolls to its tabs.
 *
 * @tagname studio-editor-panels
 * @slot recommend - The recommend panel; likewise `script`, `voice`, `music`, `mix`, `master`, `export`.
 * @fires panel-select - `detail` is the id of the panel the user opened.
 * @csspart tabs - The tab list.
 * @csspart tab - Each tab.
 * @csspart tabs-more - The buttons that scroll the row of tabs to the tabs out of sight.
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
      /*
       * One row that scrolls sideways when narrow: it never wraps, so switching tabs moves nothing. Where tabs
       * are out of sight, that side fades under a button that scrolls to them (over the row: it moves no tab).
       */
      .tab-row {
        position: relative;
        min-width: 0;
        border-bottom: 1px solid var(--_border, #d1d5db);
      }
      [part='tabs'] {
        display: flex;
        min-width: 0;
        flex-wrap: nowrap;
        overflow-x: auto;
        scrollbar-width: none;
        gap: 4px;
      }
      .tab-row.before [part='tabs'] {
        mask-image: linear-gradient(to right, transparent 36px, #000 60px);
      }
      .tab-row.after [part='tabs'] {
        mask-image: linear-gradient(to left, transparent 36px, #000 60px);
      }
      .tab-row.before.after [part='tabs'] {
        mask-image: linear-gradient(to right, transparent 36px, #000 60px, #000 calc(100% - 60px), transparent calc(100% - 36px));
      }
      [part='tabs-more'] {
        position: absolute;
        top: 0;
        bottom: 0;
        z-index: 1;
        min-width: 36px;
        padding: 0 8px;
        border: 0;
        border-radius: 0;
        background: transparent;
        color: var(--_accent, #2563eb);
        font-size: 1.2em;
      }
      [part='tabs-more'].earlier {
        left: 0;
      }
      [part='tabs-more'].later {
        right: 0;
      }
      [part='tabs-more'][hidden] {
        display: none;
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
        :host(:not([arrangement='stacked'])) .tab-row {
          border-bottom: 0;
          border-right: 1px solid var(--_border, #d1d5db);
          padding-right: 8px;
        }
        :host(:not([arrangement='stacked'])) [part='tabs'] {
          flex-direction: column;
          overflow-x: visible;
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
      :host([arrangement='side-by-side']) .tab-row {
        border-bottom: 0;
      }
      :host([arrangement='side-by-side']) [part='tabs'] {
        flex-direction: column;
        overflow-x: visible;
      }
    `,
  ];

  @property({ attribute: false }) panels: PanelTab[] = [];
  @property({ reflect: true }) active: PanelId | undefined;
  /** `auto`, `side-by-side` or `stacked`. */
  @property({ reflect: true }) arrangement: 'auto' | 'side-by-side' | 'stacked' = 'auto';

  /** Tabs out of sight before and after the visible part of the row. */
  @state() private hiddenTabs: { before: boolean; after: boolean } = { before: false, after: false };
  #rowSize: ResizeObserver | undefined;

  override connectedCallback(): void {
    super.connectedCallback();
    // Measured in the next frame: a scroll button shown from inside the observer would resize what it observes.
    this.#rowSize = new ResizeObserver(() => requestAnimationFrame(this.#measureRow));
    const row = this.renderRoot.querySelector('[part="tabs"]');
    if (row !== null) this.#rowSize.observe(row);
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    this.#rowSize?.disconnect();
    this.#rowSize = undefined;
  }

  protected override firstUpdated(): void {
    this.#rowSize?.observe(this.renderRoot.querySelector('[part="tabs"]')!);
  }

  /** Whether tabs are out of sight on either side of the row (a column of tabs never is). */
  readonly #measureRow = (): void => {
    const row = this.renderRoot.querySelector<HTMLElement>('[part="tabs"]');
    if (row === null) return;
    const sideways = row.scrollWidth > row.clientWidth + 1;
    const before = sideways && row.scrollLeft > 1;
    const after = sideways && row.scrollLeft + row.clientWidth < row.scrollWidth - 1;
    if (before === this.hiddenTabs.before && after === this.hiddenTabs.after) return;
    this.hiddenTabs = { before, after };
    // A scroll button shown or hidden narrows or widens the row: the chosen tab kept in view.
    void this.updateComplete.then(() => this.#tabInView());
  };

  /** Scrolls the row of tabs most of its width towards `direction`. */
  #scrollTabs(direction: 1 | -1): void {
    const row = this.renderRoot.querySelector<HTMLElement>('[part="tabs"]');
    row?.scrollBy({ left: direction * row.clientWidth * 0.7, behavior: 'smooth' });
  }

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
    // Clear of the fade at either side (the row's own ends need no room: the scroll stops there).
    const row = tabs.getBoundingClientRect();
    const box = tab.getBoundingClientRect();
    if (box.left < row.left + FADE_PX) tabs.scrollLeft -= row.left + FADE_PX - box.left;
    else if (box.right > row.right - FADE_PX) tabs.scrollLeft += box.right - (row.right - FADE_PX);
  }

  protected override render() {
    const active = this.panels.find((panel) => panel.id === this.active);
    const { before, after } = this.hiddenTabs;
    return html`<div class="layout">
      <div class="tab-row ${before ? 'before' : ''} ${after ? 'after' : ''}">
        <button part="tabs-more" class="earlier" type="button" tabindex="-1" aria-label=${this.t('panels.earlier')} ?hidden=${!before} @click=${() => this.#scrollTabs(-1)}>
          <span aria-hidden="true">‹</span>
        </button>
        <div part="tabs" role="tablist" aria-label=${this.t('panels.label')} @keydown=${this.#handleKeydown} @scroll=${this.#measureRow}>
          ${this.panels.map(
            (panel) => html`<button part="tab" type="button" role="tab" id="tab-${panel.id}" aria-controls="panel"
              aria-selected=${panel.id === this.active ? 'true' : 'false'} tabindex=${panel.id === this.active ? 0 : -1}
              @click=${() => this.#select(panel.id, false)}>${panel.label}</button>`,
          )}
        </div>
        <button part="tabs-more" class="later" type="button" tabindex="-1" aria-label=${this.t('panels.more')} ?hidden=${!after} @click=${() => this.#scrollTabs(1)}>
          <span aria-hidden="true">›</span>
        </button>
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
