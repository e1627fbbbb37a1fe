// report.html of a delivery ZIP: one self-contained page (inline CSS and SVG, nothing loaded, every string
// escaped) with the files and their rules, a loudness drawing per file, the review's decisions, the script,
// the voices and music.
import { loudnessChart } from './report-chart.js';
import { REPORT_CSS } from './report-style.js';
import { escapeHtml as e } from './escape.js';
import { printable } from '../internal/printable.js';
import { RULE_NAMES, figureText, fixed, grouped, ruleFigure, size, speedText, utcDate } from './report-text.js';
import type { DeliveredFile, DeliveryManifest, DestinationProfile } from './types.js';

/** One part of the script as the report prints it. */
export interface ReportScriptSection {
  readonly label: string;
  readonly text: string;
}

/** What the report shows besides the manifest. */
export interface DeliveryReportOptions {
  /** The ad's script, by section (hook, body, call to action). */
  readonly script: readonly ReportScriptSection[];
  /** Each delivered version's script (by version id), when more than one version was delivered; `script` is then not shown. */
  readonly scripts?: readonly { readonly version: string; readonly script: readonly ReportScriptSection[] }[];
  /** The transcript of each version delivered with captions (`manifest.captions`), by version id; a feed's rows have none here. */
  readonly transcripts?: readonly { readonly version: string; readonly text: string }[];
}

/** What a version is called in the report: its label, or its length (`:15`). */
function versionName(manifest: DeliveryManifest, id: string | undefined): string {
  const version = manifest.versions?.find((entry) => entry.id === id);
  if (version === undefined) return '';
  return version.label || `:${fixed(version.seconds, 0)}`;
}

/** The versions delivered, with their lengths, codes and files (only when there are several). */
function versionsTable(manifest: DeliveryManifest): string {
  const versions = manifest.versions ?? [];
  if (versions.length < 2) return '';
  const count = (id: string) => manifest.files.filter((file) => file.version === id).length;
  const left = (id: string) => manifest.excluded.filter((file) => file.version === id).length;
  return (
    '<h2>Versions</h2><table class="versions"><thead><tr><th>Version</th><th>Length</th><th>Ad-ID</th><th>ISCI</th><th>Files</th></tr></thead><tbody>' +
    versions
      .map(
        (version) =>
          `<tr><td>${e(versionName(manifest, version.id))}</td><td class="num">${e(fixed(version.seconds, 2))} s</td><td>${e(version.adId || '—')}</td><td>${e(version.isci || '—')}</td>` +
          `<td class="num">${count(version.id)}${left(version.id) > 0 ? `, ${left(version.id)} left out` : ''}</td></tr>`,
      )
      .join('') +
    '</tbody></table>'
  );
}

const DECISION_LABELS = { approved: 'Approved', 'approved-with-changes': 'Approved with changes', 'changes-required': 'Changes required' } as const;

/**
 * The review's decisions on each delivered version (docs/review.md): who, their role, when, the label and note,
 * the content hash decided on, and whether it was fresh at delivery (the sound delivered is the one decided on).
 */
function decisionsTable(manifest: DeliveryManifest): string {
  const versions = (manifest.versions ?? []).filter((version) => version.decisions !== undefined);
  if (versions.length === 0) return '';
  const many = (manifest.versions?.length ?? 0) > 1;
  const rows = versions.flatMap((version) =>
    version.decisions!.map(
      (decision) =>
        `<tr>${many ? `<td>${e(versionName(manifest, version.id))}</td>` : ''}<td>${e(decision.reviewer.name)}</td><td>${e(decision.reviewer.role ?? '—')}</td><td>${e(utcDate(decision.at))}</td>` +
        `<td>${e(DECISION_LABELS[decision.label] ?? decision.label)}${decision.note === undefined ? '' : `: ${e(decision.note)}`}</td><td><code>${e(decision.contentHash.slice(0, 12))}</code></td>` +
        `<td class="${decision.fresh ? 'pass' : 'fail'}">${decision.fresh ? 'Fresh: this sound' : 'Stale: the sound changed since'}</td></tr>`,
    ),
  );
  const hashes = versions.map((version) => `${many ? `${versionName(manifest, version.id)}: ` : ''}${version.contentHash ?? '—'}`).join('; ');
  return (
    `<h2>Review</h2><p>Content hash as delivered: <code>${e(hashes)}</code></p>` +
    (rows.length === 0
      ? '<p>No decision was made on this delivery.</p>'
      : `<table class="decisions"><thead><tr>${many ? '<th>Version</th>' : ''}<th>Reviewer</th><th>Role</th><th>When</th><th>Decision</th><th>Hash</th><th>At delivery</th></tr></thead><tbody>${rows.join('')}</tbody></table>`)
  );
}

