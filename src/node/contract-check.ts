// The contract check (`npx studio-contract-check`): run server side by a host against ITS OWN service, it mints a
// user token with the account key as the host backend would, then calls each operation once through the editor's
// own ServiceClient with the host's adapters (`config.api.operations`), and says per operation whether the editor
// can read the answer. The key and every token minted stay out of the report. No node: import here (the command's
// arguments and printing are ./contract-check-cli.ts): everything is given, so a test runs it without a process.
import { AUTH_TOKEN_PATH, type ApiOperation } from '../api/contract.js';
import type { CallOptions } from '../api/client.js';
import { createServices } from '../api/create-services.js';
import { createJobLock } from '../api/job-lock.js';
import { PendingJobs } from '../api/pending-jobs.js';
import type { ContractIssue } from '../api/result-schema.js';
import { resolveConfig } from '../config/validate.js';
import type { ResolvedConfig } from '../config/types.js';
import { StudioConfigError, StudioError } from '../errors.js';
import { CHECK_ORDER, REDACTED, type CheckFailure, type ContractReport, type DryRequest, type StepReport } from './contract-report.js';
import { needFrom, SAMPLES, Skip, STEPS, type Picked } from './contract-steps.js';

export { CHECK_ORDER, REDACTED, type CheckFailure, type ContractReport, type DryRequest, type StepReport } from './contract-report.js';

/** What the check is told: the flags of the command. */
export interface ContractCheckOptions {
  /** The service, as `api.baseUrl`: `https://api.example.com`. */
  readonly baseUrl: string;
  /** The account API key, sent only in `x-api-key` to `POST /v1/auth/token`. */
  readonly apiKey: string;
  /** The end user the token is minted for. Default `studio-contract-check`. */
  readonly userId?: string | undefined;
  /** The product page `recommendUrl` is asked about. Default `https://example.com/`. */
  readonly productUrl?: string | undefined;
  /** `api.timeoutMs` (one request, one adapter call); default: the adapters file's, or the editor's 30000. */
  readonly timeoutMs?: number | undefined;
  /**
   * The default export of the adapters file: what the host gives the editor as `config.api` (`operations`,
   * `paths`, `idempotencyHeader`, `pronunciationsField`, `direction`, `timeoutMs`, `jobDeadlineMs`), without `baseUrl`.
   */
  readonly api?: unknown;
  /** Send nothing: build each request as the editor would and report it (headers with secrets redacted). */
  readonly dryRun?: boolean | undefined;
}

/** What the check uses of the world. */
export interface ContractCheckIo {
  /** Default: the global fetch. */
  readonly fetch?: typeof fetch;
  /** A clock in ms, for the times. Default `performance.now`. */
  readonly now?: () => number;
}

export const DEFAULT_USER_ID = 'studio-contract-check';
export const DEFAULT_PRODUCT_URL = 'https://example.com/';

/**
 * The adapters file checked as the editor checks `config.api` (a wrong key is refused with its key path, an
 * account key anywhere is refused); throws the editor's `StudioConfigError`. `baseUrl` comes from the flag.
 */
export function checkAdapters(api: unknown, baseUrl: string, timeoutMs?: number): ResolvedConfig['api'] {
  const given = api === undefined ? {} : api;
  if (typeof given === 'object' && given !== null && !Array.isArray(given) && Object.hasOwn(given, 'baseUrl')) {
    throw new StudioConfigError([{ path: 'config.api.baseUrl', message: 'the check takes the service URL from --base-url: leave baseUrl out of the adapters file' }]);
  }
  const merged = typeof given === 'object' && given !== null && !Array.isArray(given) ? { ...given, baseUrl, ...(timeoutMs === undefined ? {} : { timeoutMs }) } : given;
  const noToken = () => '';
  return resolveConfig({ auth: { getToken: noToken, refreshToken: noToken }, api: merged }, { origin: 'null' }).api;
}

/** Replaces every secret in a text; a secret is the key or a token, so any answer or message may hold one. */
class Secrets {
  readonly #values = new Set<string>();

