import { consume } from '@lit/context';
import { html, nothing } from 'lit';
import { property, state } from 'lit/decorators.js';
import type { ServiceClient } from '../../api/client.js';
import type { FormatResult, VoiceLibraryEntry } from '../../api/contract.js';
import { clientContext } from '../../controllers/contexts.js';
import { LibraryController } from '../../controllers/library-controller.js';
import { StoreController } from '../../controllers/store-controller.js';
import { LingerController } from '../../internal/linger.js';
import { defineElement } from '../../internal/define.js';
import { exportPanelParts } from '../shared/exported-parts.js';
import { StudioElement } from '../shared/studio-element.js';
import type { ProjectDocument } from '../../model/document.js';
import { isoNow, usageReceived } from '../../model/credits.js';
import { directionProblems, scanDirection } from '../../script/direction.js';
import { placeTake, sectionRead, sectionSaid, sectionSpokenText, sectionVoice, staleSections, textPronunciations } from '../../script/voiceover.js';
import { parseSlots } from '../../script/slots.js';
import type { PronunciationEntry } from '../../brand/pronunciations.js';
import { requestEntries } from '../../api/pronunciation-field.js';
import { brandAndProject } from '../../brand/match.js';
import { controlStyles } from '../shared/controls.styles.js';
import { describeError } from '../../i18n/error-words.js';
import { renderAlert } from '../shared/error-alert.js';
import { reportError } from '../../events/report-error.js';
import { panelStyles } from '../shared/panel.styles.js';
import { scriptReading } from './script-reading.js';
import { scriptStyles } from './studio-script-panel.styles.js';
import type { ScriptComment, ScriptEdit, ScriptEditorSection } from '../studio-script-editor/studio-script-editor.js';
import type { HeardWords } from '../studio-script-editor/heard-words.js';
import '../studio-job-status/studio-job-status.js';
import '../studio-script-editor/studio-script-editor.js';
import '../studio-slot-list/studio-slot-list.js';
import type { SlotEdit } from '../studio-slot-list/studio-slot-list.js';
// The store's slot edits (`slot/set`), which the Slots group makes.
import '../../model/feed-edits.js';
import { PriceController } from '../../controllers/price-controller.js';
import { priceOf, voiceCalls } from '../../script/price.js';
import { RESPACE_GAP_S } from '../../model/clip-layout.js';
import { directedLength } from '../../script/said-length.js';
import { documentRate } from '../../script/read-length.js';
import { judge } from '../../rules/judge.js';
import { DEFAULT_MAX_FIT_SPEED } from '../../config/fit-speed.js';
import { renderDirectionDropped, renderReadFindings } from './script-notes.js';
import type { DestinationProfile } from '../../delivery/types.js';
import { sectionRange, wordsRange } from '../../script/word-range.js';
import { requestComment } from '../shared/comment-request.js';
import '../../i18n/later-words.js';

/** No section can be commented on (nobody named as reviewing). */
const NONE: ReadonlySet<string> = new Set();

const isAbort = (error: unknown) => (error as { name?: string } | null)?.name === 'AbortError';

let sectionCounter = 0;
const newSectionId = () => `section-${Date.now().toString(36)}-${(sectionCounter++).toString(36)}`;

/** The structural parts an editor exports from this element, each as `script-<part>` but as renamed (docs/styling.md): set here, not in the first paint. */
const SCRIPT_PARTS = ['script-editor', 'section', 'total', 'marks', 'said', 'lock', 'lock-note', 'slots', 'slot-chip', 'slot-problems', 'slot-list', 'slot', 'direction', 'direction-marks', 'direction-mark'];
const SCRIPT_RENAMED = { 'script-editor': 'script-editor' };

