/// <reference types="node" />
// One job of a batch rendered: one feed row delivered to one destination, by the same code as the browser's
// feed delivery (src/session/feed-row-deliver.ts: planned, voiced through the take cache, fitted, delivered),
// the Deliver pipeline on this thread (src/audio/deliver), the row's assets fetched and decoded in Node
// (./sources.ts), the voice service called with the account key (./service.ts). Its files go into the store
// under `<row key>/<file name as the browser names it>`, then its record (./row-record.ts).
import { createHash } from 'node:crypto';
import { deliver, localDeliverDeps } from '../audio/deliver/index.js';
import { mp3Frames } from '../audio/dsp/mp3-frames.js';
import type { ServiceClient } from '../api/client.js';
import { expandRenditions } from '../delivery/renditions.js';
import type { HostDestinationProfile } from '../config/types.js';
import type { DestinationProfile } from '../delivery/types.js';
import type { ProjectDocument } from '../model/document.js';
import { versionNameLabels } from '../session/deliver-pack.js';
import { chosenDestinations, refuseUnapproved } from '../session/editor-deliver.js';
import { blocking, deliverFeedRow, keyedFeed, rowIndex, versionNames, versionRows, type VersionRows } from '../session/feed-row-deliver.js';
import { FEED_VOICE_CONCURRENCY, FeedTakes } from '../session/feed-takes.js';
import { readRecord, writeRecord } from './row-record.js';
import { rowJobId, templateId, type RowJob, type RowJobResult } from './row-job.js';
import { batchClient, batchConfig, type BatchService } from './service.js';
import { assetSources, ffmpegDecode } from './sources.js';
import type { OutputStore } from './output-store.js';
import { batchVastSettings, type BatchVast } from './vast-settings.js';

export type { BatchService } from './service.js';

/** What a row renderer is made with. */
export interface RowRendererOptions {
  /** The template, with its feed (rows, key, mapping). */
  readonly template: ProjectDocument;
  readonly service: BatchService;
  readonly store: OutputStore;
  /** Destinations beyond the built-in ones, from the batch config. */
  readonly destinations?: readonly HostDestinationProfile[];
  /** VAST settings under each job's own (`RowJob.vast`): the batch config's `vast`. */
  readonly vast?: BatchVast;
  /** Called before each voice-over request: resolves when the request may go (the queue's global rate limit). */
  readonly beforeVoiceover?: () => Promise<void>;
  /** The most voice-over requests of this renderer at once. Default: the editor's (`FEED_VOICE_CONCURRENCY`). */
  readonly voiceConcurrency?: number;
  /** The run's date, for the `{date}` of file names. Default: when the renderer is made. */
  readonly date?: Date;
  /** Default: the global fetch (tests count requests with their own). */
  readonly fetch?: typeof fetch;
}

/** How far a job is when each stage of its delivery starts. */
const STAGE_FRACTION = { render: 0.3, master: 0.5, encode: 0.6, measure: 0.8, pack: 0.9 } as const;

/** The values of row `index`, by column: what its job id is made from. */
export function rowValuesOf(template: ProjectDocument, index: number): Record<string, string> {
  const feed = template.feed!;
  return Object.fromEntries(feed.columns.map((column, at) => [column, feed.rows[index]?.[at] ?? '']));
}

/** Why a job failed, in words: the error's message (never a key: ./service.ts keeps it out of its errors). */
const reasonOf = (error: unknown): string => (error instanceof Error ? error.message : String(error));

