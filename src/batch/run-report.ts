// A batch run's `manifest.json` and `report.html`, made by the same builders as the browser's feed delivery
// (src/session/feed-manifest.ts, deliver-pack.ts): every row listed, delivered or failed with its reasons, from
// the records its jobs left in the store (./row-record.ts). A row delivered to several destinations by several
// jobs is one row of the manifest: delivered when every one of its jobs delivered.
import type { FeedRowOutcome } from '../delivery/types.js';
import { rowSlotValues } from '../feed/mapping.js';
import type { ProjectDocument } from '../model/document.js';
import { versionView } from '../model/versions.js';
import { addRunDocuments } from '../session/deliver-pack.js';
import { feedManifest } from '../session/feed-manifest.js';
import { keyedFeed, rowIndex, type RowMade } from '../session/feed-row-deliver.js';
import { reason, reasonText } from '../rules/said.js';
import { rowValuesOf } from './render-row.js';
import { readRecord, RECORDS_FOLDER } from './row-record.js';
import { rowJobId, type RowJobResult } from './row-job.js';
import type { OutputStore } from './output-store.js';

/** The row of the run of `result` when its job left no record (it failed before delivering): failed, with its reasons. */
function unrecorded(template: ProjectDocument, index: number, result: RowJobResult): RowMade {
  const outcome: FeedRowOutcome = {
    key: result.job.row,
    row: index + 1,
    values: Object.fromEntries(rowSlotValues(template.feed!, index)),
    status: 'failed',
    reasons: [...result.reasons],
    assets: [],
    files: [],
    wordsPerSecond: null,
  };
  return { outcome, reasons: result.reasons.map((text) => reason(text)), files: [], excluded: [], vast: [], captions: [] };
}

/** The jobs of one row as one row: its destinations' files together; failed when any job failed, with every reason. */
function joined(parts: readonly RowMade[], many: boolean, destinations: readonly string[]): RowMade {
  if (parts.length === 1) return parts[0]!;
  // In English, as the records keep them (a record read back has its words only).
  const reasons = parts.flatMap((part, at) => part.outcome.reasons.map((text) => reason(text, undefined, many ? [destinations[at]!] : [])));
  const speeds = parts.map((part) => part.outcome.wordsPerSecond).filter((value): value is number => value !== null);
  return {
    outcome: {
      ...parts[0]!.outcome,
      status: parts.every((part) => part.outcome.status === 'delivered') ? 'delivered' : 'failed',
      reasons: reasons.map(reasonText),
      assets: parts.find((part) => part.outcome.assets.length > 0)?.outcome.assets ?? [],
      // The captions, the same for each job of the row, once.
      files: [...new Set(parts.flatMap((part) => part.outcome.files))],
      wordsPerSecond: speeds.length === 0 ? null : Math.max(...speeds),
    },
    reasons,
    files: parts.flatMap((part) => part.files),
    excluded: parts.flatMap((part) => part.excluded),
    vast: parts.flatMap((part) => part.vast),
    // Each job of the row writes the same captions of its ad (one per version): listed once. A record written
    // before rows had captions has none.
    captions: [...new Map(parts.flatMap((part) => part.captions ?? []).map((entry) => [entry.captions, entry])).values()],
  };
}

/** The run's manifest.json and report.html from the results, as the browser's feed delivery writes them. */
export async function writeRunReport(store: OutputStore, template: ProjectDocument, results: readonly RowJobResult[]): Promise<void> {
  const feed = keyedFeed(template);
  // A row's takes, as the browser counts them: each of its jobs uses all of them; the first to need one voices it.
  const byRow = new Map<string, { index: number; parts: RowMade[]; destinations: string[]; voiced: number; used: number }>();
  for (const result of results) {
    const index = rowIndex(feed, result.job.row);
    const record = await readRecord(store, rowJobId(result.job, rowValuesOf(template, index)));
    // A failed job's old record (a run before) is not this run's word on it.
    const current = record !== undefined && (result.status === 'skipped' || record.result.status === result.status);
    const row = byRow.get(result.job.row) ?? { index, parts: [], destinations: [], voiced: 0, used: 0 };
    if (current && result.status !== 'skipped') {
      row.voiced += record.takes.voiced;
      row.used = Math.max(row.used, record.takes.voiced + record.takes.reused);
    }
    row.parts.push(current ? record.made : unrecorded(template, index, result));
    row.destinations.push(result.job.destination);
    byRow.set(result.job.row, row);
  }
  const rows = [...byRow.values()];
  const voiced = rows.reduce((sum, row) => sum + row.voiced, 0);
  const takes = { voiced, reused: rows.reduce((sum, row) => sum + row.used, 0) - voiced };
  const many = new Set(results.map((result) => result.job.destination)).size > 1;
  const made = rows.sort((a, b) => a.index - b.index).map((row) => joined(row.parts, many, row.destinations));
  const manifest = feedManifest({ project: template, key: feed.key, versions: [{ id: template.openVersion, template: versionView(template, template.openVersion) }], made, takes, createdAt: new Date() });
  const documents: { name: string; data: Blob }[] = [];
  await addRunDocuments({ add: (name, data) => void documents.push({ name, data }) }, manifest, template);
  // Every job has ended: a temporary file beside the run's files is a killed writer's (its job ran again).
  await store.settle?.(['', RECORDS_FOLDER, ...results.flatMap((result) => result.files.map((file) => file.path.slice(0, Math.max(0, file.path.lastIndexOf('/')))))]);
  for (const { name, data } of documents) await store.write(name, new Uint8Array(await data.arrayBuffer()));
}
