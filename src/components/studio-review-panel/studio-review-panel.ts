import { css, html, nothing, type PropertyValues, type TemplateResult } from 'lit';
import { property, state } from 'lit/decorators.js';
import type { ResolvedConfig } from '../../config/types.js';
import { PreviewController } from '../../controllers/preview-controller.js';
import { StoreController } from '../../controllers/store-controller.js';
import { formatClock, formatDateTime, formatRelative } from '../../i18n/format.js';
import { defineElement } from '../../internal/define.js';
import { REVIEW_LIMITS, type ProjectDocument, type ReviewComment, type ReviewDecision, type ReviewPerson } from '../../model/document.js';
import type { EditorRole, EditorState } from '../../model/editor-state.js';
import { reviewThreads, versionApprovals, type ReviewThread } from '../../model/review.js';
import { reviewAnnotations } from '../../model/review-export.js';
import { controlStyles } from '../shared/controls.styles.js';
import { panelStyles } from '../shared/panel.styles.js';
import { headingStyles } from '../shared/panel-text.styles.js';
import { exportPanelParts } from '../shared/exported-parts.js';
import { LABEL_KEYS, unverifiedWords } from '../shared/decision-words.js';
import { DecisionTrustController } from './decision-trust.js';
import type { DecisionDraft } from '../../review/sign-decision.js';
import { StudioElement } from '../shared/studio-element.js';
import type { CommentRequest } from '../shared/events.js';
import '../../i18n/later-words.js';

/** What the panel reads of the store: the project, who reviews, and in which role. */
interface ReviewView {
  readonly project: ProjectDocument;
  readonly user: ReviewPerson | undefined;
  readonly role: EditorRole;
}

type Label = ReviewDecision['label'];
const LABELS: readonly Label[] = ['approved', 'approved-with-changes', 'changes-required'];

/** The structural parts an editor exports from this panel, each as `review-<part>` (docs/styling.md). */
const REVIEW_PARTS = ['threads', 'thread', 'comment', 'range', 'composer', 'decision-form', 'decisions', 'decision', 'export', 'message'];


/** A fresh id for a comment or a decision. */
const freshId = (prefix: string) => `${prefix}-${crypto.randomUUID()}`;

/**
 * Review: the open version's comment threads (open, then resolved behind a toggle, the orphaned ones apart),
 * replies, resolving and reopening, a comment at the playhead, the decision form for the open version and its
 * decisions (each fresh or stale), and the export of the comments as W3C Web Annotations (docs/review.md).
 *
 * @tagname studio-editor-review-panel
 * @csspart threads - A list of threads (open, resolved or orphaned).
 * @csspart thread - One thread: its comments, its actions and its reply form.
 * @csspart comment - One comment: author, time, range and text.
 * @csspart range - A thread's time range on the version (a button that plays from its start).
 * @csspart composer - The new comment's form.
 * @csspart decision-form - The decision form: the three labels and the note.
 * @csspart decisions - The version's decisions, each fresh or stale and, with `review.publicKeys`, "Verified" or "Unverified: <reason>".
 * @csspart decision - One decision.
 * @csspart export - The "Export comments" button.
 * @csspart message - The note without a reviewer, or an empty list.
 */
