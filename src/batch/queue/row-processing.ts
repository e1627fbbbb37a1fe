/// <reference types="node" />
// What the sandboxed row processor does with a job, given the renderer to do it with (./row-processor.ts gives the
// real one): open the run's template from the store once per process, take the voice-over rate from Redis, render,
// and throw a failed row's reasons so that BullMQ retries it and keeps them as its failure.
import type { SandboxedJob } from 'bullmq';
import { Redis } from 'ioredis';
import type { ProjectDocument } from '../../model/document.js';
import type { createRowRenderer } from '../render-row.js';
import type { RowJobResult } from '../row-job.js';
import { storeOf } from '../store.js';
import { redisOptionsOf } from './connection.js';
import type { RowJobData } from './enqueue.js';
import { voiceRateLimit } from './voice-rate.js';
import { workerSettings } from './worker-settings.js';

type RowRenderer = ReturnType<typeof createRowRenderer>;

/** The processor of one sandboxed process, rendering with `createRenderer`. */
export function rowProcessing(createRenderer: typeof createRowRenderer) {
  const settings = workerSettings();
  /** One connection of this process for the voice-over rate, opened with the first renderer that needs it. */
  let redis: Redis | undefined;
  /** A renderer per store and template: a process renders many jobs of the same run. */
  const renderers = new Map<string, Promise<RowRenderer>>();

  async function openRenderer(out: string, template: string): Promise<RowRenderer> {
    const store = storeOf(out);
    const bytes = await store.read(`templates/${template}.json`);
    if (bytes === undefined) throw new Error(`The template ${template} is not in the store ${out}: enqueue the run again (it stores the template), or give every worker the same --out.`);
    const document = JSON.parse(new TextDecoder().decode(bytes)) as ProjectDocument;
    let beforeVoiceover: (() => Promise<void>) | undefined;
    if (settings.voiceRate !== undefined) {
      redis ??= new Redis(redisOptionsOf(settings.queue));
      beforeVoiceover = voiceRateLimit(redis, settings.voiceRate);
    }
    return createRenderer({ template: document, service: { baseUrl: settings.baseUrl, apiKey: settings.apiKey }, store, ...(beforeVoiceover ? { beforeVoiceover } : {}) });
  }

  return async (job: SandboxedJob<RowJobData, RowJobResult>, _token?: string, signal?: AbortSignal): Promise<RowJobResult> => {
    const { out, job: rowJob } = job.data;
    const key = `${rowJob.template} ${out}`;
    let renderer = renderers.get(key);
    if (renderer === undefined) {
      renderer = openRenderer(out, rowJob.template);
      renderer.catch(() => renderers.delete(key));
      renderers.set(key, renderer);
    }
    const render = await renderer;
    const result = await render(rowJob, signal, (fraction) => void job.updateProgress(Math.round(fraction * 100)));
    if (result.status === 'failed') throw new Error(result.reasons.join(' ') || 'The row failed (no reason given).');
    return result;
  };
}
