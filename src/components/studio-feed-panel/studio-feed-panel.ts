import { html, nothing, type PropertyValues, type TemplateResult } from 'lit';
import { property, state } from 'lit/decorators.js';
import { DEFAULT_MAX_FIT_SPEED } from '../../config/fit-speed.js';
import type { DestinationProfile } from '../../delivery/types.js';
import { StoreController } from '../../controllers/store-controller.js';
import { StudioFeedError, type FeedImportProblem } from '../../feed/errors.js';
import { parseFeed } from '../../feed/import.js';
import { createFeed } from '../../feed/mapping.js';
import { MAX_FEED_ROWS, type Feed, type FeedTable } from '../../feed/types.js';
import { formatBytes } from '../../i18n/format.js';
import { defineElement } from '../../internal/define.js';
import { LingerController } from '../../internal/linger.js';
import type { EditorAction, EditorState } from '../../model/editor-state.js';
import { projectCheckInput, type FeedRowCheck } from '../../rules/row.js';
import { scriptSlots, type ScriptSlots } from '../../script/slots.js';
import type { FeedRunner } from '../../session/feed-run.js';
import { controlStyles } from '../shared/controls.styles.js';
import { actionRowStyles, panelStyles } from '../shared/panel.styles.js';
import { headingStyles, linkButtonStyles } from '../shared/panel-text.styles.js';
import { exportPanelParts } from '../shared/exported-parts.js';
import { StudioElement } from '../shared/studio-element.js';
import { FeedCheckTask, type FeedTaskInput } from './feed-check-task.js';
import { renderVersionChoice, runVersions, versionContent, type FeedVersion } from './feed-versions.js';
import { renderAdIdColumns } from './feed-ad-id-fields.js';
import { adIdColumn } from '../../feed/ad-id-column.js';
import { versionName } from '../../model/version-name.js';
import { withAdIdProblems, type VersionRef } from '../../session/creative-identity.js';
import { FeedDelivery, type FeedDeliveryPlan } from './feed-delivery.js';
import { renderGrid } from './feed-grid.js';
import { FeedPlayer } from './feed-player.js';
import { feedStyles } from './studio-feed-panel.styles.js';
import { feedCardStyles } from './feed-cards.styles.js';
import '../../i18n/later-words.js';
// The store's slot and feed edits, which this panel makes.
import '../../model/feed-edits.js';

/** The largest feed file read: far past 5,000 rows of a product's columns, short of a file that would hang the tab. */
export const MAX_FEED_FILE_BYTES = 20 * 1024 * 1024;

/** A file or pasted text that was not imported, and why. */
interface Refusal {
  readonly name: string;
  readonly problems: readonly FeedImportProblem[];
}

/** What the panel reads of the project: the feed, the script and what its length depends on, the destinations, the takes (a price reads them). */
const selectProject = ({ project }: EditorState) => ({
  feed: project.feed,
  slots: project.slots,
  script: project.script,
  duration: project.duration,
  voice: project.voice,
  clips: project.clips,
  assets: project.assets,
  chosen: project.delivery.destinations,
  versions: project.versions,
  openVersion: project.openVersion,
});
type ProjectView = ReturnType<typeof selectProject>;

/** A table read and not applied yet (a feed is there), and where it came from. */
interface PendingTable {
  readonly table: FeedTable;
  readonly name: string;
  readonly pasted: boolean;
}

/** The structural parts an editor exports from this panel, each as `feed-<part>` (docs/styling.md). */
const FEED_PARTS = ['import', 'dropzone', 'paste', 'import-button', 'import-problems', 'confirm', 'current', 'remove', 'mapping', 'summary', 'filter', 'grid-box', 'grid', 'row', 'status', 'pager', 'player', 'play', 'play-price', 'player-status', 'audio', 'deliver', 'destinations', 'include-warnings', 'versions', 'price', 'submit', 'progress', 'current-row', 'cancel', 'results', 'zip', 'outcome', 'more', 'message', 'error', 'error-rows'];

