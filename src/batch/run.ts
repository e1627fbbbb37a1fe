/// <reference types="node" />
// A batch run on one machine (`renderBatch`, and `studio-batch render`): every feed row by every destination,
// rendered by a pool of worker threads (./pool-worker.ts), a row's jobs all on one worker so its takes are voiced
// once; the template kept in the store at `templates/<id>.json`; then the run's manifest.json and report.html.
// Stopped (its signal), every worker aborts what it is doing and the run resolves as interrupted: the files
// written are whole, and a run again skips the jobs that were done.
import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import type { ProjectDocument } from '../model/document.js';
import { StudioError } from '../errors.js';
import { refuseFeedDuplicates } from '../session/creative-identity.js';
import { chosenDestinations } from '../session/editor-deliver.js';
import { keyedFeed } from '../session/feed-row-deliver.js';
import { FEED_VOICE_CONCURRENCY } from '../session/feed-takes.js';
import { loadBatchConfig, rendererConfig } from './batch-config.js';
import type { FromWorker, PoolWorkerData, ToWorker } from './pool-protocol.js';
import { createRowRenderer } from './render-row.js';
import { templateId, type RowJob, type RowJobResult } from './row-job.js';
import { writeRunReport } from './run-report.js';
import { batchConfig, type BatchService } from './service.js';
import { storeOf } from './store.js';
import { saveTemplate } from './template-store.js';
import { batchVastSettings, givenVast, readBatchVast, type BatchVast } from './vast-settings.js';

/** Options of `renderBatch`. */
export interface RenderBatchOptions {
  /** The project document exported from the editor, with its feed (rows, key column, mapping). */
  readonly template: ProjectDocument;
  /** The service and the account key (adapters and paths come from `configFile`). */
  readonly service: Pick<BatchService, 'baseUrl' | 'apiKey'>;
  /** An ES module: `export default { api: { operations, paths }, destinations: [...] }` (see `BatchConfigFile`). */
  readonly configFile?: string | undefined;
  /** Destination ids, built-in or the config's. */
  readonly destinations: readonly string[];
  /**
   * For the VAST destinations (`vast-audio`, a config's with `vast`): `{ mediaBaseUrl?, impressionUrls?, adSystem?,
   * errorUrl? }`, each key over the config file's `vast` and the profile's. Each row's vast.xml points at
   * `<mediaBaseUrl><row key>/<file>`. Checked as the editor checks a profile's `vast` before any work.
   */
  readonly vast?: BatchVast | undefined;
  /** Where the files go: a folder path or a `file:///` URL. */
  readonly out: string;
  /** Worker threads. Default: the number of cores (`os.availableParallelism()`). */
  readonly workers?: number | undefined;
  /** Stops the run: the workers abort, the run resolves with `interrupted`. */
  readonly signal?: AbortSignal | undefined;
  readonly onProgress?: ((progress: BatchProgress) => void) | undefined;
}

/** Where a run is. */
export interface BatchProgress {
  /** Jobs (rows by destinations) in the run, and finished so far (delivered, failed or skipped). */
  readonly total: number;
  readonly done: number;
  readonly failed: number;
  readonly skipped: number;
  /** How far the jobs under way are, together, in jobs (each from 0 to 1). */
  readonly underWay: number;
  /** The job that just finished, when one did. */
  readonly finished?: RowJobResult;
}

/** What a run did. */
export interface BatchRun {
  /** The template's content id (its file in the store is `templates/<template>.json`). */
  readonly template: string;
  /** The jobs of the run: its rows by its destinations. */
  readonly total: number;
  /** Every job's result (an interrupted run: those that finished). */
  readonly results: readonly RowJobResult[];
  /** Stopped by its signal before every job finished: no manifest was written. */
  readonly interrupted: boolean;
}

/** Run from the sources (the tests, under tsx), not the build: the worker is TypeScript too. */
const fromSources = import.meta.url.endsWith('.ts');

/**
 * A worker of the pool: the module beside this one. From the sources, the worker registers tsx first (Node 20
 * loads a worker's entry before the hooks of an inherited `--import tsx` are in place).
 */
function workerOf(workerData: PoolWorkerData): Worker {
  const entry = new URL(`./pool-worker${fromSources ? '.ts' : '.js'}`, import.meta.url);
  if (!fromSources) return new Worker(entry, { workerData });
  const boot = `import('tsx/esm/api').then((tsx) => { tsx.register(); return import(${JSON.stringify(entry.href)}); });`;
  return new Worker(boot, { eval: true, workerData });
}

/**
 * The rows of the template's feed, each with its jobs (one per destination), refusing a key that names two rows and
 * two rows (or a row and the version) with one Ad-ID (`ad-id-duplicate`).
 * `vastOf(destination)` gives the VAST settings a destination's jobs carry (none: none).
 */
