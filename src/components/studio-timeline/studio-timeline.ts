import { html, nothing, type PropertyValues } from 'lit';
import { property, state } from 'lit/decorators.js';
import { repeat } from 'lit/directives/repeat.js';
import { defineElement } from '../../internal/define.js';
import { formatTime } from '../../internal/format.js';
import { StudioElement } from '../../internal/studio-element.js';
import { styleProps } from '../../internal/style-props.js';
import { controlStyles } from '../shared/controls.styles.js';
import { emit } from '../shared/events.js';
import { DragController } from './drag-controller.js';
import { envelopePath, gridStep } from './geometry.js';
import { shortcutHelp, shortcutsFor, type ShortcutAction } from './keyboard-shortcuts.js';
import { ENVELOPE_FLOOR_DB, ENVELOPE_PX_PER_SECOND, MAX_ZOOM, MIN_ZOOM, MUSIC_HEIGHT, round } from './scale.js';
import { timelineStyles } from './studio-timeline.styles.js';
import type { TimelineClip, TimelineMusic } from './types.js';
import { WaveformScheduler } from './waveform-scheduler.js';
import { ZoomController } from './zoom-controller.js';
import { StudioTimelineBed } from './studio-timeline-bed.js';
import { StudioTimelineClip } from './studio-timeline-clip.js';
import { StudioTimelineRuler } from './studio-timeline-ruler.js';
import { StudioTimelineTrack } from './studio-timeline-track.js';

/** The elements it is composed of. Imported as values: the package marks src/ free of side effects, so a bare import would be dropped by a bundler. */
const PARTS = [StudioTimelineRuler, StudioTimelineTrack, StudioTimelineClip, StudioTimelineBed].map((part) => part.tag).join(', ');

export { ENVELOPE_FLOOR_DB, ENVELOPE_PX_PER_SECOND, MAX_ZOOM, MIN_ZOOM } from './scale.js';

/**
 * The multitrack timeline: a time ruler, the voice track and the music track with its ducking envelope,
 * the target duration, and a playhead. A leaf: properties in, events out; it changes nothing itself but
 * shows a gesture's values while the pointer is down.
 *
 * Built by composition: `<studio-timeline-ruler>`, `<studio-timeline-track>` (header + lane),
 * `<studio-timeline-clip>` and `<studio-timeline-bed>` draw; controllers handle pointer gestures
 * (`DragController`), zoom and scroll (`ZoomController`) and waveforms (`WaveformScheduler`, drawn by
 * wavesurfer.js from the caller's peaks, only near the viewport); keys come from one table
 * (`TIMELINE_SHORTCUTS`), which also writes the help text.
 *
 * @tagname studio-timeline
 * @fires clip-move - `{ id, start, final, cancelled? }` while dragging a clip (snapped) and when a key nudges it.
 * @fires clip-trim - `{ id, trimIn, trimOut, start, final, cancelled? }` from the clip's edges.
 * @fires clip-fade - `{ id, fadeIn, fadeOut, final, cancelled? }` from the knobs in the clip's top corners.
 * @fires clip-gain - `{ id, gain, final, cancelled? }` from the clip's gain line (dB).
 * @fires music-gain - `{ gain, final, cancelled? }` from the bed's gain line (dB).
 * @fires music-fade - `{ fadeIn, fadeOut, final, cancelled? }` from the bed's knobs.
 * @fires duck-depth - `{ depthDb, final, cancelled? }` from the envelope's line.
 * @fires clip-select - `{ id }` when a clip is clicked or focused.
 * @fires clip-delete - `{ id }` on Delete or Backspace.
 * @fires seek - `{ time }` on a click or drag on the ruler.
 * @fires zoom-change - `{ zoom }` (pixels per second) from the zoom buttons or Ctrl+wheel / pinch.
 * @fires play-toggle - Space.
 * @fires undo - Ctrl+Z (Cmd+Z).
 * @fires redo - Ctrl+Shift+Z or Ctrl+Y.
 * @csspart scroller - The horizontally scrolling area.
 * @cssprop --studio-timeline-clip - Clip background.
 */
export class StudioTimeline extends StudioElement {
  static override styles = [controlStyles, timelineStyles];

  @property({ attribute: false }) clips: readonly TimelineClip[] = [];
  @property({ attribute: false }) music: TimelineMusic | null = null;
  /** Music gain over time, dB, `envelopeRate` values per second. */
  @property({ attribute: false }) envelope: Float32Array = new Float32Array(0);
  @property({ type: Number }) envelopeRate = 20;
  /** Current ducking depth, dB (positive); what the envelope's line drags. */
  @property({ type: Number }) duckDepth = 0;
  /** Target duration of the ad, seconds. */
  @property({ type: Number }) targetDuration = 30;
  /** The playhead's time source, seconds; read every frame while `playing`. */
  @property({ attribute: false }) clock: () => number = () => 0;
  @property({ type: Boolean }) playing = false;
  /** Pixels per second. */
  @property({ type: Number }) zoom = 40;
  @property() selectedId: string | null = null;
  /** Passed to wavesurfer for its `<style>` (its rules are also adopted as a stylesheet, see waveform.ts). */
  @property() cspNonce: string | undefined;

