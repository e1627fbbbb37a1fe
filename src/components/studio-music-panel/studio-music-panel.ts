import { consume } from '@lit/context';
import { css, html, nothing } from 'lit';
import { property, state } from 'lit/decorators.js';
import type { ServiceClient } from '../../api/client.js';
import { AssetDecoder, type DecodedAudio } from '../../audio/decode.js';
import type { MixPreviewSource } from '../../audio/preview-state.js';
import { checkUpload, UPLOAD_CHECK_SAMPLE_RATE } from '../../audio/upload-check.js';
import { PreviewPlayer } from '../../audio/preview.js';
import { clientContext, previewContext } from '../../controllers/contexts.js';
import { LibraryController } from '../../controllers/library-controller.js';
import { StoreController } from '../../controllers/store-controller.js';
import { defineElement } from '../../internal/define.js';
import { exportPanelParts } from '../shared/exported-parts.js';
import { StudioElement } from '../shared/studio-element.js';
import type { MusicBed } from '../../model/document.js';
import { saveUpload, uploadUrl, type UploadStoreOptions } from '../../model/persistence/uploads.js';
import type { SliderValue } from '../shared/events.js';
import { controlStyles } from '../shared/controls.styles.js';
import { describeError } from '../../i18n/error-words.js';
import { renderAlert } from '../shared/error-alert.js';
import { reportError } from '../../events/report-error.js';
import { panelStyles } from '../shared/panel.styles.js';
import { lockHolds, lockStyles, renderLock } from '../shared/lock-control.js';
import '../studio-music-picker/studio-music-picker.js';
import '../../i18n/later-words.js';

const GAIN_GESTURE = 'music-gain';
const FADE_GESTURE = 'music-fades';

/** Gain and fades a new bed starts with when the project has none (`config.music`). */
export interface MusicDefaults {
  gain: number;
  fadeIn: number;
  fadeOut: number;
}

/** The structural parts an editor exports from this element, each as `music-<part>` (docs/styling.md): set here, not in the first paint. */
const MUSIC_PARTS = ['current', 'picker', 'filters', 'list', 'upload', 'dropzone', 'slider', 'lock', 'lock-note'];

/**
 * Music: the service's music library (loaded once the panel is shown) to search and preview, one track as
 * the bed under the voice, or the user's own file. An upload is checked (type, size), then its WAV header
 * (whole, truthful, a playable format) and its decoded audio (channels, rate, 1 s to 10 min) are checked in
 * the browser before it is stored in IndexedDB (`saveUpload`) and referenced from the bed as `upload:<sha-256>`,
 * so it is still there after a reload. Level and fades are sliders; a drag is one undo step.
 *
 * @tagname studio-editor-music-panel
 * @csspart current - The line naming the current music, with its remove button.
 * @csspart picker - The library, upload area and sliders (`<studio-editor-music-picker>`).
 * @csspart filters - The search field and style filter (from the picker).
 * @csspart list - The list of tracks (from the picker).
 * @csspart upload - The upload area (from the picker).
 * @csspart dropzone - The drop area (from the upload).
 * @csspart slider - Each of the level and fade sliders (from the picker).
 * @csspart lock - A creator's lock toggle and reason for the bed.
 * @csspart lock-note - An adopter's note on a locked bed: a padlock and the reason.
 */
export class StudioMusicPanel extends StudioElement {
  static override styles = [
    controlStyles,
    panelStyles,
    lockStyles,
    css`
      [part='current'] {
        display: flex;
        flex-wrap: wrap;
        gap: 4px 12px;
        align-items: center;
        margin: 0;
      }
      p {
        margin: 0;
      }
    `,
  ];

  override connectedCallback(): void {
    super.connectedCallback();
    exportPanelParts(this, 'music', MUSIC_PARTS);
  }

  /** Set by `<studio-editor-panels>` while another panel is shown; nothing is loaded until it is not. */
  @property({ type: Boolean, reflect: true }) override hidden = false;
  /** Offer the user's own upload (`tools.upload`). */
  @property({ type: Boolean }) upload = true;
  /** Largest upload, bytes (`music.uploadMaxBytes`). */
  @property({ type: Number }) uploadMaxBytes = 25 * 1024 * 1024;
  /** Gain and fades of a new bed (`config.music`). */
  @property({ attribute: false }) defaults: MusicDefaults = { gain: -6, fadeIn: 0.5, fadeOut: 1.5 };
  /** Where uploads are stored (tests use their own database). */
  @property({ attribute: false }) uploadStore: UploadStoreOptions = {};
  /** The track ids the host licensed (`music.tracks`): the library offers only these. Undefined: every track. */
  @property({ attribute: false }) trackIds: readonly string[] | undefined;

