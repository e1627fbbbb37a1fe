import { html, nothing, type TemplateResult } from 'lit';
import { keyed } from 'lit/directives/keyed.js';
import { ref } from 'lit/directives/ref.js';
import { StudioError } from '../../errors.js';
import { StudioErrorEvent } from '../../events/studio-error.js';
import type { StringKey } from '../../i18n/en.js';
import type { Translate } from '../../i18n/translate.js';

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

/** Failures already written to the console, so each is warned once however often it is shown. */
const warned = new WeakSet<object>();

/**
 * Tells the developer what failed: `studio-error` from `host` (bubbling out of the editor) with the full
 * developer message, and one `console.warn` per failure. The user's words are `describeError`'s.
 */
export function reportError(host: HTMLElement, error: unknown): void {
  const studioError = error instanceof StudioError ? error : undefined;
  const code = studioError?.code ?? (typeof (error as { code?: unknown } | null)?.code === 'string' ? (error as { code: string }).code : 'unknown');
  const message = error instanceof Error ? error.message : String(error);
  const status = studioError?.status;
  host.dispatchEvent(new StudioErrorEvent({ code, message, recoverable: studioError?.recoverable ?? true, ...(status === undefined ? {} : { status }) }));
  if (typeof error === 'object' && error !== null) {
    if (warned.has(error)) return;
    warned.add(error);
  }
  console.warn(`[studio-editor] ${code}: ${message}`);
}

/** Brings a newly shown error where the user is looking and moves focus to it (it has tabindex=-1). */
const bringIntoView = (element: Element | undefined): void => {
  if (!(element instanceof HTMLElement)) return;
  // After the render commits: the element is in the document by then.
  queueMicrotask(() => {
    if (!element.isConnected) return;
    element.scrollIntoView({ block: 'nearest' });
    element.focus({ preventScroll: true });
  });
};

/**
 * An error paragraph: `role="alert"`, focusable (tabindex=-1), scrolled into view and focused each time a
 * new text appears, with a Retry button when `onRetry` is given. Renders nothing for an empty text.
 */
export function renderAlert(text: string, t: Translate, onRetry?: () => void): TemplateResult | typeof nothing {
  if (!text) return nothing;
  return keyed(
    text,
    html`<p class="error" part="error" role="alert" tabindex="-1" ${ref(bringIntoView)}><span part="error-text">${text}</span>${onRetry
        ? html` <button type="button" part="retry" @click=${onRetry}>${t('error.retry')}</button>`
        : nothing}</p>`,
  ) as TemplateResult;
}
