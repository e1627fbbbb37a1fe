// What a delivery shows under the Deliver panel's form: the progress rows while it runs, then its receipt (what
// went out, each file with its facts and verdict, each vast.xml, the ZIP and every download). Templates only:
// the panel (`ResultsHost`) keeps the run, the downloads' object URLs and "Include anyway".
import { html, nothing, type TemplateResult } from 'lit';
import type { DeliveredFigures, DeliveredFile, DeliveryManifest, DestinationProfile, VastManifestEntry } from '../../delivery/types.js';
import type { Translate } from '../../i18n/translate.js';
import type { DeliverStage, DeliveryRun } from '../../session/deliver-run.js';
import { fileFindings } from '../../rules/file.js';
import { findingWords } from '../shared/finding-words.js';
import { reasonWords, wordsOf } from '../shared/reason-words.js';
import { reason } from '../../rules/said.js';
import { receiptFacts, sizeText } from './deliver-words.js';
import '../../i18n/later-words.js';

/** What the progress rows and the receipt read from the Deliver panel. */
export interface ResultsHost {
  readonly t: Translate;
  /** The destinations offered, in the checklist's order. */
  readonly destinations: readonly DestinationProfile[];
  /** Failed files the user put in the ZIP anyway. */
  readonly included: readonly string[];
  /** The first lines of each vast.xml shown, by file name. */
  readonly vastHeads: ReadonlyMap<string, string>;
  /** A file's label: a destination's or a stem's, with its version's name for `<file>@<version>`. */
  fileLabel(id: string): string;
  /** The name the matrix gives version `id`, if it shows it. */
  versionName(id: string): string | undefined;
  /** The download URL of `blob`, made once per shown result. */
  url(name: string, blob: Blob): string;
  /** "Include anyway" ticked or unticked on a failed file. */
  include(id: string, on: boolean): void;
  /** Cancel pressed while a delivery runs. */
  cancel(): void;
}

/** The steps a file's progress row shows, in order. */
const STAGES: readonly DeliverStage[] = ['render', 'master', 'encode', 'measure', 'pack', 'done'];

/** A row per file of the running delivery, each at its step, with Cancel. */
export function progressRows(host: ResultsHost, progress: ReadonlyMap<string, DeliverStage>): TemplateResult {
  const t = host.t;
  return html`<section part="progress" aria-labelledby="progress-heading">
    <h4 id="progress-heading">${t('deliver.progress')}</h4>
    <ol>
      ${[...progress].map(([file, stage]) => {
        const label = host.fileLabel(file);
        const word = t(`deliver.stage.${stage}`);
        return html`<li part="row" data-file=${file} data-stage=${stage}>
          <span>${label}</span>
          <progress max=${STAGES.length} .value=${STAGES.indexOf(stage) + 1} aria-label=${t('deliver.fileStage', { file: label, stage: word })}></progress>
          <span>${word}</span>
        </li>`;
      })}
    </ol>
    <div class="actions">
      <button type="button" part="cancel" @click=${() => host.cancel()}>${t('job.cancel')}</button>
    </div>
  </section>`;
}

/** The ad's length a file was delivered at: its version's, else the project's. */
const adSeconds = (manifest: DeliveryManifest, file: DeliveredFile): number => manifest.versions?.find((version) => version.id === file.version)?.seconds ?? manifest.project.seconds;

/** The receipt of a finished delivery: what went out, the ZIP, each file, each stem and each vast.xml. */
export function receipt(host: ResultsHost, run: DeliveryRun): TemplateResult {
  const t = host.t;
  const { manifest } = run;
  // In the checklist's order, so that including a file anyway moves nothing.
  const order = (file: DeliveredFile) => host.destinations.findIndex((destination) => destination.id === file.destination.id);
  const files = [...manifest.files, ...manifest.excluded].sort((a, b) => order(a) - order(b));
  return html`<section part="results receipt" aria-labelledby="results-heading">
    <h4 id="results-heading" tabindex="-1">${t('deliver.results')}</h4>
    ${campaign(host, manifest)}
    <div class="actions">
      <a class="button" part="zip" href=${host.url(run.fileName, run.zip)} download=${run.fileName}>${t('deliver.downloadZip', { file: run.fileName, size: sizeText(t, run.zip.size) })}</a>
    </div>
    <ul>
      ${files.map((file) => deliveredFile(host, run, file, manifest.excluded.includes(file)))}
      ${manifest.stems.map((stem) => {
        const blob = run.files.get(stem.fileName);
        const label = host.fileLabel(`stem-${stem.stem}`);
        return html`<li part="file" class="pass" data-file="stem-${stem.stem}">
          <header><strong>${label}</strong><span class="name">${stem.fileName}</span></header>
          ${facts(t, label, stem.figures, t('deliver.pass'))}
          ${blob ? download(host, stem.fileName, blob) : nothing}
        </li>`;
      })}
      ${(manifest.vast ?? []).map((entry) => vastFile(host, run, entry))}
    </ul>
  </section>`;
}

