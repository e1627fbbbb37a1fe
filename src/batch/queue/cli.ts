/// <reference types="node" />
// `studio-batch enqueue | worker | status`: the many-machines commands (docs/batch.md). Exit codes: 0 done,
// 2 a usage error (a flag, a missing key); a worker runs until SIGTERM or SIGINT, then closes gracefully.
import { parseArgs } from 'node:util';
import type { ProjectDocument } from '../../model/document.js';
import { shownQueue } from './connection.js';
import { enqueueRun } from './enqueue.js';
import { formatStatus, queueStatus } from './status.js';
import { parseVoiceRate } from './voice-rate.js';
import { startQueueWorker } from './worker.js';

/** What the commands use of their process. */
export interface QueueCliIo {
  readonly stdout: { write(text: string): unknown };
  readonly stderr: { write(text: string): unknown };
  readonly env: Readonly<Record<string, string | undefined>>;
  /** The project document with its feed, from `--project` and `--feed` (the render command's own loading). */
  readonly loadTemplate: (project: string, feed: string) => Promise<ProjectDocument>;
  /** Resolves on the first SIGTERM or SIGINT (a worker then closes). */
  readonly stopped: Promise<string>;
}

export const QUEUE_USAGE = `Usage:
  studio-batch enqueue --queue redis://host:6379 --project ad.json --feed rows.csv --destinations a,b --out DIR
  studio-batch worker  --queue redis://host:6379 --base-url URL [--api-key KEY] [--concurrency N] [--voice-rate N/s]
                       [--lock-ms N]
  studio-batch status  --queue redis://host:6379

enqueue   stores the template in the output store once and adds one flow: a run job waiting for one job per
          row and destination; each job's id is a hash of its work, so enqueueing twice adds nothing
worker    renders row jobs, each in a sandboxed process (default 1 at a time: --concurrency N), and writes each
          run's manifest.json and report.html once its rows are done; the API key from --api-key or
          STUDIO_API_KEY (never printed); --voice-rate caps voice-over requests per second across every worker
          (give every worker the same value); --lock-ms (default 30000) is how long a dead worker's job stays
          locked before another worker takes it again; SIGTERM or SIGINT finishes the jobs in hand, then exits
status    prints row jobs and runs done, failed, waiting and active, and each failed row with its reason
`;

const EXIT = { ok: 0, usage: 2 } as const;
class UsageError extends Error {}

const need = (value: string | undefined, flag: string): string => {
  if (value === undefined || value === '') throw new UsageError(`${flag} is required.`);
  return value;
};

const whole = (value: string | undefined, flag: string): number | undefined => {
  if (value === undefined) return undefined;
  const n = Number(value);
  if (!(Number.isInteger(n) && n > 0)) throw new UsageError(`${flag} takes a whole number above 0, not ${JSON.stringify(value)}.`);
  return n;
};

/** Runs `studio-batch <command> …` for enqueue, worker and status; resolves to the exit code. */
export async function runQueueCli(argv: readonly string[], io: QueueCliIo): Promise<number> {
  const [command, ...rest] = argv;
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
        'voice-rate': { type: 'string' },
        'lock-ms': { type: 'string' },
      },
    });
    const queue = need(values.queue, '--queue');
    switch (command) {
      case 'enqueue': {
        const template = await io.loadTemplate(need(values.project, '--project'), need(values.feed, '--feed'));
        const destinations = need(values.destinations, '--destinations').split(',').map((id) => id.trim()).filter(Boolean);
        const run = await enqueueRun({ queue, template, destinations, out: need(values.out, '--out') });
        io.stdout.write(`Enqueued run ${run.run}: ${run.jobs} jobs (rows × destinations) on ${shownQueue(queue)}; a job already there is not added twice.\n`);
        return EXIT.ok;
      }
      case 'status':
        io.stdout.write(formatStatus(await queueStatus(queue)));
        return EXIT.ok;
      case 'worker': {
        const apiKey = values['api-key'] ?? io.env['STUDIO_API_KEY'];
        if (!apiKey) throw new UsageError('Give the account API key with --api-key or in STUDIO_API_KEY.');
        const lockMs = whole(values['lock-ms'], '--lock-ms');
        const concurrency = whole(values.concurrency, '--concurrency');
        const worker = startQueueWorker({
          queue,
          baseUrl: need(values['base-url'], '--base-url'),
          apiKey,
          ...(concurrency ? { concurrency } : {}),
          ...(values['voice-rate'] === undefined ? {} : { voiceRate: parseVoiceRate(values['voice-rate']) }),
          ...(lockMs ? { lockDurationMs: lockMs, stalledIntervalMs: lockMs } : {}),
        });
        io.stderr.write(`Worker on ${shownQueue(queue)}: waiting for jobs (SIGTERM or Ctrl-C to stop).\n`);
        const signal = await io.stopped;
        io.stderr.write(`${signal}: finishing the jobs in hand, then stopping.\n`);
        await worker.close();
        return EXIT.ok;
      }
      default:
        throw new UsageError(`Unknown command ${JSON.stringify(command ?? '')}.`);
    }
  } catch (error) {
    if (error instanceof UsageError || (error as { code?: string }).code?.startsWith('ERR_PARSE_ARGS')) {
      io.stderr.write(`${(error as Error).message}\n\n${QUEUE_USAGE}`);
      return EXIT.usage;
    }
    throw error;
  }
}
