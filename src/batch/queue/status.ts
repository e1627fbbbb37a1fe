/// <reference types="node" />
// `studio-batch status`: what the queue holds, row jobs and runs apart, and why each failed row failed.
import { Queue } from 'bullmq';
import type { RowJob } from '../row-job.js';
import { redisOptionsOf, ROWS_QUEUE, RUNS_QUEUE } from './connection.js';
import type { RowJobData } from './enqueue.js';
import { printable } from '../../internal/printable.js';

/** Job counts of one queue. */
export interface JobCounts {
  readonly done: number;
  readonly failed: number;
  /** Waiting to be taken (including a failed attempt waiting for its retry, and a run waiting for its rows). */
  readonly waiting: number;
  readonly active: number;
}

/** A row that failed for good: its job and BullMQ's kept reason (the last attempt's error). */
export interface RowFailure {
  readonly job: RowJob;
  readonly reason: string;
  readonly attempts: number;
}

export interface QueueStatus {
  readonly rows: JobCounts;
  readonly runs: JobCounts;
  readonly failures: readonly RowFailure[];
}

/** Reads the status of the queue at `url`. */
export async function queueStatus(url: string): Promise<QueueStatus> {
  const connection = redisOptionsOf(url, 'command');
  const rows = new Queue(ROWS_QUEUE, { connection });
  const runs = new Queue(RUNS_QUEUE, { connection });
  // A lost connection fails the commands below, which say so; the 'error' events need no second telling.
  for (const queue of [rows, runs]) queue.on('error', () => undefined);
  try {
    const failed = await rows.getFailed(0, -1);
    return {
      rows: await countsOf(rows),
      runs: await countsOf(runs),
      failures: failed.map((job) => ({ job: (job.data as RowJobData).job, reason: job.failedReason, attempts: job.attemptsMade })),
    };
  } finally {
    await Promise.all([rows.close(), runs.close()]);
  }
}

async function countsOf(queue: Queue): Promise<JobCounts> {
  const counts = await queue.getJobCounts('completed', 'failed', 'waiting', 'prioritized', 'delayed', 'waiting-children', 'active');
  return {
    done: counts['completed'] ?? 0,
    failed: counts['failed'] ?? 0,
    waiting: (counts['waiting'] ?? 0) + (counts['prioritized'] ?? 0) + (counts['delayed'] ?? 0) + (counts['waiting-children'] ?? 0),
    active: counts['active'] ?? 0,
  };
}

/** The status as lines of text: the counts, then one line per failed row with its reason (each value on its line). */
export function formatStatus(status: QueueStatus): string {
  const counts = (c: JobCounts) => `${c.done} done, ${c.failed} failed, ${c.waiting} waiting, ${c.active} active`;
  const lines = [`Rows: ${counts(status.rows)}`, `Runs: ${counts(status.runs)}`];
  for (const failure of status.failures) {
    lines.push(`Failed: row ${printable(failure.job.row)} to ${printable(failure.job.destination)} after ${failure.attempts} attempt${failure.attempts === 1 ? '' : 's'}: ${printable(failure.reason)}`);
  }
  return `${lines.join('\n')}\n`;
}
