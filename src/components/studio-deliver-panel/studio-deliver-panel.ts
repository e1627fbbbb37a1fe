import { versionCampaign, versionView } from '../../model/versions.js';
import { html, nothing, type TemplateResult } from 'lit';
import { property, state } from 'lit/decorators.js';
import { CAMPAIGN_TEXT_LIMITS, campaignFieldProblem, normaliseCampaignField, type CampaignField } from '../../delivery/campaign.js';
import type { DeliveredFigures, DeliveredFile, DeliveryManifest, DestinationProfile, VastManifestEntry } from '../../delivery/types.js';
import { VAST_LIMITS, vastUrlFault } from '../../delivery/vast.js';
import { StoreController } from '../../controllers/store-controller.js';
import { StudioError } from '../../errors.js';
import { reportError } from '../../events/report-error.js';
import type { StringKey } from '../../i18n/en.js';
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
import { codeProblemText, destinationNumbers, receiptFacts, renditionTexts, ruleLine, sizeText, unapprovedText, unpublishedText, vastUrlText } from './deliver-words.js';
import { deliverStyles } from './studio-deliver-panel.styles.js';
import { adIdRefusalText, duplicateAdIdText } from '../shared/ad-id-words.js';
import { duplicateAdIdFindings } from '../../delivery/identity.js';
import { versionCreatives } from '../../session/creative-identity.js';
import { versionName } from '../studio-versions/version-name.js';
import type { ProjectDocument } from '../../model/document.js';
import '../../i18n/en-later.js';

/** The campaign fields in the panel's order, with their words; the codes have a hint. */
const FIELDS: readonly { name: CampaignField; label: StringKey; hint?: StringKey }[] = [
  { name: 'advertiser', label: 'deliver.advertiser' },
  { name: 'campaign', label: 'deliver.product' },
  { name: 'adId', label: 'deliver.adId', hint: 'deliver.adIdHint' },
  { name: 'isci', label: 'deliver.isci', hint: 'deliver.isciHint' },
  { name: 'versionLabel', label: 'deliver.version' },
];

/** The most characters a field takes (the codes are checked for their structure, not cut). */
const maxLength = (name: CampaignField): number => (name === 'adId' || name === 'isci' ? 40 : CAMPAIGN_TEXT_LIMITS[name]);

/** The steps a file's progress row shows, in order. */
const STAGES: readonly DeliverStage[] = ['render', 'master', 'encode', 'measure', 'pack', 'done'];

const isAbort = (error: unknown) => (error as { name?: string } | null)?.name === 'AbortError';

