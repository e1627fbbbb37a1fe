/// <reference types="node" />
// `studio-batch render`: the flags, the progress and the exit code of a batch run on one machine (./run.ts).
// The process comes in through `BatchCliIo` (bin/studio-batch.mjs hands it over, with SIGINT as `signal`), so a
// test runs the command in this process. The API key is never printed: every line is scrubbed of it. Each value
// from an argument, a file, the feed or the service is printed through `printable`, one line at most.
import { readFile } from 'node:fs/promises';
import { parseArgs } from 'node:util';
import { StudioConfigError, StudioError } from '../errors.js';
import { printable } from '../internal/printable.js';
import type { ProjectDocument } from '../model/document.js';
import { importProjectFile } from '../model/project-file.js';
import { errorLines } from './error-lines.js';
import { withFeedFile } from './feed-file.js';
import { QUEUE_COMMANDS, runQueueCli } from './queue/cli.js';
import type { RowJobResult } from './row-job.js';
import { renderBatch, type BatchProgress } from './run.js';
import { VAST_FLAG_OPTIONS, vastOfFlags, type BatchVast } from './vast-settings.js';

/** What the command uses of its process. */
export interface BatchCliIo {
  readonly stdout: { write(text: string): unknown };
  /** Progress goes here: a bar on a terminal (`isTTY`), plain lines otherwise. */
  readonly stderr: { write(text: string): unknown; readonly isTTY?: boolean | undefined; readonly columns?: number | undefined };
  readonly env: Readonly<Record<string, string | undefined>>;
  /** Aborted on Ctrl-C: the run stops cleanly. */
  readonly signal?: AbortSignal | undefined;
}

/** The exit codes: every job delivered (or already done), some failed, a usage error, stopped by Ctrl-C. */
export const BATCH_EXIT = { delivered: 0, failed: 1, usage: 2, interrupted: 130 } as const;

/** The environment variable read for the key when `--api-key` is not given. */
export const BATCH_API_KEY_ENV = 'STUDIO_API_KEY';

/** What `studio-batch --help` prints. */
export const BATCH_USAGE = `Usage: npx studio-batch render --project ad.json --feed rows.csv --out DIR|s3://bucket/prefix?endpoint=… --base-url URL [options]

Renders every row of a feed, for each destination, with the template exported from the editor: the same
code as the editor's feed delivery, in a pool of worker threads. Each row's files go in <out>/<row key>/,
then manifest.json and report.html list every row, delivered or failed with its reasons. Run it again to
resume: jobs whose files are complete are skipped.

  --project FILE        the project document exported from the editor (its script, slots, feed key and mapping)
  --feed FILE           the rows: a CSV or JSON file with the columns the template maps
  --out DIR|s3://bucket/prefix?endpoint=…
                        where the files go: a folder path, a file:/// URL, or an S3-compatible bucket
                        (&region=, default us-east-1; no endpoint: AWS) with its credentials in
                        AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY (and AWS_SESSION_TOKEN), never in the URL
  --destinations IDS    destination ids, comma-separated (default: the project's chosen destinations)
  --base-url URL        the voice service, as the editor's api.baseUrl
  --api-key KEY         the account API key; or set ${BATCH_API_KEY_ENV}, which keeps it out of your shell history
  --config FILE         an ES module: export default { api: { operations, paths }, destinations: [...], vast: {...} },
                        or the adapters file studio-contract-check takes (export default { operations, paths })
  --workers N           worker threads (default: the number of cores)

For a VAST destination (vast-audio, or a config's with vast), each row's <row key>/vast.xml points at its files
where you will serve them, as the editor's Deliver panel asks (each over the config file's vast):
  --vast-base-url URL   the http(s) address the files are served under: a file's URL is URL + <row key>/<file>
  --vast-impression URL an impression URL the player requests when the ad plays: at least one (repeat it, at most 10)
  --vast-error-url URL  the <Error> URL the player requests when the ad cannot play
  --vast-ad-system TEXT the <AdSystem> (default: Service Studio Editor)

Exit codes: 0 every row delivered, 1 some rows failed, 2 usage error, 130 stopped by Ctrl-C.

Many machines, through a BullMQ queue on Redis: studio-batch enqueue | worker | status (studio-batch worker --help).
`;

class UsageError extends Error {}