/**
 * The Feed step: one template, a row per product. A CSV or JSON feed is imported (a file, dropped or chosen, or
 * pasted text); its columns fill the script's `{{slots}}` (matched by name, changeable) and one column is each
 * row's key. Every row is checked before anything is voiced or paid for, and shown in a grid, a page at a time,
 * with its status in an icon and words, its values, its estimated length and pace, and its problems in words
 * with their columns. A chosen row can be heard (the dynamic player), and every row without a problem delivered
 * to the project's destinations in one ZIP, with its price shown first. Values from the feed are always text.
 *
 * @tagname studio-editor-feed-panel
 * @csspart import - The import: the file, the drop area and the pasted text.
 * @csspart dropzone - The drop area with the file picker.
 * @csspart paste - The text area for pasted CSV or JSON.
 * @csspart import-button - The button that imports the pasted text.
 * @csspart import-problems - Why a file was not imported: each problem in words.
 * @csspart confirm - The question before a feed replaces the current one.
 * @csspart current - The feed's rows and columns, with Remove feed.
 * @csspart remove - The Remove feed button.
 * @csspart mapping - The key column and the column that fills each slot.
 * @csspart summary - The rows counted by status, and the filter.
 * @csspart filter - The "Show rows with problems only" checkbox.
 * @csspart grid-box - The grid's box, which scrolls sideways on a narrow screen.
 * @csspart grid - The table of rows.
 * @csspart row - Each row of the grid.
 * @csspart status - A row's status: an icon and its word.
 * @csspart pager - The pages of the grid.
 * @csspart player - The dynamic player: Play this row, what it is doing, the audio.
 * @csspart play - The Play this row button.
 * @csspart play-price - What hearing the chosen row costs, said before it is played.
 * @csspart player-status - What the player is doing, or what it voiced and reused.
 * @csspart audio - The row's audio.
 * @csspart deliver - Deliver all rows: the destinations, the rows, the price, the button, progress and outcome.
 * @csspart destinations - The destinations a run delivers to.
 * @csspart include-warnings - The "Include rows with warnings" checkbox.
 * @csspart versions - With several versions, the versions a run delivers (the open one by default), a checkbox each.
 * @csspart price - The price of the run, before it starts.
 * @csspart submit - The button that delivers the rows.
 * @csspart progress - A run's progress: rows done of all, the current row and step, Cancel.
 * @csspart current-row - The row a run is at, and its step.
 * @csspart cancel - Cancel (of a row heard, or of a run).
 * @csspart results - A run's outcome: the ZIP, and each row delivered or failed.
 * @csspart zip - The ZIP's download.
 * @csspart outcome - Each row of the outcome, with a failed row's reasons.
 * @csspart more - Shows more rows of the outcome.
 * @csspart message - What the panel says: imported, removed, cancelled, the outcome.
 * @csspart error - A failure, in words.
 * @csspart error-rows - Under a run that delivered no row: each row with its reasons.
 */
export class StudioFeedPanel extends StudioElement {
  static override styles = [controlStyles, panelStyles, headingStyles, actionRowStyles, feedStyles, feedCardStyles, linkButtonStyles];

  override connectedCallback(): void {
    super.connectedCallback();
    exportPanelParts(this, 'feed', FEED_PARTS);
  }

  /** Set by `<studio-editor-panels>` while another panel is shown. */
  @property({ type: Boolean, reflect: true }) override hidden = false;
  /** The destinations the editor knows (built-ins and `config.delivery.destinations`), for their labels. */
  @property({ attribute: false }) destinations: readonly DestinationProfile[] = [];
  /** What hears a row and delivers rows (set by the editor); without it, the grid only. */
  @property({ attribute: false }) runner: FeedRunner | undefined;
  /** The fastest a row may be read to fit (`vocal.maxFitSpeed`): faster is a problem of the row. */
  @property({ type: Number, attribute: false }) maxFitSpeed = DEFAULT_MAX_FIT_SPEED;

  @state() private paste = '';
  @state() private refused: Refusal | undefined;
  /** A table read while a feed is there: it replaces it once confirmed. */
  @state() private pending: PendingTable | undefined;
  @state() private notice = '';
  @state() private page = 0;
  @state() private problemsOnly = false;
  /** The chosen row's index (from 0). */
  @state() private selected: number | undefined;
  @state() private includeWarnings = true;
  /** The versions a run delivers, as ticked; `undefined` until one is: the open version. */
  @state() private versionsChosen: readonly string[] | undefined;
  @state() private over = false;

