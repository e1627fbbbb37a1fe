import { provide } from '@lit/context';
import { LitElement, html, nothing, type PropertyValues } from 'lit';
import { property, state } from 'lit/decorators.js';
import type { ServiceClient } from '../../api/client.js';
import type { ExportOptions } from '../../audio/engine.js';
import type { MixPreview } from '../../audio/mix-preview.js';
import type { PanelId, ResolvedConfig, StudioConfig } from '../../config/types.js';
import { clientContext, previewContext, storeContext, translateContext } from '../../controllers/contexts.js';
import { StudioError } from '../../errors.js';
import { createTranslator, type Translate } from '../../i18n/translate.js';
import { defineElement } from '../../internal/define.js';
import { loadOnce } from '../../internal/load-once.js';
import { loadChecksOf, uncheckedKeys } from '../../config/validate.js';
import { createEditorStore, type EditorStore } from '../../model/editor-state.js';
import type { ReviewAnnotationCollection, ReviewExportOptions } from '../../model/review-export.js';
import type { ProjectDocument } from '../../model/document.js';
import { StudioLockedError } from '../../model/lock-error.js';
import { loadProjectChecks, readProjectNow } from '../../model/read-project.js';
import type { StudioNotice } from '../../model/notices.js';
import { exportProjectFile, importProjectFile } from '../../model/project-file.js';
import { reportError } from '../../events/report-error.js';
import type { ToolbarAction } from '../studio-toolbar/studio-toolbar.js';
import '../studio-notices/studio-notices.js';
import '../studio-panels/studio-panels.js';
import '../studio-toolbar/studio-toolbar.js';
import { reappliedDefaults } from '../../session/config-plan.js';
import { DetachGraceController } from './detach-grace.js';
import { keyCommand, toolbarCommand, toolbarModel } from './editor-commands.js';
import { EditorLanguage } from './editor-language.js';
import { EditorSession } from '../../session/editor-session.js';
import type * as Fullscreen from './fullscreen-controller.js';
import { MadeController } from './made-confirmation.js';
import { lengthLine, restoredLine, versionLine } from './status-facts.js';
import type * as StatusLines from './status-line.js';
import { styles } from './studio-editor.styles.js';
import type { DeliverOptions, DeliverResult } from '../../session/deliver-run.js';
import type { DeliverFeedOptions, FeedDeliverResult } from '../../session/feed-run.js';
import { applyStyleTokens } from './style-tokens.js';
import { loadShownPanel, loadTheRest, loadTimelineIn, timelineLoadingText, workflowPanels, workflowTabs } from './workflow-panels.js';

/** What the status line says of the preview and of a refused edit, with its words: loaded once the editor is ready. */
const loadStatusLines = loadOnce((_: void) => import('./status-line.js'));
/** Full screen: loaded once the editor is ready (or by the first click on its button, if sooner). */
const loadFullscreen = loadOnce((_: void) => import('./fullscreen-controller.js'));

