import { html, nothing, type PropertyValues } from 'lit';
import { property, state } from 'lit/decorators.js';
import type { PanelId } from '../../config/types.js';
import { defineElement } from '../../internal/define.js';
import { StudioElement } from '../shared/studio-element.js';
import { controlStyles } from '../shared/controls.styles.js';
import { SideSizeController } from './side-size.js';
import { panelsStyles } from './studio-panels.styles.js';
import { SOUND_PANELS, currentView, phoneShows, phoneViews, sideShows, stageShows, type ViewId, type WorkspaceState } from './workspace-plan.js';

/** One tab: the panel's id and its label. */
export interface PanelTab {
  id: PanelId;
  label: string;
}

/** The next index in a list of `count` for a navigation key, or -1 for another key. */
function step(key: string, index: number, count: number): number {
  if (key === 'ArrowDown' || key === 'ArrowRight') return (index + 1) % count;
  if (key === 'ArrowUp' || key === 'ArrowLeft') return (index - 1 + count) % count;
  if (key === 'Home') return 0;
  if (key === 'End') return count - 1;
  return -1;
}

/**
 * The editor's workspace: a rail of the workflow's steps, the chosen step's panel in a side panel, and the
 * stage. The stage is the Create view (the recommend panel) until an ad exists (`made`), then the timeline
 * (the `stage` slot). Where the element is wide (640 px, a container query) the side panel sits beside the
 * stage, resizable with its separator and hidden or shown with a button (both remembered for the page); on
 * a phone one view shows at a time, chosen from a bottom bar (Create, Script, Timeline, Sound, Deliver).
 * `arrangement` forces `side-by-side` or `stacked` (the step's panel above the stage).
 * Panel elements are children with `slot` set to their panel id; those not shown are marked `hidden`.
 * Keyboard: in the rail and the bottom bar, arrows move between steps and open them, Home and End jump to
 * the first and last; the separator takes Left and Right, Home, End and Enter (the default width).
 *
 * @tagname studio-editor-panels
 * @slot recommend - The recommend panel; likewise `script`, `voice`, `music`, `mix`, `master`, `export`, `deliver`.
 * @slot stage - The timeline, shown on the stage once an ad exists.
 * @fires panel-select - `detail` is the id of the panel the user opened.
 * @csspart tabs - The rail's list of steps.
 * @csspart tab - Each step in the rail.
 * @csspart side-toggle - The button that hides or shows the side panel.
 * @csspart side - The side panel: the chosen step's panel, a labelled region.
 * @csspart panel - The area of the active panel.
 * @csspart splitter - The separator between the side panel and the stage.
 * @csspart stage - The stage: the Create view, then the timeline.
 * @csspart views - A phone's bottom bar of views.
 * @csspart view - Each view in the bottom bar.
 * @csspart sound-steps - On a phone's Sound view, the row of its steps (voice, music, mix, master).
 */
export class StudioPanels extends StudioElement {
  static override styles = [controlStyles, panelsStyles];

  @property({ attribute: false }) panels: PanelTab[] = [];
  @property({ reflect: true }) active: PanelId | undefined;
  /** `auto`, `side-by-side` or `stacked`. */
  @property({ reflect: true }) arrangement: 'auto' | 'side-by-side' | 'stacked' = 'auto';
  /** An ad exists (the project has clips): the stage shows the timeline. */
  @property({ type: Boolean }) made = false;
  /** Whether the editor has a timeline (the `stage` slot). */
  @property({ type: Boolean }) timeline = true;
  /** What a phone shows now (read-only; reflected for the styles). */
  @property({ reflect: true }) view: 'stage' | 'panel' = 'stage';

  /** The user asked for the timeline (a phone's Timeline view), or the ad was just made. */
  @state() private timelineAsked = false;
  readonly #side = new SideSizeController(this, (width) => this.t('layout.splitterValue', { width }));
  /** Each panel's own scroll position, so a panel opens where the user left it (or at the top). */
  readonly #scrollTops = new Map<PanelId, number>();
  #shown: PanelId | undefined;