  readonly #project = new StoreController(this, selectProject);
  readonly #check = new FeedCheckTask(this);
  readonly #player = new FeedPlayer(this, () => this.t);
  readonly #delivery = new FeedDelivery(this, () => this.t);
  #script: { sections: unknown; read: ScriptSlots } | undefined;
  #rows: Feed['rows'] | undefined;
  #plan: FeedDeliveryPlan | undefined;
  /** The key of the row chosen for the player, as last shown. */
  #chosenKey: string | null | undefined;
  /** Imports started: a later one wins over one still being read. */
  #imports = 0;

  constructor() {
    super();
    // A run goes on through a move in the DOM; the panel removed for good stops it and frees its audio and ZIP.
    new LingerController(this, () => {
      this.#player.release();
      this.#delivery.release();
    });
  }

  /** The script read for slots (once per change of its sections). */
  get #slots(): ScriptSlots {
    const sections = this.#project.value?.script.sections ?? [];
    if (this.#script?.sections !== sections) this.#script = { sections, read: scriptSlots(sections) };
    return this.#script.read;
  }

  protected override willUpdate(changed: PropertyValues<this>): void {
    super.willUpdate(changed);
    const project = this.#project.value;
    const feed = project?.feed ?? null;
    if (feed?.rows !== this.#rows) {
      // Another table: its rows are other rows.
      this.#rows = feed?.rows;
      this.selected = undefined;
      this.page = 0;
    }
    this.#check.set(project === undefined || feed === null ? undefined : this.#checkInput(project, feed));
  }

