import { provide } from '@lit/context';
import { LitElement, html, nothing, type PropertyValues } from 'lit';
import { property, state } from 'lit/decorators.js';
import { resolveConfig } from '../../config/validate.js';
import { PROJECT_DEFAULT_AREAS, changedAreas, needsNewSession, sameContent } from '../../config/compare.js';
import type { PanelId, ResolvedConfig, StudioConfig } from '../../config/types.js';
import { clientContext, previewContext, storeContext, translateContext } from '../../controllers/contexts.js';
import { EditorLanguage } from './editor-language.js';
import { exportRefusal } from './export-rules.js';
import { RoomController } from './room-controller.js';
import { createTranslator, type Translate } from '../../i18n/translate.js';
import { StudioError } from '../../errors.js';
import { reportError } from '../../events/report-error.js';
import { StudioReadyEvent } from '../../events/studio-ready.js';
import { defineElement } from '../../internal/define.js';
import { DisposalScope } from '../../internal/scope.js';
import { DETACH_GRACE_MS, releaseLingering } from '../../internal/linger.js';
import { canRedo, canUndo, createEditorStore, initFromConfig, projectFromConfig, type EditorStore } from '../../model/editor-state.js';
import { StudioChangeEvent } from '../../events/studio-change.js';
import { StudioSaveEvent } from '../../events/studio-save.js';
import { describeChange } from '../../model/change.js';
import type { ProjectDocument } from '../../model/document.js';
import { readProject } from '../../model/migrate.js';
import type { StudioNotice } from '../../model/notices.js';
import { startAutosave, type Autosave } from '../../model/persistence/autosave.js';
import { exportProjectFile, importProjectFile } from '../../model/project-file.js';
import { resolveProjectId } from '../../model/project-id.js';
import '../studio-notices/studio-notices.js';
import { VERSION } from '../../version.js';
import type { ToolbarAction } from '../studio-toolbar/studio-toolbar.js';
import '../studio-panels/studio-panels.js';
import '../studio-toolbar/studio-toolbar.js';
import { styles } from './studio-editor.styles.js';
import type { ServiceClient } from '../../api/client.js';
import { createServices, type EditorServices } from '../../api/create-services.js';
import { StudioAuthErrorEvent } from '../../events/studio-auth-error.js';
import { StudioJobProgressEvent } from '../../events/studio-job-progress.js';
import type { AudioEngine, ExportOptions } from '../../audio/engine.js';
import type { ExportedMix } from '../../audio/export.js';
import type { MixPreview } from '../../audio/mix-preview.js';
import type * as EditorAudio from './editor-audio.js';
import type { PreviewState } from '../../audio/preview-state.js';
import { loadTimeline } from '../studio-timeline-panel/loader.js';
import { resolveBedUrls } from './resolve-bed.js';
import { statusLine } from './status-line.js';
import { loadPanel, workflowPanels, workflowTabs } from './workflow-panels.js';
import { StudioExportEvent } from '../../events/studio-export.js';
import { creditsOf } from '../../model/credits.js';
import { presetNumbers } from '../../delivery/presets.js';
import type { DeliverOptions, DeliverResult, DeliverRunner } from '../studio-deliver-panel/deliver-run.js';

