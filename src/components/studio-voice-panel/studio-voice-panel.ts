import { consume } from '@lit/context';
import { css, html, nothing } from 'lit';
import { property, state } from 'lit/decorators.js';
import type { ServiceClient } from '../../api/client.js';
import { PreviewPlayer } from '../../audio/preview.js';
import { clientContext } from '../../controllers/contexts.js';
import { LibraryController } from '../../controllers/library-controller.js';
import { StoreController } from '../../controllers/store-controller.js';
import { defineElement } from '../../internal/define.js';
import { exportPanelParts } from '../shared/exported-parts.js';
import { StudioElement } from '../shared/studio-element.js';
import type { SliderValue } from '../shared/events.js';
import { controlStyles } from '../shared/controls.styles.js';
import { describeError } from '../../i18n/error-words.js';
import { renderAlert } from '../shared/error-alert.js';
import { reportError } from '../../events/report-error.js';
import { panelStyles } from '../shared/panel.styles.js';
import '../studio-voice-picker/studio-voice-picker.js';
import '../studio-pronunciation-list/studio-pronunciation-list.js';
import type { PronunciationsChange } from '../studio-pronunciation-list/studio-pronunciation-list.js';
import { pronunciationKey, type PronunciationEntry } from '../../brand/pronunciations.js';
import { isoNow, usageReceived } from '../../model/credits.js';
import { PriceController } from '../../controllers/price-controller.js';
import { auditionVoice, EntryAuditions } from './entry-audition.js';
import '../../i18n/later-words.js';

const SPEED_GESTURE = 'voice-speed';

/** The structural parts an editor exports from this element, each as `voice-<part>` (docs/styling.md): set here, not in the first paint. */
const VOICE_PARTS = ['modes', 'picker', 'filters', 'list', 'slider', 'pronunciations', 'pronunciation-list', 'pronunciation-form'];

/**
 * Voice: the service's voice library to search, filter and audition, one voice for the ad or one per
 * section, the speaking speed (a drag is one undo step), and the pronunciations: the project's to add, edit,
 * delete and listen to (in the voice they will be heard in, the price said first), the host's read-only.
 *
 * @tagname studio-editor-voice-panel
 * @csspart modes - One voice or a voice per section.
 * @csspart picker - The voice library and the speed slider (`<studio-editor-voice-picker>`).
 * @csspart filters - The search field and filters (from the picker).
 * @csspart list - The list of voices (from the picker).
 * @csspart slider - The speed slider (from the picker).
 * @csspart pronunciations - The pronunciation lists and form (`<studio-editor-pronunciation-list>`).
 * @csspart pronunciation-list - The project's entries (from the pronunciation list).
 * @csspart pronunciation-form - The form that adds or edits an entry (from the pronunciation list).
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

  override connectedCallback(): void {
    super.connectedCallback();
    exportPanelParts(this, 'voice', VOICE_PARTS);
  }

  /** Set by `<studio-editor-panels>` while another panel is shown; nothing is loaded until it is not. */
  @property({ type: Boolean, reflect: true }) override hidden = false;
  /** The voice ids the host licensed (`vocal.voices`): the library offers only these. Undefined: every voice. */
  @property({ attribute: false }) voiceIds: readonly string[] | undefined;
  /** The host's brand pronunciations (`vocal.pronunciations`): shown, never edited. */
  @property({ attribute: false }) brandPronunciations: readonly PronunciationEntry[] = [];

  @consume({ context: clientContext, subscribe: true })
  @state()
  client: ServiceClient | undefined;

  @state() private auditioning: string | undefined;
  /** `pronunciationKey` of the entry being listened to. */
  @state() private auditioningEntry: string | undefined;
  @state() private error = '';
  @state() private announcement = '';

  readonly #voice = new StoreController(this, (state) => state.project.voice);
  readonly #project = new StoreController(this, (state) => state.project);
  readonly #prices = new PriceController(this);
  readonly #auditions = new EntryAuditions();
  #listening: AbortController | undefined;
  readonly #library = new LibraryController(this, (client) => client.voices().then((library) => library.voices), {
    key: 'vocal.voices',
    ids: () => this.voiceIds,
    idOf: (voice) => voice.voice_id,
  });
  #preview: PreviewPlayer | undefined;

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    this.#preview?.stop();
    this.#listening?.abort();
  }

  #player(client: ServiceClient): PreviewPlayer {
    return (this.#preview ??= new PreviewPlayer(client.fetch, () => {
      this.auditioning = undefined;
      this.auditioningEntry = undefined;
    }));
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
    const player = this.#player(client);
    if (this.auditioning === id) {
      player.stop();
      this.auditioning = undefined;
      return;
    }
    this.#listening?.abort();
    this.auditioningEntry = undefined;
    this.auditioning = id;
    this.error = '';
    try {
      await player.play([{ url: entry.sample_url }]);
    } catch (error) {
      if ((error as Error).name === 'AbortError') return;
      this.auditioning = undefined;
      this.error = this.t('recommend.previewFailed', { message: describeError(error, this.t).text });
      reportError(this, error);
    }
  }

  /** Listens to an entry (again: stops it): its take is voiced first, unless heard before in that voice. */
  async #listen(entry: PronunciationEntry): Promise<void> {
    const client = this.client;
    const project = this.#project.value;
    const voice = project === undefined ? null : auditionVoice(project, entry);
    if (client === undefined || project === undefined || voice === null) return;
    const player = this.#player(client);
    const key = pronunciationKey(entry);
    this.#listening?.abort();
    if (this.auditioningEntry === key) {
      player.stop();
      this.auditioningEntry = undefined;
      return;
    }
    player.stop();
    this.auditioning = undefined;
    this.auditioningEntry = key;
    this.error = '';
    const controller = (this.#listening = new AbortController());
    try {
      const sent = isoNow();
      const take = await this.#auditions.take(client, project.project_id, entry, voice, project.voice.speed, { signal: controller.signal });
      if (take.usage) this.#project.dispatch(usageReceived('voiceover', take.usage, sent));
      if (controller.signal.aborted) return;
      await player.play([{ url: take.url }]);
    } catch (error) {
      if ((error as Error).name === 'AbortError' || controller.signal.aborted) return;
      this.auditioningEntry = undefined;
      this.error = this.t('pronounce.listenFailed', { message: describeError(error, this.t).text });
      reportError(this, error);
    }
  }

  #setPronunciations(event: CustomEvent<PronunciationsChange>): void {
    this.#project.dispatch({ type: 'pronunciations/set', entries: event.detail.entries });
    this.announcement = event.detail.announcement;
  }

  /** The voice an entry is heard in, with its name from the library. */
  readonly #voiceFor = (entry: PronunciationEntry): { id: string; name: string } | undefined => {
    const project = this.#project.value;
    const id = project === undefined ? null : auditionVoice(project, entry);
    if (id === null) return undefined;
    return { id, name: this.#library.value?.find((voice) => voice.voice_id === id)?.name ?? id };
  };

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
      <studio-editor-pronunciation-list part="pronunciations" exportparts="pronunciation-list, pronunciation-form" .entries=${this.#project.value?.pronunciations ?? []}
        .brand=${this.brandPronunciations} .voiceFor=${(entry: PronunciationEntry) => this.#voiceFor(entry)} .prices=${this.#prices.list} .auditioning=${this.auditioningEntry}
        @pronunciations-change=${this.#setPronunciations}
        @pronunciation-audition=${(event: CustomEvent<PronunciationEntry>) => this.#listen(event.detail)}></studio-editor-pronunciation-list>
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
