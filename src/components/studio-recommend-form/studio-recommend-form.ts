import { html, nothing } from 'lit';
import { property, state } from 'lit/decorators.js';
import { defineElement } from '../../internal/define.js';
import { StudioElement } from '../shared/studio-element.js';
import { controlStyles } from '../shared/controls.styles.js';
import { actionRowStyles } from '../shared/panel.styles.js';
import { styles } from './studio-recommend-form.styles.js';
import type { PaidCall } from '../../script/price.js';

/** What the form asks for: a recommendation from a web page or from a product description. */
export type RecommendRequestDetail =
  | { source: 'url'; url: string; duration: number; count: number }
  | { source: 'product'; product: { name: string; description: string }; duration: number; count: number };

const PRESET_DURATIONS = [15, 30, 60] as const;
const MAX_NAME = 120;
const MAX_DESCRIPTION = 2000;

type FieldError = 'url' | 'name' | 'description' | 'duration';

/** An absolute http(s) URL with a host, or undefined. */
export function parseProductUrl(value: string): string | undefined {
  try {
    const url = new URL(value.trim());
    return (url.protocol === 'https:' || url.protocol === 'http:') && url.hostname.includes('.') ? url.href : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The form that starts a recommendation: a product page URL or a product description, the ad length and
 * the number of ideas. Validates on submit, focuses the first wrong field and says how to fix it.
 *
 * @tagname studio-editor-recommend-form
 * @fires recommend-submit - `detail` is a `RecommendRequestDetail`; not composed (handled by the recommend panel).
 * @csspart form - The form.
 * @csspart submit - The submit button.
 */
export class StudioRecommendForm extends StudioElement {
  static override styles = [controlStyles, actionRowStyles, styles];

  /** Which sources are offered: a web page, a product description, or both. */
  @property({ attribute: false }) sources: ReadonlyArray<'url' | 'product'> = ['url', 'product'];
  /** The ad length to start with, in seconds. */
  @property({ type: Number }) duration = 30;
  /** How many ideas to ask for, 1 to 5. */
  @property({ type: Number }) count = 3;
  /** A job is running: the submit button is disabled. */
  @property({ type: Boolean }) busy = false;
  /** The one price of paid calls (the panel's `PriceController`): the form says what asking costs beside the button (nothing without one). */
  @property({ attribute: false }) price: ((calls: readonly PaidCall[]) => number | undefined) | undefined;

  @state() private source: 'url' | 'product' = 'url';
  @state() private custom = false;
  @state() private errors = new Set<FieldError>();
  @state() private customSeconds = '';
  @state() private url = '';
  @state() private name = '';
  @state() private description = '';

  protected override willUpdate(): void {
    if (!this.sources.includes(this.source)) this.source = this.sources[0] ?? 'url';
    if (!this.hasUpdated) {
      this.custom = !(PRESET_DURATIONS as readonly number[]).includes(this.duration);
      this.customSeconds = String(this.duration);
    }
  }

  #handleSubmit(event: SubmitEvent): void {
    event.preventDefault();
    if (this.busy) return;
    const errors = new Set<FieldError>();
    const duration = this.custom ? Number(this.customSeconds) : this.duration;
    if (!Number.isFinite(duration) || duration < 5 || duration > 120) errors.add('duration');
    const count = this.count;
    let detail: RecommendRequestDetail | undefined;
    if (this.source === 'url') {
      const url = parseProductUrl(this.url);
      if (url === undefined) errors.add('url');
      else detail = { source: 'url', url, duration, count };
    } else {
      const name = this.name.trim();
      const description = this.description.trim();
      if (name === '') errors.add('name');
      if (description === '') errors.add('description');
      detail = { source: 'product', product: { name, description }, duration, count };
    }
    this.errors = errors;
    if (errors.size > 0 || detail === undefined) {
      this.updateComplete.then(() => this.renderRoot.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());
      return;
    }
    this.dispatchEvent(new CustomEvent<RecommendRequestDetail>('recommend-submit', { detail, bubbles: true }));
  }

  #edit(field: FieldError, value: string): void {
    if (field === 'url') this.url = value;
    else if (field === 'name') this.name = value;
    else if (field === 'description') this.description = value;
    this.#clearError(field);
  }

  #clearError(field: FieldError): void {
    if (!this.errors.has(field)) return;
    const errors = new Set(this.errors);
    errors.delete(field);
    this.errors = errors;
  }

  #error(field: FieldError, message: string) {
    return this.errors.has(field) ? html`<p class="error" id="${field}-error">${message}</p>` : nothing;
  }

  #describedBy(field: FieldError, hint?: string): string {
    return [hint, this.errors.has(field) ? `${field}-error` : undefined].filter(Boolean).join(' ');
  }

  #renderUrl() {
    const t = this.t;
    return html`<div class="field">
      <label for="url">${t('recommend.url')}</label>
      <input id="url" name="url" type="url" inputmode="url" autocomplete="url" spellcheck="false"
        placeholder="https://" .value=${this.url}
        aria-invalid=${this.errors.has('url') ? 'true' : 'false'} aria-describedby=${this.#describedBy('url', 'url-hint')}
        @input=${(event: InputEvent) => this.#edit('url', (event.target as HTMLInputElement).value)} />
      <p class="hint" id="url-hint">${t('recommend.urlHint')}</p>
      ${this.#error('url', this.url.trim() === '' ? t('recommend.urlMissing') : t('recommend.urlInvalid'))}
    </div>`;
  }

  #renderProduct() {
    const t = this.t;
    return html`<div class="field">
        <label for="name">${t('recommend.productName')}</label>
        <input id="name" name="name" type="text" maxlength=${MAX_NAME} autocomplete="off" .value=${this.name}
          aria-invalid=${this.errors.has('name') ? 'true' : 'false'} aria-describedby=${this.#describedBy('name')}
          @input=${(event: InputEvent) => this.#edit('name', (event.target as HTMLInputElement).value)} />
        ${this.#error('name', t('recommend.productNameMissing'))}
      </div>
      <div class="field">
        <label for="description">${t('recommend.productDescription')}</label>
        <textarea id="description" name="description" rows="3" maxlength=${MAX_DESCRIPTION} .value=${this.description}
          aria-invalid=${this.errors.has('description') ? 'true' : 'false'} aria-describedby=${this.#describedBy('description', 'description-hint')}
          @input=${(event: InputEvent) => this.#edit('description', (event.target as HTMLTextAreaElement).value)}></textarea>
        <p class="hint" id="description-hint">${t('recommend.productDescriptionHint')}</p>
        ${this.#error('description', t('recommend.productDescriptionMissing'))}
      </div>`;
  }

  protected override render() {
    const t = this.t;
    const credits = this.price?.([{ operation: this.source === 'url' ? 'recommendUrl' : 'recommendProduct', recommendations: this.count }]);
    return html`<form part="form" novalidate @submit=${this.#handleSubmit}>
      ${this.sources.length > 1
        ? html`<fieldset class="segmented">
            <legend>${t('recommend.source')}</legend>
            ${this.sources.map(
              (source) => html`<label class="choice">
                <input type="radio" name="source" .value=${source} .checked=${this.source === source}
                  @change=${() => (this.source = source)} />
                ${source === 'url' ? t('recommend.fromUrl') : t('recommend.fromProduct')}
              </label>`,
            )}
          </fieldset>`
        : nothing}
      ${this.source === 'url' ? this.#renderUrl() : this.#renderProduct()}
      <div class="row">
        <fieldset aria-describedby=${this.errors.has('duration') ? 'duration-error' : nothing}>
          <legend>${t('recommend.duration')}</legend>
          <div class="choices">
            ${PRESET_DURATIONS.map(
              (seconds) => html`<label class="choice">
                <input type="radio" name="duration" .value=${String(seconds)} .checked=${!this.custom && this.duration === seconds}
                  @change=${() => {
                    this.custom = false;
                    this.duration = seconds;
                    this.#clearError('duration');
                  }} />
                ${t('recommend.seconds', { seconds })}
              </label>`,
            )}
            <label class="choice">
              <input type="radio" name="duration" value="custom" .checked=${this.custom} @change=${() => (this.custom = true)} />
              ${t('recommend.custom')}
            </label>
            ${this.custom
              ? html`<input class="seconds" name="custom-duration" type="number" min="5" max="120" step="1" .value=${this.customSeconds}
                  aria-label=${t('recommend.customSeconds')} aria-invalid=${this.errors.has('duration') ? 'true' : 'false'}
                  @input=${(event: InputEvent) => {
                    this.customSeconds = (event.target as HTMLInputElement).value;
                    this.#clearError('duration');
                  }} />`
              : nothing}
          </div>
          ${this.#error('duration', t('recommend.durationInvalid'))}
        </fieldset>
        <div class="field count">
          <label for="count">${t('recommend.count')}</label>
          <select id="count" name="count" .value=${String(this.count)}
            @change=${(event: Event) => (this.count = Number((event.target as HTMLSelectElement).value))}>
            ${[1, 2, 3, 4, 5].map((n) => html`<option value=${n} ?selected=${n === this.count}>${n}</option>`)}
          </select>
        </div>
      </div>
      <div class="actions">
        <button part="submit" class="primary" type="submit" ?disabled=${this.busy} aria-describedby=${credits === undefined ? nothing : 'cost'}>${t('recommend.submit')}</button>
        ${credits === undefined ? nothing : html`<span id="cost" class="cost">${t.plural('credits.uses', credits)}</span>`}
      </div>
    </form>`;
  }
}

defineElement('studio-editor-recommend-form', StudioRecommendForm);

declare global {
  interface HTMLElementTagNameMap {
    'studio-editor-recommend-form': StudioRecommendForm;
  }
}
