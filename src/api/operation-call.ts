// One call of the service client (`ServiceClient`): the host's adapters around the request, the request sent
// with its retries, the answer read and checked, a job followed to its end. Part of the calls chunk (./calls.ts):
// nothing here is needed to paint an editor.
import { isAbort } from '../auth/errors.js';
import { adaptedJobStatus, checkResult, isJobStart, jobStatusOf, queryOf, runAdapter, StudioContractError } from './adapters.js';
import { StudioApiError } from './api-error.js';
import { READ_MAX_ATTEMPTS, type CallOptions, type ClientState } from './client-options.js';
import { IDEMPOTENCY_KEY_HEADER, type ApiOperation, type JobAccepted } from './contract.js';
import { fetchError, httpError } from './errors.js';
import { newIdempotencyKey } from './idempotency-key.js';
import { createJobLock } from './job-lock.js';
import { checkPollUrl } from './poll-url.js';
import { JobPoller, type JobDone, type JobProgress } from './poller.js';
import { sendStart } from './start-retry.js';

/** The operations that start work on the service: sent with an idempotency key, and may answer with a job. */
const STARTS: readonly ApiOperation[] = ['recommendUrl', 'recommendProduct', 'format', 'voiceover', 'mix', 'generate'];

const LABELS: Record<ApiOperation, string> = {
  recommendUrl: 'Recommendation from a URL',
  recommendProduct: 'Recommendation from a product',
  format: 'Formatting',
  voiceover: 'Voice-over',
  mix: 'Mixing',
  generate: 'Ad generation',
  job: 'Job status',
  voices: 'Loading the voice library',
  music: 'Loading the music library',
  pricing: 'Loading the price list',
};

/**
 * One call of `operation`: its input through the host's `request` adapter (or as it is), sent by `#send`,
 * the answer through the `response` adapter (or as it is); a job started is followed to its end and its
 * result read the same way. What comes back is checked against the operation's typed result (`checkResult`).
 */
export async function callOperation<R>(state: ClientState, operation: ApiOperation, input: object, options: CallOptions = {}, projectId?: string): Promise<R> {
  const override = state.o.operations?.[operation];
  const bounds = { timeoutMs: state.o.timeoutMs, signal: callSignal(state, options.signal) };
  const method = override?.method ?? (STARTS.includes(operation) ? 'POST' : 'GET');
  const payload = override?.request === undefined ? (method === 'GET' ? undefined : input) : await runAdapter(operation, 'request', () => override.request!(input as never), bounds);
  let path = state.o.paths[operation];
  if (operation === 'job') path = path.replace('{job_id}', encodeURIComponent((input as { job_id: string }).job_id));
  if (method === 'GET') path += queryOf(operation, payload);
  const response = await send(state, operation, method, path, method === 'GET' ? undefined : payload, options);
  const json = await readJson(response, LABELS[operation]);
  if (operation === 'job') {
    return (override?.response === undefined ? checkResult('job', jobStatusOf(json), false) : await adaptedJobStatus(override.response, json, response.status, bounds)) as R;
  }
  const answer = override?.response === undefined ? json : await runAdapter(operation, 'response', () => override.response!(json, response.status), bounds);
  if (override?.response === undefined ? response.status === 202 : isJobStart(answer)) return followJob<R>(state, operation, answer as JobAccepted, projectId, options);
  if (operation === 'recommendUrl' && override?.response === undefined) {
    throw new StudioApiError('bad-response', `${LABELS[operation]} answered ${response.status}, not 202 Accepted with a poll_url. Check api.baseUrl and api.paths.${operation}.`, {
      status: response.status,
    });
  }
  return checkResult<R>(operation, answer, override?.response !== undefined);
}

/**
 * Sends one request of `operation`. A start (POST of the operations that start work) carries one idempotency
 * key for all its attempts and is retried by `sendStart` (429/503 always, 5xx and lost answers only with a key);
 * each wait is reported as progress `retrying` with `retryInMs`. A library read is retried the same way as a
 * request that cannot act twice, up to `READ_MAX_ATTEMPTS` attempts. A status or price read is sent once.
 */