/**
 * Script: the sections of the ad as plain text with live length estimates, fitting to the target length
 * through the service, and voice-over of exactly the sections that changed since their last render.
 *
 * @tagname studio-editor-script-panel
 * @csspart script-editor - The sections and their text (`<studio-editor-script-editor>`).
 * @csspart section - Each section (from the script editor).
 * @csspart total - The spoken length, its pace and speed (from the script editor).
 * @csspart spoken - The spoken length: the takes as voiced, or an estimate before any take (from the script editor).
 * @csspart pace - Words per second (from the script editor).
 * @csspart speed - "Read at 1.16x to fit 30 s" when the read was sped up (from the script editor).
 * @csspart speed-warning - A read faster than 1.10x: "Shorten the script to fit" (the service's `format`, one undo step) or "Keep it".
 * @csspart shorten-price - What "Shorten the script to fit" uses, in credits.
 * @csspart pace-warning - More than 3 words a second, the most Amazon's audio ads advise.
 * @csspart direction-dropped - Said once when the service takes no direction (`api.direction: 'none'`) and the script has marks, with "Got it".
 * @csspart rule-warning - Another finding of the judge on the read (a read that cannot fit at `vocal.maxFitSpeed`), in the user's language.
 * @csspart marks - The highlights of words with a pronunciation entry (from the script editor).
 * @csspart said - The entries that apply to a section, under its text (from the script editor).
 * @csspart lock - A creator's lock toggle and reason on each section (from the script editor).
 * @csspart lock-note - An adopter's note on a locked section (from the script editor).
 * @csspart slots - A section's `{{slots}}` as chips, under its text (from the script editor).
 * @csspart slot-chip - Each slot of a section with its sample (from the script editor).
 * @csspart slot-problems - A section's malformed placeholders in words (from the script editor).
 * @csspart slot-list - The Slots group: every slot the script uses, with its sample, maximum length and say.
 * @csspart slot - Each slot in the Slots group (from the slot list).
 */
export class StudioScriptPanel extends StudioElement {
  static override styles = [controlStyles, panelStyles, scriptStyles];

  override connectedCallback(): void {
    super.connectedCallback();
    exportPanelParts(this, 'script', SCRIPT_PARTS, SCRIPT_RENAMED);
  }

  @consume({ context: clientContext, subscribe: true })
  @state()
  client: ServiceClient | undefined;

  /** Set by `<studio-editor-panels>` while another panel is shown; the voice library is loaded once it is not. */
  @property({ type: Boolean, reflect: true }) override hidden = false;
  /** The voice ids the host licensed (`vocal.voices`): a section's voice is one of these. Undefined: every voice. */
  @property({ attribute: false }) voiceIds: readonly string[] | undefined;
  /** The host's brand pronunciations (`vocal.pronunciations`), applied before the project's own. */
  @property({ attribute: false }) brandPronunciations: readonly PronunciationEntry[] = [];
  /** The destinations the editor knows: the project's chosen ones judge the read (a sheet's words-a-second limit). */
  @property({ attribute: false }) destinations: readonly DestinationProfile[] = [];
  /** The fastest the editor reads to fit (`vocal.maxFitSpeed`): a script that needs more is judged too long. */
  @property({ type: Number, attribute: false }) maxFitSpeed = DEFAULT_MAX_FIT_SPEED;
  /** How the service takes direction (`api.direction`): with `'none'` the panel says once that marks are not heard. */
  @property({ attribute: false }) direction: 'ssml' | 'none' = 'ssml';
  /** The notice that the service hears no direction was dismissed: it is not said again. */
  @state() private directionNoticed = false;

  @state() private job: { label: string; progress: number | undefined } | undefined;
  @state() private error = '';
  /** Runs the failed job again, when trying again makes sense. */
  @state() private retry: (() => void) | undefined;
  @state() private announcement = '';