/**
 * The audio-ad editor. Set `config` (a `StudioConfig`) as a property; the element validates it, renders
 * the editor at `layout.height` and fires `studio-ready`. Removing the element from the page releases
 * every listener, timer and pending request.
 *
 * @tagname studio-editor
 *
 * @fires {StudioReadyEvent} studio-ready - The editor rendered with a valid config and is ready.
 * @fires {StudioErrorEvent} studio-error - Something failed; `detail` is `{ code, message, recoverable, status? }`.
 * @fires {StudioAuthErrorEvent} studio-auth-error - Authentication failed; `detail` is `{ code, message, recoverable, status? }`, never a token.
 * @fires {StudioExportEvent} studio-export - An export finished; `detail` is `{ blob, format, fileName, measurement, compliance }`.
 * @fires {StudioDeliverEvent} studio-deliver - A delivery finished; `detail` is `{ manifest, zip, fileName }`.
 * @fires {StudioJobProgressEvent} studio-job-progress - A service job was polled; `detail` is `{ operation, jobId, pollUrl, state, progress, stage, poll }`.
 * @fires {StudioChangeEvent} studio-change - The project changed; `detail` is `{ action, source, dirty, canUndo, canRedo }`.
 * @fires {StudioSaveEvent} studio-save - The project draft was saved in the browser; `detail` is `{ projectId, revision }`.
 *
 * @csspart toolbar - The bar at the top: title, undo and redo, play, export, credits (`<studio-editor-toolbar>`).
 * @csspart title - The project title field in the toolbar.
 * @csspart workspace - The workflow panels and their tabs (`<studio-editor-panels>`).
 * @csspart status - The status line at the bottom, also a polite live region.
 * @csspart timeline - The timeline under the panels (`<studio-editor-timeline-panel>`).
 * @csspart splitter - The row between the panels and the timeline: the splitter (drag, arrow keys, Enter or a double-click resets) and the button that hides or shows the timeline.
 * @csspart timeline-view - The `<studio-editor-timeline>` in it: tracks, ruler, clips, envelope.
 * @csspart timeline-empty - The line shown instead of the timeline while there is no clip and no music.
 * @csspart timeline-inspector - Under the timeline: what the service says about the selected voice clip (voice, speed, length, text, asset) and the music bed.
 * @csspart error - The message shown in place of the editor when its config is wrong.
 * @csspart tabs - The tab list of the workflow panels.
 * @csspart tab - Each tab.
 * @csspart panel - The area of the active panel.
 * @csspart recommend-panel - The recommend panel (`<studio-editor-recommend-panel>`).
 * @csspart recommend-form - Its form; `recommend-submit` its submit button.
 * @csspart recommend-submit - The button that asks for recommendations.
 * @csspart recommend-results - The list of recommendations.
 * @csspart recommendation-card - Each recommendation.
 * @csspart script-panel - The script panel (`<studio-editor-script-panel>`).
 * @csspart script-editor - The script editor in it.
 * @csspart script-section - Each section of the script.
 * @csspart script-total - The line with the estimated total length.
 * @csspart voice-panel - The voice panel (`<studio-editor-voice-panel>`).
 * @csspart voice-modes - One voice or a voice per section.
 * @csspart voice-picker - The voice library.
 * @csspart voice-filters - The voice search and filters.
 * @csspart voice-list - The list of voices.
 * @csspart voice-slider - The speaking speed slider.
 * @csspart music-slider - Each music level and fade slider.
 * @csspart mix-slider - Each mix slider.
 * @csspart master-panel - The master panel (`<studio-editor-master-panel>`).
 * @csspart master-switch - Its mastering on/off switch.
 * @csspart master-presets - Its delivery presets (a radio group).
 * @csspart master-preset - Each preset.
 * @csspart master-numbers - A preset's numbers.
 * @csspart master-source - Where a preset's numbers come from.
 * @csspart master-custom - The custom target and true-peak fields.
 * @csspart master-meter - The loudness meter.
 * @csspart master-graph - The loudness of the render over time: short-term and momentary curves, the target band, peaks over the ceiling; a click plays from there.
 * @csspart master-bar - The bar of integrated loudness against the target.
 * @csspart master-figures - The measured figures.
 * @csspart master-figure - Each figure.
 * @csspart master-updating - The mark shown while the mix is measured again.
 * @csspart master-checks - The checks of the preset's rules.
 * @csspart master-summary - The line saying whether every rule passes.
 * @csspart master-check - Each rule's check.
 * @csspart master-verdict - Pass or Fail of a rule.
 * @csspart master-result - What mastering did (input loudness, gain, limiter).
 * @csspart master-apply - The Apply mastering button.
 * @csspart master-message - Messages of the master panel.
 * @csspart export-panel - The export panel (`<studio-editor-export-panel>`).
 * @csspart export-form - Its form.
 * @csspart export-formats - The format choices.
 * @csspart export-rates - The sample rate choices.
 * @csspart export-file-name - The file name field.
 * @csspart export-submit - The Export button.
 * @csspart export-status - The progress of an export.
 * @csspart export-bar - Its progress bar.
 * @csspart export-result - The exported file and its figures.
 * @csspart export-message - Messages of the export panel.
 * @csspart deliver-panel - The Deliver panel (`<studio-editor-deliver-panel>`), shown with `tools.deliver`.
 * @csspart deliver-destinations - Its checklist of destinations.
 * @csspart deliver-destination - Each destination: checkbox, key numbers and source.
 * @csspart deliver-numbers - A destination's key numbers.
 * @csspart deliver-source - Where a destination's numbers come from (expandable).
 * @csspart deliver-campaign - The campaign fields (advertiser, campaign, Ad-ID, ISCI, version).
 * @csspart deliver-stems - The stems checkbox.
 * @csspart deliver-submit - The Deliver button.
 * @csspart deliver-progress - The progress rows of a running delivery, with Cancel.
 * @csspart deliver-row - Each file's progress row.
 * @csspart deliver-cancel - The Cancel button of a delivery.
 * @csspart deliver-results - The delivered files.
 * @csspart deliver-file - Each delivered file: figures, failed rules with their fix, its download.
 * @csspart deliver-verdict - Pass or Fail of a delivered file.
 * @csspart deliver-zip - The ZIP's download.
 * @csspart deliver-message - Messages of the Deliver panel.
 * @csspart music-panel - The music panel (`<studio-editor-music-panel>`).
 * @csspart music-current - The line naming the current music.
 * @csspart music-picker - The music library, upload and sliders.
 * @csspart music-filters - The music search and style filter.
 * @csspart music-list - The list of tracks.
 * @csspart music-upload - The upload area.
 * @csspart music-dropzone - The drop area of the upload.
 * @csspart mix-panel - The mix panel (`<studio-editor-mix-panel>`).
 * @csspart mix-controls - The mix sliders.
 * @csspart notices - Notices about the user's work (draft to restore, save failed, edited in another tab).
 *
 * @cssprop [--studio-accent=#2563eb] - Accent colour of buttons, focus rings and the playhead.
 * @cssprop [--studio-surface=#ffffff] - Background of the editor.
 * @cssprop [--studio-surface-alt=#f3f4f6] - Background of the toolbar, cards and tracks.
 * @cssprop [--studio-text=#111827] - Main text colour.
 * @cssprop [--studio-text-muted=#4b5563] - Secondary text colour.
 * @cssprop [--studio-border=#d1d5db] - Border colour.
 * @cssprop [--studio-danger=#b91c1c] - Colour of errors.
 * @cssprop [--studio-warning=#b45309] - Colour of warnings (a draft to restore, a voice-over out of date).
 * @cssprop [--studio-font-family=system-ui] - Font family.
 * @cssprop [--studio-radius=8px] - Corner radius.
 * @cssprop [--studio-space=12px] - Base spacing unit.
 */
