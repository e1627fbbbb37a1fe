import type { PronunciationEntry } from '../../brand/pronunciations.js';
import { consume } from '@lit/context';
import { html, nothing, type TemplateResult } from 'lit';
import { property, state } from 'lit/decorators.js';
import type { ServiceClient } from '../../api/client.js';
import { clientContext } from '../../controllers/contexts.js';
import { PriceController } from '../../controllers/price-controller.js';
import { StoreController } from '../../controllers/store-controller.js';
import { DEFAULT_MAX_FIT_SPEED } from '../../config/fit-speed.js';
import { CAMPAIGN_TEXT_LIMITS } from '../../delivery/campaign.js';
import type { DestinationProfile } from '../../delivery/types.js';
import type { Finding } from '../../rules/finding.js';
import { hasProblem } from '../../rules/finding.js';
import { judge } from '../../rules/judge.js';
import { findingWords } from '../shared/finding-words.js';
import { approves, versionApprovals } from '../../model/review-views.js';
import { spokenLength } from '../../script/spoken-length.js';
import { lengthText, speedNote } from '../shared/length-words.js';
import { reportError } from '../../events/report-error.js';
import { describeError } from '../../i18n/error-words.js';
import { defineElement } from '../../internal/define.js';
import { LingerController } from '../../internal/linger.js';
import type { ProjectDocument, ProjectVersion } from '../../model/document.js';
import { versionView } from '../../model/versions.js';
import { controlStyles } from '../shared/controls.styles.js';
import { renderAlert } from '../shared/error-alert.js';
import { exportPanelParts } from '../shared/exported-parts.js';
import { StudioElement } from '../shared/studio-element.js';
import { VERSION_LENGTH_LIMITS, VERSION_LENGTHS, VersionMaker, duplicateVersion, isVersionLength, versionPrice, versionRefusal, type VersionFailure, type VersionRefusal } from '../../session/make-version.js';
import { lengthName, versionName } from '../../model/version-name.js';
import { versionsStyles } from './studio-versions.styles.js';
import '../studio-job-status/studio-job-status.js';
import '../../i18n/later-words.js';
// The review's comments and decisions come with the versions bar (loaded once the editor is ready), in every role.
import '../../model/review.js';

const isAbort = (error: unknown) => (error as { name?: string } | null)?.name === 'AbortError';

/** The structural parts an editor exports from this element, each as `versions-<part>` but as renamed (docs/styling.md): set here, not in the first paint. */
const VERSIONS_PARTS = ['list', 'version', 'status', 'approval', 'actions', 'popover', 'form', 'rename', 'price', 'made'];
const VERSIONS_RENAMED = { version: 'version', status: 'version-status', approval: 'version-approval' };

/**
 * The versions of the ad (cutdowns and alternates): a radio group to switch between them (each with its
 * label, length and status: meets its destinations, or why not), "New version" (a length, its price, Make)
 * "Duplicate as alternate" and "Rename" (the open version's label, used in file names and the report).
 * Switching opens the version: nothing is fetched or decoded again.
 *
 * @tagname studio-editor-versions
 * @csspart list - The radio group of versions.
 * @csspart version - Each version: its label, length and status.
 * @csspart status - A version's status.
 * @csspart approval - Whether a version is approved on its present mix, or its approval is stale (made on an earlier mix).
 * @csspart spoken - A version's spoken length from its takes, and the speed they were read at when sped up to fit.
 * @csspart actions - New version, Duplicate as alternate, Rename, Remove.
 * @csspart popover - Where New version and Rename open: floating over the stage under the bar, so that the tracks keep their room.
 * @csspart rename - The Rename form: the open version's label, Save and Cancel.
 * @csspart form - The New version form: lengths, price, Make and Cancel.
 * @csspart price - What making the version uses, in credits.
 * @csspart made - The confirmation of what was just made (a version, an alternate), with Undo while it is the latest change, and Dismiss.
 * @fires versions-edit-script - The user asked to edit the script (the service could not fit it).
 */