/** The page's Content-Security-Policy: nothing may load, only its own inline style (and `data:` images). */
export const REPORT_CSP = "default-src 'none'; style-src 'unsafe-inline'; img-src data:";

const codecText = (d: DestinationProfile): string =>
  d.codec.container === 'wav' ? `WAV PCM ${d.codec.bitDepth}-bit` : `MP3 CBR ${d.codec.bitrateKbps} kbit/s`;

const channelsText = (channels: number): string => (channels === 1 ? 'mono' : channels === 2 ? 'stereo' : `${channels} channels`);

function specText(d: DestinationProfile): string {
  const length = d.length.kind === 'exact' ? 'exact length' : `at most ${fixed(d.length.maxSeconds, 0)} s`;
  return [
    `${codecText(d)}, ${grouped(d.sampleRate)} Hz, ${channelsText(d.channels)}`,
    `${fixed(d.loudness, 1)} ±${fixed(d.tolerance, 1)} LUFS, true peak ≤ ${fixed(d.truePeak, 1)} dBTP`,
    length + (d.maxBytes !== undefined ? `, ≤ ${grouped(d.maxBytes)} bytes` : '') + (d.minTailSilence > 0 ? `, ≥ ${fixed(d.minTailSilence, 1)} s silence at the end` : ''),
  ].join('; ');
}

function resultCell(file: DeliveredFile, included: boolean): string {
  if (file.pass) return '<span class="pass">✓ pass</span>';
  return `<span class="fail">✗ fail</span>${included ? '<br><span class="fail">included anyway</span>' : '<br><span class="fail">left out</span>'}`;
}

function rulesTable(file: DeliveredFile): string {
  const rows = file.rules.map(
    (rule) =>
      `<tr${rule.pass ? '' : ' class="failed"'}><td>${e(RULE_NAMES[rule.rule] ?? rule.rule)}</td><td>${e(rule.required)}</td>` +
      `<td class="num">${e(ruleFigure(rule))}</td>` +
      `<td>${rule.pass ? '<span class="pass">✓ pass</span>' : `<span class="fail">✗ fail${rule.fix ? `: ${e(rule.fix)}` : ''}</span>`}</td></tr>`,
  );
  return (
    '<table class="rules"><colgroup><col style="width:20%"><col style="width:28%"><col style="width:18%"><col style="width:34%"></colgroup>' +
    `<thead><tr><th>Rule</th><th>Required</th><th>Measured</th><th>Result</th></tr></thead><tbody>${rows.join('')}</tbody></table>`
  );
}

