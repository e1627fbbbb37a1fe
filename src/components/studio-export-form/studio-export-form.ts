import { css, html, nothing } from 'lit';
import { property, state } from 'lit/decorators.js';
import type { ExportFormat } from '../../config/types.js';
import type { DeliverySettings } from '../../model/document.js';
import { defineElement } from '../../internal/define.js';
import { StudioElement } from '../shared/studio-element.js';
import { controlStyles } from '../shared/controls.styles.js';
import { actionRowStyles } from '../shared/panel.styles.js';
import '../studio-job-status/studio-job-status.js';
import '../../i18n/later-words.js';

/** What the user asked to export. */
export interface ExportRequest {
  format: ExportFormat;
  sampleRate: 44_100 | 48_000;
  /** With its extension. */
  fileName: string;
}

const FILE_NAME = /^[\p{L}\p{N} ._-]+$/u;

/** A file name from a project title: letters, digits, spaces, dots, dashes and underscores only. */
export function fileNameFromTitle(title: string): string {
  const cleaned = title
    .normalize('NFC')
    .replace(/\s*[^\p{L}\p{N} ._-]+\s*/gu, '-')
    .replace(/-{2,}/g, '-')
    .replace(/^[\s.-]+|[\s.-]+$/g, '')
    .slice(0, 80);
  return cleaned || 'audio-ad';
}

export const extensionOf = (format: ExportFormat) => (format === 'mp3' ? 'mp3' : 'wav');

/**
 * Export settings: format, sample rate and file name (from the project title), and the export button;
 * while exporting, a progress bar with Cancel.
 *
 * @tagname studio-editor-export-form
 * @fires export-request - `detail` is an `ExportRequest`.
 * @fires job-cancel - The user cancelled the running export.
 * @csspart formats - The format choices.
 * @csspart rates - The sample rate choices.
 * @csspart file-name - The file name field.
 * @csspart submit - The export button.
 * @csspart status - The progress of a running export (`<studio-editor-job-status>`).
 * @csspart bar - Its progress bar.
 */
export class StudioExportForm extends StudioElement {
  static override styles = [
    controlStyles,
    actionRowStyles,
    css`
      :host {
        display: grid;
        gap: var(--_space, 12px);
      }
      form {
        display: grid;
        gap: var(--_space, 12px);
      }
      .row {
        display: flex;
        gap: 8px 16px;
        flex-wrap: wrap;
        align-items: center;
      }
      .choice {
        display: inline-flex;
        gap: 6px;
        align-items: center;
        font-weight: normal;
        min-height: 36px;
      }
      .name {
        display: grid;
        gap: 4px;
      }
      .name div {
        display: flex;
        align-items: center;
        gap: 4px;
      }
      button.primary {
        justify-self: start;
      }
      p {
        margin: 0;
      }
    `,
  ];

  @property({ attribute: false }) formats: ExportFormat[] = ['wav16', 'wav24', 'mp3'];
  @property() projectTitle = '';
  /** Export is running. */
  @property({ type: Boolean }) busy = false;
  /** 0 to 1 while exporting. */
  @property({ type: Number }) progress: number | undefined;
  /** What the export is doing now, in words (shown with the progress). */
  @property() stage = '';
  /** The project's delivery settings: the format and rate chosen until the user picks others. */
  @property({ attribute: false }) delivery: DeliverySettings | undefined;

  @state() private format: ExportFormat | undefined;
  @state() private rate: 44_100 | 48_000 | undefined;
  @state() private name: string | undefined;
  @state() private nameInvalid = false;

  /** The format shown as chosen: the user's, else the project's delivery format, else the first allowed. */
  get #format(): ExportFormat | undefined {
    const wanted = this.format ?? this.delivery?.format;
    return wanted !== undefined && this.formats.includes(wanted) ? wanted : this.formats[0];
  }

  /** The rate shown as chosen: the user's, else the project's delivery rate, else 48 kHz. */
  get #sampleRate(): 44_100 | 48_000 {
    return this.rate ?? this.delivery?.sampleRate ?? 48_000;
  }

  #submit(event: SubmitEvent): void {
    event.preventDefault();
    const format = this.#format;
    const base = (this.name ?? fileNameFromTitle(this.projectTitle)).trim();
    this.nameInvalid = base === '' || !FILE_NAME.test(base);
    if (this.nameInvalid || format === undefined || this.busy) return;
    const detail: ExportRequest = { format, sampleRate: this.#sampleRate, fileName: `${base}.${extensionOf(format)}` };
    this.dispatchEvent(new CustomEvent<ExportRequest>('export-request', { detail, bubbles: true }));
  }

  /** The status's event does not leave this shadow root: fire it again from the form. */
  #cancel(event: Event): void {
    event.stopPropagation();
    this.dispatchEvent(new CustomEvent('job-cancel', { bubbles: true }));
  }

  protected override render() {
    const t = this.t;
    const format = this.#format;
    const sampleRate = this.#sampleRate;
    if (format === undefined) return nothing;
    const base = this.name ?? fileNameFromTitle(this.projectTitle);
    return html`<form novalidate @submit=${this.#submit}>
      <fieldset part="formats">
        <legend>${t('export.format')}</legend>
        <div class="row">
          ${this.formats.map(
            (option) => html`<label class="choice"><input type="radio" name="format" .checked=${option === format}
              @change=${() => (this.format = option)} />${t(`export.${option}`)}</label>`,
          )}
        </div>
      </fieldset>
      <fieldset part="rates">
        <legend>${t('export.sampleRate')}</legend>
        <div class="row">
          ${([44_100, 48_000] as const).map(
            (rate) => html`<label class="choice"><input type="radio" name="rate" .checked=${rate === sampleRate}
              @change=${() => (this.rate = rate)} />${t('export.rate', { khz: t.number(rate / 1000, 1) })}</label>`,
          )}
        </div>
      </fieldset>
      <div class="name" part="file-name">
        <label for="file">${t('export.fileName')}</label>
        <div>
          <input id="file" type="text" maxlength="80" .value=${base} aria-invalid=${this.nameInvalid ? 'true' : 'false'}
            aria-describedby=${this.nameInvalid ? 'file-error' : nothing}
            @input=${(e: InputEvent) => {
              this.name = (e.target as HTMLInputElement).value;
              this.nameInvalid = false;
            }} />
          <span>.${extensionOf(format)}</span>
        </div>
        ${this.nameInvalid ? html`<p class="error" id="file-error">${t('export.fileNameInvalid')}</p>` : nothing}
      </div>
      <div class="actions">
        ${this.busy
          ? html`<studio-editor-job-status part="status" exportparts="bar" label=${t('export.rendering')} state="running" .progress=${this.progress} stage=${this.stage}
              @job-cancel=${this.#cancel}></studio-editor-job-status>`
          : html`<button class="primary" part="submit" type="submit">${t('export.run', { file: `${base}.${extensionOf(format)}` })}</button>`}
      </div>
    </form>`;
  }
}

defineElement('studio-editor-export-form', StudioExportForm);

declare global {
  interface HTMLElementTagNameMap {
    'studio-editor-export-form': StudioExportForm;
  }
}