export class StudioReviewPanel extends StudioElement {
  static override styles = [
    controlStyles,
    panelStyles,
    headingStyles,
    css`
      ul {
        list-style: none;
        margin: 0;
        padding: 0;
        display: grid;
        gap: 8px;
      }
      [part~='thread'] {
        border: 1px solid var(--_border, #d1d5db);
        border-radius: var(--_radius, 6px);
        padding: 8px;
        display: grid;
        gap: 6px;
      }
      [part~='thread'].resolved {
        opacity: 0.85;
      }
      [part~='comment'] {
        display: grid;
        gap: 2px;
      }
      [part~='comment'] + [part~='comment'] {
        margin-inline-start: 12px;
        padding-inline-start: 8px;
        border-inline-start: 2px solid var(--_border, #d1d5db);
      }
      .meta {
        display: flex;
        flex-wrap: wrap;
        gap: 4px 8px;
        align-items: baseline;
        font-size: 0.875em;
        color: var(--_text-muted, #4b5563);
      }
      .author {
        font-weight: 600;
        color: var(--_text, #111827);
      }
      .body {
        margin: 0;
        white-space: pre-wrap;
        overflow-wrap: anywhere;
      }
      [part~='range'] {
        font-variant-numeric: tabular-nums;
      }
      form {
        display: grid;
        gap: 6px;
      }
      textarea {
        min-height: 4em;
        resize: vertical;
        font: inherit;
      }
      fieldset {
        border: 0;
        margin: 0;
        padding: 0;
        display: grid;
        gap: 4px;
      }
      fieldset label {
        font-weight: normal;
        display: flex;
        gap: 6px;
        align-items: center;
      }
      .error {
        color: var(--_danger, #b91c1c);
      }
      .fresh {
        color: var(--_success, #166534);
        font-weight: 600;
      }
      .stale,
      .unverified {
        color: var(--_danger, #b91c1c);
        font-weight: 600;
      }
      .verified {
        color: var(--_success, #166534);
      }
      .actions {
        display: flex;
        flex-wrap: wrap;
        gap: 6px;
      }
      button.link {
        justify-self: start;
        background: none;
        border: 0;
        padding: 0;
        min-height: 24px;
        color: var(--_accent, #2563eb);
        text-decoration: underline;
        cursor: pointer;
        font: inherit;
      }
      h4 {
        margin: 8px 0 4px;
        font-size: 1em;
      }
    `,
  ];

  readonly #store = new StoreController<ReviewView>(this, (s: EditorState) => ({ project: s.project, user: s.reviewUser, role: s.role }));
  readonly #preview = new PreviewController(this);
  readonly #trust = new DecisionTrustController(this);

  /**
   * The review's config, given by the editor: with `sign`, each decision is signed by the host before it lands;
   * with `publicKeys`, each decision shows whether its signature verifies (docs/review.md).
   */
  @property({ attribute: false }) trust: ResolvedConfig['review'] | undefined;
  /** While the host signs a decision: the form waits. */
  @state() private signing = false;

  @state() private showResolved = false;
  /** The new comment's range (seconds) while its form is open. */
  @state() private composing: { start: number; end: number } | undefined = undefined;
  @state() private draft = '';
  @state() private replying: string | undefined = undefined;
  @state() private reply = '';
  @state() private label: Label | undefined = undefined;
  @state() private note = '';
  @state() private noteError = false;
  @state() private problem = '';

  /** The editor's shadow root, where `comment-at` arrives from the timeline and the script. */
  #root: ShadowRoot | undefined;

  override connectedCallback(): void {
    super.connectedCallback();
    exportPanelParts(this, 'review', REVIEW_PARTS);
    const root = this.getRootNode();
    this.#root = root instanceof ShadowRoot ? root : undefined;
    this.#root?.addEventListener('comment-at', this.#onCommentAt);
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    this.#root?.removeEventListener('comment-at', this.#onCommentAt);
    this.#root = undefined;
  }

