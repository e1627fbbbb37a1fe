import { html, nothing, type TemplateResult } from 'lit';
import { keyed } from 'lit/directives/keyed.js';
import { ref } from 'lit/directives/ref.js';
import type { Translate } from '../../i18n/translate.js';

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