/** Renders one job's files into the store (skipping complete ones); the same code as the browser's feed delivery. */
export function createRowRenderer(options: RowRendererOptions): (job: RowJob, signal?: AbortSignal, onProgress?: (fraction: number) => void) => Promise<RowJobResult> {
  const { template, store } = options;
  const config = batchConfig(options.service, options.destinations);
  const feed = keyedFeed(template);
  refuseUnapproved(template, [template.openVersion], config.review.require);
  // Each destination's sheet judges the rows (its words-a-second limit): a checker per destination, made once.
  const checked = new Map<string, VersionRows[]>();
  const versionsFor = (chosen: readonly DestinationProfile[]): VersionRows[] => {
    const id = chosen.map((destination) => destination.id).join(',');
    if (!checked.has(id)) checked.set(id, [versionRows(template, template.openVersion, config, chosen)]);
    return checked.get(id)!;
  };
  const labels = versionNameLabels(template, [template.openVersion]);
  const names = versionNames(template, [template.openVersion]);
  const id = templateId(template);
  const client: ServiceClient = batchClient(config, options.service.apiKey, options.fetch);
  const voiceover: ServiceClient['voiceover'] = async (request, callOptions) => {
    await options.beforeVoiceover?.();
    return client.voiceover(request, callOptions);
  };
  const takes = new FeedTakes({ client: { voiceover }, projectId: () => template.project_id, dispatch: () => undefined }, options.voiceConcurrency ?? FEED_VOICE_CONCURRENCY);
  // Assets on the service's /v1/ get the key; others (a CDN) are fetched plainly.
  const sources = assetSources(client.fetch);
  const decodeMp3 = (bytes: Uint8Array) => ffmpegDecode(bytes, 'A delivered MP3', mp3Frames(bytes)?.channelCount ?? 2);
  const deps = { ...localDeliverDeps(() => undefined, decodeMp3), sources };
  const engine = { deliver: (view: ProjectDocument, deliverOptions: Parameters<typeof deliver>[2]) => deliver(deps, view, deliverOptions) };
  const createdAt = options.date ?? new Date();

  return async (job, signal, onProgress) => {
    if (job.template !== id) throw new Error(`The job is for the template ${job.template.slice(0, 12)}…, not this one (${id.slice(0, 12)}…): render it with the template it was made from.`);
    const index = rowIndex(feed, job.row);
    const jobId = rowJobId(job, rowValuesOf(template, index));
    const before = await readRecord(store, jobId);
    if (before?.result.status === 'delivered' && (await Promise.all(before.result.files.map((file) => store.has(file.path)))).every(Boolean)) {
      onProgress?.(1);
      return { ...before.result, status: 'skipped' };
    }
    const written: { path: string; blob: Blob }[] = [];
    let delivered: Awaited<ReturnType<typeof deliverFeedRow>>;
    try {
      const chosen = chosenDestinations(config, [job.destination]);
      const versions = versionsFor(chosen);
      const run = {
        engine,
        destinations: expandRenditions(chosen),
        vast: batchVastSettings(chosen, { ...options.vast, ...job.vast }),
        versions,
        labels,
        names,
        many: false,
        createdAt,
        sink: { add: (path: string, blob: Blob) => void written.push({ path, blob }) },
        signal,
        project: template,
      };
      delivered = await deliverFeedRow(run, { index, reasons: blocking(versions[0]!.checker.row(index)) }, job.row, takes, (stage) => onProgress?.(STAGE_FRACTION[stage]));
    } catch (error) {
      if (signal?.aborted) throw signal.reason;
      return { job, status: 'failed', files: [], reasons: [reasonOf(error)] };
    }
    const files: RowJobResult['files'][number][] = [];
    // A row's captions and transcript are the same files for each of its jobs, made from takes voiced apart when
    // they ran in two processes (a service's takes differ by a few ms): the first written stays, and each job lists
    // the bytes that are there.
    const shared = new Set(delivered.made.captions.flatMap((entry) => [entry.captions, entry.transcript]));
    try {
      for (const { path, blob } of written) {
        signal?.throwIfAborted();
        let bytes: Uint8Array = new Uint8Array(await blob.arrayBuffer());
        if (!shared.has(path)) await store.write(path, bytes);
        else if (!(await store.create(path, bytes))) bytes = (await store.read(path)) ?? bytes;
        files.push({ path, bytes: bytes.length, sha256: createHash('sha256').update(bytes).digest('hex') });
      }
    } catch (error) {
      if (signal?.aborted) throw signal.reason;
      return { job, status: 'failed', files, reasons: [`Its files could not be written: ${reasonOf(error)}`] };
    }
    const { made } = delivered;
    const result: RowJobResult = { job, status: made.outcome.status, files, reasons: made.outcome.reasons };
    await writeRecord(store, jobId, { result, made, takes: delivered.takes });
    onProgress?.(1);
    return result;
  };
}