// The element's own parts are listed below; the panels' parts it exports (`recommend-panel`, `script-section`,
// `deliver-file`, …) are in the Parts table of docs/styling.md, which custom-elements-manifest.config.mjs reads.
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
 * @fires {StudioReviewEvent} studio-review - A comment, a resolution or a decision landed; `detail` is `{ type: 'comment' | 'resolve' | 'decision', ... }`.
 * @fires {StudioJobProgressEvent} studio-job-progress - A service job was polled; `detail` is `{ operation, jobId, pollUrl, state, progress, stage, poll }`.
 * @fires {StudioChangeEvent} studio-change - The project changed; `detail` is `{ action, source, dirty, canUndo, canRedo }`.
 * @fires {StudioSaveEvent} studio-save - The project draft was saved in the browser; `detail` is `{ projectId, revision }`.
 *
 * @csspart toolbar - The bar at the top: title, undo and redo, play, export, credits (`<studio-editor-toolbar>`).
 * @csspart title - The project title field in the toolbar.
 * @csspart workspace - Between the toolbar and the status line (`<studio-editor-panels>`): the rail of steps, the side panel and the stage; on a phone one view and the bottom bar.
 * @csspart status - The status line at the bottom, also a polite live region.
 * @csspart stage - The stage: the Create view (the recommend panel) until an ad exists, then the timeline.
 * @csspart side - The side panel beside the stage: the chosen step's panel, a labelled region.
 * @csspart side-toggle - The rail's button that hides or shows the side panel.
 * @csspart splitter - The separator between the side panel and the stage (drag, arrow keys, Home and End; Enter or a double-click for the default width).
 * @csspart views - On a phone (the element under 640 px wide), the bottom bar of views: Create, Script, Timeline, Sound, Deliver.
 * @csspart view - Each view in the bottom bar.
 * @csspart sound-steps - On a phone's Sound view, the row of its steps (voice, music, mix, master).
 * @csspart timeline - The timeline on the stage (`<studio-editor-timeline-panel>`), with the versions bar above it.
 * @csspart timeline-view - The `<studio-editor-timeline>` in it: tracks, ruler, clips, envelope.
 * @csspart track - Each track row of the timeline (its header and lane), with `data-track` naming it: `voice`, `music`.
 * @csspart comment-marker - A review comment's marker over the timeline's ruler: a button from the comment's start to its end (`.resolved` once resolved) that plays from its start.
 * @csspart timeline-empty - The line shown instead of the timeline while there is no clip and no music.
 * @csspart timeline-inspector - Under the timeline: the selected voice clip's fade and gain sliders, and what the service says about it (voice, speed, length, text, asset) and the music bed.
 * @csspart timeline-clip-edit - In the inspector, the selected clip's fade in, fade out and gain sliders (absent on a clip the adopter's locks hold).
 * @csspart error - The message shown in place of the editor when its config is wrong.
 * @csspart tabs - The rail: the tab list of the workflow's steps.
 * @csspart tab - Each step in the rail.
 * @csspart panel - The area of the active step's panel, in the side panel.
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

  @state() private activePanel: PanelId | undefined;
  @state() private resolved: ResolvedConfig | undefined;
  @state() private configError: StudioError | undefined;
  /** The first words are still loading: nothing is shown yet, so no other language flashes first. */
  @state() private wordless = false;
  #appliedTokens: string[] = [];
  /** The status line's preview and refusal parts, once loaded (see `loadStatusLines`). */
  #lines: typeof StatusLines | undefined;
  /** `studio-error` with the developer's message, and that message once in the console. */
  readonly #report = (error: StudioError): void => reportError(this, error);

  /** The session this element shows: services, audio, the project's start and its autosave. */
  readonly #session: EditorSession = new EditorSession({
    store: this.store,
    hooks: {
      changed: () => {
        this.ready = this.#session.ready;
        this.client = this.#session.client;
        this.preview = this.#session.preview;
        this.requestUpdate();
      },
      dispatch: (event) => this.dispatchEvent(event),
      error: this.#report,
      firstPaint: (config) => {
        this.#applyView(config);
        return Promise.all([this.#language.ready, loadShownPanel(config, this.t, this.activePanel, this.#report)]);
      },
      // Rendered: the editor, and the elements in it that render first in a task of their own (the Recommend panel, see
      // StudioElement.firstRenderInOwnTask).
      rendered: async () => {
        await this.updateComplete;
        await Promise.allSettled([...this.renderRoot.querySelectorAll('*')].map((element) => (element as Partial<LitElement>).updateComplete));
      },
      ready: (config, scope) => {
        loadTheRest(config, this.t, scope, this.#report);
        loadFullscreen().then((module) => this.#fullscreenFrom(module), () => undefined);
        loadStatusLines().then(
          (lines) => {
            this.#lines = lines;
            this.requestUpdate();
          },
          (error: unknown) => {
            if (!scope.disposed) this.#report(new StudioError('editor-load', `The status line's words could not be loaded (${String(error)}): check that every file of the editor is served beside it.`, { recoverable: true }));
          },
        );
      },
      untitled: () => this.t('project.untitled'),
      connected: () => this.isConnected,
    },
  });
  readonly #language = new EditorLanguage({ speak: (t) => (this.t = t), waiting: (on) => (this.wordless = on), error: this.#report, started: () => this.ready });
  /** Made once its module is here (see `loadFullscreen`). */
  #fullscreen: Fullscreen.FullscreenController | undefined;
  readonly #grace = new DetachGraceController(this, this.#session); // the detach grace period
  readonly #clock = (): number => this.preview?.currentTime ?? 0;
  /** "Make the ad" confirmed: what was made and Undo, among the notices; then the focus on the made ad. */
  readonly #made = new MadeController(this, { t: () => this.t, made: (module) => void this.#focusMadeAd(module) });

  /** Puts the focus on the made ad (its first clip on the timeline), once the timeline shows it. */
  async #focusMadeAd(module: { focusMadeAd(root: ParentNode): Promise<boolean> }): Promise<boolean> {
    await this.updateComplete;
    return module.focusMadeAd(this.renderRoot);
  }

  /** The service client with this editor's auth (`handle.api`); undefined until the editor starts. */
  get api(): ServiceClient | undefined {
    return this.#session.client;
  }

  /**
   * Releases every listener, timer, request, worker and audio context now (saving the draft first), and
   * leaves the element empty of a session. Idempotent. Setting `config` again, or adding the element back
   * to the page, starts it again.
   */
  destroy(): void {
    this.#grace.destroy();
  }

  protected override willUpdate(changed: PropertyValues<this>): void {
    if (changed.has('config')) this.#applyConfig();
    // A panel opened by its tab, the toolbar or a new config: its module is fetched (once).
    const privately = changed as PropertyValues;
    if ((privately.has('activePanel') || privately.has('resolved')) && this.resolved !== undefined && this.ready) void loadShownPanel(this.resolved, this.t, this.activePanel, this.#report);
  }

  /** Applies `config` (see `EditorSession.apply`): a wrong one replaces an editor that has not started. */
  #applyConfig(): void {
    const applied = this.#session.apply(this.config);
    if (applied.kind === 'error') {
      if (applied.shown) [this.resolved, this.configError] = [undefined, applied.error];
      this.#report(applied.error);
      return;
    }
    this.configError = undefined;
    // A key whose checks are not here yet (a review named by update(), say) changes nothing until they are.
    if (applied.kind !== 'cleared' && uncheckedKeys(applied.config).length > 0) this.#checkLater(applied.config);
    if (applied.kind === 'same') return;
    this.resolved = applied.kind === 'cleared' ? undefined : applied.config;
    if (applied.kind !== 'live') return;
    // Language, theme, layout, tools and defaults change in place.
    const { previous, config } = applied;
    this.#applyView(config);
    if (config.tools.timeline && !previous.tools.timeline) loadTimelineIn(this.#session.scope, this.#report);
    const project = reappliedDefaults(previous, config, this.store.getState(), this.t('project.untitled'));
    if (project !== undefined) this.store.dispatch({ type: 'project/init', project });
  }

  /**
   * Keys whose checks are chunks of their own (strings of the later words in `i18n.strings`, host destinations
   * in `delivery.destinations`), set here without create() (which checks them first): the checks are fetched,
   * then the same config is applied again, and a wrong key is reported as any config error.
   */
  #checkLater(resolved: ResolvedConfig): void {
    const given = this.config;
    loadChecksOf(resolved).then(
      () => {
        if (this.config === given && this.isConnected) this.#applyConfig();
      },
      (error: unknown) => this.#report(new StudioError('editor-load', `The checks of ${uncheckedKeys(resolved).join(', ')} could not be loaded (${String(error)}): check that every file of the editor is served beside it.`, { recoverable: true })),
    );
  }

  /** What the config shows: language, theme, density and layout tokens. */
  #applyView(config: ResolvedConfig): void {
    this.#language.set(config.i18n);
    this.theme = config.theme.mode;
    this.compact = config.layout.compact || config.theme.density === 'compact';
    this.#appliedTokens = applyStyleTokens(this.style, config, this.#appliedTokens);
  }

  /** The project document now (a frozen snapshot: safe to keep, serialise or compare). */
  getProject(): ProjectDocument {
    return this.store.getState().project;
  }

  /**
   * Replaces the project by `doc` (any schema version this editor knows; migrated and validated first) as
   * one undo step, and resolves to it. Rejects with a `StudioProjectError` naming the path of what is wrong;
   * nothing is loaded then. In the adopter role (`tools.role`), a document that would change a locked part of
   * the open one (another ad) is refused with a `StudioLockedError` (`code: 'locked'`); the same template,
   * filled in, loads. In the reviewer role every document is refused with a `StudioError` (`code: 'review-only'`).
   * Asynchronous: the checks of documents are a module of their own, which no editor needs
   * to paint; once it is here (the editor loads it once ready) the document is loaded at once, in this call.
   */
  loadProject(doc: unknown): Promise<ProjectDocument> {
    const read = readProjectNow();
    if (read === undefined) return loadProjectChecks().then(({ readProject }) => this.#load(readProject(doc)));
    try {
      return Promise.resolve(this.#load(read(doc)));
    } catch (error) {
      return Promise.reject(error as Error);
    }
  }

  /** Loads a read document as one undo step; throws a `StudioLockedError` when the locks refuse it (`review-only` for a reviewer). */
  #load(project: ProjectDocument): ProjectDocument {
    const action = { type: 'project/load', project } as const;
    this.store.dispatch(action);
    const { project: loaded, refusal } = this.store.getState();
    if (refusal?.action !== action) return loaded;
    throw 'reviewOnly' in refusal ? new StudioError('review-only', 'Refused in the reviewer role: loadProject() would change the ad.', { recoverable: true }) : new StudioLockedError(refusal);
  }

  /**
   * The review's comments as a W3C Web Annotation JSON-LD AnnotationCollection (docs/review.md): each comment an
   * Annotation whose target is its version's audio (`options.source`) with a Media Fragments selector
   * (`t=12.5,14`) where it is now. Asynchronous: the export is a module of its own, loaded when asked.
   */
  async exportReview(options?: ReviewExportOptions): Promise<ReviewAnnotationCollection> {
    const { reviewAnnotations } = await import('../../model/review-export.js');
    return reviewAnnotations(this.getProject(), options);
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
    return this.#session.saveNow();
  }

  /**
   * Renders (in a worker), masters and encodes the ad: `wav16`, `wav24` or `mp3` (when `tools.export`
   * allows it), at `sampleRate` (default the project's), mastered for `preset` (default the project's).
   * Resolves to the file and fires `studio-export`; rejects with the signal's reason when aborted.
   */
  async export(options: ExportOptions): Promise<Blob> {
    return (await this.#session.export(options)).blob;
  }

  /**
   * Delivers each of the ad's `versions` (ids of `project.versions`; default every version: the matrix) to
   * each of `destinations` (ids of `config.delivery.destinations`; default the project's choice) in one run,
   * each version rendered from its own content with its own label and codes: per version the mix rendered once, mastered once per loudness target, each file encoded, tagged
   * with the campaign fields, measured as written and checked against its destination's rules; `stems` adds
   * the voice and the music alone. Resolves to the ZIP (passing files, `manifest.json`, `report.html`, stems),
   * its file name and the manifest, and fires `studio-deliver`. Files failing a rule are in the manifest's
   * `excluded`, not in the ZIP. Rejects with the signal's reason when aborted (nothing is kept); with a
   * `StudioError` `ad-id-duplicate` when two versions share an Ad-ID (the campaign's is the first version's only),
   * before anything is rendered.
   */
  async deliver(options: DeliverOptions = {}): Promise<DeliverResult> {
    const { zip, fileName, manifest } = await this.#session.deliver(options);
    return { zip, fileName, manifest };
  }

  /**
   * Delivers the project's feed, one ad a row (docs/feeds.md): each of `rows` (keys; default every row without a
   * problem) voiced where its slots differ from the template (at most 4 voice-overs at once, takes cached so two
   * rows with the same values pay once), fitted to the length at most at `vocal.maxFitSpeed`, and delivered to
   * each of `destinations` (default the project's choice) in each of `versions` (default the open one). Resolves
   * to one ZIP (a folder per row, named by its key; `manifest.json` listing every row, delivered or failed with
   * its reasons; `report.html`), its file name and the manifest, and fires `studio-deliver`. Rejects with the
   * signal's reason when aborted (nothing is kept); with a `StudioError` (`feed-none`, `feed-key`, `feed-row`,
   * `feed-template`, `deliver-failed`, `ad-id-duplicate` when two of its creatives share an Ad-ID, and those of
   * `deliver()`) when refused.
   */
  deliverFeed(options: DeliverFeedOptions = {}): Promise<FeedDeliverResult> {
    return this.#session.feed.deliverFeed(options);
  }

  #handleToolbar(event: CustomEvent<ToolbarAction>): void {
    const command = toolbarCommand(event.detail, this.resolved, this.store.getState().project.project_id);
    if (command?.kind === 'store') this.store.dispatch(command.action);
    else if (command?.kind === 'play-toggle') this.#session.togglePlay();
    else if (command?.kind === 'show-panel') this.activePanel = command.panel;
    else if (command?.kind === 'fullscreen') this.#toggleFullscreen();
    else if (command?.kind === 'open') window.open(command.url, '_blank', 'noopener');
  }

  /** The controller of full screen, made from its module (once). */
  #fullscreenFrom(module: typeof Fullscreen): Fullscreen.FullscreenController {
    this.#fullscreen ??= new module.FullscreenController(this);
    return this.#fullscreen;
  }

  /** Toggles full screen: at once, in the click, once its module is here (the editor loads it when ready). */
  #toggleFullscreen(): void {
    if (this.#fullscreen !== undefined) void this.#fullscreen.toggle();
    else void loadFullscreen().then((module) => this.#fullscreenFrom(module).toggle(), (error: unknown) => this.#report(new StudioError('editor-load', `Full screen could not be loaded (${String(error)}): check that every file of the editor is served beside it.`, { recoverable: true })));
  }

  #handleKeydown(event: KeyboardEvent): void {
    const action = keyCommand(event);
    if (action === undefined) return;
    this.store.dispatch(action);
    event.preventDefault();
  }

  /**
   * The versions bar, once there is a take (a new project has none): above the timeline (in its `versions`
   * slot, where it takes none of the panels' room), or under the toolbar without a timeline.
   */
  #versionsBar(project: ProjectDocument, config: ResolvedConfig, slot: string) {
    if (project.clips.length === 0 && project.versions.length < 2) return nothing;
    return html`<studio-editor-versions part="versions" slot=${slot || nothing}
      .destinations=${config.delivery.destinations} .maxFitSpeed=${config.vocal.maxFitSpeed} .brandPronunciations=${config.vocal.pronunciations} @versions-edit-script=${() => (this.activePanel = 'script')}></studio-editor-versions>`;
  }

  protected override render() {
    if (this.configError !== undefined) {
      // The user's words only: the key paths and the fix are the developer's (studio-error, console).
      return html`<div part="error" role="alert" tabindex="-1">${this.t('editor.configError')}</div>`;
    }
    const config = this.resolved;
    if (config === undefined || this.wordless) return nothing;
    const state = this.store.getState();
    const { project } = state;
    const preview = this.#session.previewState;
    const bar = toolbarModel(state, config, preview);
    return html`<section class="shell" aria-label=${this.t('editor.label')} @keydown=${this.#handleKeydown}>
      <studio-editor-toolbar part="toolbar" exportparts="title" .projectTitle=${project.title} ?canUndo=${bar.canUndo} ?canRedo=${bar.canRedo}
        ?playing=${bar.playing} ?canPlay=${bar.canPlay} .time=${this.preview?.currentTime ?? 0} .duration=${bar.duration} .clock=${this.#clock}
        .meter=${this.#session.engine?.meter} .target=${bar.target} .ceiling=${bar.ceiling}
        .lastMix=${bar.lastMix}
        ?fullscreen=${this.#fullscreen?.fullscreen ?? false} .credits=${bar.credits} .creditsLeft=${bar.creditsLeft} .canExport=${bar.canExport} ?openInStudio=${bar.openInStudio} ?reviewing=${config.tools.role === 'reviewer'}
        @toolbar-action=${this.#handleToolbar}
        @title-change=${(event: CustomEvent<string>) => this.store.dispatch({ type: 'project/rename', title: event.detail })}></studio-editor-toolbar>
      ${config.tools.timeline ? nothing : this.#versionsBar(project, config, '')}
      <studio-editor-notices part="notices" .notices=${state.role === 'reviewer' ? this.#session.notices : this.#made.withNotices(this.#session.notices)} .onDismiss=${(kind: StudioNotice['kind']) => this.#made.dismiss(kind) || this.#session.dismiss(kind)}></studio-editor-notices>
      <studio-editor-panels part="workspace" exportparts="tabs, tab, side-toggle, side, panel, splitter, stage, views, view, sound-steps" .panels=${workflowTabs(config, this.t)} .active=${this.activePanel ?? config.layout.initialPanel}
        arrangement=${config.layout.arrangement} ?made=${project.clips.length > 0 || config.tools.role === 'reviewer'} ?timeline=${config.tools.timeline} @panel-select=${(event: CustomEvent<PanelId>) => (this.activePanel = event.detail)}>
        ${workflowPanels(config, this.t('panel.loading'), this.#session.deliver, this.#session.feed)}
        ${config.tools.timeline
          ? html`<studio-editor-timeline-panel slot="stage" id="timeline" part="timeline" data-loading=${timelineLoadingText(this.t, project)}
              exportparts="timeline: timeline-view, track, comment-marker, empty: timeline-empty, inspector: timeline-inspector, clip-edit: timeline-clip-edit, lock: timeline-lock, lock-note: timeline-lock-note"
              >${this.#versionsBar(project, config, 'versions')}</studio-editor-timeline-panel
            >`
          : nothing}
      </studio-editor-panels>
      <div part="status" role="status" aria-live="polite" aria-busy=${preview?.status === 'rendering' ? 'true' : 'false'}>${this.#lines?.refusalLine(this.t, state.refusal)}${versionLine(this.t, project)}${restoredLine(this.t, this.#session.restoredAt)}${this.#lines?.statusLine(this.t, preview)}${lengthLine(this.t, project)}</div>
    </section>`;
  }
}

defineElement('studio-editor', StudioEditor);

declare global {
  interface HTMLElementTagNameMap {
    'studio-editor': StudioEditor;
  }
}
