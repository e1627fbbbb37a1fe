import { html, nothing, type PropertyValues } from 'lit';
import { property, state } from 'lit/decorators.js';
import { repeat } from 'lit/directives/repeat.js';
import { defineElement } from '../../internal/define.js';
import { StudioElement } from '../shared/studio-element.js';
import { styleProps } from '../../internal/style-props.js';
import { controlStyles } from '../shared/controls.styles.js';
import { emit } from '../shared/events.js';
import { DragController } from './drag-controller.js';
import type { StringKey } from '../../i18n/en.js';
import { isHeard } from './clip-edits.js';
import { envelopePath } from './geometry.js';
import { KeyboardController } from './keyboard-controller.js';
import { RangeSelection, type TimeRange } from './range-selection.js';
import { shortcutHelp } from './keyboard-shortcuts.js';
import { BASE_LANES, ENVELOPE_FLOOR_DB, ENVELOPE_PX_PER_SECOND, MAX_ZOOM, MIN_ZOOM, TRAIL_SECONDS, type Lanes } from './scale.js';
import { timelineStyles } from './studio-timeline.styles.js';
import type { TimelineClip, TimelineMarker, TimelineMusic, TimelineTrackId, TimelineTracks, TimelineComment } from './types.js';
import { WaveformScheduler } from './waveform-scheduler.js';
import { ZoomController, type ViewRange } from './zoom-controller.js';
import { StudioTimelineBed } from './studio-timeline-bed.js';
import { StudioTimelineClip } from './studio-timeline-clip.js';
import { overlapSeconds } from './clip-edits.js';
import { StudioTimelineRuler } from './studio-timeline-ruler.js';
import { StudioTimelineTrack } from './studio-timeline-track.js';
import '../../i18n/later-words.js';

/** The elements it is composed of. Imported as values: the package marks src/ free of side effects, so a bare import would be dropped by a bundler. */
/**
 * Levels of the envelope's dB scale. 0 dB is the lane's top edge, where the bed's fade knobs are: it is
 * left unlabelled so the scale (sticky at the view's left) never covers a knob.
 */
const DB_SCALE = [-10, -20, -30];

/** The view a clip far from it is given: one constant, so that a scroll updates only the clips near the view. */
const FAR: ViewRange = { from: 0, to: 0 };
const HEARD = { muted: false, solo: false, gainDb: 0 };

const PARTS = [StudioTimelineRuler, StudioTimelineTrack, StudioTimelineClip, StudioTimelineBed].map((part) => part.tag).join(', ');

export { ENVELOPE_FLOOR_DB, ENVELOPE_PX_PER_SECOND, MAX_ZOOM, MIN_ZOOM } from './scale.js';

