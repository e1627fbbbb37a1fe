import { html } from 'lit';
import { property, state } from 'lit/decorators.js';
import type { VoiceLibraryEntry } from '../../api/contract.js';
import { defineElement } from '../../internal/define.js';
import { StudioElement } from '../shared/studio-element.js';
import { emit } from '../shared/events.js';
import { slider } from '../shared/slider.js';
import { controlStyles } from '../shared/controls.styles.js';
import { pickerStyles } from '../shared/picker.styles.js';
import '../../i18n/later-words.js';

/** Voices matching a free-text query (name, language, accent) and the language and gender filters. */
export function filterVoices(voices: readonly VoiceLibraryEntry[], query: string, language: string, gender: string): VoiceLibraryEntry[] {
  const words = query.toLowerCase().split(/\s+/).filter(Boolean);
  return voices.filter((voice) => {
    if (language !== '' && voice.language !== language) return false;
    if (gender !== '' && voice.gender !== gender) return false;
    const haystack = [voice.name, voice.language, voice.accent ?? ''].join(' ').toLowerCase();
    return words.every((word) => haystack.includes(word));
  });
}

/**
 * The voice library: search, filter by language and gender, listen to a sample, choose a voice, and set
 * the speaking speed.
 *
 * @tagname studio-editor-voice-picker
 * @fires voice-choose - `detail` is the chosen voice id.
 * @fires voice-audition - `detail` is the voice id to listen to (again to stop).
 * @fires speed-change - `detail` is a `SliderValue` (speed, 0.5 to 2).
 * @csspart list - The list of voices.
 */
export class StudioVoicePicker extends StudioElement {
  static override styles = [controlStyles, pickerStyles];

  @property({ attribute: false }) voices: VoiceLibraryEntry[] = [];
  @property() selected: string | undefined;
  /** The voice whose sample is playing. */
  @property() auditioning: string | undefined;
  @property({ type: Number }) speed = 1;

  @state() private query = '';
  @state() private language = '';
  @state() private gender = '';

  protected override render() {
    const t = this.t;
    const languages = [...new Set(this.voices.map((voice) => voice.language))].sort();
    const shown = filterVoices(this.voices, this.query, this.language, this.gender);
    return html`<div class="filters" part="filters">
        <label>${t('voice.search')}
          <input type="search" .value=${this.query} @input=${(e: InputEvent) => (this.query = (e.target as HTMLInputElement).value)} />
        </label>
        <label>${t('voice.language')}
          <select @change=${(e: Event) => (this.language = (e.target as HTMLSelectElement).value)}>
            <option value="">${t('voice.any')}</option>
            ${languages.map((language) => html`<option value=${language} ?selected=${language === this.language}>${language}</option>`)}
          </select>
        </label>
        <label>${t('voice.gender')}
          <select @change=${(e: Event) => (this.gender = (e.target as HTMLSelectElement).value)}>
            <option value="">${t('voice.any')}</option>
            <option value="female">${t('voice.female')}</option>
            <option value="male">${t('voice.male')}</option>
            <option value="neutral">${t('voice.neutral')}</option>
          </select>
        </label>
        <span class="details" role="status">${t.plural('voice.count', shown.length)}</span>
      </div>
      ${shown.length === 0
        ? html`<p class="hint">${t('voice.none')}</p>`
        : html`<fieldset><legend class="visually-hidden">${t('voice.list')}</legend><ul part="list">
            ${shown.map((voice) => {
              const playing = this.auditioning === voice.voice_id;
              const gender = voice.gender ? t(`voice.${voice.gender}`) : '';
              return html`<li class=${voice.voice_id === this.selected ? 'selected' : ''}>
                <label>
                  <input type="radio" name="voice" .value=${voice.voice_id} .checked=${voice.voice_id === this.selected}
                    @change=${() => emit(this, 'voice-choose', voice.voice_id)} />
                  <span><span class="name">${voice.name}</span>
                    <span class="details">${[voice.language, voice.accent, gender].filter(Boolean).join(' · ')}</span></span>
                </label>
                <button type="button" class="small"
                  aria-label=${playing ? t('voice.stopAudition', { name: voice.name }) : t('voice.audition', { name: voice.name })}
                  @click=${() => emit(this, 'voice-audition', voice.voice_id)}>${playing ? '■' : '▶'}</button>
              </li>`;
            })}
          </ul></fieldset>`}
      ${slider({ id: 'speed', label: t('voice.speed'), value: this.speed, min: 0.5, max: 2, step: 0.05, text: t('voice.speedValue', { speed: t.number(this.speed, 2) }), event: 'speed-change', host: this, onValue: (v) => (this.speed = v) })}`;
  }
}

defineElement('studio-editor-voice-picker', StudioVoicePicker);

declare global {
  interface HTMLElementTagNameMap {
    'studio-editor-voice-picker': StudioVoicePicker;
  }
}
