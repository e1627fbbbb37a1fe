import { html, type ReactiveController, type ReactiveControllerHost } from 'lit';
import type { Translate } from '../../i18n/translate.js';
import { MIN_PANELS_PX, MIN_TIMELINE_PX, clampTimeline, timelineTrack } from './split-plan.js';

export { MIN_PANELS_PX, MIN_TIMELINE_PX } from './split-plan.js';

type Host = ReactiveControllerHost & HTMLElement & { readonly renderRoot: HTMLElement | DocumentFragment };

/** Where the room is remembered: per host page (localStorage is per origin), never with a token. */
export const ROOM_STORAGE_KEY = 'studio-editor:room';
/** Arrow keys move the splitter by this much; Page Up and Page Down by a quarter of the room. */
const STEP_PX = 16;

interface Remembered {
  /** The timeline's height set with the splitter; undefined for its natural height. */
  timelinePx?: number;
  collapsed?: boolean;
}

function recall(): Remembered {
  try {
    const value = JSON.parse(globalThis.localStorage?.getItem(ROOM_STORAGE_KEY) ?? '{}') as Remembered;
    return {
      ...(Number.isFinite(value.timelinePx) ? { timelinePx: Number(value.timelinePx) } : {}),
      ...(value.collapsed === true ? { collapsed: true } : {}),
    };
  } catch {
    return {};
  }
}

function remember(value: Remembered): void {
  try {
    globalThis.localStorage?.setItem(ROOM_STORAGE_KEY, JSON.stringify(value));
  } catch {
    // Storage refused (private mode, a full quota): the room is kept for this page only.
  }
}

/**
 * The room the editor gives its two halves: a splitter between the panels and the timeline (drag, arrow
 * and Page keys, Home and End, Enter or a double-click to reset), a timeline that can be hidden, and full
 * screen (the Fullscreen API, or a fixed overlay where the page refuses it). The splitter's place and the
 * hidden timeline are remembered for the host page. Until the user places the splitter, the split follows
 * the task (`timelineTrack`): a slim timeline while it is empty, the panels' share once the ad is made.
 */
export class RoomController implements ReactiveController {
  readonly #host: Host;
  readonly #t: () => Translate;
  readonly #empty: () => boolean;
  /** Whether the timeline was empty when the split was last planned. */
  #wasEmpty: boolean | undefined;
  #timelinePx: number | undefined;
  #collapsed: boolean;
  #drag: { pointerId: number; startY: number; startPx: number } | undefined;
  #resize: ResizeObserver | undefined;
  /** True while the editor fills the screen (or the window, as an overlay). */
  fullscreen = false;

  /** `t` gives the editor's words now (they change with the language); `empty` whether nothing is on the timeline. */
  constructor(host: Host, t: () => Translate, empty: () => boolean = () => false) {
    this.#host = host;
    this.#t = t;
    this.#empty = empty;
    const remembered = recall();
    this.#timelinePx = remembered.timelinePx;
    this.#collapsed = remembered.collapsed ?? false;
    host.addController(this);
  }

  get collapsed(): boolean {
    return this.#collapsed;
  }

