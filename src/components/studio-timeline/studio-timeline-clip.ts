import { html, nothing, svg } from 'lit';
import { property } from 'lit/decorators.js';
import { defineElement } from '../../internal/define.js';
import { styleProps } from '../../internal/style-props.js';
import { TimelinePart } from './timeline-part.js';
import { lockIcon } from '../shared/lock-control.js';
import { VOICE_HEIGHT, fadePath, gainToY, wordFits } from './scale.js';
import type * as ClipWords from './clip-words.js';
import type { TimelineClip } from './types.js';
import '../../i18n/later-words.js';

/** The words layer (./clip-words.ts): loaded the first time a clip with words is drawn. */
let wordsLayer: typeof ClipWords | undefined;

/**
 * One voice clip on its lane: an option of the lane's listbox, placed at `clip.start` and `clip.length`
 * times the zoom, with its waveform's place (`.wave`, drawn by the timeline's scheduler), fades, label, gain
 * line, trim handles and fade knobs. Each part names its gesture in `data-drag`; the timeline's drag
 * controller handles the pointer. Shows what it is given: a gesture's preview comes in as `clip`.
 *
 * @tagname studio-editor-timeline-clip
 */
export class StudioTimelineClip extends TimelinePart {
  static readonly tag = 'studio-editor-timeline-clip';

  @property({ attribute: false }) clip: TimelineClip | undefined;
  /** Pixels per second. */
  @property({ type: Number }) zoom = 40;
  /** Its lane's height, pixels. */
  @property({ type: Number }) height = VOICE_HEIGHT;
  @property({ type: Boolean }) selected = false;
  /** Target duration of the ad, seconds: a clip past it is marked. */
  @property({ type: Number }) targetDuration = Infinity;
  /** Seconds this clip sounds together with another voice clip (0: none): marked, and said. */
  @property({ type: Number }) overlap = 0;
  /** The timeline's time range near the viewport, seconds: its words are drawn there only. */
  @property({ attribute: false }) view = { from: 0, to: Infinity };
  /** Called after each render (the timeline's waveform scheduler looks for new `.wave` elements). */
  @property({ attribute: false }) rendered: (() => void) | undefined;

  override connectedCallback(): void {
    super.connectedCallback();
    this.setAttribute('role', 'option');
    this.tabIndex = 0;
    this.dataset['drag'] = 'move';
  }

  /** What a screen reader says: its label, where it starts, how long it is, how far past the target. */
  get accessibleName(): string {
    const clip = this.clip!;
    const params = { label: clip.label, start: this.t.clock(clip.start, true), length: this.t.number(clip.length, 1) };
    const over = clip.start + clip.length - this.targetDuration;
    const name = over > 0.05 ? this.t('timeline.clipOver', { ...params, over: this.t.number(over, 1) }) : this.t('timeline.clip', params);
    const said = this.overlap > 0 ? `${name}, ${this.t('timeline.clipOverlap', { seconds: this.t.number(this.overlap, 2) })}` : name;
    return clip.lockNote === undefined ? said : `${said}, ${clip.lockNote}`;
  }

  protected override shouldUpdate(): boolean {
    return this.clip !== undefined;
  }

  protected override willUpdate(): void {
    const clip = this.clip!;
    const z = this.zoom;
    this.setAttr('data-id', clip.id);
    this.setAttr('class', ['clip', clip.start + clip.length > this.targetDuration + 0.05 ? 'over' : '', this.overlap > 0 ? 'overlap' : '', clip.fixed === true ? 'fixed' : ''].filter(Boolean).join(' '));
    // A clip whose lock holds starts no gesture (the store refuses its edits anyway).
    if (clip.fixed === true) delete this.dataset['drag'];
    else this.dataset['drag'] = 'move';
    this.setAttr('aria-roledescription', this.t('timeline.clipRole'));
    this.setAttr('aria-selected', this.selected ? 'true' : 'false');
    this.setAttr('aria-label', this.accessibleName);
    this.setStyle('left', `${clip.start * z}px`);
    this.setStyle('width', `${clip.length * z}px`);
  }

  protected override render() {
    const clip = this.clip!;
    const z = this.zoom;
    const width = clip.length * z;
    return html`<div class="wave" data-key="clip:${clip.id}" style=${styleProps({ left: `${-clip.trimIn * z}px`, width: `${clip.sourceLength * z}px` })}></div>
      <svg class="fades" width=${width} height=${this.height} aria-hidden="true">${svg`<path d=${fadePath(width, this.height, clip.fadeIn * z, clip.fadeOut * z)}></path>`}</svg>
      ${this.#words(clip)}
      <span class="label" aria-hidden="true">${clip.lockNote === undefined ? clip.label : html`${lockIcon} ${clip.label}`}</span>
      ${clip.fixed === true ? nothing : this.#handles(clip, width)}`;
  }

  /** Its words where they fit the zoom, once their layer is loaded (it is asked for here the first time). */
  #words(clip: TimelineClip) {
    if (!clip.words?.length) return nothing;
    // Loaded as soon as a clip has words, not when they first fit: a zoom or a version switch then draws them at
    // once, with nothing to fetch.
    if (wordsLayer === undefined) {
      void import('./clip-words.js').then((layer) => {
        wordsLayer = layer;
        this.requestUpdate();
      });
      return nothing;
    }
    if (!clip.words.some((_, at, words) => wordFits(words, at, this.zoom))) return nothing;
    return wordsLayer.clipWords(this, { clip, zoom: this.zoom, ...this.view, estimatedHint: this.t('timeline.wordEstimated') });
  }

  /** The gain line, trim handles and fade knobs: the parts a gesture starts on. */
  #handles(clip: TimelineClip, width: number) {
    const z = this.zoom;
    return html`<div class="gain" data-drag="gain" style=${styleProps({ top: `${gainToY(clip.gain, this.height)}px` })}></div>
      <div class="handle trim-in" data-drag="trim-in"></div>
      <div class="handle trim-out" data-drag="trim-out"></div>
      <div class="knob fade-in" data-drag="fade-in" style=${styleProps({ left: `${Math.max(5, clip.fadeIn * z)}px` })}></div>
      <div class="knob fade-out" data-drag="fade-out" style=${styleProps({ left: `${Math.min(width - 5, width - clip.fadeOut * z)}px` })}></div>`;
  }

  protected override updated(): void {
    this.rendered?.();
  }
}

defineElement(StudioTimelineClip.tag, StudioTimelineClip);

declare global {
  interface HTMLElementTagNameMap {
    'studio-editor-timeline-clip': StudioTimelineClip;
  }
}