/** Only web addresses become links (a host's config could hold any text). */
const webUrl = (url: string | undefined): string | undefined => (url !== undefined && /^https?:\/\//i.test(url) ? url : undefined);

/** The structural parts an editor exports from this panel, each as `deliver-<part>` (docs/styling.md). */
const DELIVER_PARTS = ['destinations', 'destination', 'numbers', 'source', 'vast', 'vast-fields', 'campaign', 'versions', 'stems', 'submit', 'progress', 'row', 'cancel', 'results', 'receipt', 'receipt-campaign', 'file', 'facts', 'verdict', 'vast-file', 'vast-xml', 'zip', 'download', 'message'];

/** How many lines of each vast.xml the results show (the whole document is its download). */
const VAST_HEAD_LINES = 12;

/** The impression URLs typed: one a line, the spaces around each and blank lines left out, with each line's number. */
const impressionLines = (text: string): { line: number; url: string }[] =>
  text.split(/\r\n|\r|\n/).flatMap((url, index) => (url.trim() === '' ? [] : [{ line: index + 1, url: url.trim() }]));

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
  @state() private vastChecked: readonly ('base' | 'impressions')[] = [];
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
  #vastValues(): { base: string; impressions: string } {
    const preset = this.#vastChosen()[0]?.vast;
    return { base: this.vastBase ?? preset?.mediaBaseUrl ?? '', impressions: this.vastImpressions ?? (preset?.impressionUrls ?? []).join('\n') };
  }

  /** What is wrong with each VAST field, in words (never the URL: it may hold a token); empty when nothing is. */
  #vastProblems(): { base: string; impressions: string } {
    const t = this.t;
    const { base, impressions } = this.#vastValues();
    const baseFault = base === '' ? null : vastUrlFault(base, { base: true });
    const lines = impressionLines(impressions);
    let wrong = '';
    if (lines.length > VAST_LIMITS.impressionUrls) wrong = t('deliver.vastImpressionsMany', { max: VAST_LIMITS.impressionUrls, count: lines.length });
    for (const { line, url } of lines) {
      const fault = wrong === '' ? vastUrlFault(url) : null;
      if (fault !== null) wrong = t('deliver.vastImpressionLine', { line, problem: vastUrlText(t, fault) });
    }
    if (lines.length === 0) wrong = t('deliver.vastImpressionsMissing');
    return { base: base === '' ? t('deliver.vastBaseMissing') : baseFault === null ? '' : vastUrlText(t, baseFault), impressions: wrong };
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
    const value = this.#value(name);
    const problem = campaignFieldProblem(name, value);
    return problem === null ? '' : codeProblemText(this.t, problem, value, maxLength(name));
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
      const problems = this.#vastProblems();
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
    const shared = doc === undefined || versions === undefined ? [] : duplicateAdIdFindings(versionCreatives(doc, versions));
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
          ${this.destinations.map((destination) => this.#destination(destination, chosen.includes(destination.id)))}
        </fieldset>
        ${this.#vastChosen().length > 0 ? this.#vastFields() : nothing}
        <fieldset part="campaign" ?disabled=${this.busy}>
          <legend>${t('deliver.campaign')}</legend>
          ${FIELDS.map((field) => this.#field(field))}
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
      ${this.busy ? this.#progressRows() : nothing}
      ${renderAlert(this.error, t)}
      <p part="message" role="status" aria-live="polite">${this.announcement || this.notice}</p>
      ${this.run !== undefined && !this.busy ? this.#results(this.run) : nothing}`;
  }

  #destination(destination: DestinationProfile, checked: boolean): TemplateResult {
    const t = this.t;
    const id = destination.id;
    const url = webUrl(destination.source.url);
    const unpublished = unpublishedText(t, destination);
    return html`<div part="destination" data-destination=${id}>
      <input type="checkbox" id="destination-${id}" aria-describedby="numbers-${id}" .checked=${checked}
        @change=${(event: Event) => this.#toggleDestination(id, (event.target as HTMLInputElement).checked)} />
      <label for="destination-${id}">${destination.label}</label>
      <span part="numbers" id="numbers-${id}">${destinationNumbers(t, destination)}</span>
      <details part="source">
        <summary>${t('deliver.sourceLabel')}</summary>
        <p>${url === undefined ? destination.source.title : html`<a href=${url} target="_blank" rel="noopener noreferrer">${destination.source.title}</a>`}</p>
        ${unpublished ? html`<p>${unpublished}</p>` : nothing}
      </details>
      ${this.#renditions(destination)}
    </div>`;
  }

  /** Under a destination of several files: each of them; a VAST one adds the vast.xml that points at them. */
  #renditions(destination: DestinationProfile): TemplateResult | typeof nothing {
    const t = this.t;
    const files = renditionTexts(t, destination);
    if (files.length === 0) return nothing;
    const vast = destination.vast !== undefined;
    return html`<div class="renditions" part=${vast ? 'vast' : nothing}>
      <p>${t('deliver.vastMakes')}</p>
      <ul>
        ${files.map((file) => html`<li>${file}</li>`)}
      </ul>
      ${vast ? html`<p>${t('deliver.vastWrites')}</p>` : nothing}
    </div>`;
  }

  /** Where the host will serve a VAST destination's files, and the impression URLs: errors once a field is left, and on Deliver. */
  #vastFields(): TemplateResult {
    const t = this.t;
    const { base, impressions } = this.#vastValues();
    const problems = this.#vastProblems();
    const baseError = this.vastChecked.includes('base') ? problems.base : '';
    const impressionsError = this.vastChecked.includes('impressions') ? problems.impressions : '';
    const left = (field: 'base' | 'impressions') => {
      if (!this.vastChecked.includes(field)) this.vastChecked = [...this.vastChecked, field];
    };
    return html`<fieldset part="vast-fields" ?disabled=${this.busy}>
      <legend>${t('deliver.vastFields')}</legend>
      <div class="field">
        <label for="vast-base">${t('deliver.vastBase')}</label>
        <input id="vast-base" name="vastBase" type="url" inputmode="url" autocomplete="off" autocapitalize="off" spellcheck="false" required
          maxlength=${VAST_LIMITS.url} placeholder="https://cdn.example.com/ads/" .value=${base}
          aria-invalid=${baseError ? 'true' : 'false'} aria-describedby=${baseError ? 'vast-base-hint vast-base-error' : 'vast-base-hint'}
          @input=${(event: Event) => (this.vastBase = (event.target as HTMLInputElement).value)} @blur=${() => left('base')} />
        <span class="hint" id="vast-base-hint">${t('deliver.vastBaseHint')}</span>
        ${baseError ? html`<span class="error" id="vast-base-error">${baseError}</span>` : nothing}
      </div>
      <div class="field">
        <label for="vast-impressions">${t('deliver.vastImpressions')}</label>
        <textarea id="vast-impressions" name="vastImpressions" rows="3" required autocomplete="off" autocapitalize="off" spellcheck="false" .value=${impressions}
          aria-invalid=${impressionsError ? 'true' : 'false'} aria-describedby=${impressionsError ? 'vast-impressions-hint vast-impressions-error' : 'vast-impressions-hint'}
          @input=${(event: Event) => (this.vastImpressions = (event.target as HTMLTextAreaElement).value)} @blur=${() => left('impressions')}></textarea>
        <span class="hint" id="vast-impressions-hint">${t('deliver.vastImpressionsHint', { max: VAST_LIMITS.impressionUrls })}</span>
        ${impressionsError ? html`<span class="error" id="vast-impressions-error">${impressionsError}</span>` : nothing}
      </div>
    </fieldset>`;
  }

  #field(field: (typeof FIELDS)[number]): TemplateResult {
    const t = this.t;
    const problem = this.#problem(field.name);
    const described = [field.hint ? `hint-${field.name}` : '', problem ? `error-${field.name}` : ''].filter(Boolean).join(' ');
    return html`<div class="field">
      <label for="field-${field.name}">${t(field.label)}</label>
      <input id="field-${field.name}" name=${field.name} type="text" autocomplete="off" maxlength=${maxLength(field.name)} .value=${this.#value(field.name)}
        aria-invalid=${problem ? 'true' : 'false'} aria-describedby=${described || nothing}
        @change=${(event: Event) => this.#commit(field.name, (event.target as HTMLInputElement).value)} />
      ${field.hint ? html`<span class="hint" id="hint-${field.name}">${t(field.hint)}</span>` : nothing}
      ${problem ? html`<span class="error" id="error-${field.name}">${problem}</span>` : nothing}
    </div>`;
  }

  /** The versions to deliver, each with its own Ad-ID and ISCI (empty: the campaign's for the first, none for another); nothing with one version. */
  #matrix(): TemplateResult | typeof nothing {
    const doc = this.#project.value?.doc;
    const versions = this.#versions();
    if (doc === undefined || versions.length === 0) return nothing;
    const t = this.t;
    const destinations = this.#chosen().length;
    const code = (version: (typeof versions)[number], field: 'adId' | 'isci') => {
      const key = `${version.id}:${field}`;
      const value = this.versionDrafts[key] ?? version[field];
      const problem = value.trim() === '' ? null : campaignFieldProblem(field, value);
      const id = `version-${field}-${version.id}`;
      return html`<span class="field">
        <label for=${id}>${t(field === 'adId' ? 'deliver.versionAdId' : 'deliver.versionIsci', { name: version.name })}</label>
        <input id=${id} type="text" autocomplete="off" maxlength="40" .value=${value} placeholder=${version.id === doc.versions[0]?.id ? doc.campaign[field] : ''}
          aria-invalid=${problem ? 'true' : 'false'} aria-describedby=${problem ? `${id}-error` : 'versions-hint'}
          @change=${(event: Event) => this.#commitVersion(doc, version.id, field, (event.target as HTMLInputElement).value)} />
        ${problem ? html`<span class="error" id=${`${id}-error`}>${codeProblemText(t, problem, value, 40)}</span>` : nothing}
      </span>`;
    };
    return html`<fieldset part="versions" ?disabled=${this.busy}>
      <legend>${t('deliver.versions')}</legend>
      <p class="hint" id="versions-hint">${t('deliver.versionsHint', { files: this.#chosenVersions()!.length * destinations })}</p>
      ${versions.map(
        (version) => html`<div class="version" data-version=${version.id}>
          <input type="checkbox" id=${`deliver-version-${version.id}`} .checked=${!this.versionsOff.includes(version.id)}
            @change=${(event: Event) =>
              (this.versionsOff = (event.target as HTMLInputElement).checked ? this.versionsOff.filter((id) => id !== version.id) : [...this.versionsOff, version.id])} />
          <label for=${`deliver-version-${version.id}`}>${version.name} <span class="hint">${t.clock(version.seconds)}</span></label>
          ${code(version, 'adId')} ${code(version, 'isci')}
        </div>`,
      )}
    </fieldset>`;
  }

  #progressRows(): TemplateResult {
    const t = this.t;
    return html`<section part="progress" aria-labelledby="progress-heading">
      <h4 id="progress-heading">${t('deliver.progress')}</h4>
      <ol>
        ${[...this.progress].map(([file, stage]) => {
          const label = this.#fileLabel(file);
          const word = t(`deliver.stage.${stage}`);
          return html`<li part="row" data-file=${file} data-stage=${stage}>
            <span>${label}</span>
            <progress max=${STAGES.length} .value=${STAGES.indexOf(stage) + 1} aria-label=${t('deliver.fileStage', { file: label, stage: word })}></progress>
            <span>${word}</span>
          </li>`;
        })}
      </ol>
      <div class="actions">
        <button type="button" part="cancel" @click=${() => this.#controller?.abort(new DOMException('Cancelled by the user.', 'AbortError'))}>${t('job.cancel')}</button>
      </div>
    </section>`;
  }

  #results(run: DeliveryRun): TemplateResult {
    const t = this.t;
    const { manifest } = run;
    // In the checklist's order, so that including a file anyway moves nothing.
    const order = (file: DeliveredFile) => this.destinations.findIndex((destination) => destination.id === file.destination.id);
    const files = [...manifest.files, ...manifest.excluded].sort((a, b) => order(a) - order(b));
    return html`<section part="results receipt" aria-labelledby="results-heading">
      <h4 id="results-heading" tabindex="-1">${t('deliver.results')}</h4>
      ${this.#campaign(manifest)}
      <div class="actions">
        <a class="button" part="zip" href=${this.#url(run.fileName, run.zip)} download=${run.fileName}>${t('deliver.downloadZip', { file: run.fileName, size: sizeText(t, run.zip.size) })}</a>
      </div>
      <ul>
        ${files.map((file) => this.#file(file, run.files.get(file.fileName), manifest.excluded.includes(file)))}
        ${manifest.stems.map((stem) => {
          const blob = run.files.get(stem.fileName);
          const label = this.#fileLabel(`stem-${stem.stem}`);
          return html`<li part="file" class="pass" data-file="stem-${stem.stem}">
            <header><strong>${label}</strong><span class="name">${stem.fileName}</span></header>
            ${this.#facts(label, stem.figures, t('deliver.pass'))}
            ${blob ? this.#download(stem.fileName, blob) : nothing}
          </li>`;
        })}
        ${(manifest.vast ?? []).map((entry) => this.#vastFile(entry, run.files.get(entry.fileName)))}
      </ul>
    </section>`;
  }

  #file(file: DeliveredFile, blob: Blob | undefined, excluded: boolean): TemplateResult {
    const t = this.t;
    // With several versions a destination has one file per version, and one of several renditions a file each:
    // the file's name tells them apart.
    const many = (this.run?.manifest.versions?.length ?? 0) > 1;
    const id = many || file.destination.rendition !== undefined ? file.fileName : file.destination.id;
    const failed = file.rules.filter((rule) => !rule.pass);
    return html`<li part="file" class=${file.pass ? 'pass' : 'fail'} data-file=${id}>
      <header>
        <span part="verdict"><span aria-hidden="true">${file.pass ? '✓' : '✗'}</span> ${t(file.pass ? 'deliver.pass' : 'deliver.fail')}</span>
        <strong>${many && file.version !== undefined ? this.#fileLabel(`${file.destination.id}@${file.version}`) : file.destination.label}</strong>
        <span class="name">${file.fileName}</span>
      </header>
      ${this.#facts(file.destination.label, file.figures, file.pass ? t('deliver.pass') : t('deliver.failsRules', { rules: t.list(failed.map((rule) => t(`deliver.rule.${rule.rule}`))) }))}
      ${failed.length > 0
        ? html`<ul>
            ${failed.map((rule) => html`<li data-rule=${rule.rule}>${ruleLine(t, rule)}${rule.fix ? html`. ${t('deliver.fix', { fix: rule.fix })}` : nothing}</li>`)}
          </ul>`
        : nothing}
      ${file.pass
        ? nothing
        : html`<div class="include">
            <input type="checkbox" id="include-${id}" aria-describedby="zip-${id}" .checked=${this.included.includes(id)}
              @change=${(event: Event) => void this.#include(id, (event.target as HTMLInputElement).checked)} />
            <label for="include-${id}">${t('deliver.includeAnyway')}</label>
            <span class="hint" id="zip-${id}">${t(excluded ? 'deliver.excluded' : 'deliver.included')}</span>
          </div>`}
      ${blob ? this.#download(file.fileName, blob) : nothing}
    </li>`;
  }

  /** A vast.xml of the delivery: valid, or its problems (or not written, and why); its first lines as text (open when it is the only one); its download. */
  #vastFile(entry: VastManifestEntry, blob: Blob | undefined): TemplateResult {
    const t = this.t;
    const many = (this.run?.manifest.versions?.length ?? 0) > 1;
    const ok = entry.written && entry.valid;
    const head = this.vastHeads.get(entry.fileName);
    return html`<li part="vast-file" class=${ok ? 'pass' : 'fail'} data-vast=${entry.fileName}>
      <header>
        <span part="verdict"><span aria-hidden="true">${ok ? '✓' : '✗'}</span> ${t(ok ? 'deliver.vastValid' : entry.written ? 'deliver.vastInvalid' : 'deliver.vastNotWritten')}</span>
        <strong>${this.#fileLabel(many ? `${entry.destination}@${entry.version}` : entry.destination)}</strong>
        <span class="name">${entry.fileName}</span>
      </header>
      ${entry.problems.length > 0
        ? html`<ul>
            ${entry.problems.map((problem) => html`<li>${problem}</li>`)}
          </ul>`
        : nothing}
      ${entry.written && head !== undefined
        ? html`<details ?open=${(this.run?.manifest.vast ?? []).filter((other) => other.written).length === 1}>
            <summary>${t('deliver.vastHead', { file: entry.fileName })}</summary>
            <pre part="vast-xml">${head}</pre>
          </details>`
        : nothing}
      ${entry.written && blob ? this.#download(entry.fileName, blob) : nothing}
    </li>`;
  }

  /** What went out: the advertiser and the Ad-ID (each version's, with several), the ISCI when given. */
  #campaign(manifest: DeliveryManifest): TemplateResult {
    const t = this.t;
    const { campaign } = manifest;
    const given = (value: string) => value || t('deliver.noValue');
    const versions = manifest.versions ?? [];
    const perVersion = (code: 'adId' | 'isci') => t.list(versions.map((version) => t('deliver.versionCode', { version: version.label || (this.#versions().find((entry) => entry.id === version.id)?.name ?? version.id), code: given(version[code]) })));
    const many = versions.length > 1;
    const isci = many ? versions.some((version) => version.isci !== '') : campaign.isci !== '';
    return html`<dl part="receipt-campaign" aria-label=${t('deliver.wentOut')}>
      <div><dt>${t('deliver.advertiser')}</dt><dd data-field="advertiser">${given(campaign.advertiser)}</dd></div>
      <div><dt>${t('deliver.adId')}</dt><dd data-field="adId">${many ? perVersion('adId') : given(campaign.adId)}</dd></div>
      ${isci ? html`<div><dt>${t('deliver.isci')}</dt><dd data-field="isci">${many ? perVersion('isci') : campaign.isci}</dd></div>` : nothing}
    </dl>`;
  }

  /** A delivered file's facts: destination, length, loudness, format, verdict. */
  #facts(destination: string, figures: DeliveredFigures, verdict: string): TemplateResult {
    const t = this.t;
    const facts = receiptFacts(t, figures);
    const row = (name: string, label: string, value: string) => html`<div><dt>${label}</dt><dd data-fact=${name}>${value}</dd></div>`;
    return html`<dl part="facts">
      ${row('destination', t('deliver.destination'), destination)} ${row('length', t('deliver.length'), facts.length)}
      ${row('loudness', t('deliver.loudnessHeading'), facts.loudness)} ${row('format', t('deliver.format'), facts.format)}
      ${row('verdict', t('deliver.verdict'), verdict)}
    </dl>`;
  }

  /** A file's download, from its own bytes. */
  #download(fileName: string, blob: Blob): TemplateResult {
    return html`<a part="download" href=${this.#url(fileName, blob)} download=${fileName}>${this.t('deliver.download', { file: fileName })}</a>`;
  }
}

defineElement('studio-editor-deliver-panel', StudioDeliverPanel);

declare global {
  interface HTMLElementTagNameMap {
    'studio-editor-deliver-panel': StudioDeliverPanel;
  }
}