  /** What the live region says. */
  @state() private announcement = '';

  readonly #drag = new DragController(this);
  readonly #zoom = new ZoomController(this);
  readonly #waves = new WaveformScheduler(this);
  #frame = 0;

  /** The horizontally scrolling area (for the controllers). */
  get scroller(): HTMLElement | null {
    return this.renderRoot?.querySelector<HTMLElement>('.scroller') ?? null;
  }

  /** How many waveforms exist now (for tests and benchmarks). */
  get waveformCount(): number {
    return this.#waves.count;
  }

  /** Where the content ends: the last clip's end or the bed's, seconds. */
  get contentEnd(): number {
    let end = this.music?.length ?? 0;
    for (const clip of this.clips) end = Math.max(end, clip.start + clip.length);
    return end;
  }

  /** Sets the zoom (clamped), keeping the time at `anchorX` (pixels from the scroller's left) in place. */
  setZoom(zoom: number, anchorX?: number): void {
    this.#zoom.setZoom(zoom, anchorX);
  }

  /** Ends a pointer gesture in progress as if Escape was pressed (a second finger landed). */
  cancelGesture(): void {
    this.#drag.cancel();
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    cancelAnimationFrame(this.#frame);
    this.#frame = 0;
  }

  /** Also waits for the ruler, tracks and clips to have rendered what this update gave them. */
  protected override async getUpdateComplete(): Promise<boolean> {
    const result = await super.getUpdateComplete();
    const parts = this.renderRoot.querySelectorAll<StudioElement>(PARTS);
    await Promise.all(Array.from(parts, (part) => part.updateComplete));
    return result;
  }

  protected override updated(changed: PropertyValues<this>): void {
    if (changed.has('playing') || changed.has('clock')) {
      cancelAnimationFrame(this.#frame);
      this.#frame = 0;
      if (this.playing) this.#frame = requestAnimationFrame(() => this.#tick());
    }
    this.#placePlayhead(false);
  }

  // ---- Playhead ----

  #tick(): void {
    this.#placePlayhead(true);
    this.#frame = this.playing && this.isConnected ? requestAnimationFrame(() => this.#tick()) : 0;
  }

  /** Moves the playhead (a CSSOM transform); while playing, scrolls to keep it in view. */
  #placePlayhead(follow: boolean): void {
    const playhead = this.renderRoot.querySelector<HTMLElement>('.playhead');
    if (playhead === null) return;
    const x = Math.max(0, this.clock()) * this.zoom;
    playhead.style.transform = `translateX(${x.toFixed(1)}px)`;
    const scroller = this.scroller!;
    if (follow && this.#drag.kind === undefined && (x < scroller.scrollLeft || x > scroller.scrollLeft + scroller.clientWidth - 16)) {
      scroller.scrollLeft = Math.max(0, x - 32);
    }
  }

  // ---- Keyboard ----