export class StudioEditor extends LitElement {
  static override styles = styles;

  /** The editor's configuration. See docs/config.md. */
  @property({ attribute: false })
  config: StudioConfig | undefined;

  /** Colour mode: `light`, `dark` or `system`. Set from `config.theme.mode`; the attribute overrides it. */
  @property({ reflect: true })
  theme: 'light' | 'dark' | 'system' = 'system';

  /** Compact spacing. Set from `config.layout.compact`; the attribute overrides it. */
  @property({ type: Boolean, reflect: true })
  compact = false;

  /** Present once the editor is ready (read-only). */
  @property({ type: Boolean, reflect: true })
  ready = false;

  /** The one store of this editor, provided to every panel. Its identity never changes. */
  @provide({ context: storeContext })
  readonly store: EditorStore = createEditorStore();

  /** Text in the configured language, provided to every panel. */
  @provide({ context: translateContext })
  @state()
  protected t: Translate = createTranslator('en');

  /** The service client, provided to the panels that call the service. */
  @provide({ context: clientContext })
  @state()
  protected client: ServiceClient | undefined;

  /** The mix preview (what plays and what export writes), provided to the timeline and the panels. */
  @provide({ context: previewContext })
  @state()
  protected preview: MixPreview | undefined;

  @state() private previewState: PreviewState | undefined;
  @state() private activePanel: PanelId | undefined;
  @state() private resolved: ResolvedConfig | undefined;
  @state() private configError: StudioError | undefined;
  @state() private notices: readonly StudioNotice[] = [];
  #autosave: Autosave | undefined;

  #scope: DisposalScope | undefined;
  #appliedTokens: string[] = [];
  #services: EditorServices | undefined;
  #engine: AudioEngine | undefined;

  /** The service client with this editor's auth (`handle.api`); undefined until the editor starts. */
  get api(): ServiceClient | undefined {
    return this.#services?.client;
  }

  /** Everything this editor's session started (services, audio, autosave); disposed by `destroy()`. */
  protected get scope(): DisposalScope {
    this.#scope ??= new DisposalScope();
    return this.#scope;
  }

  /** The auth callbacks of the current config: a new callback is swapped in here, without a restart. */
  #callbacks: Pick<ResolvedConfig['auth'], 'getToken' | 'refreshToken'> | undefined;
  /** Which user's project the store holds (`userId` and `project_id`): a restart on the same one keeps it, with its history. */
  #owner: string | undefined;
  #detachTimer: ReturnType<typeof setTimeout> | undefined;
  /** Counts session switches, so that an older switch still saving gives way to a newer one. */
  #switches = 0;
  @state() private restoredAt: string | undefined;