  /**
   * C on the timeline, or the script's "Comment on these words" (`comment-at`, composed): this step is shown (the
   * editor hears `panel-select`, as from its tabs) and its form opens there, with the words quoted. Here rather
   * than in the editor: the first paint carries none of it.
   */
  readonly #onCommentAt = (event: Event): void => {
    const { start, end, quote } = (event as CustomEvent<CommentRequest>).detail;
    this.dispatchEvent(new CustomEvent('panel-select', { detail: 'review', bubbles: true }));
    const editor = this.#root?.host as (HTMLElement & { updateComplete?: Promise<unknown> }) | undefined;
    void Promise.resolve(editor?.updateComplete).then(() => this.composeAt(start, end, quote));
  };

  /**
   * Opens the comment form at `start` (default the playhead) to `end` (default `start`: a point) and focuses it:
   * the editor's C key, "Comment at the playhead", and the script's "Comment on these words" (which quotes them).
   */
  async composeAt(start?: number, end?: number, quote?: string): Promise<void> {
    const at = start ?? this.#preview.source?.currentTime ?? 0;
    this.composing = { start: at, end: Math.max(at, end ?? at) };
    if (quote !== undefined && quote !== '') this.draft = `“${quote}” `;
    await this.updateComplete;
    this.shadowRoot?.querySelector<HTMLTextAreaElement>('#review-draft')?.focus();
  }

  /** Plays the open version from `time`. */
  #playFrom(time: number): void {
    const source = this.#preview.source;
    if (source === undefined) return;
    source.seek(time);
    source.play().catch(() => undefined);
  }

  #dispatch(action: Parameters<StoreController<ReviewView>['dispatch']>[0]): boolean {
    try {
      this.#store.dispatch(action);
      this.problem = '';
      return true;
    } catch (error) {
      this.problem = error instanceof Error ? error.message : String(error);
      return false;
    }
  }

  #submitComment(event: Event): void {
    event.preventDefault();
    const range = this.composing;
    if (range === undefined || this.draft.trim() === '') return;
    const done = this.#dispatch({ type: 'review/comment', id: freshId('c'), at: new Date().toISOString(), body: this.draft, start: range.start, end: range.end });
    if (done) {
      this.composing = undefined;
      this.draft = '';
    }
  }

  #submitReply(event: Event, thread: string): void {
    event.preventDefault();
    if (this.reply.trim() === '') return;
    if (this.#dispatch({ type: 'review/comment', id: freshId('c'), at: new Date().toISOString(), body: this.reply, thread })) {
      this.replying = undefined;
      this.reply = '';
    }
  }

  #submitDecision(event: Event): void {
    event.preventDefault();
    const label = this.label;
    if (label === undefined) return;
    if (label === 'changes-required' && this.note.trim() === '') {
      this.noteError = true;
      this.shadowRoot?.querySelector<HTMLTextAreaElement>('#review-note')?.focus();
      return;
    }
    const note = this.note.trim() === '' ? {} : { note: this.note };
    const draft: DecisionDraft = { id: freshId('d'), at: new Date().toISOString(), label, ...note };
    const sign = this.trust?.sign;
    if (sign === undefined) {
      if (this.#dispatch({ type: 'review/decide', ...draft })) this.#decided();
      return;
    }
    void this.#signAndDecide(draft, sign);
  }

  #decided(): void {
    this.label = undefined;
    this.note = '';
    this.noteError = false;
  }

  /** The decision signed by the host (`review.sign`, its code fetched now), then made with its JWS. */
  async #signAndDecide(draft: DecisionDraft, sign: NonNullable<ResolvedConfig['review']['sign']>): Promise<void> {
    const view = this.#store.value;
    if (view === undefined) return;
    if (view.user === undefined) {
      this.#dispatch({ type: 'review/decide', ...draft });
      return;
    }
    this.signing = true;
    try {
      const { signDecision } = await import('../../review/sign-decision.js');
      const jws = await signDecision(view.project, view.user, draft, sign, this.trust?.publicKeys);
      if (this.#dispatch({ type: 'review/decide', ...draft, jws })) this.#decided();
    } catch (error) {
      this.problem = (error as { code?: unknown }).code === 'review-sign' ? this.t('error.reviewSign') : String(error);
    } finally {
      this.signing = false;
    }
  }

  protected override willUpdate(changed: PropertyValues<this>): void {
    super.willUpdate(changed);
    const project = this.#store.value?.project;
    if (project !== undefined) this.#trust.check(project, this.trust?.publicKeys);
  }

  /** "Verified" or "Unverified: <reason>", where the host gives review.publicKeys and the check has run. */
  #verdict(decision: ReviewDecision): TemplateResult | typeof nothing {
    const verdict = this.trust?.publicKeys === undefined ? undefined : this.#trust.verdicts?.get(decision.id);
    if (verdict === undefined) return nothing;
    return verdict.verified
      ? html` · <span class="verified" data-verdict="verified">${this.t('review.verified')}</span>`
      : html` · <span class="unverified" data-verdict=${verdict.reason}>${unverifiedWords(this.t, verdict.reason, verdict.value)}</span>`;
  }

  #export(project: ProjectDocument): void {
    const json = JSON.stringify(reviewAnnotations(project), null, 2);
    const url = URL.createObjectURL(new Blob([json], { type: 'application/ld+json' }));
    const link = document.createElement('a');
    link.href = url;
    link.download = `${project.project_id || 'project'}-review.jsonld`;
    link.click();
    setTimeout(() => URL.revokeObjectURL(url), 10_000);
  }

  #range(start: number, end: number): string {
    const { locale } = this.t;
    return end > start ? `${formatClock(locale, start, true)}–${formatClock(locale, end, true)}` : formatClock(locale, start, true);
  }

  #time(at: string): TemplateResult {
    const { locale } = this.t;
    return html`<time datetime=${at} title=${formatDateTime(locale, at)}>${formatRelative(locale, at)}</time>`;
  }

  #comment(comment: ReviewComment): TemplateResult {
    return html`<li part="comment">
      <div class="meta"><span class="author">${comment.author.name}</span>${this.#time(comment.at)}</div>
      <p class="body">${comment.body}</p>
    </li>`;
  }

  #thread(thread: ReviewThread, canAct: boolean): TemplateResult {
    const { t } = this;
    const range = this.#range(thread.range.start, thread.range.end);
    const replying = this.replying === thread.id;
    return html`<li part="thread" class=${thread.resolved ? 'resolved' : ''} data-thread=${thread.id}>
      <div class="meta">
        <button type="button" class="link" part="range" aria-label=${t('review.playFrom', { range })} @click=${() => this.#playFrom(thread.range.start)}>${range}</button>
        ${thread.resolved ? html`<span>${t('review.resolvedMark')}</span>` : nothing}
      </div>
      <ul aria-label=${t('review.threadComments', { range })}>${thread.comments.map((comment) => this.#comment(comment))}</ul>
      ${canAct
        ? replying
          ? html`<form @submit=${(event: Event) => this.#submitReply(event, thread.id)}>
              <label for="reply-${thread.id}">${t('review.reply')}</label>
              <textarea id="reply-${thread.id}" maxlength=${REVIEW_LIMITS.body} .value=${this.reply} @input=${(event: Event) => (this.reply = (event.target as HTMLTextAreaElement).value)}></textarea>
              <div class="actions">
                <button type="submit" class="primary" ?disabled=${this.reply.trim() === ''}>${t('review.send')}</button>
                <button type="button" @click=${() => (this.replying = undefined)}>${t('review.cancel')}</button>
              </div>
            </form>`
          : html`<div class="actions">
              <button type="button" @click=${() => ((this.replying = thread.id), (this.reply = ''))}>${t('review.reply')}</button>
              ${thread.resolved
                ? html`<button type="button" @click=${() => this.#dispatch({ type: 'review/reopen', thread: thread.id })}>${t('review.reopen')}</button>`
                : html`<button type="button" @click=${() => this.#dispatch({ type: 'review/resolve', thread: thread.id, at: new Date().toISOString() })}>${t('review.resolve')}</button>`}
            </div>`
        : nothing}
    </li>`;
  }

  #threads(threads: readonly ReviewThread[], label: string, canAct: boolean): TemplateResult {
    return html`<ul part="threads" aria-label=${label}>${threads.map((thread) => this.#thread(thread, canAct))}</ul>`;
  }

  #composer(): TemplateResult {
    const { t } = this;
    const range = this.composing;
    if (range === undefined) {
      return html`<div class="actions"><button type="button" class="primary" data-action="compose" @click=${() => this.composeAt()}>${t('review.commentAtPlayhead')}</button></div>`;
    }
    return html`<form part="composer" @submit=${(event: Event) => this.#submitComment(event)}>
      <label for="review-draft">${t('review.commentAt', { range: this.#range(range.start, range.end) })}</label>
      <textarea id="review-draft" maxlength=${REVIEW_LIMITS.body} .value=${this.draft} @input=${(event: Event) => (this.draft = (event.target as HTMLTextAreaElement).value)}></textarea>
      <div class="actions">
        <button type="submit" class="primary" ?disabled=${this.draft.trim() === ''}>${t('review.send')}</button>
        <button type="button" @click=${() => (this.composing = undefined)}>${t('review.cancel')}</button>
      </div>
    </form>`;
  }

  #decisionForm(): TemplateResult {
    const { t } = this;
    const needsNote = this.label === 'changes-required';
    return html`<form part="decision-form" @submit=${(event: Event) => this.#submitDecision(event)}>
      <fieldset>
        <legend>${t('review.decide')}</legend>
        ${LABELS.map(
          (label) => html`<label><input type="radio" name="review-label" value=${label} .checked=${this.label === label}
              @change=${() => ((this.label = label), (this.noteError = false))} />${t(LABEL_KEYS[label])}</label>`,
        )}
      </fieldset>
      <label for="review-note">${needsNote ? t('review.noteRequired') : t('review.note')}</label>
      <textarea id="review-note" maxlength=${REVIEW_LIMITS.note} aria-invalid=${this.noteError ? 'true' : 'false'}
        aria-describedby=${this.noteError ? 'review-note-error' : nothing} .value=${this.note}
        @input=${(event: Event) => ((this.note = (event.target as HTMLTextAreaElement).value), (this.noteError = false))}></textarea>
      ${this.noteError ? html`<span class="error" id="review-note-error">${t('review.noteMissing')}</span>` : nothing}
      <div class="actions"><button type="submit" class="primary" ?disabled=${this.label === undefined || this.signing}>${this.signing ? t('review.signing') : t('review.submitDecision')}</button></div>
    </form>`;
  }

  #decisions(project: ProjectDocument): TemplateResult {
    const { t } = this;
    const decisions = versionApprovals(project, project.openVersion);
    if (decisions.length === 0) return html`<p part="message">${t('review.noDecisions')}</p>`;
    return html`<ul part="decisions" aria-label=${t('review.decisions')}>
      ${[...decisions].reverse().map(
        ({ decision, status }) => html`<li part="decision" data-status=${status}>
          <div class="meta">
            <span class="author">${decision.reviewer.name}</span>${decision.reviewer.role === undefined ? nothing : html`<span>${decision.reviewer.role}</span>`}${this.#time(decision.at)}
          </div>
          <div><strong>${t(LABEL_KEYS[decision.label])}</strong> · <span class=${status}>${status === 'fresh' ? t('review.fresh') : t('review.stale')}</span>${this.#verdict(decision)}</div>
          ${decision.note === undefined ? nothing : html`<p class="body">${decision.note}</p>`}
        </li>`,
      )}
    </ul>`;
  }

  protected override render(): TemplateResult {
    const { t } = this;
    const view = this.#store.value;
    if (view === undefined) return html`<h3>${t('review.heading')}</h3>`;
    const { project, user } = view;
    const canAct = user !== undefined;
    const { open, resolved, orphaned } = reviewThreads(project, project.openVersion);
    return html`<h3>${t('review.heading')}</h3>
      ${canAct ? nothing : html`<p part="message">${t('review.noUser')}</p>`}
      ${this.problem === '' ? nothing : html`<p class="error" role="alert">${this.problem}</p>`}
      <h4 id="review-comments">${t('review.comments')}</h4>
      ${canAct ? this.#composer() : nothing}
      ${open.length === 0 ? html`<p part="message">${t('review.noComments')}</p>` : this.#threads(open, t('review.openThreads'), canAct)}
      ${resolved.length > 0
        ? html`<button type="button" class="link" aria-expanded=${this.showResolved ? 'true' : 'false'} data-action="resolved" @click=${() => (this.showResolved = !this.showResolved)}>
              ${this.showResolved ? t('review.hideResolved', { count: resolved.length }) : t('review.showResolved', { count: resolved.length })}
            </button>
            ${this.showResolved ? this.#threads(resolved, t('review.resolvedThreads'), canAct) : nothing}`
        : nothing}
      ${orphaned.length > 0
        ? html`<h4 id="review-orphaned">${t('review.orphaned')}</h4>
            <p part="message">${t('review.orphanedNote')}</p>
            ${this.#threads(orphaned, t('review.orphaned'), canAct)}`
        : nothing}
      <h4>${t('review.decisionHeading')}</h4>
      ${canAct ? this.#decisionForm() : nothing}
      ${this.#decisions(project)}
      <div class="actions"><button type="button" part="export" @click=${() => this.#export(project)}>${t('review.export')}</button></div>`;
  }
}

defineElement('studio-editor-review-panel', StudioReviewPanel);

declare global {
  interface HTMLElementTagNameMap {
    'studio-editor-review-panel': StudioReviewPanel;
  }
}
