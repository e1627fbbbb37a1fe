import { DEFAULT_DB_NAME, draftKey, openDraftDb, readDraft, type DraftRecord } from './idb.js';

/** Which draft to read, once known: the user's project, after any last save of it still under way. */
export interface DraftTarget {
  readonly userId: string;
  readonly projectId: string;
  /** The last save of an autosave on the same draft still under way: the draft is read after it landed. */
  readonly after?: Promise<void> | undefined;
  /** A project made just now (its id was generated): it has no draft, so none is read. */
  readonly fresh?: boolean | undefined;
}

/**
 * A draft read started early: opening IndexedDB is the slow part of a start-up with autosave (20 to 40 ms in
 * a fresh page, longer while the page renders), and it needs nothing from the page, so it starts before the
 * first render; the draft is read as soon as its user and project are known.
 */
export interface DraftPrefetch {
  /** The database connection, opening since the prefetch began. Whoever adopts it (the autosave) closes it. */
  readonly db: Promise<IDBDatabase>;
  /** The draft's key (`userId` and `projectId`, joined) and its stored record. Rejects with a `StudioStorageError` like `readDraft`. */
  readonly draft: Promise<{ readonly key: string; readonly record: DraftRecord | undefined }>;
}

/** Options of `prefetchDraft`. */
export interface DraftPrefetchOptions {
  /** IndexedDB database name. Default `studio-editor`. */
  readonly dbName?: string;
  /** The IndexedDB factory; `null` behaves like a browser without IndexedDB. Default `globalThis.indexedDB`. */
  readonly indexedDB?: IDBFactory | null;
}

/** The user and the project whose draft is read ahead, as soon as the database opened. */
export interface DraftOwner {
  readonly userId: string;
  readonly projectId: string;
}

/** A connection opened ahead of the editor that will read it (with its draft, when known), until one takes it or it is closed. */
interface Ahead {
  readonly dbName: string;
  readonly db: Promise<IDBDatabase>;
  /** The draft read on that connection as soon as it opened: its key and its stored record. */
  readonly read: { readonly key: string; readonly record: Promise<DraftRecord | undefined> } | undefined;
  taken: boolean;
}
let ahead: Ahead | undefined;

/** What `openDraftsAhead` started. */
export interface DraftsAhead {
  /** The connection, opening. */
  readonly db: Promise<IDBDatabase>;
  /** The draft's stored record, when its user and project were given. */
  readonly read: Promise<DraftRecord | undefined> | undefined;
  /** Closes the connection unless a prefetch took it. */
  close(): void;
}

/**
 * Opens the drafts database ahead of the editor about to start (`create()` does, a task before the element
 * renders), and reads the draft of `owner` on it at once when the user and the project are already known
 * (so that the read is done, not waiting, when the editor's first render ends): the next `prefetchDraft` of
 * that database takes the connection, and the read when it is of the same draft. `close()` closes it if none did.
 */
export function openDraftsAhead(dbName: string = DEFAULT_DB_NAME, owner?: DraftOwner): DraftsAhead {
  const db = openDraftDb(dbName);
  db.catch(() => undefined);
  let read: Ahead['read'];
  if (owner !== undefined) {
    const key = draftKey(owner.userId, owner.projectId);
    const record = db.then((open) => readDraft(open, key));
    record.catch(() => undefined);
    read = { key, record };
  }
  const entry: Ahead = { dbName, db, read, taken: false };
  ahead = entry;
  const close = (): void => {
    if (entry.taken) return;
    entry.taken = true;
    if (ahead === entry) ahead = undefined;
    void db.then((open) => open.close(), () => undefined);
  };
  return { db, read: read?.record, close };
}

/** What was opened ahead for `dbName` with the browser's IndexedDB, taken (once). */
function takeAhead(dbName: string, factory: IDBFactory | null | undefined): Ahead | undefined {
  const entry = ahead;
  if (entry === undefined || entry.taken || entry.dbName !== dbName || factory !== undefined) return undefined;
  entry.taken = true;
  ahead = undefined;
  return entry;
}

/**
 * Opens the drafts database now (or takes the connection opened ahead), and reads the draft of `target` once
 * it is known (or takes the read made ahead, when it is of that draft).
 */
export function prefetchDraft(target: Promise<DraftTarget>, options: DraftPrefetchOptions = {}): DraftPrefetch {
  const dbName = options.dbName ?? DEFAULT_DB_NAME;
  const taken = takeAhead(dbName, options.indexedDB);
  const db = taken?.db ?? openDraftDb(dbName, options.indexedDB);
  const draft = target.then(async ({ userId, projectId, after, fresh }) => {
    const key = draftKey(userId, projectId);
    if (fresh === true) return { key, record: undefined };
    // The draft read ahead is this one, unless a last save of it is under way (it may change it).
    const early = taken?.read;
    if (early !== undefined && early.key === key && after === undefined) return { key, record: await early.record };
    const open = await db;
    await after;
    return { key, record: await readDraft(open, key) };
  });
  // Whoever takes them handles a failure; none is unhandled meanwhile.
  db.catch(() => undefined);
  draft.catch(() => undefined);
  return { db, draft };
}
