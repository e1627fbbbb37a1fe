import type { ServiceClient } from '../api/client.js';
import { createServices, type EditorServices } from '../api/create-services.js';
import type { AudioEngine, ExportOptions } from '../audio/engine.js';
import type { ExportedMix } from '../audio/export.js';
import type { MixPreview } from '../audio/mix-preview.js';
import type { PreviewState } from '../audio/preview-state.js';
import type { ResolvedConfig, StudioConfig } from '../config/types.js';
import { resolveConfig } from '../config/validate.js';
import { StudioError } from '../errors.js';
import { StudioAuthErrorEvent } from '../events/studio-auth-error.js';
import { StudioJobProgressEvent } from '../events/studio-job-progress.js';
import { StudioReadyEvent } from '../events/studio-ready.js';
import { StudioSaveEvent } from '../events/studio-save.js';
import { DisposalScope } from '../internal/scope.js';
import { loadOnce } from '../internal/load-once.js';
import { loadLockRules } from '../model/lock-rules.js';
import { initFromConfig } from '../model/editor-state.js';
import type { NoticeKind, StudioNotice } from '../model/notices.js';
import type * as AutosaveModule from '../model/persistence/autosave.js';
import { prefetchDraft, type DraftPrefetch } from '../model/persistence/draft-prefetch.js';
import { DEFAULT_DB_NAME, draftKey } from '../model/persistence/idb.js';
import { draftSlot, journalHolds } from '../model/persistence/stored-work.js';
import { rememberedProjectId, resolveProjectId } from '../model/project-id.js';
import { VERSION } from '../version.js';
import type * as EditorAudio from './editor-audio.js';
import { keepJournal, lastSaveUnderWay, loadAutosave } from './autosave-ahead.js';
import { announceChanges } from './change-events.js';
import { planConfig } from './config-plan.js';
import type { DeliverHost } from './editor-deliver.js';
import type { ExportHost } from './editor-export.js';
import type { DeliverRunner } from './deliver-run.js';
import type { FeedRunner } from './feed-run.js';
import { resolveBedUrls } from './resolve-bed.js';
import type { SessionHooks, SessionOptions } from './session-hooks.js';

// What create() starts before the session, imported from here: create() then brings the session's modules first,
// an order of the first paint's code that gzip packs about 0.6 KiB smaller than the reverse.
export { prepareAutosave, type AutosaveAhead } from './autosave-ahead.js';

/** What `apply` did with a config. */
export type ConfigOutcome =
  | { readonly kind: 'cleared' }
  | { readonly kind: 'error'; readonly error: StudioError; readonly shown: boolean }
  | { readonly kind: 'same'; readonly config: ResolvedConfig }
  /** A session started, or a switch to one is under way (or it starts when the element is added to the page). */
  | { readonly kind: 'started'; readonly config: ResolvedConfig }
  | { readonly kind: 'live'; readonly previous: ResolvedConfig; readonly config: ResolvedConfig };

type AuthCallbacks = Pick<ResolvedConfig['auth'], 'getToken' | 'refreshToken'>;

/**
 * One editor session: the services (with the newest auth callbacks), the audio (started on demand), the
 * project of its user (with its bed URLs and its autosave) and the ready sequence, all in one disposal
 * scope. The element renders it; `release()` lets go of everything but the store.
 */

export class EditorSession {
  readonly #options: SessionOptions;
  readonly #hooks: SessionHooks;
  #scope: DisposalScope | undefined;
  /** The newest config: its auth callbacks are read at each call, and a switch or a resume starts it. */
  #config: ResolvedConfig | undefined;
  #services: EditorServices | undefined;
  #audio: (() => Promise<AudioEngine>) | undefined;
  #engine: AudioEngine | undefined;
  #preview: MixPreview | undefined;
  #previewState: PreviewState | undefined;
  #autosave: AutosaveModule.Autosave | undefined;
  #notices: readonly StudioNotice[] = [];
  #restoredAt: string | undefined;
  #ready = false;
  /** Which user's project the store holds (`userId` and `project_id`): a restart on the same one keeps it, with its history. */
  #owner: string | undefined;
  /** Counts session switches, so that an older switch still saving gives way to a newer one. */
  #switches = 0;
  #switching = false;
  /** Resolves once the store has the role of the newest config (the adopter's lock rules loaded). */
  #roleReady: Promise<unknown> = Promise.resolve();
  /** The autosave of the running session, from the moment its module is asked for (settles once it read its draft, never rejects). */
  #autosaveStart: Promise<unknown> | undefined;
  /** Starts the autosave once ready: a project with no work stored is ready without it. */
  #afterReady: (() => void) | undefined;
  /** Out of the page (see `detach`). */
  #detached = false;

