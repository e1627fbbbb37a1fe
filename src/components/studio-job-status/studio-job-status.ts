import { css, html, nothing, type PropertyValues } from 'lit';
import { property } from 'lit/decorators.js';
import { defineElement } from '../../internal/define.js';
import { StudioElement } from '../shared/studio-element.js';
import type { StringKey } from '../../i18n/en.js';
import { controlStyles } from '../shared/controls.styles.js';
// Its words come with it (it shows with a job, never to paint an editor).
import '../../i18n/later-words.js';

const KNOWN_STATES = ['queued', 'running', 'retrying', 'succeeded', 'failed', 'cancelled'] as const;
const FINISHED: readonly string[] = ['succeeded', 'failed', 'cancelled'];

/**
 * Progress of one long task (a service job, a render): what it does, how far it is, how long it has taken
 * and, once its progress allows a fair guess, about how long is left; a wait before a retry counts down.
 * Announces its state politely to screen readers (the ticking times are not announced); the bar is a
 * `progressbar` with a value when the task reports one, and indeterminate (moving) otherwise: a progress of
 * 0, which a stage without a percentage reports for its whole run, shows no "0%".
 *
 * @tagname studio-editor-job-status
 * @fires job-cancel - The user asked to cancel.
 * @csspart bar - The progress bar.
 */
export class StudioJobStatus extends StudioElement {
  static override styles = [
    controlStyles,
    css`
      :host {
        display: block;
      }
      .job {
        display: grid;
        grid-template-columns: 1fr auto;
        gap: 6px 12px;
        align-items: center;
      }
      .label {
        display: flex;
        justify-content: space-between;
        gap: 8px;
      }
      [part='bar'] {
        grid-column: 1;
        height: 6px;
        border-radius: 3px;
        background: var(--_surface-alt, #f3f4f6);
        overflow: hidden;
      }
      .fill {
        height: 100%;
        width: calc(var(--_progress, 0.3) * 100%);
        background: var(--_accent, #2563eb);
        transition: width 200ms ease;
      }
      .indeterminate .fill {
        animation: slide 1.2s ease-in-out infinite;
      }
      @keyframes slide {
        from {
          transform: translateX(-100%);
        }
        to {
          transform: translateX(340%);
        }
      }
      @media (prefers-reduced-motion: reduce) {
        .indeterminate .fill {
          animation: none;
        }
      }
      button {
        grid-column: 2;
        grid-row: 1 / span 3;
      }
      .times {
        grid-column: 1;
        display: flex;
        gap: 12px;
        font-size: max(11px, 0.85em);
        color: var(--_text-muted, #4b5563);
        font-variant-numeric: tabular-nums;
      }
    `,
  ];

  /** What the task is, e.g. "Finding recommendations". */
  @property() label = '';
  /**
   * Job state: `queued`, `running`, `retrying` (the start is sent again after `retryIn` seconds), `succeeded`,
   * `failed`, `cancelled`; anything else shows as running.
   */
  @property() state = 'queued';
  /** With `state="retrying"`: whole seconds until the next attempt, shown as "Retrying in N s". */
  @property({ type: Number, attribute: 'retry-in' }) retryIn: number | undefined;
  /** 0 to 1, or undefined when the task does not say. */
  @property({ type: Number }) progress: number | undefined;
  /** What the task is doing now, as the service words it. */
  @property() stage = '';
  /** Whether the task can be cancelled. */
  @property({ type: Boolean }) cancellable = true;

  /** When this run of the task began (it begins again after a finished one), and when a retry is due. */
  #startedAt: number | undefined;
  #retryAt: number | undefined;
  #ticker: ReturnType<typeof setInterval> | undefined;

