/// <reference types="node" />
// `studio-batch enqueue | worker | status`: the many-machines commands (docs/batch.md). Exit codes: 0 done,
// 1 the queue's Redis did not answer, 2 a usage error (a flag, a missing key, the project or feed); a worker runs
// until SIGTERM or SIGINT, then closes gracefully. Each value from an argument, a file, Redis or the service is
// printed through `printable`, one line at most.
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import type { ProjectDocument } from '../../model/document.js';
import { StudioConfigError } from '../../errors.js';
import { printable } from '../../internal/printable.js';
import { loadBatchConfig } from '../batch-config.js';
import { errorLines } from '../error-lines.js';
import { VAST_FLAG_OPTIONS, vastOfFlags } from '../vast-settings.js';
import { reachQueue, redisOptionsOf, shownQueue } from './connection.js';
import { enqueueRun } from './enqueue.js';
import { formatStatus, queueStatus } from './status.js';
import { parseVoiceRate } from './voice-rate.js';
import { startQueueWorker } from './worker.js';

/** What the commands use of their process. */
export interface QueueCliIo {
  readonly stdout: { write(text: string): unknown };
  readonly stderr: { write(text: string): unknown };
  readonly env: Readonly<Record<string, string | undefined>>;
  /** The project document with its feed, from `--project` and `--feed` (the render command's own reading). */
  readonly loadTemplate: (project: string, feed: string | undefined) => Promise<ProjectDocument>;
  /** Aborted on SIGTERM or SIGINT: a worker then closes gracefully. */
  readonly signal?: AbortSignal | undefined;
}

/** The commands of this module (studio-batch's others are in ../cli.ts). */
export const QUEUE_COMMANDS: ReadonlySet<string> = new Set(['enqueue', 'worker', 'status']);

export const QUEUE_USAGE = `Usage:
  studio-batch enqueue --queue redis://host:6379 --project ad.json [--feed rows.csv] [--destinations a,b]
                       --out DIR|s3://bucket/prefix?endpoint=… [--vast-base-url URL] [--vast-impression URL]…
                       [--vast-error-url URL] [--vast-ad-system TEXT]
  studio-batch worker  --queue redis://host:6379 --base-url URL [--api-key KEY] [--config FILE] [--concurrency N]
                       [--voice-rate N/s] [--lock-ms N]
  studio-batch status  --queue redis://host:6379

enqueue   stores the template in the output store once and adds one flow: a run job waiting for one job per
          row and destination; each job's id is a hash of its work, so enqueueing twice adds nothing. --project,
          --feed and --destinations as render takes them (default: the project's destinations); --out is a
          folder (or file:/// URL) or an S3-compatible bucket that every worker reaches (a bucket's credentials
          in AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY on every machine, never in the URL); --vast-* as render
          takes them (a VAST destination's vast.xml points at <base URL><row key>/<file>), carried in the jobs
worker    renders row jobs, each in a sandboxed process (default 1 at a time: --concurrency N), and writes each
          run's manifest.json and report.html once its rows are done; the API key from --api-key or
          STUDIO_API_KEY (never printed); --config as render takes it; --voice-rate caps voice-over requests per second across every worker
          (give every worker the same value); --lock-ms (default 30000) is how long a dead worker's job stays
          locked before another worker takes it again; SIGTERM or SIGINT finishes the jobs in hand, then exits
status    prints row jobs and runs done, failed, waiting and active, and each failed row with its reason
`;

const EXIT = { ok: 0, failed: 1, usage: 2 } as const;

/** The queue's Redis did not answer (down, a wrong host or port, a refused password). */
class QueueUnreachable extends Error {}

const reachable = (queue: string): Promise<void> =>
  reachQueue(queue).catch((error: Error) => {
    throw new QueueUnreachable(error.message);
  });

const stoppedBy = (signal: AbortSignal | undefined): Promise<void> =>
  new Promise((resolve) => (signal === undefined ? undefined : signal.aborted ? resolve() : signal.addEventListener('abort', () => resolve(), { once: true })));
class UsageError extends Error {}

const need = (value: string | undefined, flag: string): string => {
  if (value === undefined || value === '') throw new UsageError(`${flag} is required.`);
  return value;
};