export function rowJobs(template: ProjectDocument, id: string, destinations: readonly string[], vastOf: (destination: string) => BatchVast | undefined = () => undefined): RowJob[][] {
  const feed = keyedFeed(template);
  const at = feed.columns.indexOf(feed.key);
  const keys = feed.rows.map((row) => row[at] ?? '');
  const twice = keys.filter((key, index) => keys.indexOf(key) !== index);
  if (twice.length > 0) throw new StudioError('feed-key', `The feed's key column ${JSON.stringify(feed.key)} names more than one row ${[...new Set(twice)].slice(0, 5).map((key) => JSON.stringify(key)).join(', ')}: each row's files go in a folder named by its key, so keys must be unique.`);
  // Each row is a creative of its own (the open version's, which a batch delivers): two with one Ad-ID are refused.
  refuseFeedDuplicates(template, feed, [template.openVersion], keys.map((key, index) => ({ index, key })));
  return keys.map((row) =>
    destinations.map((destination) => {
      const vast = vastOf(destination);
      return { template: id, row, destination, ...(vast === undefined ? {} : { vast }) };
    }),
  );
}

/**
 * Renders every row of the template's feed to each destination into `out` with a pool of worker threads, then
 * writes the run's manifest.json and report.html. Jobs whose files a run before completed are skipped. Rejects
 * (before any work) when the config, the destinations or the feed are wrong.
 */
export async function renderBatch(options: RenderBatchOptions): Promise<BatchRun> {
  const { template, signal } = options;
  const config = await loadBatchConfig(options.configFile);
  const configured = rendererConfig(options.service, config);
  const { service } = configured;
  const store = storeOf(options.out);
  // Made here once so that what a worker would refuse (the config, approvals, the feed, a VAST destination without
  // its media base URL) is refused before any work.
  createRowRenderer({ template, ...configured, store });
  const chosen = chosenDestinations(batchConfig(service, configured.destinations), options.destinations);
  const vast = givenVast({ ...config.vast, ...(options.vast === undefined ? {} : readBatchVast(options.vast, 'vast')) });
  batchVastSettings(chosen, vast);
  const id = templateId(template);
  // Only a VAST destination's jobs carry the settings: the others' files, and so their ids, do not depend on them.
  const writesVast = new Set(chosen.filter((destination) => destination.vast !== undefined).map((destination) => destination.id));
  const rows = rowJobs(template, id, options.destinations, (destination) => (writesVast.has(destination) ? vast : undefined));
  await saveTemplate(store, template);

  const total = rows.reduce((sum, jobs) => sum + jobs.length, 0);
  const results: RowJobResult[] = [];
  const fractions = new Map<string, number>();
  const report = (finished?: RowJobResult) =>
    options.onProgress?.({
      total,
      done: results.length,
      failed: results.filter((result) => result.status === 'failed').length,
      skipped: results.filter((result) => result.status === 'skipped').length,
      underWay: [...fractions.values()].reduce((sum, value) => sum + value, 0),
      ...(finished === undefined ? {} : { finished }),
    });
  const waiting = [...rows];
  const count = Math.max(1, Math.min(options.workers ?? availableParallelism(), rows.length));
  const data: PoolWorkerData = {
    template,
    service: options.service,
    configFile: options.configFile,
    out: options.out,
    voiceConcurrency: Math.max(1, Math.floor(FEED_VOICE_CONCURRENCY / count)),
    date: new Date().toISOString(),
  };
  const workers: Worker[] = [];
  let crashed: string | undefined;
  const stop = () => {
    for (const worker of workers) worker.postMessage({ type: 'stop' } satisfies ToWorker);
  };
  signal?.addEventListener('abort', stop, { once: true });
  try {
    await Promise.all(
      Array.from({ length: count }, () => {
        const worker = workerOf(data);
        workers.push(worker);
        let current: readonly RowJob[] = [];
        const next = () => {
          const jobs = signal?.aborted ? undefined : waiting.shift();
          if (jobs === undefined) return void worker.terminate();
          current = jobs;
          worker.postMessage({ type: 'row', jobs } satisfies ToWorker);
        };
        return new Promise<void>((resolve) => {
          worker.on('message', (message: FromWorker) => {
            if (message.type === 'ready' || message.type === 'idle') return next();
            if (message.type === 'progress') {
              fractions.set(JSON.stringify(message.job), message.fraction);
              return report();
            }
            if (message.type === 'result') {
              fractions.delete(JSON.stringify(message.result.job));
              current = current.filter((job) => JSON.stringify(job) !== JSON.stringify(message.result.job));
              results.push(message.result);
              return report(message.result);
            }
            // `stopped` (its work aborted, its files whole) or `broken` (its renderer could not be made).
            if (message.type === 'broken') for (const jobs of [current, ...waiting.splice(0)]) for (const job of jobs) results.push({ job, status: 'failed', files: [], reasons: [message.message] });
            void worker.terminate();
          });
          worker.on('error', (error) => {
            // A worker that crashed fails the row it had; the others go on.
            crashed = error.message;
            for (const job of current) results.push({ job, status: 'failed', files: [], reasons: [`The worker rendering it stopped: ${error.message}`] });
            current = [];
          });
          worker.on('exit', () => resolve());
        });
      }),
    );
  } finally {
    signal?.removeEventListener('abort', stop);
  }
  // Rows left when every worker crashed: failed, not silently dropped.
  if (!signal?.aborted) for (const job of waiting.splice(0).flat()) results.push({ job, status: 'failed', files: [], reasons: [`No worker was left to render it: ${crashed ?? 'they all stopped'}.`] });
  const interrupted = signal?.aborted === true && results.length < total;
  if (!interrupted) await writeRunReport(store, template, results);
  return { template: id, total, results, interrupted };
}
