import { versionCampaign, versionView } from '../../model/versions.js';
import '../../model/delivery-edits.js';
import { html, nothing, type TemplateResult } from 'lit';
import { property, state } from 'lit/decorators.js';
import { campaignFieldProblem, normaliseCampaignField, type CampaignField } from '../../delivery/campaign.js';
import type { DestinationProfile } from '../../delivery/types.js';
import { StoreController } from '../../controllers/store-controller.js';
import { StudioError } from '../../errors.js';
import { reportError } from '../../events/report-error.js';
import { describeError } from '../../i18n/error-words.js';
import { defineElement } from '../../internal/define.js';
import { LingerController } from '../../internal/linger.js';
import { controlStyles } from '../shared/controls.styles.js';
import { renderAlert } from '../shared/error-alert.js';
import { actionRowStyles, panelStyles, sourcedChoiceStyles } from '../shared/panel.styles.js';
import { headingStyles, linkButtonStyles } from '../shared/panel-text.styles.js';
import { exportPanelParts } from '../shared/exported-parts.js';
import { StudioElement } from '../shared/studio-element.js';
import type { DeliverRunner, DeliverStage, DeliveryRun } from '../../session/deliver-run.js';
import type { VastGiven } from '../../session/deliver-vast.js';
import type { StudioReviewRequiredError } from '../../session/editor-deliver.js';
import { progressRows, receipt, type ResultsHost } from './deliver-results.js';
import { campaignField, FIELDS, fieldProblem, versionMatrix } from './deliver-campaign-fields.js';
import { destinationRow } from './deliver-destinations.js';
import { impressionLines, vastFields, vastProblems, type VastField, type VastFieldsHost, type VastValues } from './deliver-vast-fields.js';
import { sizeText, unapprovedText } from './deliver-words.js';
import { deliverStyles } from './studio-deliver-panel.styles.js';
import { adIdRefusalText, duplicateAdIdText } from '../shared/ad-id-words.js';
import { judge } from '../../rules/judge.js';
import { versionCreatives } from '../../session/creative-identity.js';
import { versionName } from '../../model/version-name.js';
import type { ProjectDocument } from '../../model/document.js';
import '../../i18n/later-words.js';

const isAbort = (error: unknown) => (error as { name?: string } | null)?.name === 'AbortError';

/** The structural parts an editor exports from this panel, each as `deliver-<part>` (docs/styling.md). */
const DELIVER_PARTS = ['destinations', 'destination', 'numbers', 'source', 'vast', 'vast-fields', 'campaign', 'versions', 'stems', 'submit', 'progress', 'row', 'cancel', 'results', 'receipt', 'receipt-campaign', 'file', 'facts', 'verdict', 'vast-file', 'vast-xml', 'zip', 'download', 'message'];

/** How many lines of each vast.xml the results show (the whole document is its download). */
const VAST_HEAD_LINES = 12;