  add(value: string): void {
    // Shorter strings would blank out ordinary words; keys and tokens are longer.
    if (value.length >= 4) this.#values.add(value);
  }

  scrub(text: string): string {
    let out = text;
    for (const value of this.#values) out = out.split(value).join(REDACTED);
    return out;
  }

  /** A copy of plain data `value` with every string in it scrubbed. */
  scrubAll<T>(value: T): T {
    if (typeof value === 'string') return this.scrub(value) as T;
    if (Array.isArray(value)) return value.map((item: unknown) => this.scrubAll(item)) as T;
    if (typeof value !== 'object' || value === null) return value;
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [this.scrub(key), this.scrubAll(item)])) as T;
  }
}

/** The request that mints a token, as the host backend sends it (`AuthTokenRequest`). */
function mintRequest(baseUrl: string, apiKey: string, userId: string): { url: string; init: RequestInit } {
  return {
    url: `${baseUrl}${AUTH_TOKEN_PATH}`,
    init: {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json', 'x-api-key': apiKey },
      body: JSON.stringify({ user_id: userId }),
      // A redirect is not followed with the key in a header: fetch would send x-api-key wherever it points.
      redirect: 'manual',
    },
  };
}

/** Reads a failed call as the report says it. */
export function failureOf(error: unknown): CheckFailure {
  if (error instanceof StudioError) {
    const status = error.status === undefined ? {} : { status: error.status };
    if (error.code !== 'contract') return { code: error.code, message: error.message, ...status };
    const { operation, fields } = error as StudioError & { operation?: ApiOperation; fields?: readonly ContractIssue[] };
    const named = /\bapi\.operations\.(\w+)\.(request|response)\b/.exec(error.message);
    const fix = named === null ? `api.operations.${operation ?? 'unknown'}.response` : named[0];
    return { code: error.code, message: error.message, ...status, fields: [...(fields ?? [])], fix };
  }
  if (error instanceof DOMException && error.name === 'TimeoutError') return { code: 'timeout', message: error.message };
  return { code: 'internal', message: error instanceof Error ? `${error.name}: ${error.message}` : String(error) };
}

/**
 * Runs the check. Throws a `StudioConfigError` (a usage error: nothing was sent) when the adapters are refused;
 * otherwise resolves with the report, every string in it scrubbed of the key and of each token minted.
 */
export async function contractCheck(options: ContractCheckOptions, io: ContractCheckIo = {}): Promise<ContractReport> {
  const baseUrl = options.baseUrl.replace(/\/+$/, '');
  const api = checkAdapters(options.api, baseUrl, options.timeoutMs);
  const userId = options.userId ?? DEFAULT_USER_ID;
  const product = options.productUrl ?? DEFAULT_PRODUCT_URL;
  const now = io.now ?? (() => performance.now());
  const secrets = new Secrets();
  secrets.add(options.apiKey);
  const run = options.dryRun ? dryRun : liveRun;
  const { token, operations } = await run({ api, baseUrl, apiKey: options.apiKey, userId, product, now, secrets, fetch: io.fetch ?? ((input, init) => fetch(input, init)) });
  const passed = operations.filter((step) => step.outcome === 'ok').length;
  return secrets.scrubAll({ baseUrl, userId, dryRun: options.dryRun === true, token, operations, passed, total: operations.length });
}

interface Run {
  readonly api: ResolvedConfig['api'];
  readonly baseUrl: string;
  readonly apiKey: string;
  readonly userId: string;
  readonly product: string;
  readonly now: () => number;
  readonly secrets: Secrets;
  readonly fetch: typeof fetch;
}

/** The editor's session and client over `fetch`, its tokens from `tokens`; nothing kept in a browser store. */
function servicesOf(run: Run, tokens: { getToken: () => Promise<string>; refreshToken: () => Promise<string> }, fetchImpl: typeof fetch) {
  const memory = new Map<string, string>();
  const storage = {
    getItem: (key: string) => memory.get(key) ?? null,
    setItem: (key: string, value: string) => void memory.set(key, value),
    removeItem: (key: string) => void memory.delete(key),
  } as Storage;
  return createServices(
    { auth: { userId: run.userId, ...tokens, timeoutMs: run.api.timeoutMs }, api: run.api },
    { fetch: fetchImpl, client: { jobs: new PendingJobs(storage), lock: createJobLock(null) } },
  );
}