  #checkInput(project: ProjectView, feed: Feed): FeedTaskInput {
    const sheets = this.destinations.filter((destination) => project.chosen.includes(destination.id));
    // Each row is checked against every version a run delivers (its rows' Ad-IDs in it too), as the run judges it.
    const versions = this.#runVersions().map((version) => ({
      ...projectCheckInput({ ...versionContent(project, version.id), feed }, this.maxFitSpeed, sheets)!,
      id: version.id,
      name: version.name,
      extra: { key: `${version.id}:${adIdColumn(feed, version.id)}`, row: (index: number, check: FeedRowCheck) => withAdIdProblems(feed, [version], index, check) },
    }));
    return { versions };
  }

  /** The versions a run delivers: those ticked, else the open one. */
  #runVersions(): FeedVersion[] {
    return runVersions(this.#versionRefs(), this.versionsChosen, this.#project.value!.openVersion);
  }

  protected override updated(changed: PropertyValues<this>): void {
    super.updated(changed);
    const plan = this.#plan;
    const { runner } = this;
    if (this.hidden || runner === undefined) return;
    // Priced for the project as it stands: asked again when it changes.
    const basis = this.#project.value;
    if (plan?.checked === true && plan.keys.length > 0) this.#delivery.requestPrice(runner, plan.keys, plan.versions, basis);
    if (this.#chosenKey != null) this.#player.requestPrice(runner, this.#chosenKey, basis);
  }

  async #importFile(file: File): Promise<void> {
    const t = this.t;
    if (file.size > MAX_FEED_FILE_BYTES) {
      this.#refuse(file.name, [{ message: t('feed.tooBig', { name: file.name, size: formatBytes(t.locale, file.size), max: formatBytes(t.locale, MAX_FEED_FILE_BYTES) }) }]);
      return;
    }
    let text: string;
    try {
      text = await file.text();
    } catch {
      this.#refuse(file.name, [{ message: t('feed.readFailed', { name: file.name }) }]);
      return;
    }
    await this.#importText(text, file.name);
  }

  #importPasted(): void {
    const name = this.t('feed.pastedName');
    if (this.paste.trim() === '') return this.#refuse(name, [{ message: this.t('feed.pasteEmpty') }]);
    void this.#importText(this.paste, undefined);
  }

  /** Reads a feed's text; a refused one changes nothing, another replaces the feed (asked first when there is one). */
  async #importText(text: string, fileName: string | undefined): Promise<void> {
    const name = fileName ?? this.t('feed.pastedName');
    const run = ++this.#imports;
    let table: FeedTable;
    try {
      table = parseFeed(text, fileName === undefined ? {} : { name: fileName });
    } catch (error) {
      if (error instanceof StudioFeedError) return this.#refuse(name, error.problems);
      throw error;
    }
    // Reading 5,000 rows and showing them are a task each, so that neither holds the page for long.
    await new Promise((resolve) => setTimeout(resolve, 0));
    if (run !== this.#imports || !this.isConnected) return;
    this.refused = undefined;
    this.notice = '';
    const read = { table, name, pasted: fileName === undefined };
    if (this.#project.value?.feed != null) {
      this.pending = read;
      void this.updateComplete.then(() => this.renderRoot.querySelector<HTMLElement>('[part=confirm] button')?.focus());
      return;
    }
    this.#apply(read);
  }

  #refuse(name: string, problems: readonly FeedImportProblem[]): void {
    this.pending = undefined;
    this.notice = '';
    this.refused = { name, problems };
    void this.updateComplete.then(() => this.renderRoot.querySelector<HTMLElement>('[part=import-problems]')?.focus());
  }

  /** One `feed/set`: the table, its key column and its columns matched to the script's slots by name. */
  #apply({ table, name, pasted }: PendingTable): void {
    this.pending = undefined;
    try {
      this.#project.dispatch({ type: 'feed/set', feed: createFeed(table, this.#slots.names) });
    } catch (error) {
      // The project refused it (a lock, a limit): nothing changed.
      return this.#refuse(name, [{ message: this.t('feed.notKept', { message: error instanceof Error ? error.message : String(error) }) }]);
    }
    if (pasted) this.paste = '';
    this.notice = this.t('feed.imported', { rows: this.t.plural('feed.rows', table.rows.length), name });
  }

  #remove(): void {
    this.#project.dispatch({ type: 'feed/set', feed: null });
    this.notice = this.t('feed.removed');
  }

  /** A change the project may refuse (a lock): shown, and nothing changes. */
  #edit(action: EditorAction): void {
    try {
      this.#project.dispatch(action);
    } catch (error) {
      this.refused = { name: '', problems: [{ message: error instanceof Error ? error.message : String(error) }] };
    }
  }

  #handleDrop(event: DragEvent): void {
    event.preventDefault();
    this.over = false;
    const file = event.dataTransfer?.files[0];
    if (file !== undefined) void this.#importFile(file);
  }

  #handleFile(event: Event): void {
    const input = event.target as HTMLInputElement;
    const file = input.files?.[0];
    // The same file chosen again is read again.
    input.value = '';
    if (file !== undefined) void this.#importFile(file);
  }

  /** The rows a run delivers, by the check: those without problems, and with warnings when asked. */
  #planOf(feed: Feed): FeedDeliveryPlan {
    const chosen = this.#project.value?.chosen ?? [];
    const destinations = chosen.map((id) => {
      const known = this.destinations.find((destination) => destination.id === id);
      return { id, label: known?.label ?? id, known: known !== undefined };
    });
    const check = this.#check;
    const versions = this.#runVersions();
    const several = (this.#project.value?.versions.length ?? 0) > 1;
    if (!check.done || feed.key === null) return { keys: [], left: check.tally.problem, problems: [], destinations, versions, several, checked: check.done };
    const keysOf = (statuses: Parameters<typeof check.indexes>[0]) => check.indexes(statuses).map((index) => check.row(index).key ?? '');
    return { keys: keysOf(this.includeWarnings ? ['ok', 'warning'] : ['ok']), left: check.tally.problem, problems: keysOf(['problem']), destinations, versions, several, checked: true };
  }

  protected override render() {
    const project = this.#project.value;
    if (project === undefined) return nothing;
    const t = this.t;
    const feed = project.feed;
    if (feed === null) {
      this.#plan = undefined;
      this.#chosenKey = undefined;
    }
    return html`<h3>${t('feed.heading')}</h3>
      <p class="hint">${t('feed.intro', { max: t.number(MAX_FEED_ROWS, 0) })}</p>
      ${this.#renderImport(feed)}
      ${feed === null ? html`<p part="message">${t('feed.none')}</p>` : this.#renderFeed(feed)}
      <p part="message" id="feed-notice" role="status" aria-live="polite">${this.notice}</p>`;
  }

  #renderImport(feed: Feed | null): TemplateResult {
    const t = this.t;
    const refused = this.refused;
    const more = (refused?.problems.length ?? 0) - 10;
    // With a feed, the import folds away under its heading (the grid is what a producer reads); it opens for a
    // file refused or waiting to replace the feed.
    const open = feed === null || refused !== undefined || this.pending !== undefined;
    return html`<details part="import" ?open=${open}>
      <summary><h4 id="import-heading">${t('feed.import')}</h4></summary>
      <div class="import">
      <div part="dropzone" class=${this.over ? 'over' : ''}
        @dragover=${(event: DragEvent) => {
          event.preventDefault();
          this.over = true;
        }}
        @dragleave=${() => (this.over = false)} @drop=${this.#handleDrop}>
        <label for="feed-file">${t('feed.file')}</label>
        <input id="feed-file" type="file" accept=".csv,.json,.txt,text/csv,application/json,text/plain" aria-describedby="drop-hint" @change=${this.#handleFile} />
        <span class="hint" id="drop-hint">${t('feed.drop')}</span>
      </div>
      <div class="field">
        <label for="feed-paste">${t('feed.paste')}</label>
        <textarea id="feed-paste" part="paste" rows="4" wrap="off" spellcheck="false" aria-describedby="paste-hint" .value=${this.paste}
          @input=${(event: Event) => (this.paste = (event.target as HTMLTextAreaElement).value)}></textarea>
        <span class="hint" id="paste-hint">${t('feed.pasteHint')}</span>
      </div>
      <div class="buttons">
        <button type="button" part="import-button" @click=${() => this.#importPasted()}>${t('feed.importPasted')}</button>
      </div>
      ${refused === undefined
        ? nothing
        : html`<div part="import-problems" class="problems-box" role="alert" tabindex="-1">
            ${refused.name === '' ? nothing : html`<p>${t('feed.refused', { name: refused.name })}</p>`}
            <ul>
              ${refused.problems.slice(0, 10).map((problem) => html`<li>${problem.message}</li>`)}
            </ul>
            ${more > 0 ? html`<p>${t.plural('feed.moreProblems', more)}</p>` : nothing}
          </div>`}
      ${this.pending === undefined || feed === null ? nothing : this.#renderConfirm(feed, this.pending)}
      </div>
    </details>`;
  }

  #renderConfirm(feed: Feed, pending: PendingTable): TemplateResult {
    const t = this.t;
    return html`<div part="confirm" role="group" aria-labelledby="confirm-text">
      <p id="confirm-text">${t('feed.replace', { current: t.plural('feed.rows', feed.rows.length), name: pending.name, next: t.plural('feed.rows', pending.table.rows.length) })}</p>
      <div class="buttons">
        <button type="button" class="primary" @click=${() => this.#apply(pending)}>${t('feed.replaceYes')}</button>
        <button type="button" @click=${() => (this.pending = undefined)}>${t('feed.replaceNo')}</button>
      </div>
    </div>`;
  }

  #renderFeed(feed: Feed): TemplateResult {
    const t = this.t;
    const project = this.#project.value!;
    const script = this.#slots;
    const mapped = script.names.map((slot) => ({ slot, column: feed.mapping.find((entry) => entry.slot === slot)?.column ?? null }));
    const chosen = this.selected === undefined || this.selected >= feed.rows.length || !this.#check.ready ? undefined : this.#check.row(this.selected);
    this.#chosenKey = chosen?.key;
    // The takes a row may need: each section that holds a slot (the others are the template's, reused).
    const takes = script.sections.filter((section) => section.slots.length > 0).length;
    // The grid first: it checks its page's rows, which the plan then counts.
    const grid = renderGrid({
      t,
      feed,
      check: this.#check,
      slots: mapped,
      page: this.page,
      problemsOnly: this.problemsOnly,
      selected: this.selected,
      voiceSpeed: project.voice.speed,
      canPlay: this.runner !== undefined && !this.#player.busy,
      onSelect: (index) => (this.selected = index),
      onPlay: (index) => {
        this.selected = index;
        const key = this.#check.row(index).key;
        if (this.runner !== undefined && key !== null) void this.#player.play(this.runner, key, takes);
      },
      onPage: (page) => (this.page = page),
      onFilter: (on) => {
        this.problemsOnly = on;
        this.page = 0;
      },
    });
    const plan = (this.#plan = this.#planOf(feed));
    return html`<p part="current">
        ${t('feed.current', { rows: t.plural('feed.rows', feed.rows.length), columns: t.plural('feed.columns', feed.columns.length) })}
        <button type="button" part="remove" @click=${() => this.#remove()}>${t('feed.remove')}</button>
      </p>
      ${this.#renderMapping(feed, mapped)}
      ${this.#check.template.length > 0
        ? html`<div class="problems-box" part="template">
            <p>${t('feed.template')}</p>
            <ul>
              ${this.#check.template.map((problem) => html`<li>${problem.message}</li>`)}
            </ul>
          </div>`
        : nothing}
      ${grid}
      ${this.#player.render(t, this.runner, chosen === undefined ? undefined : { row: chosen.row, key: chosen.key }, takes, project)}
      ${this.#delivery.render(t, this.runner, plan, project, this.includeWarnings, (on) => (this.includeWarnings = on), (busy) =>
        renderVersionChoice(t, this.#versionRefs(), plan.versions, busy, (ids) => (this.versionsChosen = ids)),
      )}`;
  }

  #renderMapping(feed: Feed, mapped: readonly { slot: string; column: string | null }[]): TemplateResult {
    const t = this.t;
    const options = (selected: string | null) => html`<option value="" ?selected=${selected === null}>${t('feed.noColumn')}</option>
      ${feed.columns.map((column) => html`<option value=${column} ?selected=${column === selected}>${column}</option>`)}`;
    const column = (event: Event) => (event.target as HTMLSelectElement).value || null;
    return html`<fieldset part="mapping">
      <legend>${t('feed.mapping')}</legend>
      <div class="field">
        <label for="key-column">${t('feed.key')}</label>
        <select id="key-column" aria-invalid=${feed.key === null ? 'true' : 'false'} aria-describedby=${feed.key === null ? 'key-hint key-error' : 'key-hint'}
          @change=${(event: Event) => this.#edit({ type: 'feed/key', column: column(event) })}>${options(feed.key)}</select>
        <span class="hint" id="key-hint">${t('feed.keyHint')}</span>
        ${feed.key === null ? html`<span class="error" id="key-error">${t('feed.noKey')}</span>` : nothing}
      </div>
      ${mapped.length === 0 ? html`<p class="hint">${t('feed.noSlots', { example: '{{product_name}}' })}</p>` : nothing}
      ${mapped.map(
        ({ slot, column: current }) => html`<div class="field" data-slot=${slot}>
          <label for="slot-${slot}">${t('feed.slotFrom', { slot: `{{${slot}}}` })}</label>
          <select id="slot-${slot}" aria-invalid=${current === null ? 'true' : 'false'} aria-describedby=${current === null ? `slot-${slot}-error` : nothing}
            @change=${(event: Event) => this.#edit({ type: 'feed/map', slot, column: column(event) })}>${options(current)}</select>
          ${current === null ? html`<span class="error" id="slot-${slot}-error">${t('feed.unmapped', { slot: `{{${slot}}}` })}</span>` : nothing}
        </div>`,
      )}
      ${renderAdIdColumns(t, feed, this.#versionRefs(), (slot, choice) => this.#edit({ type: 'feed/map', slot, column: choice }))}
    </fieldset>`;
  }

  /** Each version by its id and name (the versions bar's: its label, else its length). */
  #versionRefs(): (VersionRef & FeedVersion)[] {
    const project = this.#project.value!;
    return project.versions.map((version) => ({ id: version.id, name: versionName(version, version.parked?.duration ?? project.duration) }));
  }
}

defineElement('studio-editor-feed-panel', StudioFeedPanel);

declare global {
  interface HTMLElementTagNameMap {
    'studio-editor-feed-panel': StudioFeedPanel;
  }
}
