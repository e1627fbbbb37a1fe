import { css, html } from 'lit';
import { property } from 'lit/decorators.js';
import { defineElement } from '../../internal/define.js';
import { StudioElement } from '../shared/studio-element.js';
import { controlStyles } from '../shared/controls.styles.js';
import { pickerStyles } from '../shared/picker.styles.js';
import { slider } from '../shared/slider.js';
import '../../i18n/later-words.js';

/** The mix settings, as the mix panel shows them. */
export interface MixSettings {
  voiceDb: number;
  musicDb: number;
  /** How far the music goes down under the voice, dB (positive). */
  duckDepthDb: number;
  duckAttackMs: number;
  duckReleaseMs: number;
}

/** Which setting a `mix-change` is about. */
export type MixField = keyof MixSettings;

/**
 * Voice and music levels and the ducking of the music under the voice (depth, attack, release).
 *
 * @tagname studio-editor-mix-controls
 * @csspart slider - Each slider: label, range and value.
 * @fires mix-change - `detail` is a `SliderValue<MixField>`: `{ field, value, final }`, `final` false while dragging.
 */
export class StudioMixControls extends StudioElement {
  static override styles = [controlStyles, pickerStyles, css`
    /* The sliders share the host's columns, so labels, tracks and values line up. */
    :host { display: grid; grid-template-columns: minmax(6em, max-content) minmax(6em, 1fr) max-content; gap: 10px; align-items: center; }
    .slider { display: contents; }
  `];

  @property({ attribute: false }) settings: MixSettings = { voiceDb: 0, musicDb: -6, duckDepthDb: 12, duckAttackMs: 120, duckReleaseMs: 400 };

  #field(field: MixField, label: string, min: number, max: number, step: number, text: (value: number) => string) {
    const value = this.settings[field];
    return slider({
      id: field,
      label,
      value,
      min,
      max,
      step,
      text: text(value),
      event: 'mix-change',
      field,
      host: this,
      onValue: (next) => (this.settings = { ...this.settings, [field]: next }),
    });
  }

  protected override render() {
    const t = this.t;
    const db = (value: number) => t('mix.db', { db: t.number(value, 1) });
    return html`${this.#field('voiceDb', t('mix.voice'), -24, 12, 0.5, db)}
      ${this.#field('musicDb', t('mix.music'), -40, 6, 0.5, db)}
      ${this.#field('duckDepthDb', t('mix.depth'), 0, 30, 0.5, (value) => t('mix.depthValue', { db: t.number(value, 1) }))}
      ${this.#field('duckAttackMs', t('mix.attack'), 10, 1000, 10, (value) => t('mix.ms', { ms: Math.round(value) }))}
      ${this.#field('duckReleaseMs', t('mix.release'), 50, 3000, 10, (value) => t('mix.ms', { ms: Math.round(value) }))}`;
  }
}

defineElement('studio-editor-mix-controls', StudioMixControls);

declare global {
  interface HTMLElementTagNameMap {
    'studio-editor-mix-controls': StudioMixControls;
  }
}