  /**
   * Removed from the page, the editor keeps its session for `DETACH_GRACE_MS` (a move in the DOM, a
   * framework re-parenting it): jobs, autosave and the project go on, and nothing restarts when it comes
   * back. Playback pauses unless it comes back in the same task. Past the grace, everything is released
   * (the project and its undo history stay with the element). `destroy()` releases at once.
   */
  override disconnectedCallback(): void {
    super.disconnectedCallback();
    if (this.#scope === undefined) return;
    clearTimeout(this.#detachTimer);
    this.#detachTimer = setTimeout(() => {
      this.#detachTimer = undefined;
      if (!this.isConnected) this.#release();
    }, DETACH_GRACE_MS);
    this.#autosave?.detach(true);
    queueMicrotask(() => {
      if (!this.isConnected) this.preview?.pause();
    });
  }

  override connectedCallback(): void {
    super.connectedCallback();
    clearTimeout(this.#detachTimer);
    this.#detachTimer = undefined;
    this.#autosave?.detach(false);
    // Back after the grace ran out: start again, on the same project and history.
    if (this.resolved !== undefined && this.#scope === undefined) this.#start(this.resolved);
  }

  /**
   * Releases every listener, timer, request, worker and audio context now (saving the draft first), and
   * leaves the element empty of a session. Idempotent. Setting `config` again, or adding the element back
   * to the page, starts it again.
   */
  destroy(): void {
    clearTimeout(this.#detachTimer);
    this.#detachTimer = undefined;
    this.#release();
    // Panels removed with it stop their jobs now too, instead of after their grace.
    if (this.shadowRoot !== null) releaseLingering(this.shadowRoot);
  }

  #release(): void {
    this.#scope?.dispose();
    this.#scope = undefined;
    this.#audio = undefined;
    this.ready = false;
  }

  protected override willUpdate(changed: PropertyValues<this>): void {
    if (changed.has('config')) this.#applyConfig();
    // A panel opened by its tab, the toolbar or a new config: its module is fetched (once).
    const privately = changed as PropertyValues;
    if ((privately.has('activePanel') || privately.has('resolved')) && this.resolved !== undefined && this.ready) void this.#showPanel(this.resolved);
  }

  /**
   * Applies `config` by content: the same content does nothing; new auth callbacks are swapped in; a new
   * user, project or service saves the project and switches the session; everything else changes live,
   * keeping the project, its history, jobs and playback. A wrong config is shown in place of an editor that
   * has not started, and only reported (`studio-error`) by one that runs.
   */
  #applyConfig(): void {
    if (this.config === undefined) {
      this.#release();
      this.resolved = undefined;
      this.configError = undefined;
      return;
    }
    let next: ResolvedConfig;
    try {
      next = resolveConfig(this.config);
    } catch (error) {
      const failure = error instanceof StudioError ? error : new StudioError('config', String(error));
      if (this.#scope === undefined) {
        this.resolved = undefined;
        this.configError = failure;
      }
      this.#emitError(failure);
      return;
    }
    this.configError = undefined;
    const previous = this.resolved;
    if (previous !== undefined && sameContent(previous, next)) return;
    this.resolved = next;
    this.#callbacks = { getToken: next.auth.getToken, refreshToken: next.auth.refreshToken };
    if (previous === undefined || this.#scope === undefined) {
      if (this.isConnected) this.#start(next);
    } else if (this.#switching || needsNewSession(previous, next)) {
      // A config that comes while a switch saves goes with the switch: the session started then is the newest.
      void this.#switchSession();
    } else {
      this.#applyLive(previous, next);
    }
  }

  /** Another user, project or service: the project is saved first, then the session starts over. */
  async #switchSession(): Promise<void> {
    const switching = ++this.#switches;
    this.#switching = true;
    await this.#autosave?.flush().catch(() => undefined);
    if (switching !== this.#switches) return;
    this.#switching = false;
    this.#release();
    if (this.isConnected && this.resolved !== undefined) this.#start(this.resolved);
  }
  #switching = false;

  /** Language, theme, layout, tools and defaults change in place. */
  #applyLive(previous: ResolvedConfig, next: ResolvedConfig): void {
    const changed = changedAreas(previous, next);
    this.#applyView(next);
    if (next.tools.timeline && !previous.tools.timeline) this.#loadTimeline(this.scope);
    if (PROJECT_DEFAULT_AREAS.some((area) => changed.has(area))) {
      // New defaults make a new project only of one nobody has touched: the user's work always wins.
      const state = this.store.getState();
      const { project } = state;
      const untouched = !state.dirty && state.history.pastDepth === 0 && state.history.futureDepth === 0 && sameContent(project, projectFromConfig(previous, project.project_id, this.t('project.untitled')));
      if (untouched) this.store.dispatch({ type: 'project/init', project: projectFromConfig(next, project.project_id, this.t('project.untitled')) });
    }
  }