function fileSection(file: DeliveredFile, included: boolean, version: string): string {
  const f = file.figures;
  const d = file.destination;
  const figure = (label: string, value: string): string => `<div><span>${label}</span>${e(value)}</div>`;
  const depth = f.bitDepth !== undefined ? `${f.bitDepth}-bit` : f.bitrateKbps !== undefined ? `${fixed(f.bitrateKbps, 0)} kbit/s` : 'n/a';
  const notice = file.pass
    ? ''
    : included
      ? '<p class="notice">This file fails its destination’s rules and was included anyway, at the user’s request.</p>'
      : '<p class="notice">This destination fails its rules: its file was left out of the delivery.</p>';
  const source = d.source.url ? `${e(d.source.title)} (${e(d.source.url)})` : e(d.source.title);
  const unpublished = d.source.unpublished?.length ? ` Not published there, common practice here: ${e(d.source.unpublished.join(', '))}.` : '';
  return (
    `<article class="file${file.pass ? '' : ' failed'}"><h3>${e(file.fileName)}</h3>` +
    `<p>${e(version ? `${version} · ${d.label}` : d.label)}: ${resultCell(file, included)}</p>${notice}` +
    `<p class="sub">${e(specText(d))}. Source: ${source}.${unpublished}</p>` +
    '<div class="figures">' +
    figure('Length', `${grouped(f.samples)} samples, ${fixed(f.seconds, 2)} s`) +
    figure('Format', `${grouped(f.sampleRate)} Hz, ${channelsText(f.channels)}, ${depth}`) +
    figure('Size', size(f.bytes)) +
    figure('Integrated', `${fixed(f.integrated, 2)} LUFS`) +
    figure('Loudness range', `${fixed(f.range, 1)} LU`) +
    figure('True peak', `${fixed(f.truePeak, 2)} dBTP`) +
    figure('Sample peak', `${fixed(f.samplePeak, 2)} dBFS`) +
    figure('DC offset', `${fixed(f.dc * 100, 2)} %`) +
    figure('Silence at the end', `${fixed(f.tailSilence, 2)} s`) +
    `<div style="grid-column: span 4"><span>SHA-256</span><span class="hash">${e(f.sha256)}</span></div>` +
    '</div>' +
    rulesTable(file) +
    `<figure>${loudnessChart(f.shortTerm, f.seconds, d, `Short-term loudness of ${file.fileName} over time, target ${fixed(d.loudness, 1)} LUFS`)}` +
    `<figcaption>Short-term loudness over time; the dashed line is the target (${e(fixed(d.loudness, 1))} LUFS), the band its tolerance (±${e(fixed(d.tolerance, 1))} LU).</figcaption></figure>` +
    '</article>'
  );
}

/** Text from a feed, in HTML: escaped, and its control and bidi characters written out (a key's U+202E turns nothing around). */
const fromFeed = (text: string): string => e(printable(text));

/**
 * The captions and transcript files of each version (and row), and each version's transcript as delivered: what
 * a person who cannot hear the ad reads. A feed's rows are listed by file (their transcripts are in the ZIP).
 */
function captionsSection(manifest: DeliveryManifest, transcripts: DeliveryReportOptions['transcripts'] = []): string {
  const entries = manifest.captions ?? [];
  if (entries.length === 0) return '';
  const many = (manifest.versions?.length ?? 0) > 1;
  const rows = entries
    .map(
      (entry) =>
        `<tr>${manifest.feed === undefined ? '' : `<td>${fromFeed(entry.row ?? '')}</td>`}${many ? `<td>${e(versionName(manifest, entry.version))}</td>` : ''}` +
        `<td>${e(entry.captions)}</td><td>${e(entry.transcript)}</td><td class="num">${e(grouped(entry.words))}</td><td>${entry.timed ? 'As the service timed them' : 'Estimated over their clips'}</td></tr>`,
    )
    .join('');
  const texts = transcripts
    .filter((item) => entries.some((entry) => entry.row === undefined && entry.version === item.version))
    .map((item) => `${many ? `<h3>${e(versionName(manifest, item.version))}</h3>` : ''}<p>${e(item.text)}</p>`)
    .join('');
  return (
    '<h2>Transcript and captions</h2><p>WebVTT captions and a plain-text transcript of the words heard, for people who cannot hear the ad and for companion screens.</p>' +
    `<table><thead><tr>${manifest.feed === undefined ? '' : '<th>Row</th>'}${many ? '<th>Version</th>' : ''}<th>Captions</th><th>Transcript</th><th>Words</th><th>Word times</th></tr></thead><tbody>${rows}</tbody></table>` +
    (texts === '' ? '' : `<div class="script">${texts}</div>`)
  );
}

