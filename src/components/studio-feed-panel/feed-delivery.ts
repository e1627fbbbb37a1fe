// "Deliver all rows": the destinations and the rows that go, the price before anything starts, the run with its
// progress and Cancel, and the outcome: the ZIP and every row delivered or failed (failures first, with their
// reasons). The runner does the work; this holds its state, its AbortController and the ZIP's object URL.
import { adIdRefusalText } from '../shared/ad-id-words.js';
import { html, nothing, type ReactiveControllerHost, type TemplateResult } from 'lit';
import { StudioError } from '../../errors.js';
import { reportError } from '../../events/report-error.js';
import { describeError } from '../../i18n/error-words.js';
import type { Translate } from '../../i18n/translate.js';
import type { FeedDeliverResult, FeedProgress, FeedRowOutcome, FeedRunner } from '../../session/feed-run.js';
import { sizeText } from '../studio-deliver-panel/deliver-words.js';
import type { FailedPart } from '../../session/deliver-failed-error.js';
import { lengthName } from '../../model/version-name.js';
import { FeedPriceAsk } from './feed-price-ask.js';
import { versionsText, type FeedVersion } from './feed-versions.js';
import { shownKey } from './feed-words.js';
import { reasonWords } from '../shared/reason-words.js';
import type { Reason } from '../../rules/said.js';

/** Rows of the outcome listed at first, and added by each "Show more". */
const OUTCOME_ROWS = 100;

/** What a run would deliver, as the panel reads it from the check and the project. */
export interface FeedDeliveryPlan {
  /** The keys of the rows that go, in feed order. */
  readonly keys: readonly string[];
  /** The rows with problems, which stay out. */
  readonly left: number;
  /** Their keys: a run lists each as failed with its problems (nothing is voiced for it), so none is dropped silently. */
  readonly problems: readonly string[];
  /** The project's chosen destinations, with their labels; `known: false` for an id the config lacks (not delivered). */
  readonly destinations: readonly { readonly id: string; readonly label: string; readonly known: boolean }[];
  /** The versions each row is delivered in (the open one unless others are ticked), in the project's order. */
  readonly versions: readonly FeedVersion[];
  /** Whether the project has several versions (then the run's are named before it starts). */
  readonly several: boolean;
  /** Every row is checked (until then nothing can start). */
  readonly checked: boolean;
}

const isAbort = (error: unknown) => (error as { name?: string } | null)?.name === 'AbortError';

/** The rows of a run that made nothing (`StudioDeliverFailedError.failed`), each with its reasons; none for any other failure. */
const failedRows = (error: unknown): readonly FailedPart[] => {
  const failed = (error as { code?: unknown; failed?: unknown } | null)?.code === 'deliver-failed' ? (error as { failed?: unknown }).failed : undefined;
  return Array.isArray(failed) ? (failed as FailedPart[]) : [];
};

/** Words of a row's stage: the voicing, a file's step, or its failure. */
const stageText = (t: Translate, stage: FeedProgress['stage']): string =>
  stage === 'voice' ? t('feed.stage.voice') : stage === 'failed' ? t('feed.stage.failed') : t(`deliver.stage.${stage}`);

/**
 * Reasons in the reader's words (`why`), else as the manifest words them (`english`): each with `lang` "en" where it
 * is said in English in another language, for a screen reader's voice.
 */
function reasonsIn(t: Translate, why: readonly Reason[] | undefined, english: readonly string[]): { readonly text: string; readonly lang: 'en' | undefined }[] {
  const other = !t.locale.toLowerCase().startsWith('en');
  if (why === undefined || why.length === 0) return english.map((text) => ({ text, lang: other ? 'en' : undefined }));
  return why.map((reason) => ({ text: reasonWords(t, reason), lang: other && reason.said === undefined ? 'en' : undefined }));
}