  /** What the config shows: language, theme, density and layout tokens. */
  #applyView(config: ResolvedConfig): void {
    this.#language.set(config.i18n);
    this.theme = config.theme.mode;
    this.compact = config.layout.compact || config.theme.density === 'compact';
    this.#applyStyleProperties(config);
  }
  /** The first words are still loading: nothing is shown yet, so no other language flashes first. */
  @state() private wordless = false;
  readonly #language = new EditorLanguage({
    speak: (t) => (this.t = t),
    waiting: (on) => (this.wordless = on),
    error: (error) => this.#emitError(error),
    started: () => this.ready,
  });

  #loadTimeline(scope: DisposalScope): void {
    loadTimeline().catch((error: unknown) => {
      if (!scope.disposed) this.#emitError(new StudioError('timeline-load', `The timeline could not be loaded (${String(error)}): check that every file of the editor is served beside it.`, { recoverable: true }));
    });
  }

  #start(config: ResolvedConfig): void {
    const scope = this.scope;
    this.#applyView(config);
    scope.add(this.store.subscribe(() => this.requestUpdate()));
    // Auth and service client: getToken runs now; destroy stops every request, refresh and poll. The
    // callbacks are read at each call, so a host that passes new ones (an inline object) never restarts.
    const callbacks = (): Pick<ResolvedConfig['auth'], 'getToken' | 'refreshToken'> => this.#callbacks ?? config.auth;
    const auth = { ...config.auth, getToken: (userId: string) => callbacks().getToken(userId), refreshToken: (expired: string) => callbacks().refreshToken(expired) };
    const services = createServices(
      { ...config, auth },
      {
        onAuthError: ({ code, message, recoverable, status }) =>
          this.dispatchEvent(new StudioAuthErrorEvent({ code, message, recoverable, ...(status === undefined ? {} : { status }) })),
        onProgress: (progress) => this.dispatchEvent(new StudioJobProgressEvent(progress)),
      },
    );
    this.#services = services;
    this.client = services.client;
    scope.add(() => {
      services.dispose();
      if (this.#services === services) {
        this.#services = undefined;
        this.client = undefined;
      }
    });
    // Audio (engine, render worker, DSP) is a module of its own, started once the editor is ready (or by
    // an earlier export); it lives as long as this scope.
    let audio: Promise<AudioEngine> | undefined;
    this.#audio = () =>
      (audio ??= this.#startAudio(services, scope).catch((error: unknown) => {
        // A file that could not be fetched is tried again by the next export.
        audio = undefined;
        throw error;
      }));
    // The project is kept per user: the given id, or the fingerprint id the token is asked for.
    // The project starts in the editor's language (its default title), so after the first words arrived,
    // and is shown with its first panel.
    const panel = this.#showPanel(config);
    const started = Promise.all([services.session.userId(), this.#language.ready, panel]).then(([userId]) => (scope.disposed ? undefined : this.#startProject(config, scope, userId)));
    started.then(() => this.updateComplete).then(() => {
      if (scope.disposed) return;
      this.ready = true;
      this.dispatchEvent(new StudioReadyEvent({ version: VERSION }));
      // What the first paint did not need: the timeline, the audio, then (when the page is idle) the other
      // panels, so that opening them shows no loading text.
      if (config.tools.timeline) this.#loadTimeline(scope);
      this.#audio?.().catch(() => undefined);
      scope.timeout(() => {
        for (const tab of workflowTabs(config, this.t)) loadPanel(tab.id).catch(() => undefined);
      }, 500);
    });
  }
  #audio: (() => Promise<AudioEngine>) | undefined;

  async #startAudio(services: EditorServices, scope: DisposalScope): Promise<AudioEngine> {
    let module: typeof EditorAudio;
    try {
      module = await import('./editor-audio.js');
    } catch (error) {
      const failure = new StudioError('audio-load', `The audio engine could not be loaded (${String(error)}): check that every file of the editor is served beside it.`, { recoverable: true });
      if (!scope.disposed) this.#emitError(failure);
      throw failure;
    }
    if (scope.disposed) throw new StudioError('destroyed', 'The editor was removed before its audio started.');
    const { engine, preview } = module.startAudio({ services, store: this.store, scope, export: (options) => this.#exportMix(options) });
    this.#engine = engine;
    this.preview = preview;
    this.previewState = preview.getState();
    scope.add(preview.subscribe((next) => (this.previewState = next)));
    scope.add(() => {
      if (this.#engine === engine) this.#engine = undefined;
      if (this.preview === preview) {
        this.preview = undefined;
        this.previewState = undefined;
      }
    });
    return engine;
  }

  /** Loads the module of the panel shown now (the chosen one, or the first where that one is off). */
  #showPanel(config: ResolvedConfig): Promise<unknown> {
    const tabs = workflowTabs(config, this.t);
    const wanted = this.activePanel ?? config.layout.initialPanel;
    const shown = tabs.find((tab) => tab.id === wanted) ?? tabs[0];
    if (shown === undefined) return Promise.resolve();
    return loadPanel(shown.id).catch((error: unknown) => {
      this.#emitError(new StudioError('panel-load', `The ${shown.id} panel could not be loaded (${String(error)}): check that every file of the editor is served beside it.`, { recoverable: true }));
    });
  }

  /** Starts the project of `userId`; resolves once a saved draft was read (at most 2 s). */
  #startProject(config: ResolvedConfig, scope: DisposalScope, userId: string): Promise<unknown> {
    const projectId = resolveProjectId(config.project.id, userId);
    const owner = `${userId}\u0000${projectId}`;
    if (owner !== this.#owner || this.store.getState().project.project_id !== projectId) {
      this.store.dispatch(initFromConfig(config, projectId, this.t('project.untitled')));
      this.#owner = owner;
      this.restoredAt = undefined;
    }
    const client = this.client;
    if (client !== undefined) {
      scope.add(resolveBedUrls(this.store, client, scope.signal, (error) => this.#emitError(error instanceof StudioError ? error : new StudioError('music-library', String(error), { recoverable: true }))));
    }
    scope.add(
      this.store.subscribe((state, action) => {
        const change = describeChange(state, action);
        if (change === undefined) return;
        this.restoredAt = undefined;
        this.dispatchEvent(new StudioChangeEvent(change));
      }),
    );
    this.notices = [];
    this.#autosave = undefined;
    if (!config.project.autosave) return Promise.resolve();
    const autosave = startAutosave({
      store: this.store,
      userId,
      signal: scope.signal,
      locale: config.i18n.locale,
      onRestored: ({ savedAt }) => (this.restoredAt = savedAt),
      onSaved: (detail) => this.dispatchEvent(new StudioSaveEvent(detail)),
      onError: (error) => this.#emitError(error),
      onNotices: (notices) => {
        if (!scope.disposed) this.notices = notices;
      },
    });
    this.#autosave = autosave;
    scope.add(() => {
      if (this.#autosave === autosave) this.#autosave = undefined;
    });
    return Promise.race([autosave.ready, new Promise((resolve) => scope.timeout(() => resolve(undefined), 2000))]);
  }

  /** The project document now (a frozen snapshot: safe to keep, serialise or compare). */
  getProject(): ProjectDocument {
    return this.store.getState().project;
  }

  /**
   * Replaces the project by `doc` (any schema version this editor knows; migrated and validated first) as
   * one undo step. Throws a `StudioProjectError` naming the path of what is wrong; nothing is loaded then.
   */
  loadProject(doc: unknown): ProjectDocument {
    const project = readProject(doc);
    this.store.dispatch({ type: 'project/load', project });
    return this.store.getState().project;
  }

  /** The project as a JSON file: a `Blob` and a file name from its title. */
  exportProjectFile(): { blob: Blob; fileName: string } {
    return exportProjectFile(this.getProject());
  }

  /** Reads a project file chosen by the user and loads it (one undo step). Rejects with a `StudioProjectError`. */
  async importProjectFile(file: Blob): Promise<ProjectDocument> {
    return this.loadProject(await importProjectFile(file));
  }

  /** Saves the draft now instead of waiting for the autosave delay. */
  saveNow(): Promise<void> {
    return this.#autosave?.flush() ?? Promise.resolve();
  }

  // ---- end of project document ----

  /**
   * Renders (in a worker), masters and encodes the ad: `wav16`, `wav24` or `mp3` (when `tools.export`
   * allows it), at `sampleRate` (default the project's), mastered for `preset` (default the project's).
   * Resolves to the file and fires `studio-export`; rejects with the signal's reason when aborted.
   */
  async export(options: ExportOptions): Promise<Blob> {
    return (await this.#exportMix(options)).blob;
  }

  /** `export()` with the file's figures (for the Export panel). */
  async #exportMix(options: ExportOptions): Promise<ExportedMix> {
    const config = this.resolved;
    const engine = this.#engine ?? (await this.#audio?.());
    if (engine === undefined || config === undefined) {
      throw new StudioError('not-ready', 'The editor has not started: give it a valid config and add it to the page before exporting.');
    }
    const project = this.getProject();
    const refusal = exportRefusal(config, project, (await this.preview?.speechTiming()) ?? null, options);
    if (refusal !== undefined) {
      // A format the host did not allow is the host's mistake; speech cut short is the user's to fix.
      if (refusal.code === 'speech-cut') this.#emitError(refusal);
      throw refusal;
    }
    try {
      const exported = await engine.export(project, options);
      const { blob, format, fileName, measurement, compliance } = exported;
      this.dispatchEvent(new StudioExportEvent({ blob, format, fileName, measurement, ...(compliance ? { compliance } : {}) }));
      return exported;
    } catch (error) {
      if (error instanceof StudioError) this.#emitError(error);
      throw error;
    }
  }

  /**
   * Delivers the ad to each of `destinations` (ids of `config.delivery.destinations`; default the project's
   * choice) in one run: the mix rendered once, mastered once per loudness target, each file encoded, tagged
   * with the campaign fields, measured as written and checked against its destination's rules; `stems` adds
   * the voice and the music alone. Resolves to the ZIP (passing files, `manifest.json`, `report.html`, stems),
   * its file name and the manifest, and fires `studio-deliver`. Files failing a rule are in the manifest's
   * `excluded`, not in the ZIP. Rejects with the signal's reason when aborted (nothing is kept).
   */
  async deliver(options: DeliverOptions = {}): Promise<DeliverResult> {
    const { zip, fileName, manifest } = await this.#deliverRun(options);
    return { zip, fileName, manifest };
  }

  /** `deliver()` with every file made and a re-pack, for the Deliver panel (loaded when first used). */
  readonly #deliverRun: DeliverRunner = async (options) => {
    const { deliverAd } = await import('./editor-deliver.js');
    return deliverAd(
      {
        config: () => this.resolved,
        engine: async () => this.#engine ?? (await this.#audio?.()),
        project: () => this.getProject(),
        target: this,
        emitError: (error) => this.#emitError(error),
      },
      options,
    );
  };

  /** Writes validated values through the CSSOM: no style attribute, so a strict CSP is satisfied. */
  #applyStyleProperties(config: ResolvedConfig): void {
    for (const name of this.#appliedTokens) this.style.removeProperty(name);
    this.#appliedTokens = ['--_height', ...Object.keys(config.theme.tokens)];
    // `auto` fills the container: the host gives the height.
    this.style.setProperty('--_height', config.layout.height === 'auto' ? '100%' : config.layout.height);
    for (const [name, value] of Object.entries(config.theme.tokens)) this.style.setProperty(name, value);
  }

  /** `studio-error` with the developer's message, and that message once in the console. */
  #emitError(error: StudioError): void {
    reportError(this, error);
  }

  #handleToolbar(event: CustomEvent<ToolbarAction>): void {
    if (event.detail === 'undo') this.store.dispatch({ type: 'history/undo' });
    else if (event.detail === 'redo') this.store.dispatch({ type: 'history/redo' });
    else if (event.detail === 'play-toggle') this.#togglePlay();
    else if (event.detail === 'export') this.activePanel = 'export';
    else if (event.detail === 'fullscreen') void this.#room.toggleFullscreen();
    else if (event.detail === 'open-in-studio' && this.resolved?.tools.openInStudio) {
      const id = encodeURIComponent(this.store.getState().project.project_id);
      window.open(this.resolved.tools.openInStudio.replaceAll('{project_id}', id), '_blank', 'noopener');
    }
  }

  #togglePlay(): void {
    const preview = this.preview;
    if (preview === undefined) return;
    if (preview.getState().transport === 'playing') preview.pause();
    else void preview.play().catch((error: unknown) => this.#emitError(new StudioError('playback', `Playback could not start (${String(error)}).`, { recoverable: true })));
  }

  /**
   * Ctrl+Z and Ctrl+Shift+Z (or Ctrl+Y) anywhere in the editor but in a text field, which has its own, and
   * but where an element handled the key already (the timeline sends its own undo).
   */
  #handleKeydown(event: KeyboardEvent): void {
    if (!(event.ctrlKey || event.metaKey) || event.altKey || event.defaultPrevented) return;
    const target = event.composedPath()[0];
    if (target instanceof HTMLInputElement || target instanceof HTMLTextAreaElement) return;
    const key = event.key.toLowerCase();
    if (key === 'z' && !event.shiftKey) this.store.dispatch({ type: 'history/undo' });
    else if ((key === 'z' && event.shiftKey) || key === 'y') this.store.dispatch({ type: 'history/redo' });
    else return;
    event.preventDefault();
  }

  /** "Restored your work from …" after a reload brought the work back, until the next edit. */
  #restoredLine(): string {
    if (this.restoredAt === undefined) return '';
    const date = new Date(this.restoredAt);
    if (Number.isNaN(date.getTime())) return '';
    return `${this.t('status.restored', { time: this.t.date(date), ago: this.t.relative(date) })} `;
  }

  /** What the timeline's place shows while it loads: the empty timeline's own words (so that it arriving moves nothing), or "Loading…". */
  #timelineLoadingText(project: ProjectDocument): string {
    return project.clips.length === 0 && (project.music === null || project.music.url === null) ? this.t('timeline.empty') : this.t('panel.loading');
  }

  readonly #clock = (): number => this.preview?.currentTime ?? 0;
  /** The splitter, the hidden timeline and full screen. */
  readonly #room = new RoomController(this, () => this.t);

  protected override render() {
    if (this.configError !== undefined) {
      // The user's words only: the key paths and the fix are the developer's (studio-error, console).
      return html`<div part="error" role="alert" tabindex="-1">${this.t('editor.configError')}</div>`;
    }
    const config = this.resolved;
    if (config === undefined || this.wordless) return nothing;
    const state = this.store.getState();
    const { project } = state;
    const credits = creditsOf(project.usage);
    const panels = workflowTabs(config, this.t);
    const numbers = presetNumbers(project.mastering.preset, project.mastering);
    const preview = this.previewState;
    return html`<section class="shell" aria-label=${this.t('editor.label')} @keydown=${this.#handleKeydown}>
      <studio-editor-toolbar part="toolbar" exportparts="title" .projectTitle=${project.title} ?canUndo=${canUndo(state)} ?canRedo=${canRedo(state)}
        ?playing=${preview?.transport === 'playing'} ?canPlay=${preview !== undefined && preview.status !== 'empty' && preview.duration > 0}
        .time=${this.preview?.currentTime ?? 0} .duration=${preview?.duration || project.duration} .clock=${this.#clock}
        .meter=${this.#engine?.meter} .target=${numbers.target} .ceiling=${numbers.truePeak}
        ?fullscreen=${this.#room.fullscreen} .credits=${credits.used} .creditsLeft=${credits.left} .canExport=${panels.some((panel) => panel.id === 'export') && (project.clips.length > 0 || project.music?.url != null)} ?openInStudio=${config.tools.openInStudio !== undefined}
        @toolbar-action=${this.#handleToolbar}
        @title-change=${(event: CustomEvent<string>) => this.store.dispatch({ type: 'project/rename', title: event.detail })}></studio-editor-toolbar>
      <studio-editor-notices part="notices" .notices=${this.notices} .onDismiss=${(kind: StudioNotice['kind']) => this.#autosave?.dismiss(kind)}></studio-editor-notices>
      <studio-editor-panels part="workspace" exportparts="tabs, tab, panel" .panels=${panels} .active=${this.activePanel ?? config.layout.initialPanel}
        arrangement=${config.layout.arrangement} @panel-select=${(event: CustomEvent<PanelId>) => (this.activePanel = event.detail)}>
        ${workflowPanels(config, this.t('panel.loading'), this.#deliverRun)}
      </studio-editor-panels>
      ${config.tools.timeline
        ? html`${this.#room.render()}<studio-editor-timeline-panel id="timeline" part="timeline" data-loading=${this.#timelineLoadingText(project)} exportparts="timeline: timeline-view, empty: timeline-empty, inspector: timeline-inspector" ?hidden=${this.#room.collapsed}></studio-editor-timeline-panel>`
        : nothing}
      <div part="status" role="status" aria-live="polite" aria-busy=${preview?.status === 'rendering' ? 'true' : 'false'}>${this.#restoredLine()}${statusLine(this.t, preview)}</div>
    </section>`;
  }

}

defineElement('studio-editor', StudioEditor);

declare global {
  interface HTMLElementTagNameMap {
    'studio-editor': StudioEditor;
  }
}
