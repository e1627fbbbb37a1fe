// Running a host's adapters (`config.api.operations`) and checking what comes back, from them or from a service
// read without them. Part of the calls chunk (./calls.ts): nothing here is needed to paint an editor.
import { abortError } from '../auth/errors.js';
import { StudioApiError } from './api-error.js';
import type { ApiOperation, JobStart, JobStatus, JobRecord, OperationMethod } from './contract.js';
import { kindOf, resultIssues, type ContractIssue } from './result-schema.js';

/** An operation's override as the resolved config keeps it (its path is in `api.paths`). */
export interface ResolvedOverride {
  readonly method?: OperationMethod;
  readonly request?: (input: never) => unknown;
  readonly response?: (json: unknown, status: number) => unknown;
}

/**
 * A service answer (or an adapter's) that does not fit the operation's typed result, or an adapter that threw,
 * hung or gave something that is not plain data. Never recoverable: the same answer would come again. Its
 * message names the operation and each wrong field, and never repeats a value (see `kindOf`).
 */
export class StudioContractError extends StudioApiError {
  static override get kind(): string {
    return 'StudioContractError';
  }
  /** The operation, e.g. `voiceover`. */
  readonly operation: ApiOperation;
  /** The wrong fields, each by its path from `result`. */
  readonly fields: readonly ContractIssue[];

  constructor(operation: ApiOperation, detail: string, fix: string, fields: readonly ContractIssue[] = []) {
    super('contract', `${operation}: ${detail}. ${fix}`, { recoverable: false });
    this.operation = operation;
    this.fields = fields;
  }

  override toJSON() {
    return { ...super.toJSON(), operation: this.operation, fields: this.fields.map((field) => ({ ...field })) };
  }
}

/** Where to fix what `operation` answered: its adapter, or (with none) one to write. */
const fixFor = (operation: ApiOperation, adapted: boolean, which: 'request' | 'response' = 'response') =>
  adapted
    ? `Fix api.operations.${operation}.${which} (see docs/contract.md).`
    : `The service answers otherwise than the editor assumes: read its answer with api.operations.${operation}.response (see docs/contract.md), or check api.baseUrl.`;

/** Standard error names an adapter may throw; any other name could carry anything and is not repeated. */
const ERROR_NAMES = ['Error', 'TypeError', 'RangeError', 'SyntaxError', 'ReferenceError', 'EvalError', 'URIError', 'AggregateError'];

function thrownKind(error: unknown): string {
  try {
    const name = error instanceof Error ? error.constructor.name : undefined;
    return name !== undefined && ERROR_NAMES.includes(name) ? `${/^[AEIOU]/.test(name) ? 'an' : 'a'} ${name}` : 'something';
  } catch {
    return 'something';
  }
}

export interface AdapterBounds {
  /** `api.timeoutMs`: the longest an adapter may take. */
  readonly timeoutMs: number;
  readonly signal?: AbortSignal | undefined;
}

/**
 * Runs one adapter function and returns a plain copy of what it gave (read once, as JSON: a Proxy or a getter
 * is looked at once and never again). It throwing, not settling within `timeoutMs`, or giving something that is
 * not JSON data is a `StudioContractError`; none of them repeats the adapter's words, which may hold anything.
 * An abort rejects with an AbortError at once.
 */
export async function runAdapter(operation: ApiOperation, which: 'request' | 'response', call: () => unknown, bounds: AdapterBounds): Promise<unknown> {
  const fail = (detail: string) => new StudioContractError(operation, `the ${which} adapter ${detail}`, fixFor(operation, true, which));
  const { signal, timeoutMs } = bounds;
  if (signal?.aborted) throw abortError(signal);
  let timer: ReturnType<typeof setTimeout> | undefined;
  let onAbort: (() => void) | undefined;
  let value: unknown;
  try {
    value = await new Promise<unknown>((resolve, reject) => {
      timer = setTimeout(() => reject(fail(`gave no answer within ${timeoutMs} ms`)), timeoutMs);
      onAbort = () => reject(abortError(signal!));
      signal?.addEventListener('abort', onAbort, { once: true });
      try {
        Promise.resolve(call()).then(resolve, (error: unknown) => reject(fail(`threw ${thrownKind(error)}`)));
      } catch (error) {
        reject(fail(`threw ${thrownKind(error)}`));
      }
    });
  } finally {
    clearTimeout(timer);
    if (onAbort !== undefined) signal?.removeEventListener('abort', onAbort);
  }
  if (value === undefined) return undefined;
  try {
    return JSON.parse(JSON.stringify(value)) as unknown;
  } catch (error) {
    throw fail(`gave something that is not plain data (JSON: ${thrownKind(error)} while reading it)`);
  }
}