  constructor(options: SessionOptions) {
    this.#options = options;
    this.#hooks = options.hooks;
  }

  /** Whether a session runs (started and not released). */
  get running(): boolean {
    return this.#scope !== undefined;
  }
  /** Whether a switch is saving the project before the session starts over. */
  get switching(): boolean {
    return this.#switching;
  }
  /** Whether `studio-ready` fired for the running session. */
  get ready(): boolean {
    return this.#ready;
  }
  get client(): ServiceClient | undefined {
    return this.#services?.client;
  }
  get engine(): AudioEngine | undefined {
    return this.#engine;
  }
  get preview(): MixPreview | undefined {
    return this.#preview;
  }
  get previewState(): PreviewState | undefined {
    return this.#previewState;
  }
  /** Notices about the user's work (a draft to restore, a failed save, another tab). */
  get notices(): readonly StudioNotice[] {
    return this.#notices;
  }
  /** When the shown work was saved, if it was restored without asking; undefined after the next edit. */
  get restoredAt(): string | undefined {
    return this.#restoredAt;
  }

  /** Everything this session started; a new one is made when none runs. */
  get scope(): DisposalScope {
    this.#scope ??= new DisposalScope();
    return this.#scope;
  }

  /**
   * Applies `config` by content (see `planConfig`): the same content does nothing; new auth callbacks are
   * swapped in; a new user, project or service saves the project and switches the session; everything else
   * is `live`, for the element to apply in place. A wrong config is returned to report: it is `shown` in
   * place of an editor that has not started, and only reported by one that runs. No config releases all.
   */
  apply(config: StudioConfig | undefined): ConfigOutcome {
    if (config === undefined) {
      this.release();
      this.#config = undefined;
      return { kind: 'cleared' };
    }
    let next: ResolvedConfig;
    try {
      next = resolveConfig(config);
    } catch (error) {
      const failure = error instanceof StudioError ? error : new StudioError('config', String(error));
      const shown = !this.running;
      if (shown) this.#config = undefined;
      return { kind: 'error', error: failure, shown };
    }
    const previous = this.#config;
    const plan = planConfig(previous, next, this);
    if (plan === 'same') return { kind: 'same', config: next };
    this.#config = next;
    this.#applyRole(next);
    if (plan === 'start' && this.#hooks.connected()) this.start(next);
    else if (plan === 'switch') void this.switch();
    return plan === 'live' && previous !== undefined ? { kind: 'live', previous, config: next } : { kind: 'started', config: next };
  }

  /**
   * The role is the store's, so that locks hold in its reducer whatever edits (the project stays), and so is
   * the reviewer (`review.user`). The
   * adopter's rules are a chunk of their own: the role turns on once they are here, and the project starts
   * after that (`#roleReady`); a newer config's role wins.
   */
  #applyRole(config: ResolvedConfig): void {
    const { store } = this.#options;
    // With the role, the author of this session's comments and decisions: the host's, never one the editor makes up.
    const { user } = config.review;
    // A reviewer needs no lock rules: the store refuses every edit of the ad.
    if (config.tools.role !== 'adopter') {
      this.#roleReady = Promise.resolve();
      store.dispatch({ type: 'session/role', role: config.tools.role, user });
      return;
    }
    const loading = loadLockRules().then(() => {
      if (this.#config?.tools.role === 'adopter') store.dispatch({ type: 'session/role', role: 'adopter', user: this.#config.review.user });
    });
    // Without the rules the locks cannot hold, so the adopter's project never starts (nothing is editable);
    // the host hears why.
    loading.catch((error: unknown) =>
      this.#hooks.error(new StudioError('guardrails-load', `The locks could not be loaded (${String(error)}), so the template stays closed: check that every file of the editor is served beside it.`, { recoverable: false })),
    );
    this.#roleReady = loading;
  }

  /** Starts a session on `config` (the element is in the page and none runs). */
  start(config: ResolvedConfig): void {
    const scope = this.scope;
    const hooks = this.#hooks;
    const firstPaint = hooks.firstPaint(config);
    scope.add(this.#options.store.subscribe(() => hooks.changed()));
    // Auth and service client: getToken runs now; release stops every request, refresh and poll. The
    // callbacks are read at each call, so a host that passes new ones (an inline object) never restarts.
    const callbacks = (): AuthCallbacks => this.#config?.auth ?? config.auth;
    const auth = { ...config.auth, getToken: (userId: string) => callbacks().getToken(userId), refreshToken: (expired: string) => callbacks().refreshToken(expired) };
    const services = (this.#options.createServices ?? createServices)(
      { ...config, auth },
      {
        onAuthError: ({ code, message, recoverable, status }) => hooks.dispatch(new StudioAuthErrorEvent({ code, message, recoverable, ...(status === undefined ? {} : { status }) })),
        onProgress: (progress) => hooks.dispatch(new StudioJobProgressEvent(progress)),
      },
    );
    this.#services = services;
    scope.add(() => {
      services.dispose();
      if (this.#services === services) this.#services = undefined;
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
    hooks.changed();
    // The project is kept per user: the given id, or the fingerprint id the token is asked for. Its draft
    // is read while the first paint gets ready (the database opens now, before the first render); the
    // project starts in the editor's language (its default title), so after the first words arrived, and
    // is shown with its first panel.
    // A project id made now (no id given, none remembered for the user) is a new project: it has no draft to read.
    const project = services.session.userId().then((userId) => {
      const known = config.project.id ?? rememberedProjectId(userId);
      return { userId, projectId: known ?? resolveProjectId(undefined, userId), fresh: known === undefined };
    });
    const draft = config.project.autosave ? this.#prefetch(scope, project) : undefined;
    const started = Promise.all([project, firstPaint, this.#roleReady]).then(([{ userId, projectId }]) => (scope.disposed ? undefined : this.#startProject(config, scope, userId, projectId, draft)));
    started.then(() => hooks.rendered()).then(() => {
      if (scope.disposed) return;
      this.#ready = true;
      hooks.changed();
      hooks.dispatch(new StudioReadyEvent({ version: VERSION }));
      // The autosave starts at once: a save asked for the moment the editor is ready (a switch of project) waits for it.
      this.#afterReady?.();
      this.#afterReady = undefined;
      // What else loads once ready starts in a task of its own: begun here, its imports (the timeline, the level
      // meter, the versions, the status line's words, the audio) took 5 to 8 ms more of the first render's task,
      // the longest of a cold start.
      scope.timeout(() => {
        hooks.ready(config, scope);
        this.#audio?.().catch(() => undefined);
      }, 0);
    });
  }

  /** Another user, project or service: the project is saved first, then the session starts over. */
  async switch(): Promise<void> {
    const switching = ++this.#switches;
    this.#switching = true;
    await this.saveNow().catch(() => undefined);
    if (switching !== this.#switches) return;
    this.#switching = false;
    this.release();
    this.resume();
  }

  /** Starts again on the newest config when none runs and the element is in the page (back after its grace). */
  resume(): void {
    if (this.#config !== undefined && this.#scope === undefined && this.#hooks.connected()) this.start(this.#config);
  }

  /** Releases everything the session started (saving the draft first). Idempotent. */
  release(): void {
    this.#scope?.dispose();
    this.#scope = undefined;
    this.#audio = undefined;
    this.#afterReady = undefined;
    this.#ready = false;
    this.#hooks.changed();
  }

  /** The audio engine, started now if it was not; undefined while no session runs. */
  async audio(): Promise<AudioEngine | undefined> {
    return this.#engine ?? (await this.#audio?.());
  }

  /** Out of the page (true) or back (false): autosave saves at once and does not guard the page's unload meanwhile. */
  detach(detached: boolean): void {
    this.#detached = detached;
    this.#autosave?.detach(detached);
  }

  /** Pauses playback. */
  pause(): void {
    this.#preview?.pause();
  }

  /** Plays or pauses the preview (a failure to start is a `studio-error`). */
  togglePlay(): void {
    const preview = this.#preview;
    if (preview === undefined) return;
    if (preview.getState().transport === 'playing') preview.pause();
    else void preview.play().catch((error: unknown) => this.#hooks.error(new StudioError('playback', `Playback could not start (${String(error)}).`, { recoverable: true })));
  }

  /** Exports the project with the newest config's rules (see `exportMix`, loaded with the first export); also what the Export panel calls. */
  async export(options: ExportOptions): Promise<ExportedMix> {
    const { exportMix } = await import('./editor-export.js');
    const host: ExportHost = {
      config: this.#config,
      preview: this.#preview,
      audio: () => this.audio(),
      project: () => this.#options.store.getState().project,
      error: (error) => this.#hooks.error(error),
      dispatch: (event) => this.#hooks.dispatch(event),
    };
    return exportMix(host, options);
  }

  /** Delivers the project (`deliver()` and the Deliver panel's runs, see `deliverAd`); its code is loaded when first used. */
  readonly deliver: DeliverRunner = async (options) => {
    const { deliverAd } = await import('./editor-deliver.js');
    return deliverAd(this.#deliverHost(), options);
  };

  /** What a delivery (of the ad, or of a feed) reads of the editor. */
  #deliverHost(): DeliverHost {
    return { config: () => this.#config, engine: () => this.audio(), project: () => this.#options.store.getState().project, dispatch: (event) => this.#hooks.dispatch(event), emitError: (error) => this.#hooks.error(error) };
  }

  /** The feed's runs, their code loaded once (again after a failed load). */
  readonly #feedRuns = loadOnce(() =>
    import('./feed-deliver.js').then(({ editorFeedRunner }) => editorFeedRunner({ ...this.#deliverHost(), client: () => this.client, dispatchAction: (action) => this.#options.store.dispatch(action) })),
  );

  /** The feed's runs (the Feed panel's dynamic player, its price and "Deliver all rows", and `deliverFeed()`). */
  readonly feed: FeedRunner = {
    previewRow: async (key, options) => (await this.#feedRuns(undefined)).previewRow(key, options),
    price: async (rows, versions) => (await this.#feedRuns(undefined)).price(rows, versions),
    deliverFeed: async (options) => (await this.#feedRuns(undefined)).deliverFeed(options),
  };

  /** Saves the draft now instead of waiting for the autosave delay. */
  saveNow(): Promise<void> {
    // An autosave on its way (started once ready) is waited for: what was edited meanwhile is saved too.
    return Promise.resolve(this.#autosaveStart).then(() => this.#autosave?.flush());
  }

  /** Removes a dismissible notice. */
  dismiss(kind: NoticeKind): void {
    this.#autosave?.dismiss(kind);
  }

  async #startAudio(services: EditorServices, scope: DisposalScope): Promise<AudioEngine> {
    let module: Pick<typeof EditorAudio, 'startAudio'>;
    try {
      module = await (this.#options.loadAudio ?? (() => import('./editor-audio.js')))();
    } catch (error) {
      const failure = new StudioError('audio-load', `The audio engine could not be loaded (${String(error)}): check that every file of the editor is served beside it.`, { recoverable: true });
      if (!scope.disposed) this.#hooks.error(failure);
      throw failure;
    }
    if (scope.disposed) throw new StudioError('destroyed', 'The editor was removed before its audio started.');
    const { engine, preview } = module.startAudio({ services, store: this.#options.store, scope, export: (options) => this.export(options) });
    this.#engine = engine;
    this.#preview = preview;
    this.#previewState = preview.getState();
    scope.add(
      preview.subscribe((next) => {
        this.#previewState = next;
        this.#hooks.changed();
      }),
    );
    scope.add(() => {
      if (this.#engine === engine) this.#engine = undefined;
      if (this.#preview === preview) {
        this.#preview = undefined;
        this.#previewState = undefined;
      }
    });
    this.#hooks.changed();
    return engine;
  }

  /** Opens the drafts database now (before the first render) and reads the project's draft once known. */
  #prefetch(scope: DisposalScope, project: Promise<{ userId: string; projectId: string; fresh: boolean }>): DraftPrefetch {
    const target = project.then(({ userId, projectId, fresh }) => ({ userId, projectId, fresh, after: lastSaveUnderWay(userId, projectId) }));
    const draft = (this.#options.prefetchDraft ?? prefetchDraft)(target);
    // Closed here unless an autosave adopted it (which closes it after its last save).
    scope.add(() => {
      if (this.#unadopted === draft) void draft.db.then((db) => db.close(), () => undefined);
    });
    this.#unadopted = draft;
    return draft;
  }
  #unadopted: DraftPrefetch | undefined;

  /** Starts the project of `userId`; resolves once a saved draft was read (at most 2 s). */
  #startProject(config: ResolvedConfig, scope: DisposalScope, userId: string, projectId: string, draft: DraftPrefetch | undefined): Promise<unknown> {
    const { store } = this.#options;
    const hooks = this.#hooks;
    const owner = `${userId}\u0000${projectId}`;
    if (owner !== this.#owner || store.getState().project.project_id !== projectId) {
      store.dispatch(initFromConfig(config, projectId, hooks.untitled()));
      this.#owner = owner;
      this.#restoredAt = undefined;
    }
    const client = this.client;
    if (client !== undefined) {
      scope.add(resolveBedUrls(store, client, scope.signal, (error) => hooks.error(error instanceof StudioError ? error : new StudioError('music-library', String(error), { recoverable: true }))));
    }
    scope.add(announceChanges(store, scope, (event) => hooks.dispatch(event), () => (this.#restoredAt = undefined)));
    this.#notices = [];
    this.#autosave = undefined;
    this.#autosaveStart = undefined;
    this.#afterReady = undefined;
    hooks.changed();
    if (!config.project.autosave) return Promise.resolve();
    const startAutosave = (): Promise<unknown> => (this.#autosaveStart ??= this.#startAutosave(config, scope, userId, draft));
    // Work stored for this project in this browser (a draft, unsaved edits in the journal), or a draft that
    // could not be read, is the autosave's to restore, offer or report before ready: ready waits for it then,
    // at most 2 s (the autosave starts whenever its module is here). A new project, or one with nothing stored,
    // is ready without the autosave's module, which starts saving once ready.
    const stored = draft === undefined ? Promise.resolve(true) : draft.draft.then(({ key, record }) => record !== undefined || journalHolds(draftSlot(DEFAULT_DB_NAME, key)), () => true);
    return stored.then((before) => {
      if (scope.disposed) return undefined;
      if (!before) {
        // Until the autosave has read its draft, the page's going copies unsaved work to the journal, as the
        // autosave would: an edit made the moment the editor is ready survives a reload (the autosave restores
        // it). A module that could not load (a page leaving aborts it) leaves the journal to this.
        const stop = scope.add(keepJournal(store, projectId, draftSlot(DEFAULT_DB_NAME, draftKey(userId, projectId))));
        this.#afterReady = () =>
          void startAutosave().then(() => {
            if (this.#autosave !== undefined) stop();
          });
        return undefined;
      }
      return Promise.race([startAutosave(), new Promise((resolve) => scope.timeout(() => resolve(undefined), 2000))]);
    });
  }

  /** Loads the autosave's module and starts it on the store; settles (never rejects) once it read its draft. */
  #startAutosave(config: ResolvedConfig, scope: DisposalScope, userId: string, draft: DraftPrefetch | undefined): Promise<unknown> {
    const { store } = this.#options;
    const hooks = this.#hooks;
    return loadAutosave().then(
      (module) => {
        if (scope.disposed) return undefined;
        if (this.#unadopted === draft) this.#unadopted = undefined;
        const autosave = (this.#options.startAutosave ?? module.startAutosave)({
          store,
          userId,
          signal: scope.signal,
          locale: config.i18n.locale,
          ...(draft === undefined ? {} : { prefetched: draft }),
          onRestored: ({ savedAt }) => {
            this.#restoredAt = savedAt;
            hooks.changed();
          },
          onSaved: (detail) => hooks.dispatch(new StudioSaveEvent(detail)),
          onError: (error) => hooks.error(error),
          onNotices: (notices) => {
            if (scope.disposed) return;
            this.#notices = notices;
            hooks.changed();
          },
        });
        this.#autosave = autosave;
        if (this.#detached) autosave.detach(true);
        scope.add(() => {
          if (this.#autosave === autosave) this.#autosave = undefined;
        });
        return autosave.ready;
      },
      (error: unknown) => {
        if (!scope.disposed) hooks.error(new StudioError('autosave-load', `The autosave could not be loaded (${String(error)}): check that every file of the editor is served beside it.`, { recoverable: true }));
      },
    );
  }
}
