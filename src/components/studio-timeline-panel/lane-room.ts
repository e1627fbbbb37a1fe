// The lanes grow with the stage (issue 38: a taller editor gives the tracks more height; a phone's Timeline view
// gives them its height). What the panel has beyond the versions bar, the timeline at its smallest and the
// inspector's content is shared between the lanes (`lanesWith`); a longer inspector takes it back first, so a
// track is never pushed out of view by a taller lane. (New version and Rename float over the stage: they take none.)
import type { ReactiveController, ReactiveControllerHost } from 'lit';
import { BASE_LANES, MUSIC_HEIGHT, VOICE_HEIGHT, lanesWith, type Lanes } from '../studio-timeline/scale.js';

/** What the controller reads of its panel. */
export interface LaneRoomHost extends ReactiveControllerHost, HTMLElement {
  readonly renderRoot: HTMLElement | DocumentFragment;
}

/** Pixels of the stage the lanes leave free. */
const SPARE_PX = 8;

/** Pixels of difference under which the lanes are left as they are (no redraw for a rounding). */
const STEP_PX = 2;

export class LaneRoomController implements ReactiveController {
  readonly #host: LaneRoomHost;
  #observer: ResizeObserver | undefined;
  #frame = 0;
  readonly #observed = new Set<Element>();
  #lanes: Lanes = BASE_LANES;

  constructor(host: LaneRoomHost) {
    this.#host = host;
    host.addController(this);
  }

  /** The lanes' heights for the timeline: the same object until they change. */
  get lanes(): Lanes {
    return this.#lanes;
  }

  hostConnected(): void {
    this.#observer = new ResizeObserver(() => this.#schedule());
    this.#observe(this.#host);
  }

  hostDisconnected(): void {
    cancelAnimationFrame(this.#frame);
    this.#observer?.disconnect();
    this.#observer = undefined;
    this.#observed.clear();
  }

  /**
   * Each render may bring a new inspector or versions bar: each is observed (once), and the room
   * measured in the next frame (never inside a render or an observer's delivery: the lanes it changes would
   * resize what the observers watch in the same frame, the browser's "ResizeObserver loop" error).
   */
  hostUpdated(): void {
    for (const element of this.#parts()) this.#observe(element);
    this.#schedule();
  }

  #schedule(): void {
    cancelAnimationFrame(this.#frame);
    this.#frame = requestAnimationFrame(() => this.#measure());
  }

  #observe(element: Element): void {
    if (this.#observer === undefined || this.#observed.has(element)) return;
    this.#observed.add(element);
    this.#observer.observe(element);
  }

  #parts(): Element[] {
    const root = this.#host.renderRoot;
    const slot = root.querySelector<HTMLSlotElement>('slot[name="versions"]');
    // Not the timeline itself: its height follows the lanes and its scroll bar (a zoom in its own observer's
    // delivery shows or hides it), and a change seen there in that delivery is the "ResizeObserver loop" error
    // (Firefox). Its renders come through the panel's, which measure in the next frame.
    return [root.querySelector('[part="inspector"]'), ...(slot?.assignedElements() ?? [])].filter((part): part is Element => part !== null);
  }

  #measure(): void {
    const root = this.#host.renderRoot;
    const timeline = root.querySelector<HTMLElement>('studio-editor-timeline');
    if (timeline === null || !this.#host.isConnected) return;
    // The lanes as laid out now (the timeline sets them on itself when it renders, which may come after this).
    const shown = (name: string, base: number) => parseFloat(timeline.style.getPropertyValue(name)) || base;
    const grown = shown('--_voice', VOICE_HEIGHT) + shown('--_music', MUSIC_HEIGHT) - (VOICE_HEIGHT + MUSIC_HEIGHT);
    const slot = root.querySelector<HTMLSlotElement>('slot[name="versions"]');
    // What the other parts need whole: the versions bar's own height (not what floats over the stage from it),
    // the inspector's content even while it is squeezed and scrolls.
    const versions = (slot?.assignedElements() ?? []).reduce((sum, element) => sum + (element as HTMLElement).offsetHeight, 0);
    const inspector = root.querySelector<HTMLElement>('[part="inspector"]')?.scrollHeight ?? 0;
    const needed = versions + (timeline.offsetHeight - grown) + inspector;
    const style = getComputedStyle(this.#host);
    const inner = this.#host.clientHeight - (parseFloat(style.paddingTop) || 0) - (parseFloat(style.paddingBottom) || 0);
    // A few pixels kept free: a lane one pixel too tall would put a scroll bar on the stage (and narrow the
    // timeline, which would fit its zoom again).
    const extra = Math.max(0, inner - needed - SPARE_PX);
    const lanes = lanesWith(extra);
    if (Math.abs(lanes.voice - this.#lanes.voice) + Math.abs(lanes.music - this.#lanes.music) < STEP_PX) return;
    this.#lanes = lanes;
    this.#host.requestUpdate();
  }
}