/**
 * Deliver: the destinations as a checklist with their numbers and sources, the campaign fields that travel
 * with the ad (Ad-ID and ISCI checked as typed), stems; then every file made in one run, a progress row each
 * with Cancel, and afterwards each file with its figures, its rules and pass or fail, the ZIP and each file to
 * download. A failed destination stays out of the ZIP unless "Include anyway" is ticked (the ZIP is made
 * again with it). A delivery never changes the project; cancelled, it leaves nothing.
 *
 * A VAST destination (`vast`: the built-in `vast-audio`, or a host's) says under its row which files it makes and
 * that a vast.xml points at them where the user will host them (the editor never uploads them); while one is
 * chosen, the panel asks for the media base URL and the impression URLs, checked as typed, and the results show
 * each vast.xml with its first lines.
 *
 * A finished delivery ends with a receipt: the advertiser and the Ad-ID that went out (each version's with
 * several), then each file with its name, destination, length, loudness (integrated and true peak), format
 * and verdict (the rules it fails), and a download of the ZIP and of each file (a file left out of the ZIP
 * too, to listen to what failed: its row says it is not in the ZIP). Cancel goes away and the button reads "Deliver again"; a new delivery or the panel removed
 * for good revokes the downloads' object URLs.
 *
 * @tagname studio-editor-deliver-panel
 * @csspart destinations - The checklist of destinations.
 * @csspart destination - Each destination: its checkbox, numbers and source.
 * @csspart numbers - A destination's key numbers.
 * @csspart source - Where a destination's numbers come from (expandable).
 * @csspart vast - Under a VAST destination: the files it makes (each rendition, the Mezzanine) and the vast.xml that points at them.
 * @csspart vast-fields - The media base URL and impression URLs, while a VAST destination is chosen.
 * @csspart campaign - The campaign fields.
 * @csspart versions - The versions to deliver (when there are several), each with its own Ad-ID and ISCI: the matrix of versions by destinations.
 * @csspart stems - The stems checkbox.
 * @csspart submit - The Deliver button.
 * @csspart progress - The progress rows of a running delivery, with Cancel.
 * @csspart row - Each file's progress row.
 * @csspart cancel - The Cancel button.
 * @csspart results - The delivered files: the receipt of a finished delivery.
 * @csspart receipt - The same section as `results`: what went out, the ZIP and each file.
 * @csspart receipt-campaign - The receipt's advertiser and Ad-ID (and ISCI when given) that went out.
 * @csspart file - Each delivered file: its facts, failed rules, pass or fail, its download.
 * @csspart facts - A delivered file's destination, length, loudness, format and verdict.
 * @csspart download - A delivered file's download (a file left out of the ZIP has one too).
 * @csspart verdict - Pass or Fail of a file.
 * @csspart vast-file - Each vast.xml delivered: its name, valid or its problems (or not written, and why), its first lines, its download.
 * @csspart vast-xml - The first lines of a vast.xml, as text.
 * @csspart zip - The ZIP's download.
 * @csspart message - What the panel says: nothing to deliver, cancelled, the outcome.
 */
export class StudioDeliverPanel extends StudioElement {
  static override styles = [controlStyles, panelStyles, headingStyles, sourcedChoiceStyles, actionRowStyles, deliverStyles, linkButtonStyles];

  override connectedCallback(): void {
    super.connectedCallback();
    exportPanelParts(this, 'deliver', DELIVER_PARTS);
  }

  /** Set by `<studio-editor-panels>` while another panel is shown. */
  @property({ type: Boolean, reflect: true }) override hidden = false;
  /** The destinations offered: the built-ins with the host's (`config.delivery.destinations`). */
  @property({ attribute: false }) destinations: readonly DestinationProfile[] = [];
  /** The editor's delivery; undefined before the editor has started. */
  @property({ attribute: false }) deliver: DeliverRunner | undefined;

  @state() private busy = false;
  /** Each file's step while a delivery runs, by file id (destination id or `stem-voice`). */
  @state() private progress: ReadonlyMap<string, DeliverStage> = new Map();
  @state() private run: DeliveryRun | undefined;
  /** Failed destinations the user put in the ZIP anyway. */
  @state() private included: readonly string[] = [];
  /** Versions unticked in the matrix (every version is delivered by default). */
  @state() private versionsOff: readonly string[] = [];
  /** A version's code typed and refused, by `<version id>:<adId|isci>`. */
  @state() private versionDrafts: Readonly<Record<string, string>> = {};
  /** What was typed in a code field and refused: kept here, since the project only takes a valid code. */
  @state() private drafts: Partial<Record<CampaignField, string>> = {};
  @state() private error = '';
  @state() private notice = '';
  /** Said politely while a delivery runs: the last file that moved on. */
  @state() private announcement = '';
  /**
   * The VAST fields as typed; `undefined` until typed (a chosen profile's `vast` shows). Kept here for the editor's
   * life and never in the project document: where the host serves the files, and impression URLs that may hold a
   * token, belong to a delivery, not to the ad (a project saved or shared carries neither).
   */
  @state() private vastBase: string | undefined;
  @state() private vastImpressions: string | undefined;
  /** The VAST fields whose errors show: each once left (blur), both after Deliver. */
  @state() private vastChecked: readonly VastField[] = [];
  /** The first lines of each vast.xml shown in the results, by file name (read from its blob). */
  @state() private vastHeads: ReadonlyMap<string, string> = new Map();

