/// <reference types="node" />
// `studio-batch worker`: takes row jobs from the queue and renders each in a sandboxed process (./row-processor.ts),
// and runs each run's parent job once its rows are done (./run-processor.ts). Any number of workers, on any
// number of machines, share the queue; a worker that dies mid-job (SIGKILL, a lost machine) holds a lock that
// expires, and another worker takes the stalled job again.
import { fileURLToPath } from 'node:url';
import { Queue, Worker } from 'bullmq';
import { redisOptionsOf, ROWS_QUEUE, RUNS_QUEUE } from './connection.js';
import { runProcessor } from './run-processor.js';
import { WORKER_SETTINGS_ENV, type WorkerSettings } from './worker-settings.js';
import { printable } from '../../internal/printable.js';

/**
 * How a dead worker's job comes back: its lock lasts `lockDurationMs` (renewed by a live worker every half of it);
 * every `stalledIntervalMs` each worker looks for jobs whose lock expired and puts them back to wait. A job found
 * stalled more than `MAX_STALLED` times fails (a render that kills its worker each time), else it is retried.
 */
export const STALLED = { lockDurationMs: 30_000, stalledIntervalMs: 30_000 } as const;
const MAX_STALLED = 2;

export interface QueueWorkerOptions extends WorkerSettings {
  /** Row jobs rendered at once, each in its own process. Default 1. */
  readonly concurrency?: number;
  /** See `STALLED`: shorter in tests, so a killed worker's job returns in seconds. */
  readonly lockDurationMs?: number;
  readonly stalledIntervalMs?: number;
}

/** A running worker. */
export interface QueueWorker {
  /** Waits for the jobs in hand to end, then closes the processes and connections. */
  close(): Promise<void>;
  /** Stops at once: jobs in hand are left to stall and be retried elsewhere. */
  kill(): Promise<void>;
}

// The processor beside this file, as the same kind of file (.ts from source through tsx, .js when built).
const thisFile = fileURLToPath(import.meta.url);
const ROW_PROCESSOR = thisFile.replace(/worker(\.[cm]?[jt]s)$/, 'row-processor$1');

/** Starts a worker on `options.queue`. */
export function startQueueWorker(options: QueueWorkerOptions): QueueWorker {
  const connection = redisOptionsOf(options.queue);
  const { queue, baseUrl, apiKey, configFile, voiceRate } = options;
  const settings: WorkerSettings = { queue, baseUrl, apiKey, ...(configFile ? { configFile } : {}), ...(voiceRate ? { voiceRate } : {}) };
  const stalled = {
    lockDuration: options.lockDurationMs ?? STALLED.lockDurationMs,
    stalledInterval: options.stalledIntervalMs ?? STALLED.stalledIntervalMs,
    maxStalledCount: MAX_STALLED,
  };
  const rowsWorker = new Worker(ROWS_QUEUE, ROW_PROCESSOR, {
    connection,
    concurrency: options.concurrency ?? 1,
    ...stalled,
    useWorkerThreads: false,
    workerForkOptions: { env: { ...process.env, [WORKER_SETTINGS_ENV]: JSON.stringify(settings) } },
  });
  const rows = new Queue(ROWS_QUEUE, { connection });
  const runsWorker = new Worker(RUNS_QUEUE, runProcessor(rows), { connection, concurrency: 1, ...stalled });
  // A worker logs and keeps going on a failed job or a lost connection (ioredis reconnects); the events are
  // here so that an unhandled 'error' never ends the process.
  for (const worker of [rowsWorker, runsWorker]) worker.on('error', (error) => console.error(`studio-batch worker: ${printable(error.message)}`));
  return {
    close: async () => {
      await Promise.all([rowsWorker.close(), runsWorker.close()]);
      await rows.close();
    },
    kill: async () => {
      await Promise.all([rowsWorker.close(true), runsWorker.close(true)]);
      await rows.close();
    },
  };
}
