import { html, nothing, svg } from 'lit';
import { property } from 'lit/decorators.js';
import { defineElement } from '../../internal/define.js';
import { styleProps } from '../../internal/style-props.js';
import { TimelinePart } from './timeline-part.js';
import { ENVELOPE_FLOOR_DB, ENVELOPE_PX_PER_SECOND, MUSIC_HEIGHT, MUSIC_PIECE, fadePath, gainToY } from './scale.js';
import type { TimelineMusic } from './types.js';

/**
 * The music bed on its lane: its waveform in pieces of `MUSIC_PIECE` seconds (drawn by the timeline's
 * scheduler near the viewport), fades, the ducking envelope (an SVG path stretched to the zoom), the gain
 * line, the ducking depth line and fade knobs. Pressing the bed itself drags its gain.
 *
 * @tagname studio-editor-timeline-bed
 */
export class StudioTimelineBed extends TimelinePart {
  static readonly tag = 'studio-editor-timeline-bed';

  @property({ attribute: false }) music: TimelineMusic | undefined;
  /** Pixels per second. */
  @property({ type: Number }) zoom = 40;
  /** Its lane's height, pixels. */
  @property({ type: Number }) height = MUSIC_HEIGHT;
  /** The envelope's path, `ENVELOPE_PX_PER_SECOND` units a second, and how many seconds it spans. */
  @property() envelopePath = '';
  @property({ type: Number }) envelopeSeconds = 0;
  /** Ducking depth shown by its line, dB (positive). */
  @property({ type: Number }) depthDb = 0;
  /** The reviewer role: the ducking depth's line is not shown (the bed's own handles go with `music.fixed`). */
  @property({ type: Boolean }) readonly = false;
  /** Called after each render (the timeline's waveform scheduler looks for new `.wave` elements). */
  @property({ attribute: false }) rendered: (() => void) | undefined;

  override connectedCallback(): void {
    super.connectedCallback();
    this.classList.add('bed');
    this.dataset['drag'] = 'music-gain';
  }

  protected override shouldUpdate(): boolean {
    return this.music !== undefined;
  }

  protected override willUpdate(): void {
    // A bed whose lock holds starts no gain or fade gesture (the store refuses its edits anyway).
    if (this.music!.fixed === true) delete this.dataset['drag'];
    else this.dataset['drag'] = 'music-gain';
    this.setStyle('left', '0px');
    this.setStyle('width', `${this.music!.length * this.zoom}px`);
  }

  protected override render() {
    const music = this.music!;
    const z = this.zoom;
    const width = music.length * z;
    const pieces = Math.ceil(music.length / MUSIC_PIECE);
    const seconds = this.envelopeSeconds;
    return html`${Array.from(
        { length: pieces },
        (_, index) => html`<div class="wave" data-key="music:${index}"
          style=${styleProps({ left: `${index * MUSIC_PIECE * z}px`, width: `${Math.min(MUSIC_PIECE, music.length - index * MUSIC_PIECE) * z}px` })}></div>`,
      )}
      <svg class="fades" width=${width} height=${this.height} aria-hidden="true">${svg`<path d=${fadePath(width, this.height, music.fadeIn * z, music.fadeOut * z)}></path>`}</svg>
      <svg class="envelope" aria-hidden="true" width=${seconds * z} height=${this.height}
        viewBox="0 0 ${Math.max(1, seconds * ENVELOPE_PX_PER_SECOND)} ${this.height}" preserveAspectRatio="none">${svg`<path vector-effect="non-scaling-stroke"
          d=${this.envelopePath}></path>`}</svg>
      ${music.fixed === true ? nothing : html`<div class="gain" data-drag="music-gain" style=${styleProps({ top: `${gainToY(music.gain, this.height)}px` })}></div>`}
      ${this.readonly ? nothing : html`<div class="duck" data-drag="duck" style=${styleProps({ top: `${(this.depthDb / -ENVELOPE_FLOOR_DB) * this.height}px` })}></div>`}
      ${music.fixed === true
        ? nothing
        : html`<div class="knob fade-in" data-drag="music-fade-in" style=${styleProps({ left: `${Math.max(5, music.fadeIn * z)}px` })}></div>
            <div class="knob fade-out" data-drag="music-fade-out" style=${styleProps({ left: `${Math.min(width - 5, width - music.fadeOut * z)}px` })}></div>`}`;
  }

  protected override updated(): void {
    this.rendered?.();
  }
}

defineElement(StudioTimelineBed.tag, StudioTimelineBed);

declare global {
  interface HTMLElementTagNameMap {
    'studio-editor-timeline-bed': StudioTimelineBed;
  }
}
