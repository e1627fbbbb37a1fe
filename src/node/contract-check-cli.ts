// `npx studio-contract-check`: the flags, the printing and the exit code of the contract check (./contract-check.ts).
// The process comes in through `CliIo` (bin/studio-contract-check.mjs hands it over): this module imports nothing
// of Node, so the editor's sources keep compiling without Node's types, and a test runs it in process.
import { StudioConfigError } from '../errors.js';
import { DEFAULT_PRODUCT_URL, DEFAULT_USER_ID, REDACTED, contractCheck, type ContractReport, type DryRequest, type StepReport } from './contract-check.js';
import { printable, printableJson } from '../internal/printable.js';

/** What the command uses of its process. */
export interface CliIo {
  readonly stdout: { write(text: string): unknown; readonly isTTY?: boolean | undefined };
  readonly stderr: { write(text: string): unknown };
  readonly env: Readonly<Record<string, string | undefined>>;
  /** Imports the adapters file: `import(pathToFileURL(resolve(file)).href)`. */
  readonly load: (file: string) => Promise<unknown>;
  /** Default: the global fetch. */
  readonly fetch?: typeof fetch;
  readonly now?: () => number;
}

export const EXIT = { passed: 0, failed: 1, usage: 2 } as const;

/** The environment variable read for the key when `--api-key` is not given. */
export const API_KEY_ENV = 'STUDIO_API_KEY';

export const USAGE = `Usage: npx studio-contract-check --base-url URL [--config adapters.mjs] [options]

Checks, from your server, that the editor can talk to your service. It mints a user token with your account
API key (POST /v1/auth/token with x-api-key), then calls each of the 10 operations once as the editor would,
through the editor's own client and your adapters, and says per operation whether the editor can read the answer.

  --base-url URL    the service, as the editor's api.baseUrl (required)
  --api-key KEY     the account API key; or set ${API_KEY_ENV} in the environment instead, which keeps the key
                    out of your shell history and the process list (one of the two is required)
  --config FILE     an ES module whose default export is what you give the editor as config.api, without
                    baseUrl: { operations, paths?, idempotencyHeader?, pronunciationsField?, direction? }
  --user-id ID      the end user the token is minted for (default ${DEFAULT_USER_ID})
  --url URL         the product page recommendUrl is asked about (default ${DEFAULT_PRODUCT_URL})
  --timeout-ms N    api.timeoutMs: the longest one request or adapter call may take (default 30000)
  --dry-run         print the request each operation would send (the key and token redacted); send nothing,
                    not even the token request
  --json            print one JSON report on stdout
  -h, --help        print this text

Exit code: 0 every operation passed, 1 one failed (or the token could not be minted), 2 a usage error (a flag,
no key or base URL, an adapters file that does not load or that the editor would refuse). docs/contract.md.
`;

/** A flag, a missing key, an adapters file that does not load or is refused: nothing was sent. */
class UsageError extends Error {}

interface Flags {
  baseUrl: string;
  apiKey: string;
  config: string | undefined;
  userId: string;
  productUrl: string;
  timeoutMs: number | undefined;
  dryRun: boolean;
  json: boolean;
}

const VALUED = ['base-url', 'api-key', 'config', 'user-id', 'url', 'timeout-ms'] as const;
const SWITCHES = ['dry-run', 'json', 'help'] as const;
type Valued = (typeof VALUED)[number];

/** `--name value`, `--name=value` and the switches; each at most once. Never repeats a value it refuses (it may be the key). */
function parseArgs(argv: readonly string[]): { values: Partial<Record<Valued, string>>; switches: Set<string> } {
  const values: Partial<Record<Valued, string>> = {};
  const switches = new Set<string>();
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (arg === '-h') {
      switches.add('help');
      continue;
    }
    const match = /^--([a-z-]+)(?:=([\s\S]*))?$/.exec(arg);
    if (match === null) throw new UsageError(`unexpected argument ${i + 1}: every value follows its flag, as --flag VALUE or --flag=VALUE`);
    const [, name, inline] = match as unknown as [string, string, string | undefined];
    if ((SWITCHES as readonly string[]).includes(name)) {
      if (inline !== undefined) throw new UsageError(`--${name} takes no value`);
      if (switches.has(name)) throw new UsageError(`--${name} is given twice`);
      switches.add(name);
      continue;
    }
    if (!(VALUED as readonly string[]).includes(name)) throw new UsageError(`unknown flag --${name}; the flags are ${[...VALUED, ...SWITCHES].map((flag) => `--${flag}`).join(', ')}`);
    const flag = name as Valued;
    if (values[flag] !== undefined) throw new UsageError(`--${flag} is given twice`);
    const value = inline ?? argv[++i];
    if (value === undefined || (inline === undefined && value.startsWith('--'))) throw new UsageError(`--${flag} needs a value`);
    values[flag] = value;
  }
  return { values, switches };
}