  protected override willUpdate(changed: PropertyValues<this>): void {
    const active = !FINISHED.includes(this.state);
    if (active && this.#startedAt === undefined) this.#startedAt = Date.now();
    if (!active) this.#startedAt = undefined;
    if (changed.has('retryIn') || changed.has('state')) {
      this.#retryAt = this.state === 'retrying' && this.retryIn !== undefined ? Date.now() + this.retryIn * 1000 : undefined;
    }
    // The times move once a second while the task runs, and stop with it.
    if (active && this.#ticker === undefined && this.isConnected) this.#ticker = setInterval(() => this.requestUpdate(), 1000);
    if (!active) this.#stopTicking();
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    this.#stopTicking();
  }

  override connectedCallback(): void {
    super.connectedCallback();
    this.requestUpdate();
  }

  #stopTicking(): void {
    clearInterval(this.#ticker);
    this.#ticker = undefined;
  }

  /** Seconds since the task began, and about how many are left when the progress allows a fair guess. */
  #times(): { elapsed: number; remaining: number | undefined } | undefined {
    if (this.#startedAt === undefined) return undefined;
    const elapsed = Math.max(0, (Date.now() - this.#startedAt) / 1000);
    const p = this.progress;
    // A guess from the rate so far, once there is a rate to speak of (5 % done, 2 s spent).
    const remaining = p !== undefined && p >= 0.05 && p < 1 && elapsed >= 2 ? (elapsed * (1 - p)) / p : undefined;
    return { elapsed, remaining };
  }

  protected override updated(): void {
    const bar = this.renderRoot.querySelector<HTMLElement>('[part="bar"]');
    const value = this.state === 'succeeded' ? 1 : this.progress !== undefined && this.progress > 0 ? this.progress : undefined;
    // Through the CSSOM, not a style attribute: a strict CSP blocks inline styles.
    if (bar && value !== undefined) bar.style.setProperty('--_progress', String(Math.min(1, Math.max(0, value))));
  }

  protected override render() {
    const t = this.t;
    const state = (KNOWN_STATES as readonly string[]).includes(this.state) ? this.state : 'running';
    const done = state === 'succeeded' || state === 'failed' || state === 'cancelled';
    // No progress yet is no percentage: a stage that reports none shows a moving bar and the time, never "0%".
    const percent = this.progress === undefined || !(this.progress > 0) ? undefined : Math.round(Math.min(1, this.progress) * 100);
    const retrying = state === 'retrying' && this.#retryAt !== undefined;
    const headline = retrying ? t('job.retrying', { seconds: Math.max(0, Math.ceil((this.#retryAt! - Date.now()) / 1000)) }) : t(`job.state.${state}` as StringKey);
    const times = done ? undefined : this.#times();
    const words = [headline, this.stage].filter(Boolean).join(': ');
    return html`<div class="job">
      <div class="label">
        <span>${this.label}</span>
        <span role="status">${words}${percent === undefined || done ? '' : ` (${t('job.percent', { percent })})`}</span>
      </div>
      <div part="bar" class=${percent === undefined && !done ? 'indeterminate' : ''} role="progressbar" aria-label=${this.label}
        aria-valuemin="0" aria-valuemax="100" aria-valuenow=${state === 'succeeded' ? 100 : (percent ?? nothing)}>
        <div class="fill"></div>
      </div>
      ${times === undefined
        ? nothing
        : html`<div class="times">
            <span class="elapsed">${t('job.elapsed', { time: t.clock(times.elapsed) })}</span>
            ${times.remaining === undefined ? nothing : html`<span class="remaining">${t('job.remaining', { time: t.clock(Math.ceil(times.remaining)) })}</span>`}
          </div>`}
      ${this.cancellable && !done ? html`<button type="button" @click=${() => this.dispatchEvent(new CustomEvent('job-cancel', { bubbles: true }))}>${t('job.cancel')}</button>` : nothing}
    </div>`;
  }
}

defineElement('studio-editor-job-status', StudioJobStatus);

declare global {
  interface HTMLElementTagNameMap {
    'studio-editor-job-status': StudioJobStatus;
  }
}
