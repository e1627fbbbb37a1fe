/// <reference types="node" />
// `studio-batch enqueue`: one run as one BullMQ flow. The template goes into the output store once
// (templates/<id>.json), so a job carries only its RowJob (with the run's VAST settings: plain data, never a
// key); the flow's parent waits for one child per row×destination, each with the deterministic id of its
// work, so enqueueing the same run twice adds nothing.
import { createHash } from 'node:crypto';
import { FlowProducer, type FlowChildJob } from 'bullmq';
import type { ProjectDocument } from '../../model/document.js';
import { rowValuesOf } from '../render-row.js';
import { canonicalJson, rowJobId, templateId, type RowJob } from '../row-job.js';
import { rowJobs } from '../run.js';
import { saveTemplate } from '../template-store.js';
import { storeOf } from '../store.js';
import { givenVast, readBatchVast, type BatchVast } from '../vast-settings.js';
import { redisOptionsOf, ROWS_QUEUE, RUNS_QUEUE } from './connection.js';

/** The data of a row job: its work and where its files go (the store holding its template). */
export interface RowJobData {
  readonly job: RowJob;
  readonly out: string;
  /** When the run was enqueued (ISO 8601): the `{date}` of its file names, the same on every worker. */
  readonly date: string;
}

/** The data of a run (a flow's parent): the template, where the run's files go and its VAST settings; its id is hashed from them. */
export interface RunJobData {
  readonly template: string;
  readonly destinations: readonly string[];
  readonly out: string;
  readonly vast?: BatchVast;
}

/**
 * A row job's retries: 3 attempts, 2 s then 4 s apart. It keeps its place in its parent when it fails for good
 * (`ignoreDependencyOnFailure`): the run goes on and reports it. Jobs are kept after they end: a kept id is what
 * makes the second enqueue of a run add nothing, and `status` reads failures from them.
 */
export const ROW_JOB_OPTIONS = {
  attempts: 3,
  backoff: { type: 'exponential', delay: 2000 },
  ignoreDependencyOnFailure: true,
  removeOnComplete: false,
  removeOnFail: false,
} as const;

export interface EnqueueOptions {
  /** The Redis of the queue, `redis://host:6379`. */
  readonly queue: string;
  /** The project document, its feed imported and mapped (rows, key, mapping). */
  readonly template: ProjectDocument;
  /** Destination ids (built-in or the config's). */
  readonly destinations: readonly string[];
  /** Where the run's files go, as `storeOf` takes it; every worker must reach the same place. */
  readonly out: string;
  /** The VAST destinations' settings (`--vast-*`), over the workers' config file's `vast` and the profile's. */
  readonly vast?: BatchVast | undefined;
}

export interface EnqueuedRun {
  /** The parent job's id (`run-` and a hash of the template, destinations, store and VAST settings). */
  readonly run: string;
  readonly template: string;
  /** Row×destination jobs in the flow. */
  readonly jobs: number;
}

/** Stores the template and adds the run's flow. Throws, in words, on a feed without rows or key (the editor's words). */
export async function enqueueRun(options: EnqueueOptions): Promise<EnqueuedRun> {
  const { template, destinations, out } = options;
  if (destinations.length === 0) throw new Error('Give at least one destination: --destinations streaming,podcast.');
  const vast = givenVast(options.vast === undefined ? undefined : readBatchVast(options.vast, 'vast'));
  // The feed checked as a run on one machine checks it: a key column, each key naming one row. Which destinations
  // write a vast.xml is the workers' config's to say (it may add or replace one), so every job carries the settings.
  const rows = rowJobs(template, templateId(template), destinations, () => vast);
  const id = await saveTemplate(storeOf(out), template);

  // One date for the run, whichever worker renders a row and when: file names may carry it ({date}).
  const date = new Date().toISOString();
  const children: FlowChildJob[] = rows.flatMap((jobs, index) => {
    const values = rowValuesOf(template, index);
    return jobs.map((job) => ({ name: 'row', queueName: ROWS_QUEUE, data: { job, out, date } satisfies RowJobData, opts: { ...ROW_JOB_OPTIONS, jobId: rowJobId(job, values) } }));
  });
  const data: RunJobData = { template: id, destinations, out, ...(vast === undefined ? {} : { vast }) };
  const run = `run-${runId(data)}`;
  const producer = new FlowProducer({ connection: redisOptionsOf(options.queue, 'command') });
  // A lost connection fails `add`, which says so; the 'error' events need no second telling.
  producer.on('error', () => undefined);
  try {
    await producer.add({ name: 'run', queueName: RUNS_QUEUE, data, opts: { jobId: run, removeOnComplete: false, removeOnFail: false }, children });
  } finally {
    await producer.close();
  }
  return { run, template: id, jobs: children.length };
}

/** The run's id: the same template, destinations, store and VAST settings always make the same run. */
function runId(data: RunJobData): string {
  return createHash('sha256').update(canonicalJson({ ...data, destinations: [...data.destinations].sort() })).digest('hex');
}