async function liveRun(run: Run): Promise<{ token: StepReport; operations: StepReport[] }> {
  let statuses: number[] = [];
  const recording: typeof fetch = async (input, init) => {
    const response = await run.fetch(input, init);
    statuses.push(response.status);
    return response;
  };
  const mint = async (): Promise<string> => {
    const { url, init } = mintRequest(run.baseUrl, run.apiKey, run.userId);
    let response: Response;
    try {
      response = await recording(url, { ...init, signal: AbortSignal.timeout(run.api.timeoutMs) });
    } catch (error) {
      throw unreached(error, run);
    }
    return readMinted(response, run.secrets);
  };

  const started = run.now();
  let first: string | undefined;
  try {
    first = await mint();
  } catch (error) {
    const token: StepReport = { step: 'token', outcome: 'fail', statuses, ms: elapsed(run, started), failure: failureOf(error) };
    const operations = CHECK_ORDER.map((step): StepReport => ({ step, outcome: 'skipped', statuses: [], ms: 0, skipped: 'no token: the token step failed' }));
    return { token, operations };
  }
  const token: StepReport = { step: 'token', outcome: 'ok', statuses, ms: elapsed(run, started) };

  // The editor's session asks for a token at once (the one just minted) and after a 401 a new one, as a host backend mints it.
  const getToken = async () => {
    const given = first ?? (await mint());
    first = undefined;
    return given;
  };
  const services = servicesOf(run, { getToken, refreshToken: mint }, recording);
  const picked: Picked = {};
  const outcomes = new Map<ApiOperation, StepReport['outcome']>();
  const operations: StepReport[] = [];
  try {
    for (const step of STEPS) {
      statuses = [];
      const began = run.now();
      let jobId: string | undefined;
      const options: CallOptions = { onProgress: (progress) => void (jobId = progress.jobId ?? jobId) };
      let report: StepReport;
      try {
        const result = await step.call(services.client, { need: needFrom(picked, outcomes), picked, product: run.product, options });
        step.pick?.(result as never, picked);
        report = { step: step.operation, outcome: 'ok', statuses, ms: elapsed(run, began) };
      } catch (error) {
        report =
          error instanceof Skip
            ? { step: step.operation, outcome: 'skipped', statuses: [], ms: 0, skipped: error.message }
            : { step: step.operation, outcome: 'fail', statuses, ms: elapsed(run, began), failure: failureOf(error) };
      }
      // The job is read by id even when its result could not be: the id is all `job` needs.
      if (step.operation === 'recommendUrl' && jobId !== undefined) picked.jobId = jobId;
      outcomes.set(step.operation, report.outcome);
      operations.push(report);
    }
  } finally {
    services.dispose();
  }
  return { token, operations };
}

const elapsed = (run: Run, since: number) => Math.round(run.now() - since);

/** What fetch threw for the token request, in words that name the flag to check. */
function unreached(error: unknown, run: Run): CheckError {
  if (error instanceof DOMException && error.name === 'TimeoutError') {
    return new CheckError('timeout', `POST ${AUTH_TOKEN_PATH} got no answer within ${run.api.timeoutMs} ms. Check --base-url, or raise --timeout-ms.`);
  }
  // fetch's own words are in its cause: a code (ECONNREFUSED, ENOTFOUND) or a sentence (bad port).
  const cause = (error as { cause?: { code?: unknown; message?: unknown } } | undefined)?.cause;
  const said = typeof cause?.code === 'string' ? cause.code : typeof cause?.message === 'string' ? cause.message.slice(0, 100) : undefined;
  return new CheckError('network', `POST ${AUTH_TOKEN_PATH} could not reach ${run.baseUrl}${said === undefined ? '' : ` (${said})`}. Check --base-url.`);
}