  hostConnected(): void {
    document.addEventListener('fullscreenchange', this.#onFullscreenChange);
    // Sizing the timeline resizes what is observed: that is done in the next frame, not inside the
    // observer's callback (which would loop), and once per frame however many changes were reported.
    this.#resize = new ResizeObserver(() => {
      if (this.#frame !== undefined) return;
      this.#frame = requestAnimationFrame(() => {
        this.#frame = undefined;
        this.#apply();
      });
    });
    this.#resize.observe(this.#host);
  }

  hostDisconnected(): void {
    document.removeEventListener('fullscreenchange', this.#onFullscreenChange);
    this.#resize?.disconnect();
    this.#resize = undefined;
    this.#observed = [];
    if (this.#frame !== undefined) cancelAnimationFrame(this.#frame);
    this.#frame = undefined;
  }

  /**
   * The editor re-renders on every edit: measuring here each time would force a layout per edit. The two
   * halves are observed instead (a resize is reported after layout), and measured when they change size.
   */
  hostUpdated(): void {
    const parts = [...this.#host.renderRoot.querySelectorAll<HTMLElement>('[part="workspace"], [part="timeline"]')];
    // The ad made (or the timeline emptied): planned again now; that edit changes no size by itself.
    if (this.#empty() !== this.#wasEmpty && this.#observed.length > 0) this.#apply();
    if (parts.length === this.#observed.length && parts.every((part, i) => part === this.#observed[i])) return;
    for (const part of this.#observed) this.#resize?.unobserve(part);
    for (const part of parts) this.#resize?.observe(part);
    this.#observed = parts;
    // New halves (the first render, the timeline shown again): sized now, not a frame later.
    this.#apply();
  }
  #observed: HTMLElement[] = [];
  #frame: number | undefined;

  /** Heights of the panels and the timeline now, the two halves the splitter shares. */
  #room(): { total: number; timeline: number } | undefined {
    const root = this.#host.renderRoot;
    const panels = root.querySelector<HTMLElement>('[part="workspace"]');
    const timeline = root.querySelector<HTMLElement>('[part="timeline"]');
    if (panels === null || timeline === null || this.#collapsed) return undefined;
    const timelineHeight = timeline.getBoundingClientRect().height;
    return { total: panels.getBoundingClientRect().height + timelineHeight, timeline: timelineHeight };
  }

  /** Writes the timeline's height (clamped to the room there is now) and the splitter's value. */
  #apply(): void {
    const host = this.#host;
    const room = this.#room();
    const empty = this.#empty();
    this.#wasEmpty = empty;
    // Through the CSSOM (a strict CSP refuses style attributes).
    if (room === undefined) host.style.removeProperty('--_timeline-size');
    else host.style.setProperty('--_timeline-size', timelineTrack({ editorPx: host.getBoundingClientRect().height, roomPx: room.total, empty, userPx: this.#timelinePx }));
    const separator = host.renderRoot.querySelector<HTMLElement>('[role="separator"]');
    const measured = this.#room();
    if (separator === null || measured === undefined || measured.total <= 0) return;
    const percent = Math.round((measured.timeline / measured.total) * 100);
    separator.setAttribute('aria-valuenow', String(percent));
    separator.setAttribute('aria-valuemin', String(Math.round((MIN_TIMELINE_PX / measured.total) * 100)));
    separator.setAttribute('aria-valuemax', String(Math.round((Math.max(MIN_TIMELINE_PX, measured.total - MIN_PANELS_PX) / measured.total) * 100)));
    separator.setAttribute('aria-valuetext', this.#t()('layout.splitterValue', { percent }));
  }

  /** Sets the timeline's height, or its natural height with `undefined`; remembered. */
  setTimelineHeight(px: number | undefined): void {
    const room = this.#room();
    this.#timelinePx = px === undefined || room === undefined ? px : clampTimeline(px, room.total);
    this.#save();
    this.#apply();
  }

  toggleCollapsed(): void {
    this.#collapsed = !this.#collapsed;
    this.#save();
    this.#host.requestUpdate();
  }

  #save(): void {
    remember({ ...(this.#timelinePx === undefined ? {} : { timelinePx: this.#timelinePx }), ...(this.#collapsed ? { collapsed: true } : {}) });
  }

  readonly #onKey = (event: KeyboardEvent): void => {
    const room = this.#room();
    if (room === undefined) return;
    const now = room.timeline;
    const quarter = Math.round(room.total / 4);
    const next: Record<string, number | undefined | null> = {
      ArrowUp: now + STEP_PX,
      ArrowDown: now - STEP_PX,
      PageUp: now + quarter,
      PageDown: now - quarter,
      Home: MIN_TIMELINE_PX,
      End: room.total - MIN_PANELS_PX,
      Enter: null,
    };
    if (!(event.key in next)) return;
    event.preventDefault();
    const value = next[event.key];
    this.setTimelineHeight(value === null ? undefined : value);
  };

  readonly #onPointerDown = (event: PointerEvent): void => {
    const room = this.#room();
    if (room === undefined || event.button !== 0) return;
    try {
      (event.currentTarget as HTMLElement).setPointerCapture(event.pointerId);
    } catch {
      // A pointer no longer active (or a synthetic one) cannot be captured; the drag still works while it stays over the grip.
    }
    this.#drag = { pointerId: event.pointerId, startY: event.clientY, startPx: room.timeline };
    event.preventDefault();
  };

  readonly #onPointerMove = (event: PointerEvent): void => {
    const drag = this.#drag;
    if (drag === undefined || drag.pointerId !== event.pointerId) return;
    // Dragging the splitter up gives the timeline more room.
    this.setTimelineHeight(drag.startPx - (event.clientY - drag.startY));
  };

  readonly #onPointerUp = (event: PointerEvent): void => {
    if (this.#drag?.pointerId === event.pointerId) this.#drag = undefined;
  };

  /** The splitter row: the separator itself and the button that hides or shows the timeline. */
  render() {
    const t = this.#t();
    return html`<div class="split" part="splitter">
      ${this.#collapsed
        ? html`<span class="grip-space"></span>`
        : html`<div class="grip" role="separator" tabindex="0" aria-orientation="horizontal" aria-controls="timeline" aria-label=${t('layout.splitter')}
            @keydown=${this.#onKey} @pointerdown=${this.#onPointerDown} @pointermove=${this.#onPointerMove} @pointerup=${this.#onPointerUp}
            @pointercancel=${this.#onPointerUp} @dblclick=${() => this.setTimelineHeight(undefined)}></div>`}
      <button type="button" class="toggle" aria-expanded=${this.#collapsed ? 'false' : 'true'} aria-controls="timeline" @click=${() => this.toggleCollapsed()}>
        ${this.#collapsed ? t('layout.showTimeline') : t('layout.hideTimeline')}
      </button>
    </div>`;
  }

  /** Fills the screen with the editor, or gives the page back; an overlay where full screen is refused. */
  async toggleFullscreen(): Promise<void> {
    const host = this.#host;
    if (this.fullscreen) {
      if (document.fullscreenElement === host) await document.exitFullscreen().catch(() => undefined);
      this.#setOverlay(false);
      return;
    }
    try {
      if (typeof host.requestFullscreen !== 'function') throw new Error('no Fullscreen API');
      await host.requestFullscreen();
    } catch {
      // An iframe without allow="fullscreen", or no API: the editor covers the window instead.
      this.#setOverlay(true);
    }
  }

  #setOverlay(on: boolean): void {
    this.#host.toggleAttribute('expanded', on);
    this.fullscreen = on || document.fullscreenElement === this.#host;
    if (on) document.addEventListener('keydown', this.#onOverlayKey);
    else document.removeEventListener('keydown', this.#onOverlayKey);
    this.#host.requestUpdate();
  }

  readonly #onOverlayKey = (event: KeyboardEvent): void => {
    if (event.key === 'Escape' && this.#host.hasAttribute('expanded')) this.#setOverlay(false);
  };

  readonly #onFullscreenChange = (): void => {
    this.fullscreen = document.fullscreenElement === this.#host || this.#host.hasAttribute('expanded');
    this.#host.requestUpdate();
  };
}
