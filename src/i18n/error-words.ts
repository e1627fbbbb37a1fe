import type { StringKey } from './en.js';
import type { Translate } from './translate.js';

/** What a person is shown for a failure: words for them, and whether a Retry button makes sense. */
export interface ShownError {
  readonly text: string;
  readonly retry: boolean;
}

/** Error code -> the sentence a person reads, and whether trying again can help. */
const FOR_CODE: Record<string, { key: StringKey; retry: boolean }> = {
  network: { key: 'error.network', retry: true },
  'asset-network': { key: 'error.network', retry: true },
  timeout: { key: 'error.timeout', retry: true },
  'auth-rejected': { key: 'error.session', retry: false },
  'auth-invalid-token': { key: 'error.session', retry: false },
  'auth-same-token': { key: 'error.session', retry: false },
  'auth-body-not-replayable': { key: 'error.sessionRetry', retry: true },
  'auth-callback-failed': { key: 'error.sessionRetry', retry: true },
  'auth-timeout': { key: 'error.sessionRetry', retry: true },
  'auth-endpoint': { key: 'error.sessionRetry', retry: true },
  'payment-required': { key: 'error.credits', retry: true },
  'rate-limited': { key: 'error.busy', retry: true },
  'server-error': { key: 'error.server', retry: true },
  'http-error': { key: 'error.server', retry: true },
  'asset-http': { key: 'error.server', retry: true },
  'job-failed': { key: 'error.jobFailed', retry: true },
  'job-cancelled': { key: 'error.jobCancelled', retry: true },
  'job-timeout': { key: 'error.jobSlow', retry: true },
  'bad-response': { key: 'error.badResponse', retry: true },
  'unsafe-poll-url': { key: 'error.badResponse', retry: false },
  contract: { key: 'error.badResponse', retry: false },
  'redirect-refused': { key: 'error.unavailable', retry: false },
  'not-found': { key: 'error.unavailable', retry: false },
  'bad-request': { key: 'error.badRequest', retry: false },
  forbidden: { key: 'error.forbidden', retry: false },
  conflict: { key: 'error.conflict', retry: true },
  'preview-failed': { key: 'error.render', retry: true },
  'render-failed': { key: 'error.render', retry: true },
  'audio-decode': { key: 'error.decode', retry: false },
  'decode-failed': { key: 'error.decode', retry: false },
  'export-encoder': { key: 'error.encoder', retry: true },
};

/**
 * The words a person is shown for `error`: what happened and what they can do (try again, wait, contact
 * the site). Never the developer's message, which may name config keys or endpoints (see `reportError`).
 */
export function describeError(error: unknown, t: Translate): ShownError {
  const code = (error as { code?: unknown } | null)?.code;
  const known = typeof code === 'string' ? FOR_CODE[code] : undefined;
  if (known !== undefined) return { text: t(known.key), retry: known.retry };
  return { text: t('error.unknown'), retry: true };
}