const whole = (value: string | undefined, flag: string): number | undefined => {
  if (value === undefined) return undefined;
  const n = Number(value);
  if (!(Number.isInteger(n) && n > 0)) throw new UsageError(`${flag} takes a whole number above 0, not "${printable(value)}".`);
  return n;
};

/** Runs `studio-batch <command> …` for enqueue, worker and status; resolves to the exit code. */
export async function runQueueCli(argv: readonly string[], io: QueueCliIo): Promise<number> {
  const [command, ...rest] = argv;
  const out = (text: string) => void io.stdout.write(text);
  const err = (text: string) => void io.stderr.write(text);
  if (rest.includes('--help') || rest.includes('-h')) {
    out(QUEUE_USAGE);
    return EXIT.ok;
  }
  try {
    const { values } = parseArgs({
      args: [...rest],
      options: {
        queue: { type: 'string' },
        project: { type: 'string' },
        feed: { type: 'string' },
        destinations: { type: 'string' },
        out: { type: 'string' },
        'base-url': { type: 'string' },
        'api-key': { type: 'string' },
        concurrency: { type: 'string' },
        config: { type: 'string' },
        'voice-rate': { type: 'string' },
        'lock-ms': { type: 'string' },
        ...VAST_FLAG_OPTIONS,
      },
    });
    const queue = need(values.queue, '--queue');
    try {
      redisOptionsOf(queue);
    } catch (error) {
      throw new UsageError((error as Error).message);
    }
    switch (command) {
      case 'enqueue': {
        const outFolder = need(values.out, '--out');
        // A wrong --vast-* flag is a StudioConfigError naming it: a usage error, below.
        const vast = vastOfFlags(values);
        const template = await io.loadTemplate(need(values.project, '--project'), values.feed).catch((error: Error) => {
          throw error instanceof StudioConfigError ? error : new UsageError(error.message);
        });
        const destinations = values.destinations === undefined ? template.delivery.destinations : values.destinations.split(',').map((id) => id.trim()).filter(Boolean);
        await reachable(queue);
        const run = await enqueueRun({ queue, template, destinations, out: outFolder, vast });
        out(`Enqueued run ${run.run}: ${run.jobs} jobs (rows × destinations) on ${printable(shownQueue(queue))}; a job already there is not added twice.\n`);
        return EXIT.ok;
      }
      case 'status':
        await reachable(queue);
        out(formatStatus(await queueStatus(queue)));
        return EXIT.ok;
      case 'worker': {
        const apiKey = values['api-key'] ?? io.env['STUDIO_API_KEY'];
        if (!apiKey) throw new UsageError('Give the account API key with --api-key or in STUDIO_API_KEY.');
        // A config the editor would refuse is refused here, before any job is taken.
        if (values.config !== undefined) await loadBatchConfig(values.config).catch((error: Error) => {
          throw error instanceof StudioConfigError ? error : new UsageError(error.message);
        });
        const lockMs = whole(values['lock-ms'], '--lock-ms');
        const concurrency = whole(values.concurrency, '--concurrency');
        const worker = startQueueWorker({
          queue,
          baseUrl: need(values['base-url'], '--base-url'),
          apiKey,
          ...(values.config === undefined ? {} : { configFile: resolve(values.config) }),
          ...(concurrency ? { concurrency } : {}),
          ...(values['voice-rate'] === undefined ? {} : { voiceRate: parseVoiceRate(values['voice-rate']) }),
          ...(lockMs ? { lockDurationMs: lockMs, stalledIntervalMs: lockMs } : {}),
        });
        err(`Worker on ${printable(shownQueue(queue))}: waiting for jobs (SIGTERM or Ctrl-C to stop).\n`);
        await stoppedBy(io.signal);
        err('Finishing the jobs in hand, then stopping.\n');
        await worker.close();
        return EXIT.ok;
      }
      default:
        throw new UsageError(`Unknown command "${printable(command ?? '')}".`);
    }
  } catch (error) {
    if (error instanceof QueueUnreachable) {
      err(errorLines(error));
      return EXIT.failed;
    }
    if (error instanceof UsageError || error instanceof StudioConfigError || (error as { code?: string }).code?.startsWith('ERR_PARSE_ARGS')) {
      err(`${errorLines(error)}\n${QUEUE_USAGE}`);
      return EXIT.usage;
    }
    throw error;
  }
}
