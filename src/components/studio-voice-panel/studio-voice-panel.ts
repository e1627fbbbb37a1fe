import { consume } from '@lit/context';
import { css, html, nothing } from 'lit';
import { property, state } from 'lit/decorators.js';
import type { ServiceClient } from '../../api/client.js';
import { PreviewPlayer } from '../../audio/preview.js';
import { clientContext } from '../../controllers/contexts.js';
import { LibraryController } from '../../controllers/library-controller.js';
import { StoreController } from '../../controllers/store-controller.js';
import { defineElement } from '../../internal/define.js';
import { StudioElement } from '../shared/studio-element.js';
import type { SliderValue } from '../shared/events.js';
import { controlStyles } from '../shared/controls.styles.js';
import { describeError } from '../../i18n/error-words.js';
import { renderAlert } from '../shared/error-alert.js';
import { reportError } from '../../events/report-error.js';
import { panelStyles } from '../shared/panel.styles.js';
import '../studio-voice-picker/studio-voice-picker.js';
import '../../i18n/en-later.js';

const SPEED_GESTURE = 'voice-speed';

/**
 * Voice: the service's voice library to search, filter and audition, one voice for the ad or one per
 * section, and the speaking speed (a drag is one undo step).
 *
 * @tagname studio-editor-voice-panel
 * @csspart modes - One voice or a voice per section.
 * @csspart picker - The voice library and the speed slider (`<studio-editor-voice-picker>`).
 * @csspart filters - The search field and filters (from the picker).
 * @csspart list - The list of voices (from the picker).
 * @csspart slider - The speed slider (from the picker).
 */
export class StudioVoicePanel extends StudioElement {
  static override styles = [
    controlStyles,
    panelStyles,
    css`
      .modes {
        display: flex;
        flex-wrap: wrap;
        gap: 4px 16px;
      }
      .modes label {
        display: inline-flex;
        gap: 6px;
        align-items: center;
        font-weight: normal;
      }
      p {
        margin: 0;
      }
    `,
  ];

  /** Set by `<studio-editor-panels>` while another panel is shown; nothing is loaded until it is not. */
  @property({ type: Boolean, reflect: true }) override hidden = false;
  /** The voice ids the host licensed (`vocal.voices`): the library offers only these. Undefined: every voice. */
  @property({ attribute: false }) voiceIds: readonly string[] | undefined;

  @consume({ context: clientContext, subscribe: true })
  @state()
  client: ServiceClient | undefined;

  @state() private auditioning: string | undefined;
  @state() private error = '';
  @state() private announcement = '';

  readonly #voice = new StoreController(this, (state) => state.project.voice);
  readonly #library = new LibraryController(this, (client) => client.voices().then((library) => library.voices), {
    key: 'vocal.voices',
    ids: () => this.voiceIds,
    idOf: (voice) => voice.voice_id,
  });
  #preview: PreviewPlayer | undefined;

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    this.#preview?.stop();
  }

  #choose(id: string): void {
    const entry = this.#library.value?.find((voice) => voice.voice_id === id);
    if (entry === undefined) return;
    const { sample_url: _sample, words_per_minute: _rate, ...details } = entry;
    this.#voice.dispatch({ type: 'voice/set', voice: id, details });
    this.announcement = this.t('voice.chosen', { name: entry.name });
  }

  async #audition(id: string): Promise<void> {
    const client = this.client;
    const entry = this.#library.value?.find((voice) => voice.voice_id === id);
    if (client === undefined || entry === undefined) return;
    this.#preview ??= new PreviewPlayer(client.fetch, () => (this.auditioning = undefined));
    if (this.auditioning === id) {
      this.#preview.stop();
      this.auditioning = undefined;
      return;
    }
    this.auditioning = id;
    this.error = '';
    try {
      await this.#preview.play([{ url: entry.sample_url }]);
    } catch (error) {
      if ((error as Error).name === 'AbortError') return;
      this.auditioning = undefined;
      this.error = this.t('recommend.previewFailed', { message: describeError(error, this.t).text });
      reportError(this, error);
    }
  }

  #speed(event: CustomEvent<SliderValue>): void {
    this.#voice.dispatch({ type: 'voice/set-speed', speed: event.detail.value, gesture: SPEED_GESTURE });
    if (event.detail.final) this.#voice.dispatch({ type: 'history/end-gesture', gesture: SPEED_GESTURE });
  }

  protected override render() {
    const t = this.t;
    const voice = this.#voice.value;
    if (voice === undefined) return nothing;
    const library = this.#library;
    return html`<fieldset part="modes">
        <legend>${t('voice.mode')}</legend>
        <div class="modes">
          ${(['single', 'per-section'] as const).map(
            (mode) => html`<label><input type="radio" name="mode" .checked=${voice.mode === mode}
              @change=${() => this.#voice.dispatch({ type: 'voice/set-mode', mode })} />${mode === 'single' ? t('voice.single') : t('voice.perSection')}</label>`,
          )}
        </div>
      </fieldset>
      ${renderAlert(library.error ? t('voice.loadFailed', { message: describeError(library.error, t).text }) : '', t, () => library.retry())}
      <studio-editor-voice-picker part="picker" exportparts="filters, list, slider" .voices=${library.value ?? []} .selected=${voice.voice ?? undefined} .auditioning=${this.auditioning} .speed=${voice.speed}
        @voice-choose=${(event: CustomEvent<string>) => this.#choose(event.detail)}
        @voice-audition=${(event: CustomEvent<string>) => this.#audition(event.detail)}
        @speed-change=${this.#speed}></studio-editor-voice-picker>
      ${renderAlert(this.error, t)}
      <p class="visually-hidden" role="status">${this.announcement}</p>`;
  }
}

defineElement('studio-editor-voice-panel', StudioVoicePanel);

declare global {
  interface HTMLElementTagNameMap {
    'studio-editor-voice-panel': StudioVoicePanel;
  }
}