export class StudioVersions extends StudioElement {
  static override styles = [controlStyles, versionsStyles];

  override connectedCallback(): void {
    super.connectedCallback();
    exportPanelParts(this, 'versions', VERSIONS_PARTS, VERSIONS_RENAMED);
  }

  @consume({ context: clientContext, subscribe: true })
  @state()
  client: ServiceClient | undefined;

  /** The destinations a version's status is checked against: the editor's, of which the project's chosen ones count. */
  @property({ attribute: false }) destinations: readonly DestinationProfile[] = [];
  /** The fastest the editor reads to fit (`vocal.maxFitSpeed`): a version that needs more does not meet its destinations, as in the Script step. */
  @property({ type: Number, attribute: false }) maxFitSpeed = DEFAULT_MAX_FIT_SPEED;
  /** The host's pronunciations (`vocal.pronunciations`), applied to every take a new version voices. */
  @property({ attribute: false }) brandPronunciations: readonly PronunciationEntry[] = [];

  /** The New version form is open. */
  @state() private making = false;
  /** The length chosen in the form, seconds; `'custom'` reads the field. */
  @state() private choice: number | 'custom' = 15;
  @state() private custom = '';
  /** The Rename form is open, with the label typed so far. */
  @state() private renaming: string | undefined;
  @state() private job: { label: string; progress: number | undefined } | undefined;
  @state() private error = '';
  @state() private retry: (() => void) | undefined;
  @state() private editScript = false;
  @state() private announcement = '';
  /**
   * What was just made (a version, an alternate) is confirmed visibly, not only announced, until dismissed; with
   * Undo while the make is still the project's latest change (`doc`, the project it left).
   */
  @state() private made: { doc: ProjectDocument | undefined } | undefined;

  readonly #project = new StoreController(this, (s) => s.project);
  /** The reviewer role: the versions are switched, never made, renamed or removed (no action is shown). */
  readonly #role = new StoreController(this, (s) => s.role);
  readonly #prices = new PriceController(this);
  #controller: AbortController | undefined;

  constructor() {
    super();
    new LingerController(this, () => this.#controller?.abort(new DOMException('The versions were removed.', 'AbortError')));
  }

  /** The chosen destinations that are offered. */
  #chosen(doc: ProjectDocument): DestinationProfile[] {
    return this.destinations.filter((destination) => doc.delivery.destinations.includes(destination.id));
  }

