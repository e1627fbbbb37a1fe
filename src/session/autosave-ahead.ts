// What a session's autosave needs before the session runs: its module (a chunk of its own, not part of the first
// paint), the drafts database and the draft read ahead (`prepareAutosave`, from create()), and the journal kept
// while the module is on its way (`keepJournal`).
import type { ResolvedConfig } from '../config/types.js';
import { loadOnce } from '../internal/load-once.js';
import type { EditorStore } from '../model/editor-state.js';
import type * as AutosaveModule from '../model/persistence/autosave.js';
import { openDraftsAhead } from '../model/persistence/draft-prefetch.js';
import { DEFAULT_DB_NAME, draftKey } from '../model/persistence/idb.js';
import { draftSlot, journalHolds, safeLocalStorage, writeJournal } from '../model/persistence/stored-work.js';
import { rememberedProjectId } from '../model/project-id.js';
import { storedUserId } from '../auth/user-id.js';

/**
 * The autosave's module (not part of the first paint): before ready when the project has work stored in this
 * browser, which it restores or offers; otherwise once ready. `loadedAutosave` once here, so that a save still
 * closing (`lastSave`) is waited for (none is before it ever loaded).
 */
let loadedAutosave: typeof AutosaveModule | undefined;
export const loadAutosave = loadOnce((_: void) => import('../model/persistence/autosave.js').then((module) => (loadedAutosave = module)));

/** What `prepareAutosave` started: what it waits for, and what closes the database if no session took it. */
export interface AutosaveAhead {
  /** Settles (never rejects) once the draft was read (or the database opened, when the draft is not known yet). */
  readonly settled: Promise<void>;
  close(): void;
}

/**
 * Starts what the autosave of a session about to start on `config` waits for (`create()` does, before the
 * element renders): the drafts database, and the draft itself when the user and the project are known (and
 * no last save of it is under way); the autosave's module too when work is stored for that project.
 * Undefined without autosave.
 */
export function prepareAutosave(config: ResolvedConfig): AutosaveAhead | undefined {
  if (!config.project.autosave) return undefined;
  // An anonymous user's fingerprint id and project, kept from an earlier visit, are known now too: their
  // draft is read as early as a known user's (a first visit has neither, and a new project has no draft).
  const userId = config.auth.userId ?? storedUserId();
  const projectId = userId === undefined ? undefined : (config.project.id ?? rememberedProjectId(userId));
  const known = userId !== undefined && projectId !== undefined && lastSaveUnderWay(userId, projectId) === undefined;
  const owner = known ? { userId, projectId } : undefined;
  const ahead = openDraftsAhead(undefined, owner);
  // Work stored for the project: the autosave's module, which restores or offers it before ready, comes at once.
  const read = owner && ahead.read?.then((record) => {
    if (record !== undefined || journalHolds(draftSlot(DEFAULT_DB_NAME, draftKey(owner.userId, owner.projectId)))) loadAutosave().catch(() => undefined);
  });
  const settled = Promise.allSettled([read ?? ahead.db]).then(() => undefined);
  return { settled, close: ahead.close };
}

/**
 * Copies the store's unsaved work on `projectId` to the journal's `slot` when the page is hidden or goes,
 * until the returned function is called (the autosave does it once it runs). No draft is stored for the
 * project (else the autosave would run already), so the work is edited from revision 0.
 */
export function keepJournal(store: EditorStore, projectId: string, slot: string): () => void {
  const keep = (): void => {
    const { dirty, project } = store.getState();
    if (dirty && project.project_id === projectId) writeJournal(safeLocalStorage(), slot, { revision: 0, savedAt: new Date().toISOString(), doc: project });
  };
  const hidden = (): void => {
    if (document.visibilityState === 'hidden') keep();
  };
  globalThis.addEventListener?.('pagehide', keep);
  globalThis.document?.addEventListener('visibilitychange', hidden);
  return () => {
    globalThis.removeEventListener?.('pagehide', keep);
    globalThis.document?.removeEventListener('visibilitychange', hidden);
  };
}

/** The last save of a disposed autosave on this user's project still under way, if the autosave's module is here. */
export const lastSaveUnderWay = (userId: string, projectId: string): Promise<void> | undefined => loadedAutosave?.lastSave(userId, projectId);