  readonly #project = new StoreController(this, (s) => ({
    // The Ad-ID and ISCI fields edit the campaign's (the first version's): they show those, whichever version is open.
    campaign: { ...versionCampaign(s.project), adId: s.project.campaign.adId, isci: s.project.campaign.isci },
    chosen: s.project.delivery.destinations,
    stems: s.project.delivery.stems,
    audible: s.project.clips.length > 0 || (s.project.music?.url ?? null) !== null,
    doc: s.project.versions.length > 1 ? s.project : undefined,
  }));
  #controller: AbortController | undefined;
  #runs = 0;
  /** The object URLs of the downloads shown, by file name (and the ZIP's). */
  #urls = new Map<string, string>();

  constructor() {
    super();
    // A delivery goes on through a move in the DOM; the panel removed for good stops it and frees its files.
    new LingerController(this, () => {
      this.#controller?.abort(new DOMException('The panel was removed.', 'AbortError'));
      this.#revoke();
      this.run = undefined;
    });
  }

  #revoke(): void {
    for (const url of this.#urls.values()) URL.revokeObjectURL(url);
    this.#urls = new Map();
  }

  /** The download URL of `blob`, made once per shown result. */
  #url(name: string, blob: Blob): string {
    let url = this.#urls.get(name);
    if (url === undefined) {
      url = URL.createObjectURL(blob);
      this.#urls.set(name, url);
    }
    return url;
  }

  /** The chosen destinations that are offered (the project may name one the config no longer has). */
  #chosen(): string[] {
    const chosen = this.#project.value?.chosen ?? [];
    return this.destinations.filter((destination) => chosen.includes(destination.id)).map((destination) => destination.id);
  }

  /** The chosen destinations that write a vast.xml. */
  #vastChosen(): DestinationProfile[] {
    const chosen = this.#chosen();
    return this.destinations.filter((destination) => destination.vast !== undefined && chosen.includes(destination.id));
  }

  /** The VAST fields as shown: as typed, else the first chosen VAST profile's own (a host's may preset them). */
  #vastValues(): VastValues {
    const preset = this.#vastChosen()[0]?.vast;
    return { base: this.vastBase ?? preset?.mediaBaseUrl ?? '', impressions: this.vastImpressions ?? (preset?.impressionUrls ?? []).join('\n') };
  }

  #toggleDestination(id: string, on: boolean): void {
    const chosen = new Set(this.#chosen());
    if (on) chosen.add(id);
    else chosen.delete(id);
    this.#project.dispatch({ type: 'delivery/destinations', destinations: this.destinations.map((d) => d.id).filter((d) => chosen.has(d)) });
  }

  /** A field's value as shown: the refused draft, or the project's. */
  #value(name: CampaignField): string {
    return this.drafts[name] ?? this.#project.value?.campaign[name] ?? '';
  }

  /** What is wrong with a field's value, in words; empty when nothing is. */
  #problem(name: CampaignField): string {
    return fieldProblem(this.t, name, this.#value(name));
  }

  /** The words for a refusal of `config.review.require` (which roles each version lacks); undefined for any other failure. */
  #refusal(error: unknown): string | undefined {
    const project = this.#project.store?.getState().project;
    const shared = adIdRefusalText(this.t, error);
    if (shared !== undefined) return shared;
    if ((error as { code?: unknown } | null)?.code !== 'review-required' || project === undefined) return undefined;
    const names = new Map(project.versions.map((version) => [version.id, versionName(version, versionView(project, version.id).duration)]));
    return unapprovedText(this.t, (error as StudioReviewRequiredError).unapproved, names);
  }

  /** The versions of the matrix (with their length), when there are several. */
  #versions(): { id: string; name: string; seconds: number; adId: string; isci: string }[] {
    const doc = this.#project.value?.doc;
    if (doc === undefined) return [];
    return doc.versions.map((version) => {
      const seconds = versionView(doc, version.id).duration;
      return { id: version.id, name: versionName(version, seconds), seconds, adId: version.adId, isci: version.isci };
    });
  }

  /** The versions ticked in the matrix; `undefined` with one version (the project as it is). */
  #chosenVersions(): string[] | undefined {
    const versions = this.#versions();
    return versions.length === 0 ? undefined : versions.filter((version) => !this.versionsOff.includes(version.id)).map((version) => version.id);
  }

  /** A version's own code committed: a valid one (or empty: none, or the campaign's for the first) goes to the project, a wrong one stays a draft. */
  #commitVersion(doc: ProjectDocument, id: string, field: 'adId' | 'isci', value: string): void {
    const key = `${id}:${field}`;
    const { [key]: _, ...rest } = this.versionDrafts;
    if (value.trim() !== '' && campaignFieldProblem(field, value) !== null) {
      this.versionDrafts = { ...rest, [key]: value };
      return;
    }
    this.versionDrafts = rest;
    const stored = value.trim() === '' ? '' : normaliseCampaignField(field, value);
    if (stored !== doc.versions.find((version) => version.id === id)?.[field]) this.#project.dispatch({ type: 'version/set', id, [field]: stored });
  }

  /** A field committed (change): a valid value goes to the project (one undo step), a wrong one stays a draft. */
  #commit(name: CampaignField, value: string): void {
    const { [name]: _, ...rest } = this.drafts;
    if (campaignFieldProblem(name, value) !== null) {
      this.drafts = { ...rest, [name]: value };
      return;
    }
    this.drafts = rest;
    const stored = normaliseCampaignField(name, value);
    if (stored !== this.#project.value?.campaign[name]) this.#project.dispatch({ type: 'campaign/set', campaign: { [name]: stored } });
  }

  async #submit(event: Event): Promise<void> {
    event.preventDefault();
    const deliver = this.deliver;
    if (deliver === undefined || this.busy) return;
    const destinations = this.#chosen();
    // The VAST fields come before the campaign's: the first wrong field in the form takes the focus.
    const vast = this.#vastChosen().length > 0;
    if (vast) {
      const problems = vastProblems(this.t, this.#vastValues());
      const wrong = problems.base ? 'vast-base' : problems.impressions ? 'vast-impressions' : '';
      if (wrong !== '') {
        this.vastChecked = ['base', 'impressions'];
        await this.updateComplete;
        this.renderRoot.querySelector<HTMLElement>(`#${wrong}`)?.focus();
        this.notice = this.t('deliver.fixVast');
        return;
      }
    }
    const invalid = FIELDS.find((field) => this.#problem(field.name) !== '');
    if (invalid !== undefined) {
      this.renderRoot.querySelector<HTMLInputElement>(`#field-${invalid.name}`)?.focus();
      this.notice = this.t('deliver.fixFields');
      return;
    }
    if (destinations.length === 0) {
      this.notice = this.t('deliver.chooseOne');
      return;
    }
    const versions = this.#chosenVersions();
    if (versions?.length === 0) {
      this.notice = this.t('deliver.chooseVersion');
      return;
    }
    if (Object.keys(this.versionDrafts).length > 0) {
      this.notice = this.t('deliver.fixFields');
      return;
    }
    // Two versions with one Ad-ID are refused here, in words, before anything is rendered (deliver() would too).
    const doc = this.#project.value?.doc;
    const shared = doc === undefined || versions === undefined ? [] : judge({ kind: 'creatives', creatives: versionCreatives(doc, versions) }).filter((found) => found.rule === 'ad-id-duplicate');
    if (shared.length > 0) {
      this.error = duplicateAdIdText(this.t, shared);
      return;
    }
    this.included = [];
    const { base, impressions } = this.#vastValues();
    await this.#deliver(deliver, destinations, versions, vast ? { mediaBaseUrl: base, impressionUrls: impressionLines(impressions).map(({ url }) => url) } : undefined);
  }

  /** One delivery: progress rows, then the result (replacing the one shown). */
  async #deliver(deliver: DeliverRunner, destinations: readonly string[], versions: readonly string[] | undefined, vast: VastGiven | undefined): Promise<void> {
    const controller = new AbortController();
    const run = ++this.#runs;
    this.#controller = controller;
    const stems = this.#project.value?.stems ?? false;
    // One row per file: with several versions, per version and destination (`streaming@v2`).
    const many = versions !== undefined && versions.length > 1;
    const files = [...destinations, ...(stems ? ['stem-voice', 'stem-music'] : [])];
    const rows = new Map<string, DeliverStage>((many ? versions.flatMap((version) => files.map((file) => `${file}@${version}`)) : files).map((file) => [file, 'render']));
    // The last receipt goes: its downloads are freed before the next is made.
    this.#revoke();
    Object.assign(this, { busy: true, progress: rows, run: undefined, vastHeads: new Map(), error: '', notice: '', announcement: '' });
    void this.updateComplete.then(() => this.renderRoot.querySelector('[part=progress]')?.scrollIntoView({ block: 'nearest' }));
    try {
      const result = await deliver({
        destinations,
        ...(versions === undefined ? {} : { versions }),
        ...(vast === undefined ? {} : { vast }),
        stems,
        signal: controller.signal,
        onProgress: ({ file, stage }) => {
          if (run !== this.#runs || !this.progress.has(file)) return;
          this.progress = new Map(this.progress).set(file, stage);
          this.announcement = this.t('deliver.fileStage', { file: this.#fileLabel(file), stage: this.t(`deliver.stage.${stage}`) });
        },
      });
      controller.signal.throwIfAborted();
      if (run !== this.#runs) return;
      this.#show(result, true);
    } catch (error) {
      if (run !== this.#runs) return;
      this.announcement = '';
      if (isAbort(error) || controller.signal.aborted) this.notice = this.t('deliver.cancelled');
      else {
        this.error = this.#refusal(error) ?? this.t('deliver.failed', { message: describeError(error, this.t).text });
        // The editor reports its own delivery failures (studio-error); anything else is reported here.
        if (!(error instanceof StudioError)) reportError(this, error);
      }
    } finally {
      if (run === this.#runs) {
        this.busy = false;
        this.progress = new Map();
        this.#controller = undefined;
      }
    }
  }

  /** A delivery's result in place of the one shown (whose download URLs are revoked); a new one takes the focus. */
  #show(result: DeliveryRun, focus: boolean): void {
    this.#revoke();
    this.run = result;
    this.#readVast(result);
    this.announcement = '';
    // A new delivery takes the user to its files (read from their heading); a re-pack leaves the focus on its checkbox.
    if (focus) void this.updateComplete.then(() => this.renderRoot.querySelector<HTMLElement>('#results-heading')?.focus());
    const { manifest } = result;
    this.notice = this.t('deliver.summary', {
      passed: manifest.files.filter((file) => file.pass).length,
      total: manifest.files.length + manifest.excluded.length,
      zip: result.fileName,
      size: sizeText(this.t, result.zip.size),
    });
  }

  /** The first lines of each vast.xml of `run`, read from its bytes (a result shown since replaced is let go). */
  #readVast(run: DeliveryRun): void {
    this.vastHeads = new Map();
    for (const entry of run.manifest.vast ?? []) {
      const blob = entry.written ? run.files.get(entry.fileName) : undefined;
      if (blob === undefined) continue;
      blob.text().then(
        (text) => {
          if (this.run === run) this.vastHeads = new Map(this.vastHeads).set(entry.fileName, text.split('\n').slice(0, VAST_HEAD_LINES).join('\n'));
        },
        (error: unknown) => reportError(this, error),
      );
    }
  }

  /** "Include anyway" ticked or unticked: the ZIP is made again from the files, with the failed ones asked for. */
  async #include(id: string, on: boolean): Promise<void> {
    const shown = this.run;
    if (shown === undefined || this.busy) return;
    const included = on ? [...this.included, id] : this.included.filter((other) => other !== id);
    this.included = included;
    try {
      const result = await shown.repack(included);
      if (this.run === shown && this.included === included) this.#show(result, false);
    } catch (error) {
      this.error = this.t('deliver.failed', { message: describeError(error, this.t).text });
      if (!(error instanceof StudioError)) reportError(this, error);
    }
  }

  #fileLabel(id: string): string {
    const [file = id, version] = id.split('@');
    const label = this.#oneFileLabel(file);
    const name = version === undefined ? undefined : this.#versions().find((entry) => entry.id === version)?.name;
    return name === undefined ? label : this.t('deliver.versionFile', { version: name, file: label });
  }

  #oneFileLabel(file: string): string {
    if (file === 'stem-voice' || file === 'stem-music') return this.t(file === 'stem-voice' ? 'deliver.stem.voice' : 'deliver.stem.music');
    return this.destinations.find((destination) => destination.id === file)?.label ?? file;
  }

  protected override render() {
    const project = this.#project.value;
    if (project === undefined) return nothing;
    const t = this.t;
    const heading = html`<h3>${t('deliver.heading')}</h3>`;
    if (!project.audible) return html`${heading}<p part="message">${t('deliver.nothing')}</p>`;
    if (this.deliver === undefined) return html`${heading}<p part="message">${t('deliver.noPreview')}</p>`;
    const chosen = this.#chosen();
    return html`${heading}
      <form novalidate @submit=${this.#submit} aria-busy=${this.busy ? 'true' : 'false'}>
        <fieldset part="destinations" ?disabled=${this.busy}>
          <legend>${t('deliver.destinations')}</legend>
          ${this.destinations.map((destination) => destinationRow(t, destination, chosen.includes(destination.id), (id, on) => this.#toggleDestination(id, on)))}
        </fieldset>
        ${this.#vastChosen().length > 0 ? vastFields(this.#vastFieldsHost()) : nothing}
        <fieldset part="campaign" ?disabled=${this.busy}>
          <legend>${t('deliver.campaign')}</legend>
          ${FIELDS.map((field) => campaignField(t, field, this.#value(field.name), (name, value) => this.#commit(name, value)))}
        </fieldset>
        ${this.#matrix()}
        <div part="stems">
          <input id="stems" type="checkbox" .checked=${project.stems} ?disabled=${this.busy}
            @change=${(event: Event) => this.#project.dispatch({ type: 'delivery/stems', stems: (event.target as HTMLInputElement).checked })} />
          <label for="stems">${t('deliver.stems')}</label>
        </div>
        <div class="actions">
          <button class="primary" part="submit" type="submit" ?disabled=${this.busy}>${t(this.run === undefined ? 'deliver.run' : 'deliver.again')}</button>
        </div>
      </form>
      ${this.busy ? progressRows(this.#resultsHost(), this.progress) : nothing}
      ${renderAlert(this.error, t)}
      <p part="message" role="status" aria-live="polite">${this.announcement || this.notice}</p>
      ${this.run !== undefined && !this.busy ? receipt(this.#resultsHost(), this.run) : nothing}`;
  }

  /** What the progress rows and the receipt read (./deliver-results.ts). */
  #resultsHost(): ResultsHost {
    return {
      t: this.t,
      destinations: this.destinations,
      included: this.included,
      vastHeads: this.vastHeads,
      fileLabel: (id) => this.#fileLabel(id),
      versionName: (id) => this.#versions().find((entry) => entry.id === id)?.name,
      url: (name, blob) => this.#url(name, blob),
      include: (id, on) => void this.#include(id, on),
      cancel: () => this.#controller?.abort(new DOMException('Cancelled by the user.', 'AbortError')),
    };
  }

  /** What the VAST fields read (./deliver-vast-fields.ts). */
  #vastFieldsHost(): VastFieldsHost {
    return {
      t: this.t,
      busy: this.busy,
      values: this.#vastValues(),
      checked: this.vastChecked,
      input: (field, value) => (field === 'base' ? (this.vastBase = value) : (this.vastImpressions = value)),
      leave: (field) => {
        if (!this.vastChecked.includes(field)) this.vastChecked = [...this.vastChecked, field];
      },
    };
  }

  /** The versions to deliver (./deliver-campaign-fields.ts); nothing with one version. */
  #matrix(): TemplateResult | typeof nothing {
    const doc = this.#project.value?.doc;
    const versions = this.#versions();
    if (doc === undefined || versions.length === 0) return nothing;
    return versionMatrix({
      t: this.t,
      busy: this.busy,
      doc,
      versions,
      drafts: this.versionDrafts,
      off: this.versionsOff,
      files: this.#chosenVersions()!.length * this.#chosen().length,
      commit: (id, field, value) => this.#commitVersion(doc, id, field, value),
      tick: (id, on) => (this.versionsOff = on ? this.versionsOff.filter((other) => other !== id) : [...this.versionsOff, id]),
    });
  }
}

defineElement('studio-editor-deliver-panel', StudioDeliverPanel);

declare global {
  interface HTMLElementTagNameMap {
    'studio-editor-deliver-panel': StudioDeliverPanel;
  }
}
