import { html, nothing } from 'lit';
import { property, state } from 'lit/decorators.js';
import type { MusicLibraryEntry } from '../../api/contract.js';
import { defineElement } from '../../internal/define.js';
import { StudioElement } from '../shared/studio-element.js';
import { emit } from '../shared/events.js';
import { slider } from '../shared/slider.js';
import { controlStyles } from '../shared/controls.styles.js';
import { pickerStyles } from '../shared/picker.styles.js';
import '../studio-upload/studio-upload.js';
import '../../i18n/later-words.js';

/** Tracks matching a free-text query (title, style, mood) and a style. */
export function filterTracks(tracks: readonly MusicLibraryEntry[], query: string, style: string): MusicLibraryEntry[] {
  const words = query.toLowerCase().split(/\s+/).filter(Boolean);
  return tracks.filter((track) => {
    if (style !== '' && track.style !== style) return false;
    const haystack = [track.title, track.style, track.mood ?? ''].join(' ').toLowerCase();
    return words.every((word) => haystack.includes(word));
  });
}

/**
 * The music library (style, mood, tempo, preview), the user's own upload, and the bed's level and fades.
 *
 * @tagname studio-editor-music-picker
 * @fires music-choose - `detail` is the chosen track id.
 * @fires music-preview - `detail` is the track id to preview (again to stop).
 * @fires file-chosen - `detail` is an uploaded audio `File` (from the upload area).
 * @fires music-gain - `detail` is a `SliderValue` in dB.
 * @fires music-fade-in - `detail` is a `SliderValue` in seconds.
 * @fires music-fade-out - `detail` is a `SliderValue` in seconds.
 * @csspart filters - The search field and the style filter.
 * @csspart list - The list of tracks.
 * @csspart upload - The upload area (`<studio-editor-upload>`).
 * @csspart dropzone - The drop area inside it.
 * @csspart slider - Each of the level and fade sliders.
 */
export class StudioMusicPicker extends StudioElement {
  static override styles = [controlStyles, pickerStyles];

  @property({ attribute: false }) tracks: MusicLibraryEntry[] = [];
  @property() selected: string | undefined;
  @property() previewing: string | undefined;
  @property({ type: Number }) gain = -6;
  @property({ type: Number }) fadeIn = 0.5;
  @property({ type: Number }) fadeOut = 1.5;
  /** Offer the upload area. */
  @property({ type: Boolean }) upload = true;
  @property({ type: Number }) uploadMaxBytes = 25 * 1024 * 1024;
  /** Why the last upload could not be used, shown under the upload area. */
  @property() uploadError = '';

  @state() private query = '';
  @state() private styleFilter = '';

  protected override render() {
    const t = this.t;
    const styles = [...new Set(this.tracks.map((track) => track.style))].sort();
    const shown = filterTracks(this.tracks, this.query, this.styleFilter);
    return html`<div class="filters" part="filters">
        <label>${t('music.search')}
          <input type="search" .value=${this.query} @input=${(e: InputEvent) => (this.query = (e.target as HTMLInputElement).value)} />
        </label>
        <label>${t('music.style')}
          <select @change=${(e: Event) => (this.styleFilter = (e.target as HTMLSelectElement).value)}>
            <option value="">${t('voice.any')}</option>
            ${styles.map((style) => html`<option value=${style} ?selected=${style === this.styleFilter}>${style}</option>`)}
          </select>
        </label>
      </div>
      ${shown.length === 0
        ? html`<p class="hint">${t('music.none')}</p>`
        : html`<fieldset><legend class="visually-hidden">${t('music.list')}</legend><ul part="list">
            ${shown.map((track) => {
              const playing = this.previewing === track.track_id;
              const details = [track.style, track.mood, track.tempo_bpm ? t('music.tempo', { bpm: track.tempo_bpm }) : ''].filter(Boolean).join(' · ');
              return html`<li class=${track.track_id === this.selected ? 'selected' : ''}>
                <label>
                  <input type="radio" name="track" .value=${track.track_id} .checked=${track.track_id === this.selected}
                    @change=${() => emit(this, 'music-choose', track.track_id)} />
                  <span><span class="name">${track.title}</span> <span class="details">${details}</span></span>
                </label>
                <button type="button" class="small"
                  aria-label=${playing ? t('music.stopPreview', { title: track.title }) : t('music.preview', { title: track.title })}
                  @click=${() => emit(this, 'music-preview', track.track_id)}>${playing ? '■' : '▶'}</button>
              </li>`;
            })}
          </ul></fieldset>`}
      ${this.upload ? html`<studio-editor-upload part="upload" exportparts="dropzone" .maxBytes=${this.uploadMaxBytes} .error=${this.uploadError}
          @file-chosen=${(event: CustomEvent<File>) => {
            event.stopPropagation();
            emit(this, 'file-chosen', event.detail);
          }}></studio-editor-upload>` : nothing}
      ${slider({ id: 'gain', label: t('music.gain'), value: this.gain, min: -40, max: 6, step: 0.5, text: t('music.gainValue', { db: t.number(this.gain, 1) }), event: 'music-gain', host: this, onValue: (v) => (this.gain = v) })}
      ${slider({ id: 'fade-in', label: t('music.fadeIn'), value: this.fadeIn, min: 0, max: 10, step: 0.1, text: t('music.secondsValue', { seconds: t.number(this.fadeIn, 1) }), event: 'music-fade-in', host: this, onValue: (v) => (this.fadeIn = v) })}
      ${slider({ id: 'fade-out', label: t('music.fadeOut'), value: this.fadeOut, min: 0, max: 10, step: 0.1, text: t('music.secondsValue', { seconds: t.number(this.fadeOut, 1) }), event: 'music-fade-out', host: this, onValue: (v) => (this.fadeOut = v) })}`;
  }
}

defineElement('studio-editor-music-picker', StudioMusicPicker);

declare global {
  interface HTMLElementTagNameMap {
    'studio-editor-music-picker': StudioMusicPicker;
  }
}