/**
 * The multitrack timeline: a time ruler, the voice track and the music track with its ducking envelope,
 * the target duration, and a playhead. A leaf: properties in, events out; it changes nothing itself but
 * shows a gesture's values while the pointer is down.
 *
 * Built by composition: `<studio-editor-timeline-ruler>`, `<studio-editor-timeline-track>` (header + lane),
 * `<studio-editor-timeline-clip>` and `<studio-editor-timeline-bed>` draw; controllers handle pointer gestures
 * (`DragController`), zoom and scroll (`ZoomController`) and waveforms (`WaveformScheduler`, drawn by
 * wavesurfer.js from the caller's peaks, only near the viewport); keys come from one table
 * (`TIMELINE_SHORTCUTS`), which also writes the help text.
 *
 * @tagname studio-editor-timeline
 * @fires clip-move - `{ id, start, final, cancelled? }` while dragging a clip (snapped) and when a key nudges it.
 * @fires clip-trim - `{ id, trimIn, trimOut, start, final, cancelled? }` from the clip's edges.
 * @fires clip-fade - `{ id, fadeIn, fadeOut, final, cancelled? }` from the knobs in the clip's top corners.
 * @fires clip-gain - `{ id, gain, final, cancelled? }` from the clip's gain line (dB).
 * @fires music-gain - `{ gain, final, cancelled? }` from the bed's gain line (dB).
 * @fires music-fade - `{ fadeIn, fadeOut, final, cancelled? }` from the bed's knobs.
 * @fires duck-depth - `{ depthDb, final, cancelled? }` from the envelope's line.
 * @fires clip-select - `{ id }` when a clip is clicked or focused.
 * @fires clip-delete - `{ id }` on Delete or Backspace.
 * @fires clip-split - `{ id, at }` (seconds into the clip) on S, at the playhead.
 * @fires clip-join - `{ id, withId }` on J: the clip and the piece of the same audio next to it.
 * @fires track-mute - `{ track, muted }` from a track's M button, or M on the track.
 * @fires track-solo - `{ track, solo }` from a track's S button, or Shift+S on the track.
 * @fires seek - `{ time }` on a press on the ruler (a drag from it selects a span, then seeks to its start), [ and ] (the previous or next marker), a click on a clip's word or , and . (its previous or next word).
 * @fires zoom-change - `{ zoom }` (pixels per second) from the zoom buttons, F (zoom to fit), Ctrl+wheel / pinch, or a fit of `autoFit`.
 * @fires play-toggle - Space.
 * @fires comment-play - `{ id, time }` from a comment's marker on the ruler: play from the comment's start.
 * @fires comment-at - `{ start, end }` on C or the "Comment on" button: a comment on the span selected (a drag across the ruler, Shift+Left or Right), else at the playhead (the editor opens the Review step's form).
 * @fires undo - Ctrl+Z (Cmd+Z).
 * @fires redo - Ctrl+Shift+Z or Ctrl+Y.
 * @csspart scroller - The horizontally scrolling area.
 * @csspart comment-marker - A review comment's marker over the ruler (a button).
 * @csspart range - The span selected for a comment: a band over the ruler and the tracks.
 * @csspart range-bar - Above the tracks while a span is selected: its times, "Comment on" it (with `commenting`) and Clear.
 * @csspart track - Each track row (its header and lane), with `data-track` naming it: `voice`, `music`.
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
  /** The lanes' heights, pixels (at least 72 and 56): the timeline panel grows them with the stage. */
  @property({ attribute: false }) lanes: Lanes = BASE_LANES;
  /**
   * Zoom to show the whole spot whenever its length or the view's width changes (an ad made or loaded, a
   * longer take, a resized editor), until the user zooms; "Zoom to fit" turns it back on.
   */
  @property({ type: Boolean, attribute: 'auto-fit' }) autoFit = false;
  @property() selectedId: string | null = null;
  /** Mute, solo and level of each track, shown in its header (the caller applies them to the mix). */
  @property({ attribute: false }) tracks: TimelineTracks = { voice: HEARD, music: HEARD };
  /** Section starts, flagged on the ruler; [ and ] move the playhead between them. */
  @property({ attribute: false }) markers: readonly TimelineMarker[] = [];
  /** The reviewer role: no editing control (the caller fixes every clip and the bed; mute, solo and the ducking line are hidden, edit keys do nothing). */
  @property({ type: Boolean }) reviewing = false;
  /** The review's comments on the open version, as markers over the ruler: clicking one fires `comment-play`. */
  @property({ attribute: false }) comments: readonly TimelineComment[] = [];
  /** Someone can comment (the host named who reviews): a span selected offers "Comment on" it. */
  @property({ type: Boolean }) commenting = false;
  /** Passed to wavesurfer for its `<style>` (its rules are also adopted as a stylesheet, see waveform.ts). */
  @property() cspNonce: string | undefined;

  /** What the live region says. */
  @state() private announcement = '';

  readonly #drag = new DragController(this);
  readonly #zoom = new ZoomController(this);
  readonly #waves = new WaveformScheduler(this);
  readonly #keys = new KeyboardController(this, {
    cancelGesture: () => this.#drag.cancel(),
    announce: (key: StringKey, params?: Record<string, string | number>) => this.announce(key, params),
    clock: (seconds: number, tenths?: boolean) => this.t.clock(seconds, tenths),
    toggleTrack: (track, field) => this.#toggleTrack(track, field),
    zoomToFit: () => this.zoomToFit(),
    selectedRange: () => this.#range.range,
    extendRange: (step, direction) => this.#range.extend(this.clock(), step, direction),
    clearRange: () => this.#range.clear(),
  });
  readonly #range = new RangeSelection(this);
  #frame = 0;

  /** The horizontally scrolling area (for the controllers). */
  get scroller(): HTMLElement | null {
    return this.renderRoot?.querySelector<HTMLElement>('.scroller') ?? null;
  }

  /** How many waveforms exist now (for tests and benchmarks). */
  get waveformCount(): number {
    return this.#waves.count;
  }

  /** How many waveforms wait to be created, redrawn or destroyed, or to be seen near the view or not (for tests). */
  get waveformsPending(): number {
    return this.#waves.pending;
  }

  /** A pointer gesture is in progress (for the zoom controller). */
  get gesturing(): boolean {
    return this.#drag.kind !== undefined;
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

  /** The whole spot: the content or the target duration, whichever is longer, seconds. */
  /** The shortest clip's length as shown, seconds (Infinity without a clip). */
  get shortestClip(): number {
    return Math.min(...this.clips.map((clip) => clip.length));
  }

  get spotLength(): number {
    return Math.max(this.contentEnd, this.targetDuration);
  }

  /** Zooms so that the whole spot fits the view. */
  zoomToFit(): void {
    this.#zoom.fit(0, this.spotLength);
  }

  /** Mutes or solos `track` (a final event: one undo step), and says so. */
  #toggleTrack(track: TimelineTrackId, field: 'muted' | 'solo'): void {
    const on = !this.tracks[track][field];
    const name = this.t(track === 'voice' ? 'timeline.voiceTrack' : 'timeline.musicTrack');
    if (field === 'muted') emit(this, 'track-mute', { track, muted: on });
    else emit(this, 'track-solo', { track, solo: on });
    const key = field === 'muted' ? (on ? 'timeline.muted' : 'timeline.unmuted') : on ? 'timeline.soloed' : 'timeline.unsoloed';
    this.announcement = this.t(key, { track: name });
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

  protected override willUpdate(changed: PropertyValues<this>): void {
    // The lanes' heights, for the styles (through the CSSOM: a strict CSP blocks style attributes).
    if (changed.has('lanes')) {
      this.style.setProperty('--_voice', `${this.lanes.voice}px`);
      this.style.setProperty('--_music', `${this.lanes.music}px`);
    }
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

  /** The span selected for a comment (a drag across the ruler, Shift+Left or Right), if any. */
  get selectedRange(): TimeRange | undefined {
    return this.#range.range;
  }

  /** For the drag controller: a drag across the ruler selects a span. */
  selectRange(from: number, to: number, final: boolean): void {
    this.#range.drag(from, to, final);
  }

  /** For the drag controller: a plain click on the ruler clears the span. */
  clearRange(): void {
    this.#range.clear();
  }

  /** For the range selection: says `key` in the live region. */
  announce(key: StringKey, params?: Record<string, string | number>): void {
    this.announcement = this.t(key, params);
  }

  /** `0:12.5–0:14.0`, as the Review step says a comment's span. */
  rangeText(range: TimeRange): string {
    return `${this.t.clock(range.start, true)}–${this.t.clock(range.end, true)}`;
  }

  /** The live region says where clip `id` went. */
  announceMove(id: string, start: number): void {
    const clip = this.clips.find((candidate) => candidate.id === id);
    if (clip !== undefined) this.announcement = this.t('timeline.moved', { label: clip.label, start: this.t.clock(start, true) });
  }

  // ---- Rendering ----

  #pathCache: { envelope: Float32Array; rate: number; ratio: number; height: number; d: string } | undefined;

  /** The envelope's path (zoom-independent, so computed only when it changes); scaled while its depth is dragged. */
  #envelopeD(ratio: number): string {
    const cache = this.#pathCache;
    if (cache?.envelope === this.envelope && cache.rate === this.envelopeRate && cache.ratio === ratio && cache.height === this.lanes.music) return cache.d;
    const values = ratio === 1 ? this.envelope : this.envelope.map((db) => db * ratio);
    const d = envelopePath(values, this.envelopeRate, ENVELOPE_PX_PER_SECOND, this.lanes.music, ENVELOPE_FLOOR_DB);
    this.#pathCache = { envelope: this.envelope, rate: this.envelopeRate, ratio, height: this.lanes.music, d };
    return d;
  }

  #focusClip(event: FocusEvent): void {
    const id = (event.target as HTMLElement).dataset['id'];
    if (id !== undefined && id !== this.selectedId) emit(this, 'clip-select', { id });
  }

  /** A track's element: its header's state, dimmed when it is not heard. */
  #track(track: TimelineTrackId, clipCount: number, lane: unknown) {
    const state = this.tracks[track];
    return html`<studio-editor-timeline-track part="track" class="track ${track} ${isHeard(this.tracks, track) ? '' : 'silent'}" .track=${track}
      .name=${this.t(track === 'voice' ? 'timeline.voiceTrack' : 'timeline.musicTrack')} .clipCount=${clipCount}
      .muted=${state.muted} .solo=${state.solo} .gainDb=${state.gainDb} ?readonly=${this.reviewing}
      @track-toggle=${(event: CustomEvent<{ track: TimelineTrackId; field: 'muted' | 'solo' }>) => this.#toggleTrack(event.detail.track, event.detail.field)}
      >${lane}</studio-editor-timeline-track>`;
  }

  #renderMusic() {
    const music = this.#drag.shownMusic();
    const { depthDb, ratio } = this.#drag.shownDepth();
    return this.#track(
      'music',
      music === null ? 0 : 1,
      html`<div class="lane" role="group" aria-label=${this.t('timeline.musicTrack')}>
        ${music === null
          ? nothing
          : html`<div class="db-scale" aria-hidden="true">
              ${DB_SCALE.map((db) => html`<span style=${styleProps({ top: `${(db / ENVELOPE_FLOOR_DB) * this.lanes.music}px` })}>${db === DB_SCALE[0] ? `−${-db} ${this.t('timeline.dbScale')}` : `−${-db}`}</span>`)}
            </div>
            <studio-editor-timeline-bed .music=${music} ?readonly=${this.reviewing} .zoom=${this.zoom} .height=${this.lanes.music} .envelopePath=${this.#envelopeD(ratio)}
              .envelopeSeconds=${this.envelope.length / this.envelopeRate} .depthDb=${depthDb} .rendered=${this.#waves.requestSync}></studio-editor-timeline-bed>`}
      </div>`,
    );
  }

  /** While a span is selected: its times, "Comment on" it (where someone can comment) and Clear, beside the zoom. */
  #renderRangeBar() {
    const range = this.#range.range;
    if (range === undefined) return nothing;
    const { t } = this;
    const text = this.rangeText(range);
    return html`<span class="range-bar" part="range-bar">
      <span class="range-times">${t('timeline.range', { range: text })}</span>
      ${this.commenting ? html`<button type="button" class="range-comment" @click=${() => emit(this, 'comment-at', range)}>${t('timeline.rangeComment', { range: text })}</button>` : nothing}
      <button type="button" class="range-clear" aria-label=${t('timeline.rangeClear')} title=${t('timeline.rangeClear')} @click=${() => this.#range.clear()}><span aria-hidden="true">×</span></button>
    </span>`;
  }

  protected override render() {
    // Clips as shown (a drag's preview included), and how much each shares with another: two voices at once.
    const shown = this.clips.map((clip) => this.#drag.shown(clip));
    const overlaps = overlapSeconds(shown);
    const t = this.t;
    const z = this.zoom;
    const end = this.spotLength;
    const over = this.contentEnd - this.targetDuration;
    const { from, to } = this.#zoom.view;
    const range = this.#range.range;
    return html`<div class="bar">
        <button type="button" aria-label=${t('timeline.zoomOut')} ?disabled=${z <= MIN_ZOOM} @click=${() => this.setZoom(z / 1.5)}><span aria-hidden="true">−</span></button>
        <button type="button" aria-label=${t('timeline.zoomIn')} ?disabled=${z >= MAX_ZOOM} @click=${() => this.setZoom(z * 1.5)}><span aria-hidden="true">+</span></button>
        <button type="button" @click=${() => this.zoomToFit()}>${t('timeline.zoomFit')}</button>
        <span class="zoom">${t('timeline.zoomLevel', { zoom: Math.round(z) })}</span>
        ${this.#renderRangeBar()}
      </div>
      <div class="scroller" part="scroller" role="region" aria-label=${t('timeline.label')} tabindex=${this.clips.length > 0 ? -1 : 0}
        @keydown=${this.#keys.handleKeydown} @pointerdown=${this.#drag.handleDown} @pointermove=${this.#drag.handleMove} @pointerup=${this.#drag.handleUp}
        @pointercancel=${this.#drag.handleUp} @lostpointercapture=${this.#drag.handleUp}>
        <div class="content" style=${styleProps({ width: `${(end + TRAIL_SECONDS) * z}px` })}>
          <studio-editor-timeline-ruler .zoom=${z} .from=${from} .to=${to} .end=${end + TRAIL_SECONDS} .markers=${this.markers} .target=${this.targetDuration}></studio-editor-timeline-ruler>
          ${this.comments.length === 0
            ? nothing
            : html`<div class="comments" role="group" aria-label=${t('timeline.comments')}>
                ${this.comments.map(
                  (comment) => html`<button type="button" part="comment-marker" class=${comment.resolved ? 'comment-marker resolved' : 'comment-marker'} data-comment=${comment.id}
                    style=${styleProps({ left: `${comment.start * z}px`, width: `${Math.max(10, (comment.end - comment.start) * z)}px` })} aria-label=${comment.label} title=${comment.label}
                    @click=${() => emit(this, 'comment-play', { id: comment.id, time: comment.start })}></button>`,
                )}
              </div>`}
          ${this.#track(
            'voice',
            this.clips.length,
            html`<div class="lane" role="listbox" aria-label=${t('timeline.voiceTrack')} aria-describedby="help" @focusin=${this.#focusClip}>
              ${repeat(
                shown,
                (clip) => clip.id,
                (clip) => html`<studio-editor-timeline-clip .clip=${clip} .zoom=${z} .height=${this.lanes.voice} .selected=${clip.id === this.selectedId}
                  .targetDuration=${this.targetDuration} .overlap=${overlaps.get(clip.id) ?? 0} .view=${clip.start < to && clip.start + clip.length > from ? this.#zoom.view : FAR}
                  .rendered=${this.#waves.requestSync}></studio-editor-timeline-clip>`,
              )}
            </div>`,
          )}
          ${this.#renderMusic()}
          ${over > 0.05
            ? html`<div class="over-zone" style=${styleProps({ left: `${this.targetDuration * z}px`, width: `${over * z}px` })}>
                <span class="visually-hidden">${t('timeline.over', { seconds: t.number(over, 1) })}</span>
              </div>`
            : nothing}
          <div class="target" style=${styleProps({ left: `${this.targetDuration * z}px` })}>
            <span class="visually-hidden">${t('timeline.target', { time: t.clock(this.targetDuration) })}</span>
          </div>
          ${range === undefined ? nothing : html`<div class="range" part="range" aria-hidden="true" style=${styleProps({ left: `${range.start * z}px`, width: `${(range.end - range.start) * z}px` })}></div>`}
          <div class="playhead" aria-hidden="true"></div>
        </div>
      </div>
      <p id="help" class="visually-hidden">${shortcutHelp(t)}</p>
      <div class="visually-hidden" role="status" aria-live="polite">${this.announcement}</div>`;
  }
}

defineElement('studio-editor-timeline', StudioTimeline);

declare global {
  interface HTMLElementTagNameMap {
    'studio-editor-timeline': StudioTimeline;
  }
}