/** The price, the run and its outcome. */
export class FeedDelivery {
  readonly #host: ReactiveControllerHost & HTMLElement;
  readonly #t: () => Translate;
  readonly #price: FeedPriceAsk;
  #runs = 0;
  #controller: AbortController | undefined;
  #progress: FeedProgress | undefined;
  #result: { readonly result: FeedDeliverResult; readonly url: string; readonly rows: readonly FeedRowOutcome[] } | undefined;
  #shown = OUTCOME_ROWS;
  /** Why the last run failed: its words, and the rows that made it fail with their reasons (a run that made nothing). */
  #error: { readonly text: string; readonly rows: readonly FailedPart[] } | undefined;
  #notice = '';
  /** Said politely while a run goes on: each row finished (shown by the progress itself, so only said). */
  #announcement = '';
  busy = false;

  constructor(host: ReactiveControllerHost & HTMLElement, t: () => Translate) {
    this.#host = host;
    this.#t = t;
    this.#price = new FeedPriceAsk(host, t);
  }

  /** Asks the runner for the price of delivering `keys` in `versions` for the project `basis` (not while a run goes on). */
  requestPrice(runner: FeedRunner, keys: readonly string[], versions: readonly FeedVersion[], basis: unknown): void {
    if (!this.busy) this.#price.request(runner, keys, basis, versions.map((version) => version.id));
  }

