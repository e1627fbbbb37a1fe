import { createAuthFetch } from '../auth/auth-fetch.js';
import type { StudioAuthError } from '../auth/errors.js';
import { AuthSession, type AuthSessionOptions } from '../auth/session.js';
import { ServiceClient, type ServiceClientOptions } from './client.js';
import type { JobProgress } from './poller.js';

/** What the services take of the resolved config (`ResolvedConfig` is one): `auth`, and `api`'s address, paths and limits. */
export interface ServicesConfig {
  readonly auth: AuthSessionOptions;
  readonly api: Pick<ServiceClientOptions, 'baseUrl' | 'paths' | 'operations' | 'timeoutMs' | 'jobDeadlineMs' | 'idempotencyHeader' | 'pronunciationsField' | 'direction'>;
}

export interface EditorServices {
  readonly session: AuthSession;
  readonly client: ServiceClient;
  /** Stops every request, refresh and poll; nothing is sent or reported afterwards. Idempotent. */
  dispose(): void;
}

export interface EditorServicesHooks {
  onAuthError?: (error: StudioAuthError) => void;
  onProgress?: (progress: JobProgress) => void;
  fetch?: typeof fetch;
  client?: Partial<ServiceClientOptions>;
}

/**
 * The session and client of one editor, from its resolved config. Calls `getToken` at once (spec: on
 * startup); a failure there is reported through `onAuthError` and retried by the next request.
 */
export function createServices(config: ServicesConfig, hooks: EditorServicesHooks = {}): EditorServices {
  const controller = new AbortController();
  const session = new AuthSession({ ...config.auth, ...(hooks.onAuthError ? { onError: hooks.onAuthError } : {}) });
  const fetch = createAuthFetch({ session, baseUrl: config.api.baseUrl, timeoutMs: config.api.timeoutMs, ...(hooks.fetch ? { fetch: hooks.fetch } : {}) });
  const client = new ServiceClient({
    fetch,
    baseUrl: config.api.baseUrl,
    paths: config.api.paths,
    operations: config.api.operations,
    timeoutMs: config.api.timeoutMs,
    jobDeadlineMs: config.api.jobDeadlineMs,
    idempotencyHeader: config.api.idempotencyHeader,
    pronunciationsField: config.api.pronunciationsField,
    direction: config.api.direction,
    userId: () => session.userId(),
    signal: controller.signal,
    ...(hooks.onProgress ? { onProgress: hooks.onProgress } : {}),
    ...hooks.client,
  });
  session.credential().catch(() => {
    // Reported through onAuthError; the next request tries again.
  });
  return {
    session,
    client,
    dispose() {
      controller.abort(new DOMException('The editor was destroyed.', 'AbortError'));
      session.dispose();
    },
  };
}