/** A feed's rows, failed ones first (as the manifest lists them): the key, the values, the files or the reasons. */
function feedTable(manifest: DeliveryManifest): string {
  const feed = manifest.feed;
  if (feed === undefined) return '';
  const failed = feed.rows.filter((row) => row.status === 'failed').length;
  return (
    `<h2>Rows</h2><p>${feed.rows.length} row${feed.rows.length === 1 ? '' : 's'}: ${feed.rows.length - failed} delivered, ${failed} failed. ` +
    `Voice-overs made: ${grouped(feed.takes.voiced)}; takes reused: ${grouped(feed.takes.reused)}.</p>` +
    `<table class="rows"><colgroup><col class="n"><col><col><col></colgroup><thead><tr><th>Row</th><th>${fromFeed(feed.key)}</th><th>Values</th><th>Result</th></tr></thead><tbody>` +
    feed.rows
      .map(
        (row) =>
          `<tr${row.status === 'failed' ? ' class="failed"' : ''}><td class="num">${row.row}</td><td>${fromFeed(row.key)}</td>` +
          `<td>${Object.entries(row.values).map(([slot, value]) => `${e(slot)}: ${fromFeed(value)}`).join('<br>')}</td>` +
          `<td>${row.status === 'failed' ? `<span class="fail">✗ Failed</span><br>${row.reasons.map(fromFeed).join('<br>')}` : `<span class="pass">✓ Delivered</span><br>${row.files.map(fromFeed).join('<br>')}`}</td></tr>`,
      )
      .join('') +
    '</tbody></table>'
  );
}

/** Each `vast.xml` of the delivery: where it is, what it points at, and the editor's check of it. */
function vastTable(manifest: DeliveryManifest): string {
  const documents = manifest.vast ?? [];
  if (documents.length === 0) return '';
  return (
    '<h2>VAST</h2><p>A VAST 4.1 audio ad for each version: upload its files under the address it names, then give the ad server the vast.xml. ' +
    'Each is checked by the editor against the VAST 4.1 rules it writes to (every URL, the Ad-ID, the length, each file).</p>' +
    '<table class="vast"><thead><tr><th>Document</th><th>Points at</th><th>Result</th></tr></thead><tbody>' +
    documents
      .map(
        (document) =>
          `<tr${document.valid && document.written ? '' : ' class="failed"'}><td>${e(document.fileName)}</td><td>${document.files.map((file) => e(file)).join('<br>')}</td>` +
          `<td>${document.valid && document.written ? '<span class="pass">✓ Valid</span>' : `<span class="fail">✗ ${document.written ? 'Not valid' : 'Not written'}</span><br>${document.problems.map((problem) => e(problem)).join('<br>')}`}</td></tr>`,
      )
      .join('') +
    '</tbody></table>'
  );
}

function summaryTable(manifest: DeliveryManifest): string {
  const many = (manifest.versions?.length ?? 0) > 1;
  const row = (file: DeliveredFile, included: boolean): string =>
    `<tr${file.pass ? '' : ' class="failed"'}><td>${file.row === undefined ? '' : `Row ${e(file.row)}<br>`}${e(file.fileName)}</td><td data-label="Destination">${many ? `${e(versionName(manifest, file.version))}<br>` : ''}${e(file.destination.label)}</td>` +
    `<td data-label="Format">${e(codecText(file.destination))}, ${e(grouped(file.figures.sampleRate))} Hz, ${e(channelsText(file.figures.channels))}</td>` +
    `<td class="num" data-label="Loudness">${e(fixed(file.figures.integrated, 1))} LUFS<br>${e(fixed(file.figures.truePeak, 1))} dBTP</td>` +
    `<td class="num" data-label="Length, size">${e(fixed(file.figures.seconds, 2))} s<br>${e(grouped(file.figures.bytes))} B</td>` +
    `<td data-label="Rules">${file.rules
      .map((rule) =>
        rule.pass
          ? `<span class="pass">✓</span> ${e(RULE_NAMES[rule.rule] ?? rule.rule)}`
          : `<span class="fail">✗ ${e(RULE_NAMES[rule.rule] ?? rule.rule)} ${e(ruleFigure(rule))} (${e(rule.required)})${rule.fix ? `: ${e(rule.fix)}` : ''}</span>`,
      )
      .join('<br>')}</td><td data-label="Result">${resultCell(file, included)}</td></tr>`;
  return (
    '<table class="summary"><colgroup><col style="width:22%"><col style="width:13%"><col style="width:14%"><col style="width:12%"><col style="width:11%"><col style="width:18%"><col style="width:10%"></colgroup>' +
    '<thead><tr><th>File</th><th>Destination</th><th>Format</th><th>Loudness</th><th>Length, size</th><th>Rules</th><th>Result</th></tr></thead><tbody>' +
    manifest.files.map((file) => row(file, true)).join('') +
    manifest.excluded.map((file) => row(file, false)).join('') +
    '</tbody></table>'
  );
}

