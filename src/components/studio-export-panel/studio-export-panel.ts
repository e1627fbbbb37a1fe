import { DURATION_LIMITS } from '../../delivery/limits.js';
import { css, html, nothing } from 'lit';
import { property, state } from 'lit/decorators.js';
import type { ExportedMix } from '../../audio/export.js';
import type { RenderStage } from '../../audio/render-protocol.js';
import type { ExportFormat } from '../../config/types.js';
import { PreviewController } from '../../controllers/preview-controller.js';
import { StoreController } from '../../controllers/store-controller.js';
import { StudioError } from '../../errors.js';
import type { StringKey } from '../../i18n/en.js';
import { LingerController } from '../../internal/linger.js';
import { defineElement } from '../../internal/define.js';
import { exportPanelParts } from '../shared/exported-parts.js';
import { StudioElement } from '../shared/studio-element.js';
import { controlStyles } from '../shared/controls.styles.js';
import { describeError } from '../../i18n/error-words.js';
import { renderAlert } from '../shared/error-alert.js';
import { reportError } from '../../events/report-error.js';
import { panelStyles } from '../shared/panel.styles.js';
import { fileSize } from '../shared/level-format.js';
import type { ExportRequest } from '../studio-export-form/studio-export-form.js';
import '../studio-export-form/studio-export-form.js';
import { requiredText } from '../studio-master-panel/master-view.js';
import { presetName } from '../shared/preset-name.js';
import { speechPastEnd } from '../../rules/limits.js';
import '../../i18n/later-words.js';

type Stage = RenderStage | 'decode' | 'encode';

/** How far the export is at each stage it reports (0 to 1). */
const PROGRESS: Record<Stage, number> = { decode: 0.05, mix: 0.3, master: 0.65, done: 0.8, encode: 0.85 };

/** How long a download's blob: URL is kept before it is revoked, ms (the browser has read it by then). */
export const REVOKE_AFTER_MS = 10_000;

/** A finished export as the panel shows it. */
interface ExportResult {
  readonly fileName: string;
  readonly bytes: number;
  /** The engine's figures of the file. */
  readonly measurement: ExportedMix['measurement'];
  /** Against the preset, when it was mastered. */
  readonly compliance: ExportedMix['compliance'];
}

const isAbort = (error: unknown) => (error as { name?: string } | null)?.name === 'AbortError';

/** The structural parts an editor exports from this element, each as `export-<part>` (docs/styling.md): set here, not in the first paint. */
const EXPORT_PARTS = ['form', 'formats', 'rates', 'file-name', 'submit', 'status', 'bar', 'result', 'message'];

/**
 * Export: format, sample rate and file name (from the project title), then the ad is rendered, mastered and
 * encoded by the editor's preview (`preview.export`), with a progress bar and Cancel; the file downloads, and
 * its name, size, measured loudness and compliance are shown. An export never changes the project.
 *
 * @tagname studio-editor-export-panel
 * @csspart form - The export form (`<studio-editor-export-form>`).
 * @csspart formats - The format choices (from the form).
 * @csspart rates - The sample rate choices (from the form).
 * @csspart file-name - The file name field (from the form).
 * @csspart submit - The export button (from the form).
 * @csspart status - The progress of a running export, with Cancel (from the form).
 * @csspart bar - The progress bar (from the form).
 * @csspart result - The exported file: name, size, loudness and compliance.
 * @csspart message - What there is to say instead of the form, the outcome, or an error.
 */
export class StudioExportPanel extends StudioElement {
  static override styles = [
    controlStyles,
    panelStyles,
    css`
      h3,
      p {
        margin: 0;
      }
      h3 {
        font-size: 1em;
      }
      dl {
        display: grid;
        grid-template-columns: max-content 1fr;
        gap: 4px 12px;
        margin: 0;
      }
      dt {
        font-weight: 600;
      }
      dd {
        margin: 0;
        overflow-wrap: anywhere;
      }
      .error {
        color: var(--_danger, #b91c1c);
      }
    `,
  ];

