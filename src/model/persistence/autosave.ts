import type { EditorState, EditorStore } from '../editor-state.js';
import type { ProjectDocument } from '../document.js';
import { readProject } from '../migrate.js';
import type { NoticeKind, StudioNotice } from '../notices.js';
import { downloadProjectFile } from '../project-file.js';
import { DEFAULT_DB_NAME, draftKey, openDraftDb, readDraft, writeDraft, type DraftRecord } from './idb.js';
import type { DraftPrefetch } from './draft-prefetch.js';
import { describeDifferences } from './differences.js';
import { decideDraft } from './draft-decision.js';
import { downloadRawDraft, offerDraftNotice, savedAtText, otherTabNotice, saveFailedNotice, unreadableDraftNotice } from './draft-notices.js';
import { clearJournal, defaultJournalStorage, newestWork, writeJournal } from './journal.js';
import { PageGuard } from './page-guard.js';
import { SaveScheduler, type SaveJob } from './save-scheduler.js';
import { storageError, type StudioStorageError } from './storage-error.js';
import { closing } from './last-saves.js';
import { NoticeList } from './notice-list.js';
import { draftSlot } from './stored-work.js';
import { TabSync } from './tab-sync.js';

export { lastSave } from './last-saves.js';

/** Options of `startAutosave`. */
export interface AutosaveOptions {
  store: EditorStore;
  /** Drafts are kept per user and per `project_id`. */
  userId: string;
  /** IndexedDB database name. Default `studio-editor`. */
  dbName?: string;
  /** The IndexedDB factory; `null` behaves like a browser without IndexedDB. Default `globalThis.indexedDB`. */
  indexedDB?: IDBFactory | null;
  /** Quiet time after the last edit before saving, ms. Default 1000. */
  debounceMs?: number;
  /** Longest time an edit waits while edits keep coming, ms. Default 5000. */
  maxWaitMs?: number;
  /**
   * True when the host gave the document (e.g. `loadProject`): a different stored draft is then always
   * offered, never restored on its own. Default false.
   */
  hostLoaded?: boolean;
  /** Window for `pagehide` and `beforeunload`, document for `visibilitychange`. Defaults: the globals. */
  window?: Window;
  document?: Document;
  /** Released when aborted: listeners, timers, the database connection and the channel. */
  signal?: AbortSignal;
  /** Each successful save, with the stored revision. */
  onSaved?: (detail: { revision: number; projectId: string }) => void;
  /** Each failure (quota, blocked or missing storage, a failed transaction, a newer save in another tab). */
  onError?: (error: StudioStorageError) => void;
  /** The list of notices to show changed. */
  onNotices?: (notices: readonly StudioNotice[]) => void;
  /** How "export project file" is done. Default: a download of `<title>.studio.json`. */
  onExport?: (doc: ProjectDocument) => void;
  /**
   * Where the unload journal is written (synchronously, when the page is hidden or left). Default
   * `localStorage`; `null` writes none.
   */
  journal?: Storage | null;
  /** Locale of the times in notices. Default the browser's. */
  locale?: string;
  /** The stored work was restored without asking (a reload, a closed tab, a crash). */
  onRestored?: (detail: { savedAt: string; cleanExit: boolean }) => void;
  /** The draft read early (`prefetchDraft`): its connection is adopted, and its record used when it is this project's. */
  prefetched?: DraftPrefetch;
}

/** Why saving waits: the draft is being read, the user has a choice to make, or storage is missing. */
type Pause = 'opening' | 'choice' | 'stale' | 'unreadable' | 'unavailable' | undefined;

/**
 * Keeps the project safe in IndexedDB: saves after `debounceMs` of quiet (at most `maxWaitMs` after the
 * first unsaved edit), at once when the page is hidden, and never overwrites newer work saved by another
 * tab. Failures keep the document in memory and become notices with an "export project file" action.
 * It coordinates, and owns the pause (why saving waits): when to save is the scheduler's (save-scheduler.ts),
 * what to do with a stored draft `decideDraft`'s (draft-decision.ts), the page's events the page guard's
 * (page-guard.ts), news of other tabs' saves the tab sync's (tab-sync.ts), and the notices shown the notice
 * list's (notice-list.ts); disposed autosaves' last saves are kept in last-saves.ts.
 */