const record = (value: unknown): Record<string, unknown> | null =>
  value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : null;

const text = figureText;

/** The voices and the music of the assets (their `voice` and `music` details), each once. */
function assetsList(assets: readonly unknown[]): string {
  const seen = new Set<string>();
  const items: string[] = [];
  for (const asset of assets.map(record)) {
    const voice = record(asset?.['voice']);
    const music = record(asset?.['music']);
    if (voice && !seen.has(`v:${text(voice['voice_id'])}`)) {
      seen.add(`v:${text(voice['voice_id'])}`);
      const about = [voice['language'], voice['accent'], voice['gender'], typeof voice['speed'] === 'number' && Number.isFinite(voice['speed']) ? `speed ${speedText(voice['speed'])}` : voice['speed'] !== undefined ? `speed ${text(voice['speed'])}` : undefined].map(text).filter(Boolean);
      items.push(`<li>Voice: <b>${e(text(voice['name']) || text(voice['voice_id']))}</b>${about.length ? ` (${e(about.join(', '))})` : ''}, id ${e(text(voice['voice_id']))}</li>`);
    }
    if (music && !seen.has(`m:${text(music['track_id'])}`)) {
      seen.add(`m:${text(music['track_id'])}`);
      const about = [music['style'], music['mood'], music['tempo_bpm'] !== undefined ? `${text(music['tempo_bpm'])} BPM` : undefined].map(text).filter(Boolean);
      items.push(`<li>Music: <b>${e(text(music['title']) || text(music['track_id']))}</b>${about.length ? ` (${e(about.join(', '))})` : ''}, id ${e(text(music['track_id']))}</li>`);
    }
  }
  return items.length ? `<ul class="assets">${items.join('')}</ul>` : '<p>No service voice or music (uploaded audio only).</p>';
}

/**
 * report.html for `manifest`: a self-contained page (no network request: inline CSS and SVG only, under a CSP
 * that forbids loading anything) that prints on A4 and Letter. Every string from the user or the service is
 * escaped. A failed file says so in red, with its figures and fixes; nothing failed is called a pass.
 */