/** A minted token from the answer of `POST /v1/auth/token` (`AuthTokenResponse`); added to the secrets at once. */
async function readMinted(response: Response, secrets: Secrets): Promise<string> {
  let json: unknown;
  try {
    json = await response.json();
  } catch {
    json = undefined;
  }
  const body = typeof json === 'object' && json !== null ? (json as { token?: unknown; error?: { code?: unknown; message?: unknown } }) : {};
  if (typeof body.token === 'string') secrets.add(body.token);
  if (response.status >= 300 && response.status < 400) {
    throw new CheckError('token-redirect', `POST ${AUTH_TOKEN_PATH} answered a redirect (${response.status}); the check does not follow it with the API key. Check --base-url.`, response.status);
  }
  if (!response.ok) {
    const said = typeof body.error?.message === 'string' ? ` (${typeof body.error.code === 'string' ? `${body.error.code}: ` : ''}${body.error.message.slice(0, 300)})` : '';
    const advice = response.status === 401 || response.status === 403 ? 'Check the API key (--api-key or STUDIO_API_KEY).' : response.status === 404 ? 'Check --base-url.' : 'Check the service.';
    throw new CheckError('token-refused', `POST ${AUTH_TOKEN_PATH} answered ${response.status}${said}. ${advice}`, response.status);
  }
  if (typeof body.token !== 'string' || body.token === '') {
    throw new CheckError(
      'token-unreadable',
      `POST ${AUTH_TOKEN_PATH} answered ${response.status} without a token string in "token" (assumed AuthTokenResponse { token, type, expires_in }): the host backend could not hand the editor a token.`,
      response.status,
    );
  }
  return body.token;
}

/** A failure of the check's own step (the token). */
class CheckError extends StudioError {
  static override get kind(): string {
    return 'StudioContractCheckError';
  }

  constructor(code: string, message: string, status?: number) {
    super(code, message, status === undefined ? {} : { status });
  }
}

/** The dry run's stand-in for fetch: it keeps the request and aborts it, so nothing leaves and nothing is retried. */
class Captured extends DOMException {
  constructor(readonly request: DryRequest) {
    super('Not sent: dry run.', 'AbortError');
  }
}

async function dryRun(run: Run): Promise<{ token: StepReport; operations: StepReport[] }> {
  const capture: typeof fetch = async (input, init = {}) => {
    throw new Captured(await dryRequest(String(input instanceof Request ? input.url : input), init));
  };
  const { url, init } = mintRequest(run.baseUrl, run.apiKey, run.userId);
  const token: StepReport = { step: 'token', outcome: 'ok', statuses: [], ms: 0, request: await dryRequest(url, init) };
  // No token is minted: the editor's requests carry a stand-in, redacted like a real one.
  const standIn = async () => 'dry-run-token';
  const services = servicesOf(run, { getToken: standIn, refreshToken: standIn }, capture);
  const operations: StepReport[] = [];
  try {
    for (const step of STEPS) {
      try {
        await step.call(services.client, { need: (key) => SAMPLES[key], picked: SAMPLES, product: run.product, options: {} });
        operations.push({ step: step.operation, outcome: 'fail', statuses: [], ms: 0, failure: { code: 'internal', message: 'the call ended without a request' } });
      } catch (error) {
        operations.push(
          error instanceof Captured
            ? { step: step.operation, outcome: 'ok', statuses: [], ms: 0, request: error.request }
            : { step: step.operation, outcome: 'fail', statuses: [], ms: 0, failure: failureOf(error) },
        );
      }
    }
  } finally {
    services.dispose();
  }
  return { token, operations };
}

const SECRET_HEADERS = ['x-api-key', 'authorization'];

async function dryRequest(url: string, init: RequestInit): Promise<DryRequest> {
  const headers: Record<string, string> = {};
  new Headers(init.headers).forEach((value, name) => (headers[name] = SECRET_HEADERS.includes(name) ? REDACTED : value));
  let body: unknown;
  if (init.body !== undefined && init.body !== null) {
    const text = await new Response(init.body).text();
    try {
      body = JSON.parse(text) as unknown;
    } catch {
      body = text;
    }
  }
  return { method: init.method ?? 'GET', url, headers, ...(body === undefined ? {} : { body }) };
}