export class Autosave {
  readonly #options: AutosaveOptions;
  readonly #store: EditorStore;
  readonly #tabId = crypto.randomUUID();
  readonly #notices = new NoticeList((notices) => this.#options.onNotices?.(notices));
  readonly #unsubscribe: () => void;
  readonly #scheduler: SaveScheduler;
  readonly #page: PageGuard;
  readonly #tabs: TabSync;
  #db: Promise<IDBDatabase> | undefined;
  #projectId: string;
  #revision = 0;
  #pause: Pause = 'opening';
  /** This session stored a draft not yet marked as closed normally. */
  #wrote = false;
  /** The user chose to store this tab's project over the stored draft, even if unchanged. */
  #mustWrite = false;
  #disposed = false;
  /** The draft read early, until the first read of the stored draft took it. */
  #prefetched: DraftPrefetch | undefined;
  /** Settles when the stored draft of the current project has been read (and restored or offered). */
  ready: Promise<void>;

  constructor(options: AutosaveOptions) {
    this.#options = options;
    this.#store = options.store;
    this.#projectId = this.#store.getState().project.project_id;
    this.#scheduler = new SaveScheduler(this.#saveJob(), { debounceMs: options.debounceMs ?? 1000, maxWaitMs: options.maxWaitMs ?? 5000 });
    // The journal is written before each handler returns; the IndexedDB save may not land before unload.
    this.#page = new PageGuard(options.window ?? globalThis.window, options.document ?? globalThis.document, {
      hidden: () => {
        this.#writeJournal();
        void this.flush();
      },
      leaving: () => {
        this.#writeJournal();
        void this.flush(true);
      },
      beforeUnload: () => this.#writeJournal(),
    });
    this.#tabs = new TabSync(
      options.dbName ?? DEFAULT_DB_NAME,
      this.#tabId,
      () => (this.#disposed ? undefined : { key: this.#key, revision: this.#revision }),
      () => this.#showStale(),
    );
    this.#unsubscribe = this.#store.subscribe((state) => this.#handleChange(state));
    this.#prefetched = options.prefetched;
    if (options.prefetched !== undefined) this.#adopt(options.prefetched.db);
    options.signal?.addEventListener('abort', () => void this.dispose(), { once: true });
    this.ready = this.#open(this.#projectId);
    if (options.signal?.aborted) void this.dispose();
  }

  /** Whether a `beforeunload` guard is installed (there are unsaved changes). */
  get guarded(): boolean {
    return this.#page.confirming;
  }

  /** The revision of the last draft this tab saved or read. */
  get revision(): number {
    return this.#revision;
  }

  /** Notices to show now, oldest first. */
  get notices(): readonly StudioNotice[] {
    return this.#notices.all;
  }

  /** Saves now (cancelling the pending timer). Resolves when the save settled; failures become notices. */
  flush(cleanExit = false): Promise<void> {
    return this.#scheduler.flush(cleanExit);
  }

  /**
   * Saves what is pending (marking the session as closed normally), then releases everything. Idempotent;
   * the promise settles when that last save did.
   */
  dispose(): Promise<void> {
    if (this.#disposed) return this.#closed ?? Promise.resolve();
    const last = this.flush(true);
    this.#disposed = true;
    this.#scheduler.cancel();
    this.#page.dispose();
    this.#unsubscribe();
    this.#tabs.close();
    const db = this.#db;
    const slot = this.#slot;
    const closed = last.finally(() => {
      if (closing.get(slot) === closed) closing.delete(slot);
      return db?.then((open) => open.close(), () => undefined);
    });
    closing.set(slot, closed);
    this.#closed = closed;
    return closed;
  }
  #closed: Promise<void> | undefined;

  get #journal(): Storage | undefined {
    const given = this.#options.journal;
    return given === null ? undefined : (given ?? defaultJournalStorage());
  }

  /** Copies unsaved work to the journal, synchronously (see journal.ts). */
  #writeJournal(): void {
    const state = this.#store.getState();
    // Not while saving waits for the user (a conflict, another tab's newer work): the journal would come back
    // as the newest work after a reload and hide the draft the user has not chosen against yet. Without
    // usable IndexedDB it is all that keeps the work, so it is written then.
    const waiting = this.#pause !== undefined && this.#pause !== 'unavailable';
    if (this.#disposed || waiting || !state.dirty || state.project.project_id !== this.#projectId) return;
    writeJournal(this.#journal, this.#slot, { revision: this.#revision, savedAt: new Date().toISOString(), doc: state.project });
  }

  #database(): Promise<IDBDatabase> {
    return this.#db ?? this.#adopt(openDraftDb(this.#options.dbName ?? DEFAULT_DB_NAME, this.#options.indexedDB));
  }

  #adopt(opening: Promise<IDBDatabase>): Promise<IDBDatabase> {
    this.#db = opening;
    // A failed open is tried again on the next save (the user may have freed space or left private mode).
    opening.catch(() => {
      if (this.#db === opening) this.#db = undefined;
    });
    return opening;
  }

  get #key(): string {
    return draftKey(this.#options.userId, this.#projectId);
  }

  get #slot(): string {
    return draftSlot(this.#options.dbName ?? DEFAULT_DB_NAME, this.#key);
  }

  async #open(projectId: string): Promise<void> {
    this.#projectId = projectId;
    this.#revision = 0;
    this.#wrote = false;
    this.#pause = 'opening';
    this.#tabs.open();
    let record: DraftRecord | undefined;
    // The draft read early is used once, for its own project, unless another last save began since.
    const prefetched = this.#prefetched;
    this.#prefetched = undefined;
    try {
      const early = prefetched === undefined || closing.has(this.#slot) ? undefined : await prefetched.draft;
      if (early !== undefined && early.key === this.#key && !closing.has(this.#slot)) {
        record = early.record;
      } else {
        await closing.get(this.#slot);
        record = await readDraft(await this.#database(), this.#key);
      }
    } catch (error) {
      this.#pause = undefined;
      this.#fail(storageError(error));
      return;
    }
    if (this.#disposed || projectId !== this.#projectId) return;
    this.#pause = undefined;
    if (this.#store.getState().project.project_id !== projectId) {
      // The project was switched while its draft was being read: read the new one's.
      this.#handleChange(this.#store.getState());
      return;
    }
    this.#revision = record?.revision ?? 0;
    const newest = newestWork(this.#journal, this.#slot, record);
    const state = this.#store.getState();
    const decision = decideDraft({ stored: newest, project: state.project, dirty: state.dirty, hostLoaded: this.#options.hostLoaded ?? false });
    if (decision.kind === 'unreadable') {
      this.#offerUnreadable(newest!.doc, decision.error);
      return;
    }
    if (decision.kind === 'none' && decision.dropJournal) clearJournal(this.#journal, this.#slot);
    if (decision.kind === 'same') {
      this.#store.dispatch({ type: 'persist/saved', project: state.project });
    } else if (decision.kind === 'restore') {
      this.#store.dispatch({ type: 'project/init', project: decision.draft });
      this.#options.onRestored?.({ savedAt: newest!.savedAt, cleanExit: newest!.cleanExit });
      // Journal work is not in IndexedDB yet: store it now.
      if (newest!.journal) this.#mustWrite = true;
    } else if (decision.kind === 'offer') {
      this.#offerDraft(newest!, decision.draft);
    }
    this.#handleChange(this.#store.getState());
    if (decision.kind === 'none') return;
    if (this.#mustWrite) void this.flush();
  }

  /**
   * A real conflict (the host loaded a document, or it was edited before the draft was read): saving waits
   * for the user's choice, and the notice says so, what differs and when the draft was saved.
   */
  #offerDraft(stored: { savedAt: string; cleanExit: boolean }, draft: ProjectDocument): void {
    this.#pause = 'choice';
    const loaded = this.#store.getState().project;
    const params = { title: draft.title, loaded: loaded.title, time: savedAtText(stored.savedAt, this.#options.locale) };
    const resume = (): void => {
      this.#notices.clear('restore-draft');
      this.#pause = undefined;
    };
    offerDraftNotice((notice) => this.#notices.set(notice), { cleanExit: stored.cleanExit, params, details: describeDifferences(draft, loaded) }, {
      restore: () => {
        resume();
        this.#take(draft);
      },
      // Keeping the loaded project writes over the draft (the notice asked once more, naming what goes).
      replace: () => {
        resume();
        this.#mustWrite = true;
        void this.flush(false).catch(() => undefined);
      },
      exportDraft: () => this.#export(draft),
    });
  }

  /** The stored draft `raw` does not read as a project: saving waits until the user replaces it. */
  #offerUnreadable(raw: unknown, error: Error): void {
    this.#pause = 'unreadable';
    this.#notices.set(
      unreadableDraftNotice(error.message, {
        download: () => downloadRawDraft(raw),
        replace: () => {
          this.#notices.clear('draft-unreadable');
          this.#pause = undefined;
          this.#mustWrite = true;
          void this.flush();
        },
      }),
    );
  }

  #handleChange(state: EditorState): void {
    if (this.#disposed) return;
    if (state.project.project_id !== this.#projectId && this.#pause !== 'opening') {
      // `loadProject` switched to another project: its own draft is read (and offered) before saving.
      this.#scheduler.cancel();
      this.ready = this.#open(state.project.project_id);
      return;
    }
    this.#setGuard(state.dirty);
    if (state.dirty && this.#pause === undefined) this.#scheduler.schedule();
  }

  /** What the scheduler runs: whether a save may start, the checks before a write, the write. */
  #saveJob(): SaveJob {
    return {
      // After dispose only the last, clean-exit save runs.
      mayRun: (cleanExit) => !(this.#disposed && !cleanExit) && this.#pause === undefined,
      begin: (cleanExit) => {
        const state = this.#store.getState();
        // Nothing is written for a project nobody changed; a normal close only marks this session's draft.
        if (!state.dirty && !this.#mustWrite && !(cleanExit && this.#wrote)) return {};
        if (state.project.project_id !== this.#projectId) {
          this.#handleChange(state);
          return { answer: this.ready };
        }
        const doc = state.project;
        const key = this.#key;
        const expected = this.#revision;
        return { write: () => this.#write(doc, key, expected, cleanExit) };
      },
      idle: () => this.#setGuard(this.#store.getState().dirty),
      due: () => void this.flush(),
    };
  }

  /** Stores `doc` as revision `expected + 1` of the draft `key`; a failure becomes a notice. */
  async #write(doc: ProjectDocument, key: string, expected: number, cleanExit: boolean): Promise<void> {
    try {
      const db = await this.#database();
      const record: DraftRecord = {
        key,
        userId: this.#options.userId,
        projectId: doc.project_id,
        revision: expected + 1,
        savedAt: new Date().toISOString(),
        cleanExit,
        tabId: this.#tabId,
        doc,
      };
      await writeDraft(db, record, expected, this.#keepsStoredContent(doc));
      if (key !== this.#key) return;
      this.#revision = expected + 1;
      this.#wrote = !cleanExit;
      this.#mustWrite = false;
      this.#failing = undefined;
      this.#notices.clear('save-failed');
      this.#store.dispatch({ type: 'persist/saved', project: doc });
      if (this.#store.getState().project === doc) clearJournal(this.#journal, this.#slot);
      this.#tabs.saved(key, this.#revision);
      this.#options.onSaved?.({ revision: this.#revision, projectId: doc.project_id });
    } catch (error) {
      this.#fail(storageError(error));
    }
  }

  #fail(error: StudioStorageError): void {
    if (error.code === 'storage-conflict') {
      this.#showStale();
    } else {
      // Without usable storage, saving waits for "Try again" instead of failing on every edit.
      if (error.code === 'storage-unavailable' || error.code === 'storage-blocked') this.#pause = 'unavailable';
      const reason = error.cause instanceof Error ? `${error.cause.name}: ${error.cause.message}` : '';
      this.#notices.set(
        saveFailedNotice(error.code, reason, {
          exportProject: () => this.#export(this.#store.getState().project),
          tryAgain: () => {
            if (this.#pause === 'unavailable') this.#pause = undefined;
            void this.flush();
          },
        }),
      );
    }
    // One event per run of failures (a failing save is retried on the next edit): no flood of errors.
    if (this.#failing === error.code) return;
    this.#failing = error.code;
    this.#options.onError?.(error);
  }
  #failing: string | undefined;

  /** Another tab saved newer work: stop saving here and offer to load it. */
  #showStale(): void {
    this.#pause = 'stale';
    this.#scheduler.cancel();
    this.#notices.set(
      otherTabNotice({
        loadNewer: () => void this.reloadFromStorage(),
        exportThis: () => this.#export(this.#store.getState().project),
      }),
    );
  }

  /**
   * Takes a saved copy (Restore, or another tab's Reload) as one undo step: the present stays one undo away (and
   * can still be exported). A reviewer changes no content: only the copy's comments and decisions join theirs
   * (`review/merge`, no undo step, none of theirs dropped), and what is then unsaved is saved as usual.
   */
  #take(draft: ProjectDocument): void {
    if (this.#store.getState().role === 'reviewer') {
      this.#store.dispatch({ type: 'review/merge', review: draft.review });
      return;
    }
    this.#store.dispatch({ type: 'project/load', project: draft });
    this.#store.dispatch({ type: 'persist/saved', project: this.#store.getState().project });
  }

  /**
   * A reviewer who took another tab's newer work (the same person a creator there: one draft) took only its
   * review, so this tab's content is older than the draft's: while it stays so, a save writes only the review, onto
   * the stored content. Content loaded here since (the host's `loadProject`) is written whole, as before.
   */
  #keepsStoredContent(doc: ProjectDocument): boolean {
    const base = this.#reviewBase;
    if (base === undefined || this.#store.getState().role !== 'reviewer') return false;
    return (Object.keys(doc) as (keyof ProjectDocument)[]).every((key) => key === 'review' || doc[key] === base[key]);
  }
  /** The document as a reviewer's tab was after it took another tab's newer work (see `#keepsStoredContent`). */
  #reviewBase: ProjectDocument | undefined;

  /** Replaces the document by the stored draft (another tab's newer work; a reviewer's: its review) and resumes saving. */
  async reloadFromStorage(): Promise<void> {
    try {
      const record = await readDraft(await this.#database(), this.#key);
      if (record === undefined || this.#disposed) return;
      const draft = readProject(record.doc);
      this.#revision = record.revision;
      this.#pause = undefined;
      this.#notices.clear('other-tab');
      this.#take(draft);
      if (this.#store.getState().role === 'reviewer') this.#reviewBase = this.#store.getState().project;
    } catch (error) {
      this.#fail(storageError(error));
    }
  }

  /**
   * While the editor is out of the page (a move in the DOM, or on its way out), it saves at once and does
   * not ask the browser to confirm leaving: the journal keeps what is unsaved if the page goes.
   */
  detach(detached: boolean): void {
    this.#detached = detached;
    if (detached) {
      this.#setGuard(false);
      void this.flush();
    } else {
      this.#setGuard(this.#store.getState().dirty);
    }
  }
  #detached = false;

  /** Asks the browser to confirm leaving while changes are unsaved, never once disposed or out of the page. */
  #setGuard(on: boolean): void {
    if (on && (this.#disposed || this.#detached)) return;
    this.#page.confirmLeaving(on);
  }

  /** Removes a dismissible notice. */
  dismiss(kind: NoticeKind): void {
    this.#notices.dismiss(kind);
  }

  #export(doc: ProjectDocument): void {
    (this.#options.onExport ?? downloadProjectFile)(doc);
  }
}

/** Starts autosave for a store; stop it with `dispose()` or by aborting `options.signal`. */
export function startAutosave(options: AutosaveOptions): Autosave {
  return new Autosave(options);
}