  override connectedCallback(): void {
    super.connectedCallback();
    exportPanelParts(this, 'export', EXPORT_PARTS);
  }

  /** Set by `<studio-editor-panels>` while another panel is shown. */
  @property({ type: Boolean, reflect: true }) override hidden = false;
  /** The formats offered (`config.tools.export`). */
  @property({ attribute: false }) formats: ExportFormat[] = ['wav16', 'wav24', 'mp3'];

  @state() private busy = false;
  @state() private stage: Stage | undefined;
  @state() private result: ExportResult | undefined;
  @state() private error = '';
  /** Runs the failed export again, when trying again makes sense. */
  @state() private retry: (() => void) | undefined;
  @state() private notice = '';

  readonly #project = new StoreController(this, (s) => ({
    title: s.project.title,
    duration: s.project.duration,
    delivery: s.project.delivery,
    audible: s.project.clips.length > 0 || (s.project.music?.url ?? null) !== null,
  }));
  readonly #preview = new PreviewController(this);
  #controller: AbortController | undefined;
  #run = 0;
  readonly #timers = new Map<ReturnType<typeof setTimeout>, string>();

  constructor() {
    super();
    // An export goes on through a move in the DOM; the panel removed for good stops it and frees its files.
    new LingerController(this, () => {
      this.#controller?.abort(new DOMException('The panel was removed.', 'AbortError'));
      for (const [timer, url] of this.#timers) {
        clearTimeout(timer);
        URL.revokeObjectURL(url);
      }
      this.#timers.clear();
    });
  }

  async #export(event: CustomEvent<ExportRequest>): Promise<void> {
    const source = this.#preview.source;
    const project = this.#project.value;
    if (source === undefined || project === undefined || this.busy) return;
    const { format, sampleRate, fileName } = event.detail;
    const controller = new AbortController();
    const run = ++this.#run;
    this.#controller = controller;
    Object.assign(this, { busy: true, stage: undefined, result: undefined, error: '', notice: '', retry: undefined });
    try {
      const { blob, measurement, compliance } = await source.export({
        format,
        sampleRate,
        signal: controller.signal,
        onProgress: (stage) => {
          if (run === this.#run) this.stage = stage;
        },
      });
      controller.signal.throwIfAborted();
      this.#download(blob, fileName);
      this.result = { fileName, bytes: blob.size, measurement, compliance };
    } catch (error) {
      if (run !== this.#run) return;
      if (isAbort(error) || controller.signal.aborted) this.notice = this.t('export.cancelled');
      else {
        const shown = describeError(error, this.t);
        this.error = this.t('export.failed', { message: shown.text });
        this.retry = shown.retry ? () => void this.#export(event) : undefined;
        // The editor reports its own export failures (studio-error); anything else is reported here.
        if (!(error instanceof StudioError)) reportError(this, error);
      }
    } finally {
      if (run === this.#run) {
        this.busy = false;
        this.stage = undefined;
        this.#controller = undefined;
      }
    }
  }

  /** Downloads through a transient `<a download>` (no script or style attribute: CSP-safe). */
  #download(blob: Blob, fileName: string): void {
    const url = URL.createObjectURL(blob);
    const anchor = document.createElement('a');
    anchor.href = url;
    anchor.download = fileName;
    anchor.hidden = true;
    this.renderRoot.appendChild(anchor);
    anchor.click();
    anchor.remove();
    const timer = setTimeout(() => {
      this.#timers.delete(timer);
      URL.revokeObjectURL(url);
    }, REVOKE_AFTER_MS);
    this.#timers.set(timer, url);
  }

  protected override render() {
    const project = this.#project.value;
    if (project === undefined) return nothing;
    const t = this.t;
    const heading = html`<h3>${t('export.heading')}</h3>`;
    if (!project.audible) return html`${heading}<p part="message">${t('export.nothing')}</p>`;
    if (this.#preview.source === undefined) return html`${heading}<p part="message">${t('export.noPreview')}</p>`;
    const stage = this.stage;
    return html`${heading}
      ${this.#lengthWarning(project.duration)}
      <studio-editor-export-form part="form" exportparts="formats, rates, file-name, submit, status, bar" .formats=${this.formats} .delivery=${project.delivery} projectTitle=${project.title} ?busy=${this.busy}
        .progress=${stage === undefined ? undefined : PROGRESS[stage]} stage=${stage === undefined ? '' : t(`export.stage.${stage}` as StringKey)}
        @export-request=${this.#export} @job-cancel=${() => this.#controller?.abort(new DOMException('Cancelled by the user.', 'AbortError'))}></studio-editor-export-form>
      ${renderAlert(this.error, t, this.retry)}
      <p part="message" role="status">${this.notice || (this.result ? t('export.done', { file: this.result.fileName, size: this.#size(this.result.bytes) }) : '')}</p>
      ${this.result ? this.#result(this.result) : nothing}`;
  }

  /** Speech that the ad's length would cut: said before the export, with the two ways out. */
  #lengthWarning(duration: number) {
    const timing = this.#preview.state?.timing;
    if (timing == null || speechPastEnd(timing.speechEnd, duration) === 0) return nothing;
    const t = this.t;
    const fit = Math.min(DURATION_LIMITS.max, Math.ceil(timing.speechEnd + 0.25));
    return html`<div part="length-warning" class="warning" role="alert">
      <p>${t('export.speechCut', { seconds: t.number(timing.speechEnd - duration, 1), end: t.clock(duration) })}</p>
      <button type="button" @click=${() => this.#project.dispatch({ type: 'project/set-duration', duration: fit })}>${t('export.extendToFit', { seconds: fit })}</button>
      <button type="button" @click=${() => this.dispatchEvent(new CustomEvent('panel-select', { detail: 'script', bubbles: true, composed: true }))}>${t('export.fitScript')}</button>
    </div>`;
  }

  #size(bytes: number): string {
    const { unit, value } = fileSize(bytes);
    return this.t(unit === 'kb' ? 'export.kb' : 'export.mb', { value: this.t.number(value, 1) });
  }

  #result(result: ExportResult) {
    const t = this.t;
    const { measurement, compliance } = result;
    const failed = compliance?.rules.filter((rule) => !rule.pass) ?? [];
    const verdict =
      compliance === undefined
        ? t('export.unmastered')
        : compliance.pass
          ? t('export.meets', { preset: presetName(t, compliance.preset) })
          : t('export.misses', {
              preset: presetName(t, compliance.preset),
              rules: failed.map((rule) => `${t(`master.rule.${rule.rule}` as StringKey)} (${requiredText(t, rule)})`).join('; '),
            });
    return html`<section part="result" aria-labelledby="result-heading">
      <h3 id="result-heading">${t('export.result')}</h3>
      <dl>
        <dt>${t('export.file')}</dt><dd data-field="file">${result.fileName}</dd>
        <dt>${t('export.size')}</dt><dd data-field="size">${this.#size(result.bytes)}</dd>
        <dt>${t('export.loudness')}</dt><dd data-field="integrated">${t('master.lufs', { value: t.level(measurement.integrated) })}</dd>
        <dt>${t('export.truePeak')}</dt><dd data-field="truePeak">${t('master.dbtp', { value: t.level(measurement.truePeak) })}</dd>
        <dt>${t('export.compliance')}</dt><dd data-field="compliance">${verdict}</dd>
      </dl>
    </section>`;
  }
}

defineElement('studio-editor-export-panel', StudioExportPanel);

declare global {
  interface HTMLElementTagNameMap {
    'studio-editor-export-panel': StudioExportPanel;
  }
}
