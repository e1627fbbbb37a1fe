/// <reference types="node" />
// The sandboxed processor of the row queue: BullMQ forks a process that imports this file and hands it jobs,
// one at a time, so a crash (or a runaway render) takes down one job and the worker starts another process.
// Per process: the run's template is read from the store once, the voice-over rate is taken from Redis. The store
// writes atomically: a process killed mid-file leaves no half file, and the retry (by any worker) skips the
// files already complete. A failed row throws its reasons, so that BullMQ retries it and keeps them as its failure.
import type { SandboxedJob } from 'bullmq';
import { Redis } from 'ioredis';
import { loadBatchConfig, rendererConfig } from '../batch-config.js';
import { createRowRenderer } from '../render-row.js';
import type { RowJobResult } from '../row-job.js';
import { storeOf } from '../store.js';
import { loadTemplate } from '../template-store.js';
import { redisOptionsOf } from './connection.js';
import type { RowJobData } from './enqueue.js';
import { voiceRateLimit } from './voice-rate.js';
import { workerSettings } from './worker-settings.js';

type RowRenderer = ReturnType<typeof createRowRenderer>;

// The worker that forked this process is gone (killed, its machine lost): stop too, rather than render on
// unwatched. The job's lock expires and another worker takes it; the store holds no half file.
process.once('disconnect', () => process.exit(1));

const settings = workerSettings();
/** The batch config file, imported once per process (adapters are functions: they cannot travel in a job). */
let config: ReturnType<typeof loadBatchConfig> | undefined;
/** One connection of this process for the voice-over rate, opened with the first renderer that needs it. */
let redis: Redis | undefined;
/** A renderer per run (store, template, date): a process renders many jobs of the same run. */
const renderers = new Map<string, Promise<RowRenderer>>();

async function openRenderer(out: string, template: string, date: string): Promise<RowRenderer> {
  const store = storeOf(out);
  const document = await loadTemplate(store, template);
  let beforeVoiceover: (() => Promise<void>) | undefined;
  if (settings.voiceRate !== undefined) {
    redis ??= new Redis(redisOptionsOf(settings.queue));
    beforeVoiceover = voiceRateLimit(redis, settings.voiceRate);
  }
  const configured = rendererConfig({ baseUrl: settings.baseUrl, apiKey: settings.apiKey }, await (config ??= loadBatchConfig(settings.configFile)));
  return createRowRenderer({ template: document, ...configured, store, date: new Date(date), ...(beforeVoiceover ? { beforeVoiceover } : {}) });
}

/** Renders the job's row for its destination into the run's store. */
export default async function processRow(job: SandboxedJob<RowJobData, RowJobResult>, _token?: string, signal?: AbortSignal): Promise<RowJobResult> {
  const { out, job: rowJob, date } = job.data;
  const key = `${rowJob.template} ${out} ${date}`;
  let renderer = renderers.get(key);
  if (renderer === undefined) {
    renderer = openRenderer(out, rowJob.template, date);
    renderer.catch(() => renderers.delete(key));
    renderers.set(key, renderer);
  }
  const render = await renderer;
  const result = await render(rowJob, signal, (fraction) => void job.updateProgress(Math.round(fraction * 100)));
  if (result.status === 'failed') throw new Error(result.reasons.join(' ') || 'The row failed (no reason given).');
  return result;
}