export function deliveryReport(manifest: DeliveryManifest, options: DeliveryReportOptions): string {
  const c = manifest.campaign;
  const failedIncluded = manifest.files.filter((file) => !file.pass).length;
  const meta = (label: string, value: string): string => `<dt>${label}</dt><dd>${e(value || '—')}</dd>`;
  const many = (manifest.versions?.length ?? 0) > 1;
  const sections = (script: readonly ReportScriptSection[]) => script.map((section) => `<p><b>${e(section.label)}</b>${e(section.text)}</p>`).join('');
  const script = options.scripts?.length
    ? options.scripts.map((entry) => `<h3>${e(versionName(manifest, entry.version))}</h3>${sections(entry.script) || '<p>No script.</p>'}`).join('')
    : sections(options.script);
  const stems = manifest.stems.length
    ? `<h2>Stems</h2><table><thead><tr><th>File</th><th>Stem</th><th>Format</th><th>Length</th><th>Loudness</th></tr></thead><tbody>${manifest.stems
        .map(
          (s) =>
            `<tr><td>${e(s.fileName)}</td><td>${s.stem === 'voice' ? 'Voice only' : 'Music only'}</td><td>${e(grouped(s.figures.sampleRate))} Hz, ${e(channelsText(s.figures.channels))}${s.figures.bitDepth ? `, ${s.figures.bitDepth}-bit` : ''}</td>` +
            `<td class="num">${e(grouped(s.figures.samples))} samples</td><td class="num">${e(fixed(s.figures.integrated, 1))} LUFS, ${e(fixed(s.figures.truePeak, 1))} dBTP</td></tr>`,
        )
        .join('')}</tbody></table>`
    : '';
  return [
    '<!doctype html>',
    '<html lang="en"><head><meta charset="utf-8">',
    `<meta http-equiv="Content-Security-Policy" content="${REPORT_CSP}">`,
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    '<meta name="referrer" content="no-referrer">',
    `<title>Delivery report: ${e(manifest.project.title)}</title>`,
    `<style>${REPORT_CSS}</style></head><body>`,
    `<header><h1>Delivery report: ${e(manifest.project.title)}</h1>`,
    `<p class="sub">${e([c.advertiser, c.campaign, c.versionLabel].filter(Boolean).join(' · '))}</p>`,
    '<dl class="meta">',
    meta('Advertiser', c.advertiser),
    meta('Campaign', c.campaign),
    meta('Ad-ID', c.adId),
    meta('ISCI', c.isci),
    ...(c.clearance === undefined ? [] : [meta('Clearance', c.clearance)]),
    // The version delivered is always named: its label, else its length (a feed's rows are delivered in it).
    meta('Version', many ? (manifest.versions ?? []).map((version) => versionName(manifest, version.id)).join(', ') : c.versionLabel || versionName(manifest, manifest.versions?.[0]?.id)),
    meta('Length', many ? (manifest.versions ?? []).map((version) => `${fixed(version.seconds, 2)} s`).join(', ') : `${fixed(manifest.project.seconds, 2)} s`),
    meta('Delivered', utcDate(manifest.createdAt)),
    meta('Editor', `Service Studio Editor ${manifest.editorVersion}`),
    meta('Credits used', manifest.credits === null ? '' : grouped(manifest.credits)),
    meta('Project', manifest.project.projectId),
    '</dl></header>',
    failedIncluded > 0 ? `<p class="notice">${failedIncluded} file${failedIncluded === 1 ? '' : 's'} in this delivery fail${failedIncluded === 1 ? 's' : ''} its destination’s rules and ${failedIncluded === 1 ? 'was' : 'were'} included anyway.</p>` : '',
    manifest.excluded.length > 0 ? `<p class="notice">Left out, failed: ${e(manifest.excluded.map((file) => (many ? `${versionName(manifest, file.version)} ${file.destination.label}` : file.destination.label)).join(', '))}.</p>` : '',
    feedTable(manifest),
    versionsTable(manifest),
    decisionsTable(manifest),
    '<h2>Files</h2>',
    summaryTable(manifest),
    vastTable(manifest),
    // A feed's hundreds of files: each one's figures are in the table above and manifest.json, without a drawing each.
    ...(manifest.feed === undefined
      ? [
          '<h2>Each file</h2>',
          ...manifest.files.map((file) => fileSection(file, true, many ? versionName(manifest, file.version) : '')),
          ...manifest.excluded.map((file) => fileSection(file, false, many ? versionName(manifest, file.version) : '')),
        ]
      : []),
    stems,
    `<h2>Script</h2><div class="script">${script || '<p>No script.</p>'}</div>`,
    captionsSection(manifest, options.transcripts),
    `<h2>Voices and music</h2>${assetsList(manifest.assets)}`,
    `<footer>Made by Service Studio Editor ${e(manifest.editorVersion)} on ${e(utcDate(manifest.createdAt))}. Figures are measured from each file as written, decoded again (ITU-R BS.1770 loudness, EBU Tech 3342 range, 4× oversampled true peak). Details: manifest.json.</footer>`,
    '</body></html>',
  ].join('\n');
}