function httpUrl(value: string, flag: string, bare: boolean): string {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new UsageError(`--${flag}: expected an absolute http(s) URL like https://api.example.com`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new UsageError(`--${flag}: expected an http or https URL, got ${url.protocol.slice(0, -1)}`);
  if (bare && (url.search !== '' || url.hash !== '')) throw new UsageError(`--${flag}: expected a URL without query or fragment`);
  return value;
}

function flagsOf(values: Partial<Record<Valued, string>>, switches: ReadonlySet<string>, env: CliIo['env']): Flags {
  if (values['base-url'] === undefined) throw new UsageError('--base-url is required: the service URL, as the editor\'s api.baseUrl');
  const apiKey = values['api-key'] ?? env[API_KEY_ENV];
  if (apiKey === undefined || apiKey === '') throw new UsageError(`no API key: set ${API_KEY_ENV} in the environment (or give --api-key)`);
  const userId = values['user-id'] ?? DEFAULT_USER_ID;
  if (userId.trim() === '' || userId.length > 256) throw new UsageError('--user-id: expected 1 to 256 characters');
  const timeout = values['timeout-ms'];
  const timeoutMs = timeout === undefined ? undefined : Number(timeout);
  if (timeoutMs !== undefined && (!/^\d+$/.test(timeout!) || timeoutMs < 1000 || timeoutMs > 300_000)) throw new UsageError('--timeout-ms: expected a whole number of ms from 1000 to 300000');
  return {
    baseUrl: httpUrl(values['base-url'], 'base-url', true),
    apiKey,
    config: values.config,
    userId,
    productUrl: httpUrl(values.url ?? DEFAULT_PRODUCT_URL, 'url', false),
    timeoutMs,
    dryRun: switches.has('dry-run'),
    json: switches.has('json'),
  };
}

/** The adapters file's default export. */
async function loadAdapters(file: string, io: CliIo): Promise<unknown> {
  let module: unknown;
  try {
    module = await io.load(file);
  } catch (error) {
    throw new UsageError(`--config ${printable(file)} could not be loaded: ${printable(error instanceof Error ? `${error.name}: ${error.message}` : String(error))}`);
  }
  const exported = (module as { default?: unknown }).default;
  if (exported === undefined) throw new UsageError(`--config ${printable(file)} has no default export: export default { operations: { ... } }`);
  return exported;
}

/** Runs the command; resolves with its exit code (`EXIT`). Every line it writes is scrubbed of the key. */
export async function runCli(argv: readonly string[], io: CliIo): Promise<number> {
  const keys = [io.env[API_KEY_ENV]].filter((key): key is string => key !== undefined && key.length >= 4);
  // A key is scrubbed as given and as `printable` writes it, since the values are escaped before a line is written.
  const scrub = (text: string) => keys.flatMap((key) => [key, printable(key)]).reduce((out, key) => out.split(key).join(REDACTED), text);
  // Each value from an argument, the adapters or the service is printed through `printable` where it is set in a
  // line: nothing the service answered can steer the terminal or start a line (JSON stays JSON: `printableJson`).
  const out = (text: string) => io.stdout.write(scrub(text));
  const fail = (text: string) => io.stderr.write(scrub(text));
  let configFile: string | undefined;
  try {
    const { values, switches } = parseArgs(argv);
    if (values['api-key'] !== undefined && values['api-key'].length >= 4) keys.push(values['api-key']);
    if (switches.has('help')) {
      out(USAGE);
      return EXIT.passed;
    }
    const flags = flagsOf(values, switches, io.env);
    configFile = flags.config;
    const api = flags.config === undefined ? undefined : await loadAdapters(flags.config, io);
    const report = await contractCheck(
      { baseUrl: flags.baseUrl, apiKey: flags.apiKey, userId: flags.userId, productUrl: flags.productUrl, timeoutMs: flags.timeoutMs, api, dryRun: flags.dryRun },
      { ...(io.fetch ? { fetch: io.fetch } : {}), ...(io.now ? { now: io.now } : {}) },
    );
    out(flags.json ? `${printableJson(report)}\n` : flags.dryRun ? dryRunText(report) : io.stdout.isTTY ? tableText(report) : plainText(report));
    return report.token.outcome === 'ok' && report.passed === report.total ? EXIT.passed : EXIT.failed;
  } catch (error) {
    if (error instanceof UsageError) {
      fail(`studio-contract-check: ${error.message}\nRun with --help for the flags.\n`);
      return EXIT.usage;
    }
    if (error instanceof StudioConfigError) {
      const where = configFile === undefined ? 'the flags' : `--config ${printable(configFile)}`;
      fail(`studio-contract-check: ${where}: the editor would refuse this config.api:\n${error.issues.map((issue) => `  ${printable(issue.path)}: ${printable(issue.message)}\n`).join('')}`);
      return EXIT.usage;
    }
    fail(`studio-contract-check: failed: ${printable(error instanceof Error ? `${error.name}: ${error.message}` : String(error))}\n`);
    return EXIT.failed;
  }
}

/** `202 200×3`: each status, a run of the same one counted. */
export function statusText(statuses: readonly number[]): string {
  const runs: Array<[number, number]> = [];
  for (const status of statuses) {
    const last = runs[runs.length - 1];
    if (last !== undefined && last[0] === status) last[1] += 1;
    else runs.push([status, 1]);
  }
  return runs.length === 0 ? '-' : runs.map(([status, count]) => (count === 1 ? String(status) : `${status}×${count}`)).join(' ');
}

const timeText = (ms: number) => (ms < 1000 ? `${ms} ms` : `${(ms / 1000).toFixed(1)} s`);
const OUTCOME = { ok: 'OK', fail: 'FAIL', skipped: 'SKIPPED' } as const;
const summary = (report: ContractReport) => `${report.passed} of ${report.total} operations passed\n`;

/** A failure's lines under its step: its code and words, then each field it could not read and the adapter to fix; each value one line. */
function failureLines(step: StepReport, indent: string): string[] {
  const failure = step.failure;
  if (failure === undefined) return [];
  return [
    `${indent}${printable(failure.code)}${failure.status === undefined ? '' : ` (HTTP ${failure.status})`}: ${printable(failure.message)}`,
    ...(failure.fields ?? []).map((field) => `${indent}  ${printable(field.path)}: expected ${printable(field.expected)}, got ${printable(field.got)}`),
    ...(failure.fix === undefined ? [] : [`${indent}  fix: ${printable(failure.fix)}`]),
  ];
}

/** For a terminal: one table, then each failure, then the summary. */
function tableText(report: ContractReport): string {
  const steps = [report.token, ...report.operations];
  const notes = steps.some((step) => step.skipped !== undefined);
  const rows = [
    ['Step', 'Result', 'HTTP', 'Time', ...(notes ? ['Why skipped'] : [])],
    ...steps.map((step) => [step.step, OUTCOME[step.outcome], statusText(step.statuses), step.outcome === 'skipped' ? '-' : timeText(step.ms), ...(notes ? [printable(step.skipped ?? '')] : [])]),
  ];
  const widths = rows[0]!.map((_, column) => Math.max(...rows.map((row) => row[column]!.length)));
  const table = rows.map((row) => `  ${row.map((cell, column) => cell.padEnd(widths[column]!)).join('  ').trimEnd()}\n`).join('');
  const failed = steps.filter((step) => step.outcome === 'fail');
  const failures = failed.length === 0 ? '' : `\nFailures:\n${failed.map((step) => `  ${step.step}\n${failureLines(step, '    ').map((line) => `${line}\n`).join('')}`).join('')}`;
  return `Contract check of ${printable(report.baseUrl)} as user ${printable(report.userId)}\n\n${table}${failures}\n${summary(report)}`;
}

/** For a pipe or a log: a line per step (a failure's details indented under it), then the summary. */
function plainText(report: ContractReport): string {
  const lines = [report.token, ...report.operations].flatMap((step) => {
    if (step.outcome === 'skipped') return [`${step.step} SKIPPED (${printable(step.skipped ?? '')})`];
    return [`${step.step} ${OUTCOME[step.outcome]} (HTTP ${statusText(step.statuses)}, ${timeText(step.ms)})`, ...failureLines(step, '  ')];
  });
  return `${lines.join('\n')}\n${summary(report)}`;
}

/** `--dry-run`: each request as it would leave, or why it could not be built. */
function dryRunText(report: ContractReport): string {
  const request = (step: StepReport, value: DryRequest) => [
    `${step.step}: ${printable(value.method)} ${printable(value.url)}`,
    ...Object.entries(value.headers).map(([name, header]) => `  ${printable(name)}: ${printable(header)}`),
    ...(value.body === undefined ? [] : printableJson(value.body).split('\n').map((line) => `  ${line}`)),
  ];
  const blocks = [report.token, ...report.operations].map((step) =>
    (step.request === undefined ? [`${step.step}: FAIL`, ...failureLines(step, '  ')] : request(step, step.request)).join('\n'),
  );
  const built = `${report.passed} of ${report.total} operations built their request; nothing was sent\n`;
  return `Dry run against ${printable(report.baseUrl)}: the requests as they would leave (nothing is sent)\n\n${blocks.join('\n\n')}\n\n${built}`;
}
