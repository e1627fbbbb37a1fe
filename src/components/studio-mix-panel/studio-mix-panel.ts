import { css, html, nothing } from 'lit';
import { property } from 'lit/decorators.js';
import { StoreController } from '../../controllers/store-controller.js';
import { defineElement } from '../../internal/define.js';
import { StudioElement } from '../shared/studio-element.js';
import { panelStyles } from '../shared/panel.styles.js';
import type { MixSettings } from '../../model/document.js';
import type { SliderValue } from '../shared/events.js';
import type { MixField, MixSettings as MixControlSettings } from '../studio-mix-controls/studio-mix-controls.js';
import '../studio-mix-controls/studio-mix-controls.js';
import '../../i18n/later-words.js';

/** The document's field of each control. */
const FIELDS: Record<MixField, keyof MixSettings> = {
  voiceDb: 'voiceLevel',
  musicDb: 'musicLevel',
  duckDepthDb: 'duckingDepth',
  duckAttackMs: 'duckingAttackMs',
  duckReleaseMs: 'duckingReleaseMs',
};

/** The controls' view of the project's mix settings. */
export function toControls(mix: MixSettings): MixControlSettings {
  return {
    voiceDb: mix.voiceLevel,
    musicDb: mix.musicLevel,
    duckDepthDb: mix.duckingDepth,
    duckAttackMs: mix.duckingAttackMs,
    duckReleaseMs: mix.duckingReleaseMs,
  };
}

/**
 * Mix: voice and music bus levels and how the music ducks under the voice (depth, attack, release), bound
 * to `project.mix`. A slider drag is one undo step.
 *
 * @tagname studio-editor-mix-panel
 * @csspart controls - The sliders (`<studio-editor-mix-controls>`).
 * @csspart slider - Each slider: label, range and value (from the controls).
 */
export class StudioMixPanel extends StudioElement {
  static override styles = [
    panelStyles,
    css`
      h3 {
        margin: 0;
        font-size: 1em;
      }
    `,
  ];

  /** Set by `<studio-editor-panels>` while another panel is shown. */
  @property({ type: Boolean, reflect: true }) override hidden = false;

  readonly #mix = new StoreController(this, (state) => state.project.mix);

  #change(event: CustomEvent<SliderValue<MixField>>): void {
    const { field, value, final } = event.detail;
    if (field === undefined) return;
    const gesture = `mix-${field}`;
    this.#mix.dispatch({ type: 'mix/set', mix: { [FIELDS[field]]: value }, gesture });
    if (final) this.#mix.dispatch({ type: 'history/end-gesture', gesture });
  }

  protected override render() {
    const mix = this.#mix.value;
    if (mix === undefined) return nothing;
    return html`<h3 id="heading">${this.t('mix.label')}</h3>
      <studio-editor-mix-controls part="controls" exportparts="slider" role="group" aria-labelledby="heading" .settings=${toControls(mix)}
        @mix-change=${this.#change}></studio-editor-mix-controls>`;
  }
}

defineElement('studio-editor-mix-panel', StudioMixPanel);

declare global {
  interface HTMLElementTagNameMap {
    'studio-editor-mix-panel': StudioMixPanel;
  }
}
