import type { ReactiveController, ReactiveControllerHost } from 'lit';

type Host = ReactiveControllerHost & HTMLElement & { readonly renderRoot: HTMLElement | DocumentFragment };

/** Where the side panel's width and whether it is hidden are remembered: per host page, never with a token. */
export const SIDE_STORAGE_KEY = 'studio-editor:side';
/** The side panel's narrowest and widest, and the least the stage keeps beside it, CSS px. */
export const MIN_SIDE_PX = 280;
export const MAX_SIDE_PX = 560;
export const MIN_STAGE_PX = 240;
/** Arrow keys move the separator by this much. */
const STEP_PX = 16;

interface Remembered {
  /** The width set with the separator; undefined for the default. */
  sidePx?: number;
  collapsed?: boolean;
}

function recall(): Remembered {
  try {
    const value = JSON.parse(globalThis.localStorage?.getItem(SIDE_STORAGE_KEY) ?? '{}') as Remembered;
    return { ...(Number.isFinite(value.sidePx) ? { sidePx: Number(value.sidePx) } : {}), ...(value.collapsed === true ? { collapsed: true } : {}) };
  } catch {
    return {};
  }
}

function remember(value: Remembered): void {
  try {
    globalThis.localStorage?.setItem(SIDE_STORAGE_KEY, JSON.stringify(value));
  } catch {
    // Storage refused (private mode, a full quota): kept for this page only.
  }
}

/** The default width for a workspace `widthPx` wide: 40 % of it, between 320 and 480 px. */
export function defaultSide(widthPx: number): number {
  return Math.round(Math.min(480, Math.max(320, widthPx * 0.4)));
}

/** `px` kept between the narrowest side panel and what leaves the stage its least (`roomPx`: side and stage together). */
export function clampSide(px: number, roomPx: number): number {
  return Math.round(Math.max(MIN_SIDE_PX, Math.min(px, MAX_SIDE_PX, roomPx - MIN_STAGE_PX)));
}

/**
 * The side panel's width and whether it is hidden: a separator (pointer drag, arrow keys, Home and End,
 * Enter or a double-click for the default) and a button, both remembered for the host page. The width goes
 * to the host's `--_side` through the CSSOM (a strict CSP refuses style attributes).
 */
export class SideSizeController implements ReactiveController {
  readonly #host: Host;
  #sidePx: number | undefined;
  #collapsed: boolean;
  #drag: { pointerId: number; startX: number; startPx: number } | undefined;
  #resize: ResizeObserver | undefined;
  /** The width and the separator's maximum last measured, px. */
  #shown: { px: number; max: number } | undefined;
  #pending = false;

  readonly #valueText: (px: number) => string;

  /** `valueText` says a width in words, for the separator's `aria-valuetext`. */
  constructor(host: Host, valueText: (px: number) => string) {
    this.#host = host;
    this.#valueText = valueText;
    const remembered = recall();
    this.#sidePx = remembered.sidePx;
    this.#collapsed = remembered.collapsed ?? false;
    host.addController(this);
  }

  get collapsed(): boolean {
    return this.#collapsed;
  }

  /**
   * The separator's value for a render: the width last measured or, before the first measure (the next
   * frame), the user's or the narrowest default, so that the separator always has one (a screen reader, axe).
   */
  get value(): { now: number; min: number; max: number; text: string } {
    const px = this.#shown?.px ?? this.#sidePx ?? defaultSide(0);
    return { now: px, min: MIN_SIDE_PX, max: this.#shown?.max ?? MAX_SIDE_PX, text: this.#valueText(px) };
  }

  hostConnected(): void {
    // Applied in the next frame: writing the width inside the observer's callback would resize what it observes.
    this.#resize = new ResizeObserver(() => requestAnimationFrame(() => this.apply()));
    this.#resize.observe(this.#host);
  }

  hostDisconnected(): void {
    this.#resize?.disconnect();
    this.#resize = undefined;
  }

  /** The side panel and the stage together, px: the room the separator shares. */
  #room(): number {
    const side = this.#host.renderRoot.querySelector('[part="side"]');
    const stage = this.#host.renderRoot.querySelector('[part="stage"]');
    return (side?.getBoundingClientRect().width ?? 0) + (stage?.getBoundingClientRect().width ?? 0);
  }

