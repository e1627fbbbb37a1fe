import { css, html, nothing } from 'lit';
import { property, state } from 'lit/decorators.js';
import type { StringKey } from '../../i18n/en.js';
import { defineElement } from '../../internal/define.js';
import { formatBytes } from '../../i18n/format.js';
import { StudioElement } from '../shared/studio-element.js';
import { controlStyles } from '../shared/controls.styles.js';
import '../../i18n/later-words.js';

const AUDIO_EXTENSIONS = ['wav', 'mp3', 'ogg', 'oga', 'opus', 'flac', 'aac', 'm4a', 'webm'];

/** Why a file is refused before decoding, or undefined when it may be decoded. */
export function checkAudioFile(file: { name: string; type: string; size: number }, maxBytes: number, locale = 'en'): { key: StringKey; params: Record<string, string> } | undefined {
  const extension = file.name.includes('.') ? file.name.split('.').pop()!.toLowerCase() : '';
  const audioType = file.type.startsWith('audio/') || (file.type === 'video/webm' && extension === 'webm');
  if (!audioType && !AUDIO_EXTENSIONS.includes(extension)) return { key: 'upload.badType', params: { name: file.name } };
  if (file.size === 0) return { key: 'upload.empty', params: { name: file.name } };
  if (file.size > maxBytes) return { key: 'upload.tooLarge', params: { name: file.name, size: formatBytes(locale, file.size), max: formatBytes(locale, maxBytes) } };
  return undefined;
}

/**
 * A drop zone and file picker for one audio file. Checks type and size before anything is read and says
 * what is wrong with the file by name; `error` shows a later failure (a file that does not decode).
 *
 * @tagname studio-editor-upload
 * @fires file-chosen - `detail` is the `File`, already checked for type and size.
 * @csspart dropzone - The drop area.
 */
export class StudioUpload extends StudioElement {
  static override styles = [
    controlStyles,
    css`
      :host {
        display: block;
      }
      [part='dropzone'] {
        display: grid;
        gap: 4px;
        justify-items: start;
        padding: var(--_space, 12px);
        border: 2px dashed var(--_border, #d1d5db);
        border-radius: var(--_radius, 8px);
      }
      [part='dropzone'].over {
        border-color: var(--_accent, #2563eb);
        background: var(--_surface-alt, #f3f4f6);
      }
      .pick {
        display: inline;
        min-height: auto;
        padding: 0;
        border: 0;
        background: none;
        color: var(--_accent, #2563eb);
        text-decoration: underline;
      }
      p {
        margin: 0;
      }
    `,
  ];

  /** Largest file accepted, in bytes. */
  @property({ type: Number }) maxBytes = 25 * 1024 * 1024;
  /** A message to show, set by the panel when the chosen file could not be used. */
  @property() error = '';
  @state() private over = false;
  @state() private refusal = '';

  #choose(files: FileList | null): void {
    if (files === null || files.length === 0) return;
    if (files.length > 1) {
      this.refusal = this.t('upload.many');
      return;
    }
    const file = files[0]!;
    const problem = checkAudioFile(file, this.maxBytes, this.t.locale);
    this.refusal = problem ? this.t(problem.key, problem.params) : '';
    if (problem === undefined) this.dispatchEvent(new CustomEvent<File>('file-chosen', { detail: file, bubbles: true }));
  }

  #handleDrop(event: DragEvent): void {
    event.preventDefault();
    this.over = false;
    this.#choose(event.dataTransfer?.files ?? null);
  }

  protected override render() {
    const t = this.t;
    const message = this.refusal || this.error;
    return html`<div part="dropzone" class=${this.over ? 'over' : ''} role="group" aria-labelledby="label"
        @dragover=${(event: DragEvent) => {
          event.preventDefault();
          this.over = true;
        }}
        @dragleave=${() => (this.over = false)}
        @drop=${this.#handleDrop}>
        <strong id="label">${t('upload.label')}</strong>
        <p>${t('upload.drop')}
          <button type="button" class="pick" aria-describedby="hint" @click=${() => this.renderRoot.querySelector<HTMLInputElement>('input')!.click()}>${t('upload.choose')}</button></p>
        <p class="hint" id="hint">${t('upload.hint', { size: formatBytes(t.locale, this.maxBytes) })}</p>
        <input type="file" accept="audio/*,.wav,.mp3,.ogg,.flac,.aac,.m4a" hidden
          @change=${(event: Event) => {
            const input = event.target as HTMLInputElement;
            this.#choose(input.files);
            input.value = '';
          }} />
      </div>
      ${message ? html`<p class="error" role="alert">${message}</p>` : nothing}`;
  }
}

defineElement('studio-editor-upload', StudioUpload);

declare global {
  interface HTMLElementTagNameMap {
    'studio-editor-upload': StudioUpload;
  }
}