async function send(state: ClientState, operation: ApiOperation, method: string, path: string, body: unknown, options: CallOptions): Promise<Response> {
  const signal = callSignal(state, options.signal);
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  const start = STARTS.includes(operation);
  const header = state.o.idempotencyHeader === undefined ? IDEMPOTENCY_KEY_HEADER : state.o.idempotencyHeader;
  if (start && header !== null && method !== 'GET') headers[header] = newIdempotencyKey();
  const init: RequestInit = { method, headers, ...(body === undefined ? {} : { body: JSON.stringify(body) }), ...(signal ? { signal } : {}) };
  const attempt = () => state.o.fetch(path.replace(/^\//, ''), init);
  if (operation === 'voices' || operation === 'music') {
    return sendStart(attempt, { maxAttempts: READ_MAX_ATTEMPTS, ...state.o.readRetry, what: LABELS[operation], idempotent: true, signal, timeoutMs: state.o.timeoutMs });
  }
  if (start) {
    return sendStart(attempt, {
      ...state.o.startRetry,
      what: LABELS[operation],
      idempotent: header !== null || method === 'GET',
      signal,
      timeoutMs: state.o.timeoutMs,
      onRetry: ({ waitMs }) => {
        const progress: JobProgress = { operation: LABELS[operation], jobId: undefined, pollUrl: '', state: 'retrying', progress: undefined, stage: undefined, poll: 0, retryInMs: waitMs };
        state.o.onProgress?.(progress);
        options.onProgress?.(progress);
      },
    });
  }
  let response: Response;
  try {
    response = await attempt();
  } catch (error) {
    throw fetchError(error, LABELS[operation], state.o.timeoutMs);
  }
  if (!response.ok) throw await httpError(response, LABELS[operation]);
  return response;
}

export async function followJob<R>(state: ClientState, operation: ApiOperation, accepted: Partial<JobAccepted>, projectId: string | undefined, options: CallOptions = {}): Promise<R> {
  const o = state.o;
  const lock = (state.lock ??= createJobLock());
  const readJob = o.operations?.job?.response;
  const bounds = { timeoutMs: o.timeoutMs, signal: callSignal(state, options.signal) };
  const poller = (state.poller ??= new JobPoller({
    ...o.poller,
    fetch: o.fetch,
    deadlineMs: o.jobDeadlineMs,
    requestTimeoutMs: o.timeoutMs,
    readStatus: readJob === undefined ? undefined : (json, status) => adaptedJobStatus(readJob, json, status, { timeoutMs: o.timeoutMs, signal: o.signal }),
  }));
  const pollUrl = checkPollUrl(accepted?.poll_url, state.o.baseUrl);
  const jobId = typeof accepted.job_id === 'string' ? accepted.job_id : undefined;
  const signal = bounds.signal;
  const userId = await state.o.userId();
  if (projectId !== undefined) state.jobs.add({ userId, projectId, operation, jobId, pollUrl, startedAt: Date.now() });
  let done: JobDone;
  try {
    done = await lock(
      pollUrl,
      () =>
        poller.poll(
          { operation: LABELS[operation], pollUrl, jobId },
          {
            signal,
            onProgress: (progress) => {
              state.o.onProgress?.(progress);
              options.onProgress?.(progress);
            },
          },
        ),
      signal,
    );
    state.jobs.remove(pollUrl);
  } catch (error) {
    // Kept for a later resume only when the job may still be running: aborted, or transient trouble.
    const keep = isAbort(error) || (error instanceof StudioApiError && error.recoverable && error.code !== 'job-failed' && error.code !== 'job-cancelled' && error.code !== 'job-timeout');
    if (!keep) state.jobs.remove(pollUrl);
    throw error;
  }
  // The finished job's result is the operation's answer, read as one answered 200.
  const read = o.operations?.[operation]?.response;
  const result = read === undefined ? done.result : await runAdapter(operation, 'response', () => read(done.result, 200), bounds);
  if (read !== undefined && isJobStart(result)) {
    throw new StudioContractError(operation, "the response adapter read a finished job's result as another job", `Fix api.operations.${operation}.response: with status 200 it gets the job's result.`);
  }
  return checkResult<R>(operation, result, read !== undefined);
}

function callSignal(state: ClientState, signal: AbortSignal | undefined): AbortSignal | undefined {
  const signals = [state.o.signal, signal].filter((s): s is AbortSignal => s !== undefined);
  if (signals.length < 2) return signals[0];
  return AbortSignal.any(signals);
}

async function readJson(response: Response, what: string): Promise<unknown> {
  try {
    const json: unknown = await response.json();
    if (typeof json !== 'object' || json === null) throw new TypeError('not an object');
    return json;
  } catch (error) {
    if (isAbort(error)) throw error;
    throw new StudioApiError('bad-response', `${what} got an answer that is not a JSON object from the service. Check api.baseUrl.`, { status: response.status });
  }
}