  @consume({ context: clientContext, subscribe: true })
  @state()
  client: ServiceClient | undefined;

  /** The editor's preview: an upload is checked with its decoder, and the project then keeps that decode. */
  @consume({ context: previewContext, subscribe: true })
  editorPreview: MixPreviewSource | undefined;

  @state() private previewing: string | undefined;
  @state() private error = '';
  @state() private uploadError = '';
  @state() private announcement = '';

  readonly #music = new StoreController(this, (state) => state.project.music);
  readonly #role = new StoreController(this, (state) => state.role);
  readonly #library = new LibraryController(this, (client) => client.music().then((library) => library.tracks), {
    key: 'music.tracks',
    ids: () => this.trackIds,
    idOf: (track) => track.track_id,
  });
  #preview: PreviewPlayer | undefined;
  #decoder: AssetDecoder | undefined;
  #uploading: AbortController | undefined;
  /** Name of the file uploaded in this session (a bed keeps no file name; after a reload it is “Your own music”). */
  #uploadName = '';

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    this.#preview?.stop();
    this.#uploading?.abort(new DOMException('The panel was removed.', 'AbortError'));
    this.#decoder?.dispose();
    this.#decoder = undefined;
  }

  /** The bed with `change`, keeping the current level, fades and loop (or the defaults when there is none). */
  #bed(change: Pick<MusicBed, 'track' | 'assetId' | 'url'>): MusicBed {
    const current = this.#music.value ?? null;
    return {
      gain: current?.gain ?? this.defaults.gain,
      fadeIn: current?.fadeIn ?? this.defaults.fadeIn,
      fadeOut: current?.fadeOut ?? this.defaults.fadeOut,
      loop: current?.loop ?? true,
      offset: 0,
      ...change,
    };
  }

  #choose(id: string): void {
    const entry = this.#library.value?.find((track) => track.track_id === id);
    if (entry === undefined) return;
    const { url, preview_url: _preview, ...track } = entry;
    this.#music.dispatch({ type: 'music/set', music: this.#bed({ track, assetId: null, url }) });
    this.announcement = this.t('music.chosen', { title: entry.title });
  }

  async #togglePreview(id: string): Promise<void> {
    const client = this.client;
    const entry = this.#library.value?.find((track) => track.track_id === id);
    if (client === undefined || entry === undefined) return;
    this.#preview ??= new PreviewPlayer(client.fetch, () => (this.previewing = undefined));
    if (this.previewing === id) {
      this.#preview.stop();
      this.previewing = undefined;
      return;
    }
    this.previewing = id;
    this.error = '';
    try {
      await this.#preview.play([{ url: entry.preview_url }]);
    } catch (error) {
      if ((error as Error).name === 'AbortError') return;
      this.previewing = undefined;
      this.error = this.t('music.previewFailed', { message: describeError(error, this.t).text });
      reportError(this, error);
    }
  }

  /** Checks and decodes the file (`checkUpload`), stores it, then makes it the bed. */
  async #useFile(file: File): Promise<void> {
    const client = this.client;
    this.#uploading?.abort(new DOMException('Another file was chosen.', 'AbortError'));
    const controller = new AbortController();
    this.#uploading = controller;
    this.uploadError = '';
    this.announcement = this.t('upload.checking', { name: file.name });
    // In the editor, its own decoder: the project keeps this decode (`keepDecoded` below) instead of decoding
    // the file a second time. Alone, a decoder of the panel's, at the file's rate.
    const preview = this.editorPreview;
    const decode = preview
      ? (blob: Blob, signal?: AbortSignal) => preview.decodeFile(blob, signal)
      : (blob: Blob, signal?: AbortSignal) => (this.#decoder ??= new AssetDecoder({ fetch: (input, init) => fetch(input, init), sampleRate: UPLOAD_CHECK_SAMPLE_RATE, fileRate: true })).decodeFile(blob, signal);
    let audio: DecodedAudio;
    try {
      // Checked and decoded before anything reaches IndexedDB or the project: a refused file leaves the bed as it was.
      const checked = await checkUpload(file, decode, controller.signal);
      if (controller.signal.aborted) return;
      if ('refusal' in checked) {
        this.uploadError = this.t(checked.refusal.key, { ...checked.refusal.params, name: file.name });
        this.announcement = '';
        return;
      }
      audio = checked.audio;
    } catch (error) {
      if ((error as Error).name === 'AbortError') return;
      this.uploadError = this.t('upload.notAudio', { name: file.name });
      this.announcement = '';
      return;
    }
    let url: string;
    let kept = true;
    try {
      const userId = client === undefined ? 'anonymous' : await client.userId();
      if (controller.signal.aborted) return;
      url = uploadUrl(await saveUpload(file, userId, this.uploadStore));
    } catch (error) {
      // Not kept for the next visit: the file is still used in this tab, from an object URL.
      kept = false;
      url = URL.createObjectURL(file);
      this.uploadError = this.t('upload.notKept', { name: file.name, message: (error as Error).message });
    }
    if (controller.signal.aborted) return;
    preview?.keepDecoded(url, audio);
    this.#music.dispatch({ type: 'music/set', music: this.#bed({ track: null, assetId: null, url }) });
    this.#uploadName = file.name;
    if (kept) this.announcement = this.t('upload.used', { name: file.name });
  }

  #gain(event: CustomEvent<SliderValue>): void {
    this.#music.dispatch({ type: 'music/gain', gain: event.detail.value, gesture: GAIN_GESTURE });
    if (event.detail.final) this.#music.dispatch({ type: 'history/end-gesture', gesture: GAIN_GESTURE });
  }

  #fade(which: 'fadeIn' | 'fadeOut', event: CustomEvent<SliderValue>): void {
    this.#music.dispatch({ type: 'music/fades', [which]: event.detail.value, gesture: FADE_GESTURE });
    if (event.detail.final) this.#music.dispatch({ type: 'history/end-gesture', gesture: FADE_GESTURE });
  }

  #remove(): void {
    this.#music.dispatch({ type: 'music/set', music: null });
    this.announcement = this.t('music.removed');
  }

  protected override render() {
    const t = this.t;
    const bed = this.#music.value ?? null;
    const title = bed === null ? undefined : (bed.track?.title ?? (this.#uploadName || t('upload.label')));
    const lock = { role: this.#role.value ?? 'creator', locked: bed?.locked === true, reason: bed?.lockReason, name: t('lock.name.bed'), noteId: 'bed-lock', set: this.#setLock };
    // A locked bed, for an adopter: its lock and reason instead of the library, and no removing it.
    const held = lockHolds(lock);
    return html`<p part="current">
        ${title === undefined
          ? html`<span class="hint">${t('music.noBed')}</span>`
          : html`<span>${t('music.current', { title })}</span>
              <button type="button" class="small" ?disabled=${held} aria-describedby=${held ? lock.noteId : nothing} @click=${this.#remove}>${t('music.remove')}</button>
              ${renderLock(t, lock)}`}
      </p>
      ${held ? nothing : this.#picker(bed)}
      ${renderAlert(this.error, t)}
      <p class="visually-hidden" role="status">${this.announcement}</p>`;
  }

  /** A creator locks or unlocks the bed, or changes the reason (one undo step). */
  readonly #setLock = (locked: boolean, reason: string | undefined): void => {
    this.#music.dispatch({ type: 'lock/set', target: { kind: 'bed' }, locked, ...(reason === undefined ? {} : { reason }) });
  };

  /** The library, the upload and the bed's sliders. */
  #picker(bed: MusicBed | null) {
    const t = this.t;
    const library = this.#library;
    return html`${renderAlert(library.error ? t('music.loadFailed', { message: describeError(library.error, t).text }) : '', t, () => library.retry())}
      <studio-editor-music-picker part="picker" exportparts="filters, list, upload, dropzone, slider"
        .tracks=${library.value ?? []} .selected=${bed?.track?.track_id ?? undefined} .previewing=${this.previewing}
        .gain=${bed?.gain ?? this.defaults.gain} .fadeIn=${bed?.fadeIn ?? this.defaults.fadeIn} .fadeOut=${bed?.fadeOut ?? this.defaults.fadeOut}
        .upload=${this.upload} .uploadMaxBytes=${this.uploadMaxBytes} .uploadError=${this.uploadError}
        @music-choose=${(event: CustomEvent<string>) => this.#choose(event.detail)}
        @music-preview=${(event: CustomEvent<string>) => this.#togglePreview(event.detail)}
        @file-chosen=${(event: CustomEvent<File>) => this.#useFile(event.detail)}
        @music-gain=${this.#gain}
        @music-fade-in=${(event: CustomEvent<SliderValue>) => this.#fade('fadeIn', event)}
        @music-fade-out=${(event: CustomEvent<SliderValue>) => this.#fade('fadeOut', event)}></studio-editor-music-picker>`;
  }
}

defineElement('studio-editor-music-panel', StudioMusicPanel);

declare global {
  interface HTMLElementTagNameMap {
    'studio-editor-music-panel': StudioMusicPanel;
  }
}