  /** The width now: the user's, or the default for the host's width; kept inside the room there is. */
  width(): number {
    const room = this.#room();
    const wished = this.#sidePx ?? defaultSide(this.#host.getBoundingClientRect().width);
    return room > 0 ? clampSide(wished, room) : wished;
  }

  /** Measures the room, then writes the width and the separator's value (reads layout: not in a render). */
  apply(): void {
    const px = this.width();
    const room = this.#room();
    this.#shown = { px, max: room > 0 ? clampSide(MAX_SIDE_PX, room) : MAX_SIDE_PX };
    this.#host.style.setProperty('--_side', `${px}px`);
    // The steps are a column or, in a narrow wide editor, a row (the styles' container query): their tablist says which.
    const tabs = this.#host.renderRoot.querySelector<HTMLElement>('[part="tabs"]');
    if (tabs !== null) this.#rowOfTabs = getComputedStyle(tabs).flexDirection === 'row';
    this.#write();
  }

  /** The steps were last laid out in a row. */
  #rowOfTabs: boolean | undefined;

  /**
   * After a render: the separator gets the width last measured, with no layout read (a read in the first
   * render would lay the editor out twice in its start-up task); before any measure, one is made in the next frame.
   */
  reflect(): void {
    if (this.#shown !== undefined) this.#write();
    else if (!this.#pending) {
      this.#pending = true;
      requestAnimationFrame(() => {
        this.#pending = false;
        if (this.#host.isConnected) this.apply();
      });
    }
  }

  #write(): void {
    if (this.#rowOfTabs !== undefined) this.#host.renderRoot.querySelector('[part="tabs"]')?.setAttribute('aria-orientation', this.#rowOfTabs ? 'horizontal' : 'vertical');
    const separator = this.#host.renderRoot.querySelector<HTMLElement>('[role="separator"]');
    if (separator === null || this.#shown === undefined) return;
    const { px, max } = this.#shown;
    separator.setAttribute('aria-valuenow', String(px));
    separator.setAttribute('aria-valuemin', String(MIN_SIDE_PX));
    separator.setAttribute('aria-valuemax', String(max));
    separator.setAttribute('aria-valuetext', this.#valueText(px));
  }

  /** Sets the width, or the default with `undefined`; remembered. */
  setWidth(px: number | undefined): void {
    const room = this.#room();
    this.#sidePx = px === undefined || room <= 0 ? px : clampSide(px, room);
    this.#save();
    this.apply();
    this.#host.requestUpdate();
  }

  setCollapsed(collapsed: boolean): void {
    if (collapsed === this.#collapsed) return;
    this.#collapsed = collapsed;
    this.#save();
    this.#host.requestUpdate();
  }

  #save(): void {
    remember({ ...(this.#sidePx === undefined ? {} : { sidePx: this.#sidePx }), ...(this.#collapsed ? { collapsed: true } : {}) });
  }

  readonly handleKey = (event: KeyboardEvent): void => {
    const now = this.width();
    // The separator is at the side panel's right edge: right widens it.
    const next: Record<string, number | null> = { ArrowRight: now + STEP_PX, ArrowLeft: now - STEP_PX, Home: MIN_SIDE_PX, End: MAX_SIDE_PX, Enter: null };
    if (!(event.key in next)) return;
    event.preventDefault();
    const value = next[event.key];
    this.setWidth(value === null ? undefined : value);
  };

  readonly handlePointerDown = (event: PointerEvent): void => {
    if (event.button !== 0) return;
    try {
      (event.currentTarget as HTMLElement).setPointerCapture(event.pointerId);
    } catch {
      // A synthetic or ended pointer cannot be captured; the drag still works over the separator.
    }
    this.#drag = { pointerId: event.pointerId, startX: event.clientX, startPx: this.width() };
    event.preventDefault();
  };

  readonly handlePointerMove = (event: PointerEvent): void => {
    const drag = this.#drag;
    if (drag === undefined || drag.pointerId !== event.pointerId) return;
    this.setWidth(drag.startPx + (event.clientX - drag.startX));
  };

  readonly handlePointerUp = (event: PointerEvent): void => {
    if (this.#drag?.pointerId === event.pointerId) this.#drag = undefined;
  };
}