function deliveredFile(host: ResultsHost, run: DeliveryRun, file: DeliveredFile, excluded: boolean): TemplateResult {
  const t = host.t;
  const blob = run.files.get(file.fileName);
  // With several versions a destination has one file per version, and one of several renditions a file each:
  // the file's name tells them apart.
  const many = (run.manifest.versions?.length ?? 0) > 1;
  const id = many || file.destination.rendition !== undefined ? file.fileName : file.destination.id;
  const failed = file.rules.filter((rule) => !rule.pass);
  return html`<li part="file" class=${file.pass ? 'pass' : 'fail'} data-file=${id}>
    <header>
      <span part="verdict"><span aria-hidden="true">${file.pass ? '✓' : '✗'}</span> ${t(file.pass ? 'deliver.pass' : 'deliver.fail')}</span>
      <strong>${many && file.version !== undefined ? host.fileLabel(`${file.destination.id}@${file.version}`) : file.destination.label}</strong>
      <span class="name">${file.fileName}</span>
    </header>
    ${facts(t, file.destination.label, file.figures, file.pass ? t('deliver.pass') : t('deliver.failsRules', { rules: t.list(failed.map((rule) => t(`deliver.rule.${rule.rule}`))) }))}
    ${failed.length > 0
      ? html`<ul>
          ${failed.map((rule) => {
            // The judge's verdict on the file and its fix, in the user's words.
            const [found] = fileFindings(file.destination, [rule], 'file', adSeconds(run.manifest, file));
            const fix = found?.advice === undefined ? rule.fix : wordsOf(t, found.advice.key, found.advice.values);
            return html`<li data-rule=${rule.rule}>${found === undefined ? rule.required : findingWords(t, found)}${fix ? `. ${t('deliver.fix', { fix })}` : nothing}</li>`;
          })}
        </ul>`
      : nothing}
    ${file.pass
      ? nothing
      : html`<div class="include">
          <input type="checkbox" id="include-${id}" aria-describedby="zip-${id}" .checked=${host.included.includes(id)}
            @change=${(event: Event) => host.include(id, (event.target as HTMLInputElement).checked)} />
          <label for="include-${id}">${t('deliver.includeAnyway')}</label>
          <span class="hint" id="zip-${id}">${t(excluded ? 'deliver.excluded' : 'deliver.included')}</span>
        </div>`}
    ${blob ? download(host, file.fileName, blob) : nothing}
  </li>`;
}

/** A vast.xml of the delivery: valid, or its problems (or not written, and why); its first lines as text (open when it is the only one); its download. */
function vastFile(host: ResultsHost, run: DeliveryRun, entry: VastManifestEntry): TemplateResult {
  const t = host.t;
  const blob = run.files.get(entry.fileName);
  const many = (run.manifest.versions?.length ?? 0) > 1;
  const ok = entry.written && entry.valid;
  const head = host.vastHeads.get(entry.fileName);
  return html`<li part="vast-file" class=${ok ? 'pass' : 'fail'} data-vast=${entry.fileName}>
    <header>
      <span part="verdict"><span aria-hidden="true">${ok ? '✓' : '✗'}</span> ${t(ok ? 'deliver.vastValid' : entry.written ? 'deliver.vastInvalid' : 'deliver.vastNotWritten')}</span>
      <strong>${host.fileLabel(many ? `${entry.destination}@${entry.version}` : entry.destination)}</strong>
      <span class="name">${entry.fileName}</span>
    </header>
    ${entry.problems.length > 0
      ? html`<ul>
          ${(run.vastReasons.get(entry.fileName) ?? entry.problems.map((problem) => reason(problem))).map((item) => html`<li>${reasonWords(t, item)}</li>`)}
        </ul>`
      : nothing}
    ${entry.written && head !== undefined
      ? html`<details ?open=${(run.manifest.vast ?? []).filter((other) => other.written).length === 1}>
          <summary>${t('deliver.vastHead', { file: entry.fileName })}</summary>
          <pre part="vast-xml">${head}</pre>
        </details>`
      : nothing}
    ${entry.written && blob ? download(host, entry.fileName, blob) : nothing}
  </li>`;
}

/** What went out: the advertiser and the Ad-ID (each version's, with several), the ISCI when given. */
function campaign(host: ResultsHost, manifest: DeliveryManifest): TemplateResult {
  const t = host.t;
  const { campaign } = manifest;
  const given = (value: string) => value || t('deliver.noValue');
  const versions = manifest.versions ?? [];
  const perVersion = (code: 'adId' | 'isci') => t.list(versions.map((version) => t('deliver.versionCode', { version: version.label || (host.versionName(version.id) ?? version.id), code: given(version[code]) })));
  const many = versions.length > 1;
  const isci = many ? versions.some((version) => version.isci !== '') : campaign.isci !== '';
  return html`<dl part="receipt-campaign" aria-label=${t('deliver.wentOut')}>
    <div><dt>${t('deliver.advertiser')}</dt><dd data-field="advertiser">${given(campaign.advertiser)}</dd></div>
    <div><dt>${t('deliver.adId')}</dt><dd data-field="adId">${many ? perVersion('adId') : given(campaign.adId)}</dd></div>
    ${isci ? html`<div><dt>${t('deliver.isci')}</dt><dd data-field="isci">${many ? perVersion('isci') : campaign.isci}</dd></div>` : nothing}
  </dl>`;
}

/** A delivered file's facts: destination, length, loudness, format, verdict. */
function facts(t: Translate, destination: string, figures: DeliveredFigures, verdict: string): TemplateResult {
  const shown = receiptFacts(t, figures);
  const row = (name: string, label: string, value: string) => html`<div><dt>${label}</dt><dd data-fact=${name}>${value}</dd></div>`;
  return html`<dl part="facts">
    ${row('destination', t('deliver.destination'), destination)} ${row('length', t('deliver.length'), shown.length)}
    ${row('loudness', t('deliver.loudnessHeading'), shown.loudness)} ${row('format', t('deliver.format'), shown.format)}
    ${row('verdict', t('deliver.verdict'), verdict)}
  </dl>`;
}

/** A file's download, from its own bytes. */
function download(host: ResultsHost, fileName: string, blob: Blob): TemplateResult {
  return html`<a part="download" href=${host.url(fileName, blob)} download=${fileName}>${host.t('deliver.download', { file: fileName })}</a>`;
}
