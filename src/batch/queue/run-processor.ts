/// <reference types="node" />
// The processor of the run queue: a run's parent job starts once each of its row jobs has delivered or failed for
// good (a failed row is set aside, not blocking: `ignoreDependencyOnFailure`), and writes the run's manifest.json
// and report.html from them, failed rows with their reasons. Light work: it runs in the worker's own process.
import { Job, type Queue } from 'bullmq';
import type { RowJobResult } from '../row-job.js';
import { writeRunReport } from '../run-report.js';
import { storeOf } from '../store.js';
import { loadTemplate } from '../template-store.js';
import type { RowJobData, RunJobData } from './enqueue.js';

/** How a run ended, as the run job's return value. */
export interface RunSummary {
  readonly delivered: number;
  readonly skipped: number;
  readonly failed: number;
}

/** The processor of `RUNS_QUEUE`; `rows` is the row queue (to read a failed child's RowJob). */
export function runProcessor(rows: Queue) {
  return async (job: Job<RunJobData, RunSummary>): Promise<RunSummary> => {
    const { out, template } = job.data;
    const store = storeOf(out);
    const document = await loadTemplate(store, template);
    const done = Object.values(await job.getChildrenValues<RowJobResult>());
    const failed = await Promise.all(Object.entries(await job.getIgnoredChildrenFailures()).map(([key, reason]) => failedRow(rows, key, reason)));
    const results = [...done, ...failed];
    await writeRunReport(store, document, results);
    return {
      delivered: done.filter((result) => result.status === 'delivered').length,
      skipped: done.filter((result) => result.status === 'skipped').length,
      failed: failed.length,
    };
  };
}

/** A failed child as a result: its RowJob from the job kept in Redis, its reason as BullMQ kept it. */
async function failedRow(rows: Queue, key: string, reason: string): Promise<RowJobResult> {
  // A child's key is `<prefix>:<queue>:<id>`; ids are hex hashes, so the last segment is the id.
  const id = key.slice(key.lastIndexOf(':') + 1);
  const child = await Job.fromId<RowJobData>(rows, id);
  if (child === undefined) throw new Error(`The failed row job ${id} is no longer in the queue: its row cannot be named in the report.`);
  return { job: child.data.job, status: 'failed', files: [], reasons: [reason] };
}