/** `value` as the typed result of `operation`, or a `StudioContractError` naming each wrong field. */
export function checkResult<R>(operation: ApiOperation, value: unknown, adapted: boolean): R {
  const issues = resultIssues(operation, value);
  if (issues.length === 0) return value as R;
  const words = issues.slice(0, 3).map((issue) => `${issue.path}: expected ${issue.expected}, got ${issue.got}`);
  const more = issues.length > 3 ? ` (and ${issues.length - 3} more)` : '';
  throw new StudioContractError(operation, `${words.join('; ')}${more}`, fixFor(operation, adapted), issues);
}

/** Whether an answer read through a `response` adapter says a job was started (`{ poll_url }`). */
export const isJobStart = (value: unknown): value is JobStart =>
  typeof value === 'object' && value !== null && typeof (value as Partial<JobStart>).poll_url === 'string';

/**
 * The default reading of one poll answer: the assumed `JobRecord` (unknown states are pending; a record with
 * neither `status` nor `result` is a `StudioContractError`).
 */
export function jobStatusOf(answer: unknown): JobStatus {
  const record = answer as Partial<JobRecord>;
  const id = typeof record.job_id === 'string' ? { job_id: record.job_id } : {};
  if (typeof record.status !== 'string' && record.result === undefined) {
    // Unknown states count as pending (the spec names none but `succeeded`); no state at all is another shape.
    throw new StudioContractError('job', `result.status: expected a string, got ${kindOf(record.status)}`, fixFor('job', false), [
      { path: 'result.status', expected: 'a string', got: kindOf(record.status) },
    ]);
  }
  const state: string = typeof record.status === 'string' ? record.status : 'succeeded';
  if (state === 'succeeded') return { state: 'succeeded', result: record.result, ...id };
  if (state === 'failed') {
    const error = typeof record.error === 'object' && record.error !== null ? record.error : undefined;
    return {
      state: 'failed',
      ...(typeof error?.message === 'string' ? { message: error.message } : {}),
      ...(typeof error?.code === 'string' ? { code: error.code } : {}),
      ...id,
    };
  }
  if (state === 'cancelled') return { state: 'cancelled', ...id };
  const progress = typeof record.progress === 'number' && Number.isFinite(record.progress) ? { progress: Math.min(1, Math.max(0, record.progress)) } : {};
  return { state: 'pending', ...progress, ...(typeof record.stage === 'string' ? { stage: record.stage } : {}), ...id };
}

/** One poll answer read by `api.operations.job.response`, checked as a `JobStatus`. */
export async function adaptedJobStatus(response: ResolvedOverride['response'] & {}, json: unknown, status: number, bounds: AdapterBounds): Promise<JobStatus> {
  return checkResult<JobStatus>('job', await runAdapter('job', 'response', () => response(json, status), bounds), true);
}

/** The query string of a `GET` from what a `request` adapter gave: a plain object of strings, numbers and booleans. */
export function queryOf(operation: ApiOperation, value: unknown): string {
  if (value === undefined || value === null) return '';
  const refuse = (detail: string, path: string, got: unknown, expected: string) =>
    new StudioContractError(operation, `the request adapter ${detail}`, fixFor(operation, true, 'request'), [{ path, expected, got: kindOf(got) }]);
  if (typeof value !== 'object' || Array.isArray(value)) throw refuse(`gave ${kindOf(value)} for a GET, not an object of query parameters`, 'request', value, 'an object of query parameters');
  const query = new URLSearchParams();
  for (const [key, item] of Object.entries(value as Record<string, unknown>)) {
    if (typeof item !== 'string' && typeof item !== 'number' && typeof item !== 'boolean') {
      throw refuse(`gave a query parameter ${key} that is not a string, number or boolean`, `request.${key}`, item, 'a string, number or boolean');
    }
    query.append(key, String(item));
  }
  const text = query.toString();
  return text === '' ? '' : `?${text}`;
}