  get #state(): WorkspaceState {
    return { active: this.active, made: this.made, timeline: this.timelineAsked && this.timeline };
  }

  #select(id: PanelId, focusSelector?: string): void {
    this.timelineAsked = false;
    this.#side.setCollapsed(false);
    if (id !== this.active) {
      this.active = id;
      this.dispatchEvent(new CustomEvent<PanelId>('panel-select', { detail: id, bubbles: true }));
    }
    if (focusSelector !== undefined) void this.updateComplete.then(() => this.renderRoot.querySelector<HTMLElement>(focusSelector)?.focus());
  }

  /** A phone's view: the timeline, or a step. */
  #openView(view: ViewId, panel: PanelId | undefined, focus: boolean): void {
    const focusSelector = focus ? `#view-${view}` : undefined;
    if (panel === undefined) {
      this.timelineAsked = true;
      if (focusSelector !== undefined) void this.updateComplete.then(() => this.renderRoot.querySelector<HTMLElement>(focusSelector)?.focus());
      return;
    }
    // Sound opens the sound step last chosen.
    this.#select(view === 'sound' && this.active !== undefined && SOUND_PANELS.includes(this.active) ? this.active : panel, focusSelector);
  }

  #handleRailKey(event: KeyboardEvent): void {
    const index = this.panels.findIndex((panel) => panel.id === this.active);
    const target = step(event.key, index, this.panels.length);
    if (target < 0) return;
    event.preventDefault();
    const id = this.panels[target]!.id;
    this.#select(id, `#tab-${id}`);
  }

  #handleViewKey(event: KeyboardEvent, views: { id: ViewId; panel: PanelId | undefined }[]): void {
    const current = currentView(this.#state);
    const target = step(event.key, views.findIndex((view) => view.id === current), views.length);
    if (target < 0) return;
    event.preventDefault();
    this.#openView(views[target]!.id, views[target]!.panel, true);
  }

  protected override willUpdate(changed: PropertyValues<this>): void {
    if (this.panels.length > 0 && !this.panels.some((panel) => panel.id === this.active)) this.active = this.panels[0]!.id;
    // The ad made (or loaded): the stage shows it, on a phone too.
    if (changed.has('made') && this.made && changed.get('made') === false) this.timelineAsked = true;
    else if (changed.has('active') && changed.get('active') !== undefined) this.timelineAsked = false;
    this.view = phoneShows(this.#state);
    const area = this.renderRoot.querySelector<HTMLElement>('[part="panel"]');
    if (area !== null && this.#shown !== undefined && this.#shown !== this.active) this.#scrollTops.set(this.#shown, area.scrollTop);
  }

  /** Marks the panels that are not shown `hidden`, so they can leave their work until they are opened. */
  protected override updated(): void {
    const state = this.#state;
    const side = sideShows(state);
    const stage = stageShows(state) === 'create' ? 'recommend' : 'stage';
    for (const child of this.children) {
      if (child instanceof HTMLElement && child.slot !== '') child.hidden = child.slot !== side && child.slot !== stage;
    }
    this.#side.reflect();
    if (this.#shown === side) return;
    const first = this.#shown === undefined;
    this.#shown = side;
    // The side panel shows the new step where it was left (the first needs nothing: setting scrollTop would
    // lay out the page in the middle of the first render).
    const area = this.renderRoot.querySelector<HTMLElement>('[part="panel"]');
    if (area !== null && !first) area.scrollTop = (side && this.#scrollTops.get(side)) || 0;
  }

  #renderRail(side: PanelId | undefined) {
    const t = this.t;
    const collapsed = this.#side.collapsed;
    return html`<div class="rail">
      <div part="tabs" role="tablist" aria-label=${t('panels.label')} aria-orientation=${this.arrangement === 'stacked' ? 'horizontal' : 'vertical'} @keydown=${this.#handleRailKey}>
        ${this.panels.map(
          (panel) => html`<button part="tab" type="button" role="tab" id="tab-${panel.id}" aria-controls=${panel.id === side ? 'panel' : 'stage'}
            aria-selected=${panel.id === this.active ? 'true' : 'false'} tabindex=${panel.id === this.active ? 0 : -1}
            @click=${() => this.#select(panel.id)}>${panel.label}</button>`,
        )}
      </div>
      ${side === undefined
        ? nothing
        : html`<button part="side-toggle" type="button" aria-expanded=${collapsed ? 'false' : 'true'} aria-controls="side" @click=${() => this.#side.setCollapsed(!collapsed)}>
            ${collapsed ? t('layout.showPanel') : t('layout.hidePanel')}</button>`}
    </div>`;
  }

  #renderViews() {
    const views = phoneViews(
      this.panels.map((panel) => panel.id),
      this.timeline,
    );
    const current = currentView(this.#state);
    const label = (view: ViewId, panel: PanelId | undefined) =>
      view === 'create' || view === 'timeline' || view === 'sound' ? this.t(`view.${view}`) : (this.panels.find((tab) => tab.id === panel)?.label ?? '');
    return html`<div part="views" role="tablist" aria-label=${this.t('layout.views')} @keydown=${(event: KeyboardEvent) => this.#handleViewKey(event, views)}>
      ${views.map(
        ({ id, panel }) => html`<button part="view" type="button" role="tab" id="view-${id}" aria-controls=${this.view === 'stage' ? 'stage' : 'panel'}
          aria-selected=${id === current ? 'true' : 'false'} tabindex=${id === current ? 0 : -1} @click=${() => this.#openView(id, panel, false)}>${label(id, panel)}</button>`,
      )}
    </div>`;
  }

  /** A phone's Sound view: its steps in a row above the panel. */
  #renderSoundSteps(side: PanelId | undefined) {
    const steps = this.panels.filter((panel) => SOUND_PANELS.includes(panel.id));
    const shown = side !== undefined && SOUND_PANELS.includes(side) && steps.length > 1;
    return html`<div part="sound-steps" role="group" aria-label=${this.t('layout.sound')} ?hidden=${!shown}>
      ${steps.map((panel) => html`<button part="sound-step" type="button" aria-pressed=${panel.id === side ? 'true' : 'false'} @click=${() => this.#select(panel.id)}>${panel.label}</button>`)}
    </div>`;
  }

  protected override render() {
    const state = this.#state;
    const side = sideShows(state);
    const stage = stageShows(state);
    const sideTab = this.panels.find((panel) => panel.id === side);
    const stageLabel = stage === 'create' ? (this.panels.find((panel) => panel.id === 'recommend')?.label ?? '') : this.t('layout.stage');
    const classes = ['layout', side === undefined ? 'no-side' : '', this.#side.collapsed ? 'collapsed' : ''].join(' ');
    const value = this.#side.value;
    return html`<div class=${classes}>
      ${this.#renderRail(side)}
      <section class="side" part="side" id="side" aria-label=${sideTab?.label ?? ''}>
        ${this.#renderSoundSteps(side)}
        <div part="panel" id="panel" role="tabpanel" tabindex="0" aria-labelledby=${sideTab ? `tab-${sideTab.id}` : nothing}>${side ? html`<slot name=${side}></slot>` : nothing}</div>
      </section>
      <div part="splitter" role="separator" tabindex="0" aria-orientation="vertical" aria-controls="side" aria-label=${this.t('layout.splitter')}
        aria-valuenow=${value.now} aria-valuemin=${value.min} aria-valuemax=${value.max} aria-valuetext=${value.text}
        @keydown=${this.#side.handleKey} @pointerdown=${this.#side.handlePointerDown} @pointermove=${this.#side.handlePointerMove}
        @pointerup=${this.#side.handlePointerUp} @pointercancel=${this.#side.handlePointerUp} @dblclick=${() => this.#side.setWidth(undefined)}></div>
      <section part="stage" id="stage" class=${stage} aria-label=${stageLabel}>
        <slot name=${stage === 'create' ? 'recommend' : 'stage'}></slot>
      </section>
      ${this.#renderViews()}
    </div>`;
  }
}

defineElement('studio-editor-panels', StudioPanels);

declare global {
  interface HTMLElementTagNameMap {
    'studio-editor-panels': StudioPanels;
  }
}