  readonly #project = new StoreController(this, (state) => state.project);
  readonly #role = new StoreController(this, (state) => state.role);
  /** Who reviews (`review.user`): with one, a reviewer comments on the words they select. */
  readonly #reviewUser = new StoreController(this, (state) => state.reviewUser);
  /** The voice library, for the per-section voices (estimates use the document's rate: `documentRate`). */
  readonly #voices = new LibraryController(this, (client) => client.voices().then((library) => library.voices), {
    key: 'vocal.voices',
    ids: () => this.voiceIds,
    idOf: (voice) => voice.voice_id,
  });
  /** What fitting and voicing cost, when the service says. */
  readonly #prices = new PriceController(this);
  #controller: AbortController | undefined;

  constructor() {
    super();
    // A job goes on through a move in the DOM; the panel removed for good stops it.
    new LingerController(this, () => this.#controller?.abort(new DOMException('The panel was closed.', 'AbortError')));
  }

  #handleEdit(event: CustomEvent<ScriptEdit>): void {
    const edit = event.detail;
    const dispatch = (action: Parameters<StoreController<ProjectDocument>['dispatch']>[0]) => this.#project.dispatch(action);
    switch (edit.kind) {
      case 'text':
      case 'label': {
        const gesture = `script-${edit.kind}:${edit.id}`;
        if (edit.kind === 'text') dispatch({ type: 'script/set-text', id: edit.id, text: edit.value, gesture });
        else dispatch({ type: 'script/set-label', id: edit.id, label: edit.value, gesture });
        if (edit.final) dispatch({ type: 'history/end-gesture', gesture });
        break;
      }
      case 'voice':
        dispatch({ type: 'script/set-voice', id: edit.id, voice: edit.voiceId ?? null });
        break;
      case 'move':
        dispatch({ type: 'script/move-section', id: edit.id, index: edit.to });
        break;
      case 'remove':
        dispatch({ type: 'script/remove-section', id: edit.id });
        break;
      case 'lock':
        dispatch({ type: 'lock/set', target: { kind: 'section', id: edit.id }, locked: edit.locked, ...(edit.reason === undefined ? {} : { reason: edit.reason }) });
        break;
      case 'add': {
        const n = (this.#project.value?.script.sections.length ?? 0) + 1;
        dispatch({ type: 'script/add-section', section: { id: newSectionId(), label: this.t('script.newSection', { n }), text: '' } });
        break;
      }
    }
  }

  /** A slot's field in the Slots group: typing in one field is one undo step, as in the script's fields. */
  #handleSlotEdit(event: CustomEvent<SlotEdit>): void {
    const edit = event.detail;
    const gesture = `slot-${edit.field}:${edit.name}`;
    if (edit.slot !== undefined) this.#project.dispatch({ type: 'slot/set', slot: edit.slot, gesture });
    if (edit.final) this.#project.dispatch({ type: 'history/end-gesture', gesture });
  }

  /** Starts a long task with a fresh AbortController; the previous one is cancelled. */
  #begin(label: string): AbortController {
    this.#controller?.abort();
    const controller = new AbortController();
    this.#controller = controller;
    this.error = '';
    this.retry = undefined;
    this.announcement = '';
    this.job = { label, progress: undefined };
    return controller;
  }

  #end(controller: AbortController): void {
    if (this.#controller !== controller) return;
    this.#controller = undefined;
    this.job = undefined;
  }

  /** Fits the script to the length at the voice's speed (or at `speed`); resolves true when it did. Edits made as part of `gesture` are one undo step with it. */
  async #fit(speed?: number, gesture?: string): Promise<boolean> {
    const client = this.client;
    const project = this.#project.value;
    if (client === undefined || project === undefined) return false;
    const controller = this.#begin(speed === undefined ? this.t('script.fitting', { target: project.duration }) : this.t('length.shortening'));
    try {
      const sent = isoNow();
      const result = await client.format(
        {
          project_id: project.project_id,
          sections: project.script.sections.map(({ id, label, text }) => ({ id, label, text })),
          duration: project.duration,
          ...(project.voice.voice ? { voice_id: project.voice.voice } : {}),
          speed: speed ?? project.voice.speed,
        },
        { signal: controller.signal },
      );
      const voices = new Map(project.script.sections.map((section) => [section.id, section.voice]));
      // For an adopter, the locked sections keep their text (the service may have shortened them).
      const held = new Map(this.#role.value === 'adopter' ? project.script.sections.filter((section) => section.locked === true).map((section) => [section.id, section]) : []);
      const sections = result.sections.map((section) => {
        const kept = held.get(section.id);
        if (kept !== undefined) return kept;
        const voice = voices.get(section.id);
        return voice === undefined ? section : { ...section, voice };
      });
      // A service that says nothing changed leaves the script (and the undo history) alone.
      if (result.changes?.length !== 0) this.#project.dispatch({ type: 'script/set-sections', sections, ...(gesture === undefined ? {} : { gesture }) });
      if (result.usage) this.#project.dispatch(usageReceived('format', result.usage, sent));
      this.announcement = this.#fitReport(result, project.duration);
      return true;
    } catch (error) {
      if (!isAbort(error)) this.#fail(error, (message) => this.t('script.fitFailed', { message }), () => void this.#fit(speed, gesture));
      return false;
    } finally {
      this.#end(controller);
    }
  }

  /** Numbers each "Shorten the script to fit", for its gesture id. */
  #shortenCount = 0;

  /**
   * "Shorten the script to fit" on a read faster than 1.10x: the service's `format` fits the script to the
   * length at normal speed, and the sections it changed (all of them: the speed changed) are voiced again.
   * The new words, the speed and the new takes are one undo step.
   */
  readonly #shorten = async (): Promise<void> => {
    const gesture = `shorten-${++this.#shortenCount}`;
    try {
      if (!(await this.#fit(1, gesture))) return;
      this.#project.dispatch({ type: 'voice/set-speed', speed: 1, gesture });
      if (await this.#generate(gesture)) this.announcement = this.t('length.shortened', { target: this.#project.value?.duration ?? 0 });
    } finally {
      this.#project.dispatch({ type: 'history/end-gesture', gesture });
    }
  };

  /** What "Shorten the script to fit" uses, in credits: one fit, and every section with words voiced again (undefined without prices). */
  #shortenPrice(project: ProjectDocument): number | undefined {
    const sections = project.script.sections.filter((section) => section.text.trim() !== '' && !(this.#role.value === 'adopter' && section.locked === true));
    return priceOf(this.#prices.list, [{ operation: 'format' }, ...voiceCalls(sections.map((section) => sectionSaid(project, section).words))]);
  }

  /** "Keep it": the read stays as it is, and the warning stays dismissed for this version's takes at this speed. */
  #keep(speed: number): void {
    this.#project.dispatch({ type: 'voice/keep-speed', speed });
    this.announcement = this.t('length.kept', { speed: this.t.number(speed, 2) });
  }

  /** What the fit did, in the user's words: per changed section when the service says (`changes`). */
  #fitReport(result: FormatResult, target: number): string {
    const changes = result.changes;
    if (changes === undefined) return this.t('script.fitted', { target });
    if (changes.length === 0) return this.t('script.fitAlready', { target });
    const described = changes.map((change) =>
      this.t(change.after_s > change.before_s ? 'script.fitLengthened' : 'script.fitShortened', { label: change.label, seconds: this.t.number(Math.abs(change.before_s - change.after_s), 1) }),
    );
    return this.t('script.fitReport', { target, changes: described.join(', ') });
  }

  /** The sections heard on the open version: their words can be commented on. */
  #voiced(project: ProjectDocument): ReadonlySet<string> {
    return new Set(project.script.sections.filter((section) => sectionRange(project, section.id) !== undefined).map((section) => section.id));
  }

  /** What the take of each stale section says (the words heard), and what the section says now, spoken. */
  #heard(project: ProjectDocument, stale: ReadonlySet<string>): ReadonlyMap<string, HeardWords> {
    const heard = new Map<string, HeardWords>();
    for (const section of project.script.sections) {
      const source = project.clips.find((clip) => clip.sectionId === section.id)?.source;
      if (stale.has(section.id) && source != null) heard.set(section.id, { heard: source.text, now: sectionSpokenText(project, section) });
    }
    return heard;
  }

  /** The sections to voice again: for an adopter, never a locked one (its take is part of the lock). */
  #stale(project: ProjectDocument): ReadonlySet<string> {
    const stale = staleSections(project, this.brandPronunciations);
    if (this.#role.value !== 'adopter') return stale;
    return new Set([...stale].filter((id) => !project.script.sections.some((section) => section.id === id && section.locked === true)));
  }

  /**
   * Voices every stale section in order, as spoken (`{{slots}}` read as their samples); each finished take is kept
   * even if a later one fails. Resolves true when all were. Takes placed as part of `gesture` are one undo step with it.
   */
  async #generate(gesture?: string): Promise<boolean> {
    const client = this.client;
    const start = this.#project.value;
    if (client === undefined || start === undefined) return false;
    const stale = start.script.sections.filter((section) => this.#stale(start).has(section.id));
    if (stale.some((section) => sectionVoice(start, section) === null)) {
      this.error = this.t('script.noVoice');
      this.retry = undefined;
      return false;
    }
    // A malformed placeholder would be read out as its braces: its problem is shown under the section's text.
    // So would a malformed mark of direction.
    const malformed = stale.find((section) => parseSlots(section.text).problems.length > 0 || directionProblems(section.text).length > 0);
    if (malformed !== undefined) {
      const label = malformed.label || this.t('script.newSection', { n: start.script.sections.indexOf(malformed) + 1 });
      this.error = this.t(parseSlots(malformed.text).problems.length > 0 ? 'slots.fixFirst' : 'direction.fixFirst', { label });
      this.retry = undefined;
      return false;
    }
    const controller = this.#begin(this.t('script.voicing', { n: 1, count: stale.length }));
    let done = 0;
    let current = stale[0];
    try {
      for (const section of stale) {
        current = section;
        this.job = { label: this.t('script.voicing', { n: done + 1, count: stale.length }), progress: done / stale.length };
        const project = this.#project.value!;
        const voice = sectionVoice(project, section)!;
        const { text, ssml } = sectionRead(project, section);
        const pronunciations = textPronunciations(project, text, this.brandPronunciations);
        const sent = isoNow();
        const result = await client.voiceover(
          {
            project_id: project.project_id,
            text,
            voice_id: voice,
            speed: project.voice.speed,
            section_id: section.id,
            ...(pronunciations.length === 0 ? {} : { pronunciations: requestEntries(pronunciations) }),
            ...(ssml === undefined ? {} : { ssml }),
          },
          {
            signal: controller.signal,
            onProgress: (progress) => (this.job = { label: this.job?.label ?? '', progress: (done + (progress.progress ?? 0)) / stale.length }),
          },
        );
        const now = this.#project.value!;
        const previous = now.clips.find((clip) => clip.sectionId === section.id);
        this.#project.dispatch({
          type: 'voiceover/received',
          asset: result.asset,
          sectionId: section.id,
          source: { text, voice, speed: project.voice.speed, ...(pronunciations.length === 0 ? {} : { pronunciations }), ...(ssml === undefined ? {} : { ssml }) },
          clipId: previous?.id ?? `clip-${section.id}`,
          start: placeTake(now, section.id),
          ...(gesture === undefined ? {} : { gesture }),
        });
        if (result.usage) this.#project.dispatch(usageReceived('voiceover', result.usage, sent));
        done += 1;
      }
      this.announcement = this.t.plural('script.voiced', done);
      return true;
    } catch (error) {
      const label = current?.label ?? '';
      if (!isAbort(error)) this.#fail(error, (message) => this.t('script.voiceFailed', { label, message }), () => void this.#generate(gesture));
      return false;
    } finally {
      this.#end(controller);
    }
  }

  /** Shows a failure in the user's words (with Retry where it can help) and reports the details. */
  #fail(error: unknown, sentence: (message: string) => string, retry: () => void): void {
    const shown = describeError(error, this.t);
    this.error = sentence(shown.text);
    this.retry = shown.retry ? retry : undefined;
    reportError(this, error);
  }

  /**
   * A comment on the characters `from` to `to` of `section`'s words (all of them without a selection), quoting
   * them: over where they are heard (`wordsRange`: an estimate narrowed to the words where the section is one take,
   * else the section's clips). The Review step's form opens with them (`comment-at`, heard by the editor).
   */
  #commentOnWords(project: ProjectDocument, sectionId: string, text: string, from: number, to: number): void {
    const range = wordsRange(project, sectionId, text, from, to);
    if (range === undefined) return;
    const selected = text.slice(from, to).trim();
    const quote = selected === '' ? text.trim() : selected;
    requestComment(this, { start: range.start, end: range.end, quote });
  }

  /** The reviewer's words field's selection, commented on. */
  #commentOnField(project: ProjectDocument, sectionId: string): void {
    const field = this.renderRoot.querySelector<HTMLTextAreaElement>(`#words-${sectionId}`);
    if (field !== null) this.#commentOnWords(project, sectionId, field.value, field.selectionStart, field.selectionEnd);
  }

  /** The reviewer's script (./script-reading.ts). */
  #renderReading(project: ProjectDocument) {
    return scriptReading(this.t, project, this.#reviewUser.value !== undefined, (sectionId) => this.#commentOnField(project, sectionId));
  }

  protected override render() {
    const project = this.#project.value;
    if (project === undefined) return nothing;
    if (this.#role.value === 'reviewer') return this.#renderReading(project);
    const voices: VoiceLibraryEntry[] = this.#voices.value ?? [];
    // The document's rate, as the grid, the chip and the status line estimate with it (one estimate everywhere).
    const rate = documentRate(project);
    const sections: ScriptEditorSection[] = project.script.sections.map((section) => {
      const voice = sectionVoice(project, section);
      const wordsPerMinute = voice === null ? undefined : rate(voice);
      const said = sectionSaid(project, section);
      return {
        id: section.id,
        label: section.label,
        text: section.text,
        spoken: said.words,
        ...(said.pauses === 0 ? {} : { pauses: said.pauses }),
        ...(section.voice === undefined ? {} : { voiceId: section.voice }),
        ...(wordsPerMinute === undefined ? {} : { wordsPerMinute }),
        ...(section.locked === true ? { locked: true, ...(section.lockReason === undefined ? {} : { lockReason: section.lockReason }) } : {}),
      };
    });
    // The one spoken length (the takes as voiced; an estimate before any take), as every other place shows it.
    const length = directedLength(project, rate);
    const stale = this.#stale(project);
    return html`<studio-editor-script-editor part="script-editor" exportparts="section, total, spoken, pace, speed, marks, said, lock, lock-note, slots, slot-chip, slot-problems, comment-words, direction, direction-marks, direction-mark"
        .sections=${sections} .slots=${project.slots} .target=${project.duration} .speed=${project.voice.speed}
        .length=${length}
        .editorRole=${this.#role.value ?? 'creator'}
        .fitCredits=${priceOf(this.#prices.list, [{ operation: 'format' }])} .voiceCredits=${priceOf(this.#prices.list, voiceCalls(project.script.sections.filter((section) => stale.has(section.id)).map((section) => sectionSaid(project, section).words)))}
        .pronunciations=${brandAndProject(this.brandPronunciations, project.pronunciations)}
        ?perSectionVoice=${project.voice.mode === 'per-section'} .voiceOptions=${voices.map((voice) => ({ id: voice.voice_id, name: voice.name }))}
.stale=${stale} .heard=${this.#heard(project, stale)} ?busy=${this.job !== undefined || this.client === undefined}
        .commentable=${this.#reviewUser.value === undefined ? NONE : this.#voiced(project)}
        @script-comment=${(e: CustomEvent<ScriptComment>) => this.#commentOnWords(project, e.detail.id, e.detail.text, e.detail.from, e.detail.to)}
        @script-edit=${this.#handleEdit} @script-fit=${() => void this.#fit()} @voiceover-generate=${() => void this.#generate()}></studio-editor-script-editor>
      ${this.job
        ? html`<studio-editor-job-status label=${this.job.label} state="running" .progress=${this.job.progress}
            @job-cancel=${() => this.#controller?.abort(new DOMException('Cancelled by the user.', 'AbortError'))}></studio-editor-job-status>`
        : nothing}
      ${renderDirectionDropped(this.t, this.direction === 'none' && !this.directionNoticed && project.script.sections.some((section) => scanDirection(section.text).marks.length > 0), () => (this.directionNoticed = true))}
      ${this.#renderWarnings(project)}
      ${renderAlert(this.error, this.t, this.retry)}
      <studio-editor-slot-list part="slot-list" exportparts="slot" .sections=${project.script.sections} .slots=${project.slots} @slot-edit=${this.#handleSlotEdit}></studio-editor-slot-list>
      ${project.clips.length > 1
        ? html`<p class="respace"><button type="button" part="respace" @click=${this.#respace}>${this.t('script.respace', { gap: RESPACE_GAP_S })}</button></p>`
        : nothing}
      <p class="visually-hidden" role="status">${this.announcement}</p>`;
  }

  /** What the judge says of the read, with a fast read's fixes (./script-notes.ts). */
  #renderWarnings(project: ProjectDocument) {
    const sheets = this.destinations.filter((destination) => project.delivery.destinations.includes(destination.id));
    const found = judge({ kind: 'ad', doc: project, limits: { sheets, maxFitSpeed: this.maxFitSpeed } });
    const fast = found.some((item) => item.rule === 'fast-read');
    return renderReadFindings(this.t, found, {
      busy: this.job !== undefined || this.client === undefined,
      credits: fast ? this.#shortenPrice(project) : undefined,
      shorten: () => void this.#shorten(),
      keep: (measured) => this.#keep(measured),
    });
  }

  /** Lays the voice clips end to end in script order with an even gap (one undo step). */
  readonly #respace = (): void => {
    const before = this.#project.value?.clips;
    const action = { type: 'clips/respace', gap: RESPACE_GAP_S } as const;
    this.#project.dispatch(action);
    // A refusal (a locked clip would move) is said by the editor's status line.
    const refused = this.#project.store?.getState().refusal?.action === action;
    this.announcement = refused ? '' : this.t(this.#project.value?.clips === before ? 'script.respaceNone' : 'script.respaced', { gap: RESPACE_GAP_S });
  };
}

defineElement('studio-editor-script-panel', StudioScriptPanel);

declare global {
  interface HTMLElementTagNameMap {
    'studio-editor-script-panel': StudioScriptPanel;
  }
}