  /** The length asked for in the form, seconds (NaN for an unreadable custom length). */
  #seconds(): number {
    return this.choice === 'custom' ? Number(this.custom.replace(',', '.')) : this.choice;
  }

  #open(id: string): void {
    this.#project.dispatch({ type: 'version/open', id });
  }

  /** Arrow keys move through the versions (the radio group's own keys); each one reached is opened at once. */
  #handleChange(event: Event): void {
    const input = event.target as HTMLInputElement;
    if (input.checked) this.#open(input.value);
  }

  /** The judge's verdict in words: its first problem (with the sheet that sets its limit), else "meets", with its pace warning. */
  #statusText(findings: readonly Finding[]): string {
    const words = (finding: Finding) => {
      const text = findingWords(this.t, finding);
      const sheet = finding.rule === 'words-per-second' ? undefined : finding.limit?.sheet;
      return sheet === undefined ? text : this.t('versions.fails', { destination: sheet, fix: text });
    };
    const problem = findings.find((finding) => finding.severity === 'problem');
    if (problem !== undefined) return words(problem);
    const pace = findings.find((finding) => finding.rule === 'words-per-second');
    return pace === undefined ? this.t('versions.meets') : `${this.t('versions.meets')} · ${words(pace)}`;
  }

  #refusalText(refusal: VersionRefusal, seconds: number): string {
    switch (refusal.kind) {
      case 'length':
        return this.t('versions.range', { min: refusal.min, max: refusal.max });
      case 'locked':
        return refusal.reason ? this.t('versions.lockedBecause', { reason: refusal.reason }) : this.t('versions.locked');
      case 'no-script':
        return this.t('versions.noScript');
      case 'no-voice':
        return this.t('versions.noVoice');
      case 'kept-too-long':
        return this.t('versions.keptTooLong', { label: refusal.label, seconds: this.t.number(refusal.seconds, 1), target: seconds, room: this.t.number(refusal.room, 1) });
    }
  }

  /** Says (visibly and to a screen reader) what was just made. */
  #confirm(text: string): void {
    this.announcement = text;
    this.made = { doc: this.#project.value };
  }

  /** The confirmation of a make, with Undo while the make is the latest change, and Dismiss. */
  #renderMade(): TemplateResult {
    const made = this.made;
    const undo = made !== undefined && made.doc === this.#project.value;
    return html`<div part="made" class=${made === undefined ? 'visually-hidden' : 'made'}>
      <p role="status">${this.announcement}</p>
      ${made === undefined
        ? nothing
        : html`${undo ? html`<button type="button" @click=${() => (this.#project.dispatch({ type: 'history/undo' }), this.#closeMade())}>${this.t('toolbar.undo')}</button>` : nothing}
            <button type="button" class="dismiss" aria-label=${this.t('notice.dismiss')} @click=${this.#closeMade}>×</button>`}
    </div>`;
  }

  #closeMade(): void {
    this.made = undefined;
    this.announcement = '';
  }

  #reset(): void {
    this.made = undefined;
    this.error = '';
    this.retry = undefined;
    this.editScript = false;
  }

  /** Makes the version of the chosen length (one `version/add`), or says why not. */
  async #make(maker?: VersionMaker): Promise<void> {
    const client = this.client;
    const doc = this.#project.value;
    if (client === undefined || doc === undefined) return;
    const seconds = this.#seconds();
    this.#reset();
    const refusal = maker === undefined ? versionRefusal(doc, seconds) : undefined;
    if (refusal !== undefined) {
      this.error = this.#refusalText(refusal, seconds);
      this.editScript = refusal.kind === 'kept-too-long';
      return;
    }
    this.#controller?.abort();
    const controller = new AbortController();
    this.#controller = controller;
    const run =
      maker ??
      new VersionMaker(
        {
          client,
          brand: this.brandPronunciations,
          project: () => this.#project.value!,
          dispatch: (action) => this.#project.dispatch(action),
          onStep: (step) =>
            (this.job =
              step.stage === 'fit'
                ? { label: this.t('versions.fitting', { seconds }), progress: undefined }
                : { label: this.t('versions.voicing', { label: step.label, n: step.n, count: step.count }), progress: (step.n - 1) / step.count }),
        },
        doc,
        seconds,
      );
    try {
      const outcome = await run.run(controller.signal);
      if (outcome.ok) {
        const { voiced, reused, fits, speechEnd } = outcome.version;
        this.making = false;
        const made = this.t('versions.made', { seconds, voiced, reused });
        this.#confirm(fits ? made : `${made} ${this.t('versions.speechCut', { seconds: this.t.number(speechEnd - seconds, 1) })}`);
      } else this.#failed(outcome.failure, seconds, run);
    } catch (error) {
      if (!isAbort(error)) {
        this.error = describeError(error, this.t).text;
        reportError(this, error);
      } else this.announcement = this.t('versions.cancelled');
    } finally {
      if (this.#controller === controller) {
        this.#controller = undefined;
        this.job = undefined;
      }
    }
  }

  #failed(failure: VersionFailure, seconds: number, run: VersionMaker): void {
    const message = describeError(failure.error, this.t);
    if (failure.kind === 'cannot-fit') {
      this.error = this.t('versions.cannotFit', { seconds, answer: failure.answer ?? message.text });
      this.editScript = true;
    } else if (failure.kind === 'format') {
      this.error = this.t('versions.fitFailed', { message: message.text });
      this.retry = message.retry ? () => void this.#make() : undefined;
    } else {
      this.error = this.t('versions.takeFailed', { label: failure.label, message: message.text, done: failure.done });
      this.retry = () => void this.#make(run);
    }
    reportError(this, failure.error);
  }

  #duplicate(): void {
    this.#reset();
    const doc = this.#project.value!;
    const open = doc.versions.find((version) => version.id === doc.openVersion)!;
    // Called after the one it copies (":15 alt", ":15 alt 2"), so that the two can be told apart.
    const base = this.t('versions.altLabel', { name: versionName(open, doc.duration) }).slice(0, 56);
    const taken = new Set(doc.versions.map((version) => version.label));
    let label = base;
    for (let n = 2; taken.has(label); n++) label = `${base} ${n}`;
    duplicateVersion({ project: () => this.#project.value!, dispatch: (action) => this.#project.dispatch(action) }, label);
    this.#confirm(this.t('versions.duplicated'));
  }

  #openRename(open: ProjectVersion): void {
    this.making = false;
    this.#reset();
    this.renaming = this.renaming === undefined ? open.label : undefined;
    if (this.renaming !== undefined) void this.updateComplete.then(() => this.renderRoot.querySelector<HTMLInputElement>('[part=rename] input')?.select());
  }

  /** Saves the open version's label (one `version/set`, one undo step); empty: called by its length again. */
  #rename(open: ProjectVersion, seconds: number): void {
    const label = (this.renaming ?? '').trim();
    this.renaming = undefined;
    if (label !== open.label) this.#project.dispatch({ type: 'version/set', id: open.id, label });
    this.announcement = this.t('versions.renamed', { name: versionName({ label }, seconds) });
    void this.updateComplete.then(() => this.renderRoot.querySelector<HTMLButtonElement>('button.rename')?.focus());
  }

  #renderRename(open: ProjectVersion, seconds: number): TemplateResult {
    return html`<form part="rename" class="form rename" @submit=${(event: Event) => (event.preventDefault(), this.#rename(open, seconds))}>
      <label>${this.t('versions.labelField')}
        <input type="text" maxlength=${CAMPAIGN_TEXT_LIMITS.versionLabel} .value=${this.renaming ?? ''} placeholder=${lengthName(seconds)} aria-describedby="label-hint"
          @input=${(event: Event) => (this.renaming = (event.target as HTMLInputElement).value)} /></label>
      <p class="buttons">
        <button type="submit" class="primary">${this.t('versions.saveLabel')}</button>
        <button type="button" @click=${this.#close}>${this.t('versions.close')}</button>
      </p>
      <span id="label-hint" class="hint">${this.t('versions.labelHint')}</span>
    </form>`;
  }

  #remove(version: ProjectVersion, name: string): void {
    this.#project.dispatch({ type: 'version/remove', id: version.id });
    this.announcement = this.t('versions.removed', { name });
  }

  /** What the review says of a version: approved on this mix, or an approval made on an earlier mix (stale); '' without one. */
  #approvalText(doc: ProjectDocument, versionId: string): { text: string; stale: boolean } | undefined {
    const approvals = versionApprovals(doc, versionId).filter((entry) => approves(entry.decision));
    if (approvals.length === 0) return undefined;
    if (approvals.some((entry) => entry.status === 'fresh')) return { text: this.t('versions.approved'), stale: false };
    return { text: this.t('versions.approvalStale'), stale: true };
  }

  #renderVersion(doc: ProjectDocument, version: ProjectVersion): TemplateResult {
    const findings = judge({ kind: 'version', doc, id: version.id, destinations: this.#chosen(doc), maxFitSpeed: this.maxFitSpeed });
    const pass = !hasProblem(findings);
    const view = versionView(doc, version.id);
    const seconds = view.duration;
    const name = versionName(version, seconds);
    const open = version.id === doc.openVersion;
    const approval = this.#approvalText(doc, version.id);
    // The spoken length of its takes, as the Script panel and the status line say it, and its speed when sped up.
    const length = spokenLength(view);
    const spoken = length.estimate ? '' : [lengthText(this.t, length), speedNote(this.t, length)].filter((part) => part !== '').join(' · ');
    const status = this.#statusText(findings);
    // Its lines are cut short where the chip is narrow: the tooltip says all of it (as its radio button's name does).
    const title = [`${name} ${this.t.clock(seconds)}`, status, spoken, approval?.text ?? ''].filter((line) => line !== '').join('\n');
    return html`<label part="version" class=${pass ? 'version pass' : 'version fail'} title=${title}>
      <input type="radio" name="version" .value=${version.id} .checked=${open} @change=${this.#handleChange}
        aria-describedby=${`status-${version.id} spoken-${version.id} approval-${version.id}`} />
      <span class="name">${name}</span>
      <span class="length">${this.t.clock(seconds)}</span>
      <span part="status" class="status" id=${`status-${version.id}`}>${status}</span>
      ${spoken === '' ? nothing : html`<span part="spoken" class=${findings.some((finding) => finding.rule === 'fast-read') ? 'status fast' : 'status'} id=${`spoken-${version.id}`}>${spoken}</span>`}
      ${approval === undefined ? nothing : html`<span part="approval" class=${approval.stale ? 'status stale' : 'status approved'} id=${`approval-${version.id}`}>${approval.text}</span>`}
    </label>`;
  }

  #renderForm(doc: ProjectDocument): TemplateResult {
    const seconds = this.#seconds();
    const valid = isVersionLength(seconds);
    const credits = versionPrice(doc, this.#prices.list);
    const range = { min: VERSION_LENGTH_LIMITS.min, max: VERSION_LENGTH_LIMITS.max };
    return html`<form part="form" class="form" novalidate @submit=${(event: Event) => (event.preventDefault(), void this.#make())}>
      <fieldset class="lengths">
        <legend>${this.t('versions.lengthLegend')}</legend>
        ${VERSION_LENGTHS.map(
          (length) => html`<label class="chip"><input type="radio" name="length" .checked=${this.choice === length} @change=${() => (this.choice = length)} />:${length}</label>`,
        )}
        <label class="chip"><input type="radio" name="length" .checked=${this.choice === 'custom'} @change=${() => (this.choice = 'custom')} />${this.t('versions.custom')}</label>
        ${this.choice === 'custom'
          ? html`<label class="custom">${this.t('versions.seconds')}
              <input type="number" inputmode="decimal" min=${range.min} max=${range.max} step="1" .value=${this.custom} aria-invalid=${this.custom !== '' && !valid ? 'true' : 'false'}
                aria-describedby="range" @input=${(event: Event) => (this.custom = (event.target as HTMLInputElement).value)} /></label>
              <span id="range" class="hint">${this.t('versions.range', range)}</span>`
          : nothing}
      </fieldset>
      <p class="buttons">
        <button type="submit" class="primary" ?disabled=${this.job !== undefined || this.client === undefined} aria-describedby=${credits === undefined ? nothing : 'price'}>
          ${valid ? this.t('versions.make', { seconds }) : this.t('versions.makeAny')}
        </button>
        ${credits === undefined ? nothing : html`<span id="price" part="price" class="cost">${this.t.plural('credits.uses', credits)}</span>`}
        <button type="button" ?disabled=${this.job !== undefined} @click=${this.#close}>${this.t('versions.close')}</button>
      </p>
    </form>`;
  }

  /** The progress of a version being made, an error, and Edit the script where the service could not fit it. */
  #renderOutcome(): TemplateResult {
    return html`${this.job
        ? html`<studio-editor-job-status label=${this.job.label} state="running" .progress=${this.job.progress}
            @job-cancel=${() => this.#controller?.abort(new DOMException('Cancelled by the user.', 'AbortError'))}></studio-editor-job-status>`
        : nothing}
      ${renderAlert(this.error, this.t, this.retry)}
      ${this.editScript
        ? html`<p class="edit"><button type="button" part="edit-script" @click=${() => this.dispatchEvent(new CustomEvent('versions-edit-script', { bubbles: true, composed: true }))}>${this.t('versions.editScript')}</button></p>`
        : nothing}`;
  }

  /**
   * New version or Rename, floating over the stage under the bar: the tracks keep their room while it is open.
   * Escape closes it (not while a version is being made: its Cancel stops that) and gives focus back to its button.
   */
  #renderPopover(doc: ProjectDocument, open: ProjectVersion | undefined): TemplateResult {
    const title = this.making ? this.t('versions.new') : this.t('versions.rename');
    return html`<div part="popover" class="popover" role="dialog" aria-label=${title}
        @keydown=${(event: KeyboardEvent) => {
          if (event.key !== 'Escape' || this.job !== undefined) return;
          event.stopPropagation();
          this.#close();
        }}>
      ${this.making ? this.#renderForm(doc) : this.#renderRename(open!, doc.duration)}
      ${this.#renderOutcome()}
    </div>`;
  }

  /** Closes New version or Rename, and gives focus back to the button that opened it. */
  #close(): void {
    const button = this.making ? 'button.new' : 'button.rename';
    this.making = false;
    this.renaming = undefined;
    this.#reset();
    void this.updateComplete.then(() => this.renderRoot.querySelector<HTMLButtonElement>(button)?.focus());
  }

  #toggleNew(): void {
    this.renaming = undefined;
    this.#reset();
    this.making = !this.making;
    if (this.making) void this.updateComplete.then(() => this.renderRoot.querySelector<HTMLInputElement>('[part=form] input:checked')?.focus());
  }

  protected override render() {
    const doc = this.#project.value;
    if (doc === undefined) return nothing;
    const open = doc.versions.find((version) => version.id === doc.openVersion);
    return html`<div class="row"><fieldset part="list" class="list">
        <legend class="visually-hidden">${this.t('versions.label')}</legend>
        <span class="heading" aria-hidden="true">${this.t('versions.label')}</span>
        ${doc.versions.map((version) => this.#renderVersion(doc, version))}
      </fieldset>
      ${this.#role.value === 'reviewer' ? nothing : this.#renderActions(doc, open)}</div>
      ${this.making || (this.renaming !== undefined && open !== undefined) ? this.#renderPopover(doc, open) : this.#renderOutcome()}
      ${this.#renderMade()}`;
  }

  /** New version, Duplicate, Rename and Remove: a creator's (or an adopter's) actions. */
  #renderActions(doc: ProjectDocument, open: ProjectVersion | undefined): TemplateResult {
    return html`<p part="actions" class="actions">
        <button type="button" class="new" aria-expanded=${this.making ? 'true' : 'false'} ?disabled=${this.job !== undefined} @click=${this.#toggleNew}>${this.t('versions.new')}</button>
        <button type="button" ?disabled=${this.job !== undefined} @click=${this.#duplicate}>${this.t('versions.duplicate')}</button>
        ${open === undefined
          ? nothing
          : html`<button type="button" class="rename" aria-expanded=${this.renaming === undefined ? 'false' : 'true'} ?disabled=${this.job !== undefined} @click=${() => this.#openRename(open)}>${this.t('versions.rename')}</button>`}
        ${doc.versions.length > 1 && open !== undefined
          ? html`<button type="button" ?disabled=${this.job !== undefined} @click=${() => this.#remove(open, versionName(open, doc.duration))}>
              ${this.t('versions.remove', { name: versionName(open, doc.duration) })}</button>`
          : nothing}
      </p>`;
  }
}

defineElement('studio-editor-versions', StudioVersions);

declare global {
  interface HTMLElementTagNameMap {
    'studio-editor-versions': StudioVersions;
  }
}