interface RenderArgs {
  readonly project: string;
  readonly feed: string | undefined;
  readonly out: string;
  readonly destinations: readonly string[] | undefined;
  readonly baseUrl: string;
  readonly apiKey: string;
  readonly config: string | undefined;
  readonly workers: number | undefined;
  readonly vast: BatchVast | undefined;
}

/** The flags of `render`, or a `UsageError` saying what is wrong. */
function renderArgs(args: string[], env: BatchCliIo['env']): RenderArgs {
  let values;
  try {
    ({ values } = parseArgs({
      args,
      options: {
        project: { type: 'string' },
        feed: { type: 'string' },
        out: { type: 'string' },
        destinations: { type: 'string' },
        'base-url': { type: 'string' },
        'api-key': { type: 'string' },
        config: { type: 'string' },
        workers: { type: 'string' },
        ...VAST_FLAG_OPTIONS,
      },
      strict: true,
      allowPositionals: false,
    }));
  } catch (error) {
    // Node's words name the flag; a value given to an unknown flag could be the key, so none is echoed.
    throw new UsageError(printable((error as Error).message.split('.')[0]!.replace(/'[^']*'$/, '').trim()) + '.');
  }
  const need = (name: 'project' | 'out' | 'base-url') => {
    const value = values[name];
    if (value === undefined || value === '') throw new UsageError(`--${name} is required.`);
    return value;
  };
  const apiKey = values['api-key'] ?? env[BATCH_API_KEY_ENV];
  if (apiKey === undefined || apiKey === '') throw new UsageError(`No API key: set ${BATCH_API_KEY_ENV} in the environment, or pass --api-key.`);
  const workers = values.workers === undefined ? undefined : Number(values.workers);
  if (workers !== undefined && (!Number.isInteger(workers) || workers < 1)) throw new UsageError(`--workers takes a whole number of threads, 1 or more (got "${printable(values.workers ?? '')}").`);
  const baseUrl = need('base-url');
  if (!/^https?:\/\//.test(baseUrl)) throw new UsageError('--base-url takes the service\'s http(s) address, as the editor\'s api.baseUrl.');
  return {
    project: need('project'),
    feed: values.feed,
    out: need('out'),
    destinations: values.destinations?.split(',').map((id) => id.trim()).filter((id) => id !== ''),
    baseUrl: baseUrl.replace(/\/+$/, ''),
    apiKey,
    config: values.config,
    workers,
    vast: vastOfFlags(values),
  };
}

/** The template from `--project` (read, migrated and validated as the editor reads a project file), with the rows of `--feed` when given. */
async function templateOf(args: RenderArgs): Promise<ProjectDocument> {
  let text: string;
  try {
    text = await readFile(args.project, 'utf8');
  } catch (error) {
    throw new UsageError(`--project ${printable(args.project)} could not be read: ${printable((error as Error).message)}.`);
  }
  const template = await importProjectFile(new Blob([text]));
  if (args.feed === undefined) return template;
  const feed = await readFile(args.feed, 'utf8').catch((error: Error) => {
    throw new UsageError(`--feed ${printable(args.feed ?? '')} could not be read: ${printable(error.message)}.`);
  });
  return withFeedFile(template, feed, args.feed);
}

/** A job's line, for a log: each value from the feed, the files or the service printable, on this one line. */
function jobLine(result: RowJobResult): string {
  const { job } = result;
  const what = `${printable(job.row)} → ${printable(job.destination)}`;
  if (result.status === 'failed') return `failed     ${what}: ${result.reasons.map(printable).join('; ')}`;
  return `${result.status.padEnd(10)} ${what}: ${result.files.map((file) => printable(file.path)).join(', ')}`;
}

/** The progress bar: done and under way, of the run's jobs. */
function bar(progress: BatchProgress, width: number): string {
  const share = progress.total === 0 ? 1 : (progress.done + progress.underWay) / progress.total;
  const cells = Math.max(10, Math.min(40, width - 50));
  const full = Math.round(share * cells);
  return `[${'#'.repeat(full)}${'.'.repeat(cells - full)}] ${progress.done}/${progress.total} jobs, ${progress.failed} failed, ${progress.skipped} skipped `;
}

/** Runs `studio-batch <command> ...`; resolves with the exit code. */
export async function runBatchCli(argv: readonly string[], io: BatchCliIo): Promise<number> {
  const [command, ...rest] = argv;
  const secret = { value: '' };
  // The key as given and as `printable` writes it: the values are escaped before a line is written.
  const scrub = (text: string) => (secret.value.length >= 4 ? [secret.value, printable(secret.value)].reduce((line, key) => line.split(key).join('<redacted>'), text) : text);
  const out = (text: string) => void io.stdout.write(scrub(text));
  const err = (text: string) => void io.stderr.write(scrub(text));
  if (QUEUE_COMMANDS.has(command ?? '')) {
    return runQueueCli(argv, { stdout: io.stdout, stderr: io.stderr, env: io.env, signal: io.signal, loadTemplate: (project, feed) => templateOf({ project, feed } as RenderArgs) });
  }
  if (command === undefined || command === '--help' || command === '-h' || rest.includes('--help')) {
    out(BATCH_USAGE);
    return command === undefined ? BATCH_EXIT.usage : BATCH_EXIT.delivered;
  }
  if (command !== 'render') {
    err(`studio-batch: no command "${printable(command)}": the one-machine command is render.\n\n${BATCH_USAGE}`);
    return BATCH_EXIT.usage;
  }
  let args: RenderArgs;
  let template: ProjectDocument;
  try {
    args = renderArgs(rest, io.env);
    secret.value = args.apiKey;
    template = await templateOf(args);
  } catch (error) {
    if (!(error instanceof UsageError || error instanceof StudioError)) throw error;
    err(`studio-batch render: ${errorLines(error)}`);
    return BATCH_EXIT.usage;
  }
  const tty = io.stderr.isTTY === true;
  let run;
  try {
    run = await renderBatch({
      template,
      service: { baseUrl: args.baseUrl, apiKey: args.apiKey },
      configFile: args.config,
      destinations: args.destinations ?? template.delivery.destinations,
      vast: args.vast,
      out: args.out,
      workers: args.workers,
      signal: io.signal,
      onProgress: (progress) => {
        // Figures only: the one line that starts with a carriage return, to draw over itself.
        if (tty) io.stderr.write(`\r${bar(progress, io.stderr.columns ?? 80)}`);
        else if (progress.finished !== undefined) err(`${jobLine(progress.finished)}\n`);
      },
    });
  } catch (error) {
    if (!(error instanceof StudioError || error instanceof StudioConfigError)) throw error;
    err(`${tty ? '\n' : ''}studio-batch render: ${errorLines(error)}`);
    return BATCH_EXIT.usage;
  }
  if (tty) err('\n');
  const failed = run.results.filter((result) => result.status === 'failed');
  const skipped = run.results.filter((result) => result.status === 'skipped').length;
  if (tty) for (const result of failed) err(`${jobLine(result)}\n`);
  if (run.interrupted) {
    err(`Stopped: ${run.results.length} of ${run.total} jobs finished, no file half-written. Run the same command again to resume: finished jobs are skipped.\n`);
    return BATCH_EXIT.interrupted;
  }
  out(`${run.results.length - failed.length - skipped} delivered, ${skipped} already done, ${failed.length} failed, of ${run.results.length} jobs. Manifest and report: ${printable(args.out.replace(/^(s3:[^?#]*)[?#].*$/i, '$1').replace(/\/+$/, ''))}/manifest.json, report.html\n`);
  return failed.length === 0 ? BATCH_EXIT.delivered : BATCH_EXIT.failed;
}

/**
 * The command as a process runs it (bin/studio-batch.mjs): its arguments, streams and environment; the first
 * Ctrl-C (or SIGTERM, as a service manager stops a worker) stops the run cleanly (no half-written file; run again
 * to resume), a second one ends it at once.
 */
export async function runBatchProcess(process: NodeJS.Process): Promise<void> {
  const stopping = new AbortController();
  const stop = () => {
    if (stopping.signal.aborted) process.exit(BATCH_EXIT.interrupted);
    process.stderr.write('\nStopping: finishing the files being written (Ctrl-C again to quit at once)...\n');
    stopping.abort();
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
  process.exitCode = await runBatchCli(process.argv.slice(2), { stdout: process.stdout, stderr: process.stderr, env: process.env, signal: stopping.signal });
}