  #keydown(event: KeyboardEvent): void {
    const target = event.composedPath()[0] as HTMLElement;
    const id = target.dataset?.['id'];
    const clip = id === undefined ? undefined : this.clips.find((candidate) => candidate.id === id);
    for (const shortcut of shortcutsFor(event, clip !== undefined)) {
      if (this.#run(shortcut.action, clip, target)) {
        event.preventDefault();
        return;
      }
    }
  }

  /** Runs a key's action; false when it does not apply here (the key is left to the browser). */
  #run(action: ShortcutAction, clip: TimelineClip | undefined, target: HTMLElement): boolean {
    switch (action) {
      case 'cancel-gesture':
        return this.#drag.cancel();
      case 'undo':
      case 'redo':
        emit(this, action, null);
        return true;
      case 'play-toggle':
        if (target.tagName === 'BUTTON' || target.tagName === 'INPUT') return false;
        emit(this, 'play-toggle', null);
        return true;
      case 'delete':
        emit(this, 'clip-delete', { id: clip!.id });
        this.announcement = this.t('timeline.deleted', { label: clip!.label });
        return true;
      default:
        this.#moveBy(action, clip!);
        return true;
    }
  }

  /** The arrow keys, Home and End on a clip: one final move (one undo step) unless it stays put. */
  #moveBy(action: ShortcutAction, clip: TimelineClip): void {
    const step = action === 'step-left' || action === 'step-right' ? 1 : gridStep(this.zoom);
    let start: number;
    if (action === 'nudge-left' || action === 'step-left') start = Math.max(0, Math.round((clip.start - step) / step) * step);
    else if (action === 'nudge-right' || action === 'step-right') start = Math.round((clip.start + step) / step) * step;
    else if (action === 'to-start') start = 0;
    else start = Math.max(0, this.targetDuration - clip.length);
    start = round(start);
    if (start === clip.start) return;
    emit(this, 'clip-move', { id: clip.id, start, final: true });
    this.announceMove(clip.id, start);
  }

  /** The live region says where clip `id` went. */
  announceMove(id: string, start: number): void {
    const clip = this.clips.find((candidate) => candidate.id === id);
    if (clip !== undefined) this.announcement = this.t('timeline.moved', { label: clip.label, start: formatTime(start, true) });
  }

  // ---- Rendering ----

  #pathCache: { envelope: Float32Array; rate: number; ratio: number; d: string } | undefined;

  /** The envelope's path (zoom-independent, so computed only when it changes); scaled while its depth is dragged. */
  #envelopeD(ratio: number): string {
    const cache = this.#pathCache;
    if (cache?.envelope === this.envelope && cache.rate === this.envelopeRate && cache.ratio === ratio) return cache.d;
    const values = ratio === 1 ? this.envelope : this.envelope.map((db) => db * ratio);
    const d = envelopePath(values, this.envelopeRate, ENVELOPE_PX_PER_SECOND, MUSIC_HEIGHT, ENVELOPE_FLOOR_DB);
    this.#pathCache = { envelope: this.envelope, rate: this.envelopeRate, ratio, d };
    return d;
  }

  #focusClip(event: FocusEvent): void {
    const id = (event.target as HTMLElement).dataset['id'];
    if (id !== undefined && id !== this.selectedId) emit(this, 'clip-select', { id });
  }

  #renderMusic() {
    const music = this.#drag.shownMusic();
    const { depthDb, ratio } = this.#drag.shownDepth();
    return html`<studio-timeline-track class="track music" .name=${this.t('timeline.musicTrack')} .clipCount=${music === null ? 0 : 1}>
      <div class="lane" role="group" aria-label=${this.t('timeline.musicTrack')}>
        ${music === null
          ? nothing
          : html`<studio-timeline-bed .music=${music} .zoom=${this.zoom} .envelopePath=${this.#envelopeD(ratio)}
              .envelopeSeconds=${this.envelope.length / this.envelopeRate} .depthDb=${depthDb} .rendered=${this.#waves.requestSync}></studio-timeline-bed>`}
      </div>
    </studio-timeline-track>`;
  }

  protected override render() {
    const t = this.t;
    const z = this.zoom;
    const end = Math.max(this.contentEnd, this.targetDuration);
    const over = this.contentEnd - this.targetDuration;
    const { from, to } = this.#zoom.view;
    return html`<div class="bar">
        <button type="button" aria-label=${t('timeline.zoomOut')} ?disabled=${z <= MIN_ZOOM} @click=${() => this.setZoom(z / 1.5)}><span aria-hidden="true">−</span></button>
        <button type="button" aria-label=${t('timeline.zoomIn')} ?disabled=${z >= MAX_ZOOM} @click=${() => this.setZoom(z * 1.5)}><span aria-hidden="true">+</span></button>
        <span class="zoom">${t('timeline.zoomLevel', { zoom: Math.round(z) })}</span>
      </div>
      <div class="scroller" part="scroller" role="region" aria-label=${t('timeline.label')} tabindex=${this.clips.length > 0 ? -1 : 0}
        @keydown=${this.#keydown} @pointerdown=${this.#drag.handleDown} @pointermove=${this.#drag.handleMove} @pointerup=${this.#drag.handleUp}
        @pointercancel=${this.#drag.handleUp} @lostpointercapture=${this.#drag.handleUp}>
        <div class="content" style=${styleProps({ width: `${(end + 2) * z}px` })}>
          <studio-timeline-ruler .zoom=${z} .from=${from} .to=${to}></studio-timeline-ruler>
          <studio-timeline-track class="track voice" .name=${t('timeline.voiceTrack')} .clipCount=${this.clips.length}>
            <div class="lane" role="listbox" aria-label=${t('timeline.voiceTrack')} aria-describedby="help" @focusin=${this.#focusClip}>
              ${repeat(
                this.clips,
                (clip) => clip.id,
                (clip) => html`<studio-timeline-clip .clip=${this.#drag.shown(clip)} .zoom=${z} .selected=${clip.id === this.selectedId}
                  .targetDuration=${this.targetDuration} .rendered=${this.#waves.requestSync}></studio-timeline-clip>`,
              )}
            </div>
          </studio-timeline-track>
          ${this.#renderMusic()}
          ${over > 0.05
            ? html`<div class="over-zone" style=${styleProps({ left: `${this.targetDuration * z}px`, width: `${over * z}px` })}>
                <span class="visually-hidden">${t('timeline.over', { seconds: over.toFixed(1) })}</span>
              </div>`
            : nothing}
          <div class="target" style=${styleProps({ left: `${this.targetDuration * z}px` })}>
            <span>${t('timeline.target', { time: formatTime(this.targetDuration) })}</span>
          </div>
          <div class="playhead" aria-hidden="true"></div>
        </div>
      </div>
      <p id="help" class="visually-hidden">${shortcutHelp(t)}</p>
      <div class="visually-hidden" role="status" aria-live="polite">${this.announcement}</div>`;
  }
}

defineElement('studio-timeline', StudioTimeline);

declare global {
  interface HTMLElementTagNameMap {
    'studio-timeline': StudioTimeline;
  }
}
