import { html, type PropertyValues } from 'lit';
import { property } from 'lit/decorators.js';
import { defineElement } from '../../internal/define.js';
import { styleProps } from '../../internal/style-props.js';
import { rulerTicks } from './geometry.js';
import { TimelinePart } from './timeline-part.js';
import type { TimelineMarker } from './types.js';

/** Flags closer than this to the next one show their line only, pixels. */
const MIN_FLAG_PX = 14;
/** Room kept between a flag's text and the next flag, pixels. */
const FLAG_GAP_PX = 4;
/** A time label's width at most, pixels a character (its 11 px digits are about 6). */
const TICK_CHAR_PX = 7;
/** A time label's 3 px padding and its 1 px line, pixels. */
const TICK_EDGE_PX = 4;

/** A flag on the ruler's top lane: a section start (`marker`) or the target duration. */
interface Flag {
  time: number;
  label: string;
  kind: 'marker' | 'target';
  /** Pixels its text may take before the next flag; undefined for the last. */
  room: number | undefined;
}

/**
 * The time ruler: only draws, in two lanes so that no label prints over another. The top lane flags the
 * section starts (`markers`) and the target duration, each name cut short (with an ellipsis, or to its
 * line alone) where the next flag begins. The bottom lane has the time labels, computed in `willUpdate`
 * for the range `from`..`to` (what the viewport shows, with a margin) at least 72 px apart, so they thin
 * out as the zoom goes down, and the last one, where its text would run past the content's `end`, is drawn to
 * the left of its line; small ticks are a repeating background. Pressing or dragging on it seeks
 * (the timeline's drag controller claims it through `data-drag="seek"`).
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
  /** The target duration, seconds: flagged beside the section starts. */
  @property({ type: Number }) target = 0;
  /** Where the content ends, seconds (0: unknown): a time label that would run past it is drawn left of its line. */
  @property({ type: Number }) end = 0;

  #labels: number[] = [];
  #fine = false;
  #flags: Flag[] = [];

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
    const target = this.t('timeline.target', { time: this.t.clock(this.target) });
    const flags: Flag[] = [
      ...this.markers.map((marker) => ({ time: marker.time, label: marker.label, kind: 'marker' as const, room: undefined })),
      { time: this.target, label: target, kind: 'target' as const, room: undefined },
    ].sort((a, b) => a.time - b.time);
    for (const [index, flag] of flags.entries()) {
      const next = flags[index + 1];
      if (next !== undefined) flag.room = Math.max(0, (next.time - flag.time) * this.zoom - FLAG_GAP_PX);
    }
    this.#flags = flags;
  }

  protected override render() {
    const z = this.zoom;
    // Not keyed: a scroll gives the same spans new times and places, and creates or removes none.
    const end = this.end * z;
    return html`${this.#labels.map((time) => {
      const text = this.t.clock(time, this.#fine);
      // Estimated, not measured: a scroll re-renders the labels and reads no layout.
      const before = end > 0 && time * z + text.length * TICK_CHAR_PX + TICK_EDGE_PX > end;
      return html`<span class="tick ${before ? 'before' : ''}" style=${styleProps({ left: `${time * z}px` })}>${text}</span>`;
    })}${this.#flags.map(({ time, label, kind, room }) => {
      // Too close to the next flag for any text: its line alone.
      const bare = room !== undefined && room < MIN_FLAG_PX;
      const style = { left: `${time * z}px`, 'max-width': room === undefined || bare ? undefined : `${room}px` };
      return html`<span class="flag ${kind === 'target' ? 'target-flag' : 'marker'} ${bare ? 'bare' : ''}" style=${styleProps(style)}>${bare ? '' : label}</span>`;
    })}`;
  }

  protected override updated(changed: PropertyValues<this>): void {
    // A scroll moves the range only: the flags, and so the target's place, are as they were (no layout read).
    if ([...changed.keys()].every((key) => key === 'from' || key === 'to')) return;
    this.#placeTarget();
  }

  /**
   * The target's flag, when it is the last one (a spot that ends in time), names it to the left of its
   * line, where a fitted view ends, if the section flagged before it leaves room; otherwise it shows its
   * line alone. Its width and the section's are measured (one layout read per update).
   */
  #placeTarget(): void {
    const flags = this.#flags;
    const elements = this.querySelectorAll<HTMLElement>('.flag');
    const target = elements[elements.length - 1];
    if (flags.at(-1)?.kind !== 'target' || target === undefined || elements.length !== flags.length) return;
    target.classList.remove('before', 'bare');
    const previous = flags.at(-2);
    // Where the section's name ends (its text and its 2 px line), and the room from there to the target.
    const from = previous === undefined ? 0 : previous.time * this.zoom + elements[elements.length - 2]!.scrollWidth + 2;
    const fits = this.target * this.zoom - from - FLAG_GAP_PX >= target.scrollWidth + 2;
    target.classList.add(fits ? 'before' : 'bare');
  }
}

defineElement(StudioTimelineRuler.tag, StudioTimelineRuler);

declare global {
  interface HTMLElementTagNameMap {
    'studio-editor-timeline-ruler': StudioTimelineRuler;
  }
}
