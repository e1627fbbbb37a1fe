import { DEFAULT_DB_NAME, draftKey, openDraftDb, readDraft, type DraftRecord } from './idb.js';

/**
 * A draft read started early, while the editor's first paint is on its way: opening IndexedDB is the
 * slow part of a start-up with autosave (20 to 30 ms in a fresh page), and it needs nothing from the page.
 */
export interface DraftPrefetch {
  /** The draft's key (`userId` and `projectId`, joined): an autosave of another key reads its own. */
  readonly key: string;
  /** The database connection, opening at once. Whoever adopts it (the autosave) closes it. */
  readonly db: Promise<IDBDatabase>;
  /** The stored draft, read once `after` settled. Rejects with a `StudioStorageError` like `readDraft`. */
  readonly record: Promise<DraftRecord | undefined>;
}

/** Options of `prefetchDraft`. */
export interface DraftPrefetchOptions {
  /** IndexedDB database name. Default `studio-editor`. */
  readonly dbName?: string;
  /** The IndexedDB factory; `null` behaves like a browser without IndexedDB. Default `globalThis.indexedDB`. */
  readonly indexedDB?: IDBFactory | null;
  /** The last save of an autosave on the same draft still under way: the draft is read after it landed. */
  readonly after?: Promise<void> | undefined;
}

/** Opens the drafts database and reads the draft of `userId` and `projectId`, now. */
export function prefetchDraft(userId: string, projectId: string, options: DraftPrefetchOptions = {}): DraftPrefetch {
  const key = draftKey(userId, projectId);
  const db = openDraftDb(options.dbName ?? DEFAULT_DB_NAME, options.indexedDB);
  const record = Promise.all([db, options.after]).then(([open]) => readDraft(open, key));
  // Whoever takes them handles a failure; none is unhandled meanwhile.
  db.catch(() => undefined);
  record.catch(() => undefined);
  return { key, db, record };
}