  /**
   * Delivers the rows `keys` to `destinations` in `versions` (default: the open one), the rows `problems` listed
   * failed with their problems: progress, then the outcome in place of the last one.
   */
  async deliver(runner: FeedRunner, keys: readonly string[], destinations: readonly string[], problems: readonly string[] = [], versions?: readonly string[]): Promise<void> {
    if (this.busy) return;
    const run = ++this.#runs;
    const controller = new AbortController();
    this.#controller = controller;
    this.#clearResult();
    this.busy = true;
    this.#progress = { row: keys[0] ?? '', stage: 'voice', done: 0, total: keys.length + problems.length };
    this.#error = undefined;
    this.#notice = '';
    this.#announcement = '';
    this.#host.requestUpdate();
    const t = this.#t();
    try {
      const result = await runner.deliverFeed({
        rows: [...keys, ...problems],
        destinations,
        ...(versions === undefined ? {} : { versions }),
        signal: controller.signal,
        onProgress: (progress) => {
          if (run !== this.#runs || controller.signal.aborted) return;
          if (progress.done !== this.#progress?.done) this.#announcement = t('feed.progressRows', { done: t.number(progress.done, 0), total: t.number(progress.total, 0) });
          this.#progress = progress;
          this.#host.requestUpdate();
        },
      });
      controller.signal.throwIfAborted();
      if (run !== this.#runs) return;
      this.#show(result);
    } catch (error) {
      if (run !== this.#runs) return;
      this.#announcement = '';
      if (isAbort(error) || controller.signal.aborted) this.#notice = t('feed.cancelled');
      else {
        // Rows sharing an Ad-ID are refused before anything is voiced: said as such, naming both. A run that made
        // nothing lists each row with its reasons, as a run's outcome does; else what failed, in words.
        const shared = adIdRefusalText(t, error);
        const rows = failedRows(error);
        this.#error = shared !== undefined ? { text: shared, rows: [] } : rows.length > 0 ? { text: t('feed.noneDelivered'), rows } : { text: t('feed.failed', { message: describeError(error, t).text }), rows };
        // The editor reports its own delivery failures (studio-error); anything else is reported here.
        if (!(error instanceof StudioError)) reportError(this.#host, error);
      }
    } finally {
      if (run === this.#runs) {
        this.busy = false;
        this.#progress = undefined;
        this.#controller = undefined;
        this.#host.requestUpdate();
      }
    }
    // The outcome takes the user to its rows (read from their heading), once it is shown.
    if (run === this.#runs && this.#result !== undefined) {
      await this.#host.updateComplete;
      this.#host.shadowRoot?.querySelector<HTMLElement>('#feed-results-heading')?.focus();
    }
  }

  /** Cancels the run under way: it keeps nothing. */
  cancel(): void {
    this.#controller?.abort(new DOMException('Cancelled by the user.', 'AbortError'));
  }

  /** Lets go of everything: the run under way, the price asked for, the ZIP's object URL. */
  release(): void {
    this.cancel();
    this.#runs += 1;
    this.#price.release();
    this.busy = false;
    this.#progress = undefined;
    this.#clearResult();
  }

  #clearResult(): void {
    if (this.#result !== undefined) URL.revokeObjectURL(this.#result.url);
    this.#result = undefined;
    this.#shown = OUTCOME_ROWS;
  }

  #show(result: FeedDeliverResult): void {
    const t = this.#t();
    // Failures first, each group in feed order.
    const rows = [...result.manifest.feed.rows].sort((a, b) => Number(a.status === 'delivered') - Number(b.status === 'delivered') || a.row - b.row);
    this.#result = { result, url: URL.createObjectURL(result.zip), rows };
    const failed = rows.filter((row) => row.status === 'failed').length;
    this.#announcement = '';
    this.#notice = t('feed.outcome', {
      delivered: t.plural('feed.delivered', rows.length - failed),
      failed: t.plural('feed.failedRows', failed),
      zip: result.fileName,
      size: sizeText(t, result.zip.size),
    });
  }

  /** The section: what goes, the price, Deliver; the progress and Cancel; the outcome. */
  render(
    t: Translate,
    runner: FeedRunner | undefined,
    plan: FeedDeliveryPlan,
    basis: unknown,
    includeWarnings: boolean,
    onIncludeWarnings: (on: boolean) => void,
    versionChoice: (busy: boolean) => TemplateResult | typeof nothing = () => nothing,
  ): TemplateResult {
    const known = plan.destinations.filter((destination) => destination.known);
    const blocked = runner === undefined || !plan.checked || plan.keys.length === 0 || known.length === 0;
    return html`<section part="deliver" aria-labelledby="feed-deliver-heading" aria-busy=${this.busy ? 'true' : 'false'}>
      <h4 id="feed-deliver-heading">${t('feed.deliver')}</h4>
      ${runner === undefined
        ? html`<p part="message">${t('feed.noRunner')}</p>`
        : html`<div part="destinations">
              <strong>${t('feed.destinations')}</strong>
              ${plan.destinations.length === 0
                ? html`<p class="error">${t('feed.noDestinations')}</p>`
                : html`<ul>
                    ${plan.destinations.map(
                      (destination) => html`<li data-destination=${destination.id}>${destination.known ? destination.label : t('feed.unknownDestination', { id: destination.id })}</li>`,
                    )}
                  </ul>`}
            </div>
            ${versionChoice(this.busy)}
            <div class="check">
              <input type="checkbox" id="include-warnings" part="include-warnings" .checked=${includeWarnings} ?disabled=${this.busy}
                @change=${(event: Event) => onIncludeWarnings((event.target as HTMLInputElement).checked)} />
              <label for="include-warnings">${t('feed.includeWarnings')}</label>
            </div>
            <p id="feed-plan">${this.#planText(t, plan, known.map((destination) => destination.label))}</p>
            ${plan.several ? html`<p id="feed-plan-versions" class="run-versions">${versionsText(t, plan.versions.map((version) => version.name))}</p>` : nothing}
            <p part="price">${plan.checked && plan.keys.length > 0 && !this.busy ? this.#price.text(t, plan.keys, basis, plan.versions.map((version) => version.id)) : ''}</p>
            <div class="actions">
              <button type="button" class="primary" part="submit" aria-describedby=${plan.several ? 'feed-plan feed-plan-versions' : 'feed-plan'} ?disabled=${blocked || this.busy}
                @click=${() =>
                  runner !== undefined &&
                  void this.deliver(runner, plan.keys, known.map((destination) => destination.id), plan.problems, plan.versions.map((version) => version.id))}>${t('feed.run')}</button>
            </div>`}
      ${this.busy && this.#progress !== undefined ? this.#renderProgress(t, this.#progress) : nothing}
      ${this.#error === undefined ? nothing : this.#renderError(t, this.#error)}
      <p part="message" role="status" aria-live="polite" class=${this.busy ? 'visually-hidden' : ''}>${this.#announcement || this.#notice}</p>
      ${this.#result !== undefined && !this.busy ? this.#renderResult(t) : nothing}
    </section>`;
  }

  /** The failure: its words first, then each row that made the run fail, with its reasons (read with the alert). */
  #renderError(t: Translate, error: { readonly text: string; readonly rows: readonly FailedPart[] }): TemplateResult {
    // No white space around the words: the alert reads as they are.
    const rows = error.rows.slice(0, OUTCOME_ROWS).map((row) => html`<li data-key=${row.name}><strong>${shownKey(row.name)}</strong>: ${reasonsIn(t, row.why, row.reasons).map((reason, at) => html`${at > 0 ? ' ' : ''}<span lang=${reason.lang ?? nothing}>${reason.text}</span>`)}</li>`);
    return html`<div class="error" part="error" role="alert"><p>${error.text}</p>${error.rows.length === 0 ? nothing : html`<ul part="error-rows">${rows}</ul>`}</div>`;
  }

  #planText(t: Translate, plan: FeedDeliveryPlan, labels: readonly string[]): string {
    if (!plan.checked) return t('feed.waitCheck');
    if (plan.keys.length === 0) return t('feed.nothingToDeliver');
    const going = t.plural('feed.toDeliver', plan.keys.length, { destinations: t.list(labels) });
    return plan.left === 0 ? going : `${going} ${t.plural('feed.left', plan.left)}`;
  }

  #renderProgress(t: Translate, progress: FeedProgress): TemplateResult {
    const rows = t('feed.progressRows', { done: t.number(progress.done, 0), total: t.number(progress.total, 0) });
    return html`<div part="progress">
      <progress max=${Math.max(1, progress.total)} .value=${progress.done} aria-label=${rows}></progress>
      <p>${rows}</p>
      <p part="current-row">${t('feed.rowStage', { key: shownKey(progress.row), stage: stageText(t, progress.stage) })}</p>
      <div class="actions">
        <button type="button" part="cancel" @click=${() => this.cancel()}>${t('job.cancel')}</button>
      </div>
    </div>`;
  }

  #renderResult(t: Translate): TemplateResult {
    const { result, url, rows } = this.#result!;
    const { takes } = result.manifest.feed;
    // The versions the run delivered, as its manifest lists them (each by its label, else its length).
    const versions = (result.manifest.versions ?? []).map((version) => version.label || lengthName(version.seconds));
    const more = rows.length - this.#shown;
    return html`<section part="results" aria-labelledby="feed-results-heading">
      <h4 id="feed-results-heading" tabindex="-1">${t('feed.results')}</h4>
      ${versions.length === 0 ? nothing : html`<p class="run-versions">${versionsText(t, versions)}</p>`}
      <p>${t('feed.takes', { voiced: t.plural('feed.voiced', takes.voiced), reused: t.plural('feed.reused', takes.reused) })}</p>
      <div class="actions">
        <a class="button" part="zip" href=${url} download=${result.fileName}>${t('deliver.downloadZip', { file: result.fileName, size: sizeText(t, result.zip.size) })}</a>
      </div>
      <ul class="outcomes">
        ${rows.slice(0, this.#shown).map((row) => this.#renderOutcome(t, row))}
      </ul>
      ${more > 0
        ? html`<button type="button" part="more" @click=${() => {
            this.#shown += OUTCOME_ROWS;
            this.#host.requestUpdate();
          }}>${t('feed.showMore', { count: t.number(Math.min(more, OUTCOME_ROWS), 0) })}</button>`
        : nothing}
    </section>`;
  }

  #renderOutcome(t: Translate, row: FeedRowOutcome): TemplateResult {
    const failed = row.status === 'failed';
    return html`<li part="outcome" class=${row.status} data-key=${row.key}>
      <span class="verdict"><span aria-hidden="true">${failed ? '✗' : '✓'}</span> ${t(failed ? 'feed.rowFailed' : 'feed.rowDelivered')}</span>
      <strong>${t('feed.chooseRow', { row: row.row, key: shownKey(row.key) })}</strong>
      ${failed ? nothing : html`<span class="hint">${t.plural('feed.files', row.files.length)}</span>`}
      ${failed && row.reasons.length > 0
        ? html`<ul>
            ${reasonsIn(t, this.#result?.result.reasons.get(row.key), row.reasons).map((reason) => html`<li lang=${reason.lang ?? nothing}>${reason.text}</li>`)}
          </ul>`
        : nothing}
    </li>`;
  }
}
