// The voice service as a batch calls it: server to server, with the account API key in `x-api-key` on
// `<baseUrl>/v1/*` only (as the seed says), never the editor's token flow. The editor's own ServiceClient makes
// the calls, with the config's `api` settings (adapters, paths, timeouts) validated as the editor validates them.
import { ServiceClient } from '../api/client.js';
import { createJobLock } from '../api/job-lock.js';
import { PendingJobs } from '../api/pending-jobs.js';
import { isTokenScope, resolveServiceUrl } from '../auth/scope.js';
import type { ApiConfig, HostDestinationProfile, ResolvedConfig } from '../config/types.js';
import { StudioError } from '../errors.js';
import { resolveConfig } from '../config/validate.js';

/**
 * The service a batch calls, and how: its address and the account key, then what a host gives as the editor's
 * `config.api` (adapters, paths, the request timeout (which bounds an adapter too), the job deadline, the
 * idempotency and pronunciations fields), validated as the editor validates it.
 */
export interface BatchService extends Pick<ApiConfig, 'timeoutMs' | 'jobDeadlineMs' | 'idempotencyHeader' | 'pronunciationsField' | 'direction'> {
  /** The service, as the editor's `api.baseUrl`: `https://api.example.com`. */
  readonly baseUrl: string;
  /** The account API key: sent as x-api-key on /v1/* only, never logged; redirects not followed with it. */
  readonly apiKey: string;
  /** `api.operations` adapters, as in config (same validation). */
  readonly operations?: unknown;
  /** `api.paths`, as in config. */
  readonly paths?: Readonly<Record<string, string>>;
}

/** The user id pending jobs are listed under: a batch has no end user. */
const BATCH_USER = 'studio-batch';

/**
 * The editor's config for a batch: the service's `api` (checked as the editor checks it: a wrong key is refused
 * with its path) and the extra destinations, laid over the built-ins as `config.delivery.destinations` are.
 * Throws the editor's `StudioConfigError`.
 */
export function batchConfig(service: BatchService, destinations: readonly HostDestinationProfile[] = []): ResolvedConfig {
  const noToken = () => '';
  // Everything but the key is config.api, so an unknown or wrong setting is refused with its path.
  const { apiKey: _key, ...api } = service;
  return resolveConfig({ auth: { getToken: noToken, refreshToken: noToken }, api, delivery: { destinations: [...destinations] } }, { origin: 'null' });
}

/**
 * A fetch that sends `apiKey` in `x-api-key` to `<baseUrl>/v1/*` and to nothing else, each request given at
 * most `timeoutMs`. Such a request is never redirected (the key would follow the redirect), and a 401 is
 * refused in words that never hold the key.
 */
export function keyFetch(baseUrl: string, apiKey: string, timeoutMs: number, fetchImpl: typeof fetch = (input, init) => fetch(input, init)): typeof fetch {
  return async (input, given = {}) => {
    const url = resolveServiceUrl(input instanceof Request ? input.url : input, baseUrl);
    const timeout = AbortSignal.timeout(timeoutMs);
    const init = { ...given, signal: given.signal ? AbortSignal.any([given.signal, timeout]) : timeout };
    if (!isTokenScope(url, baseUrl)) return fetchImpl(url.href, init);
    const headers = new Headers(init.headers);
    headers.set('x-api-key', apiKey);
    const response = await fetchImpl(url.href, { ...init, headers, redirect: 'manual' });
    if (response.status >= 300 && response.status < 400) {
      await response.body?.cancel();
      throw new StudioError('redirect-refused', `The service answered ${url.pathname} with a redirect, which a batch does not follow with the API key: give --base-url as the address the service really answers at.`);
    }
    if (response.status === 401) {
      await response.body?.cancel();
      throw new StudioError('auth-key', `The service refused the API key (401) for ${url.pathname}: check --api-key or STUDIO_API_KEY, and that it is the account key of ${url.origin}.`, { status: 401 });
    }
    return response;
  };
}

/** The editor's ServiceClient over `keyFetch`, with `config.api`'s paths, adapters and limits. */
export function batchClient(config: ResolvedConfig, apiKey: string, fetchImpl?: typeof fetch): ServiceClient {
  const { api } = config;
  return new ServiceClient({
    fetch: keyFetch(api.baseUrl, apiKey, api.timeoutMs, fetchImpl),
    baseUrl: api.baseUrl,
    paths: api.paths,
    operations: api.operations,
    timeoutMs: api.timeoutMs,
    jobDeadlineMs: api.jobDeadlineMs,
    idempotencyHeader: api.idempotencyHeader,
    pronunciationsField: api.pronunciationsField,
    direction: api.direction,
    userId: async () => BATCH_USER,
    // Nothing is kept across processes: a batch's record of what is done is its store.
    jobs: new PendingJobs(undefined),
    lock: createJobLock(null),
  });
}
