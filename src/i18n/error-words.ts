import type { StringKey } from './en.js';
import type { Translate } from './translate.js';

/** What a person is shown for a failure: words for them, and whether a Retry button makes sense. */
export interface ShownError {
  readonly text: string;
  readonly retry: boolean;
}

/**
 * Error code -> the sentence a person reads, and whether trying again can help: the codes of the first paint
 * (a service call, the session, the audio). The later words add the others (`error-words-later.ts`).
 */
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
  'export-render': { key: 'error.render', retry: true },
  'audio-decode': { key: 'error.decode', retry: false },
  'decode-failed': { key: 'error.decode', retry: false },
  'upload-ref': { key: 'error.decode', retry: false },
  'export-encoder': { key: 'error.encoder', retry: true },
};

/** An error in the reader's words, or `undefined` where its own message is theirs (in English). */
export type ErrorWords = (error: unknown, t: Translate) => string | undefined;

/** Codes whose own message is written for the person using the editor, each with its words in another language (the later words add them). */
const OWN = new Map<string, ErrorWords | undefined>();

/**
 * Adds codes: each with its sentence, and those whose own message is shown, with the words that say it in another
 * language where the message is English only (`error-words-later.ts`).
 */
export function addErrorWords(words: Readonly<Record<string, { key: StringKey; retry: boolean }>>, own: readonly string[], said: Readonly<Record<string, ErrorWords>> = {}): void {
  Object.assign(FOR_CODE, words);
  for (const code of own) OWN.set(code, said[code]);
}

/**
 * The words a person is shown for `error`, the reason first, then what they can do (try again, wait, change
 * something, contact the site). Decided per code, and every code the editor raises has words
 * (test/node/error-codes.test.ts walks them in the source):
 * - a code of the table: its translated sentence. Those are the codes whose message is the developer's: it may
 *   name config keys, endpoints or API calls (`api.baseUrl`, `tools.role`, `deliver({ vast })`); their
 *   message reaches only the host (`reportError`: the `studio-error` event and the console);
 * - a code whose own message is written for the user (`OWN`: a feed's or a row's problems, a delivery that made
 *   nothing and why, a refused project file, a draft not saved): that message, as text (never HTML), with
 *   Retry when the error is recoverable; in another language than English, its code's words where it has them
 *   (the message is English), with the names and figures it carries. It comes from the editor's own checks, never
 *   from a host or a token (no message carries a token: see `StudioAuthError`);
 * - anything else (a bug, a host's own error, a code not known here) and an error with no message: the generic
 *   `error.unknown`, since its message was not written for the user. Until the later words load (the first
 *   panel's first moments), their codes read so too.
 */
export function describeError(error: unknown, t: Translate): ShownError {
  const { code, message, recoverable } = (error ?? {}) as { code?: unknown; message?: unknown; recoverable?: unknown };
  const known = typeof code === 'string' ? FOR_CODE[code] : undefined;
  if (known !== undefined) return { text: t(known.key), retry: known.retry };
  if (OWN.has(code as string) && typeof message === 'string' && message.trim() !== '') return { text: OWN.get(code as string)?.(error, t) ?? message.trim(), retry: recoverable !== false };
  return { text: t('error.unknown'), retry: true };
}
