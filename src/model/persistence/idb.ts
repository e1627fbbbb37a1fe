import { StudioStorageError, storageError } from './storage-error.js';

/** Default name of the editor's IndexedDB database. */
export const DEFAULT_DB_NAME = 'studio-editor';
const STORE = 'drafts';

/** One stored draft: the document as last saved for a user and a project, with its revision. */
export interface DraftRecord {
  /** `userId` and `projectId`, joined. */
  readonly key: string;
  readonly userId: string;
  readonly projectId: string;
  /** Incremented by every save; a save is refused unless it starts from the revision in storage. */
  readonly revision: number;
  /** ISO time of the save. */
  readonly savedAt: string;
  /** True when the tab that saved it closed normally; false while editing (and after a crash). */
  readonly cleanExit: boolean;
  /** The tab that saved it. */
  readonly tabId: string;
  /** The project document as JSON-able data (read back through `readProject`). */
  readonly doc: unknown;
}

export const draftKey = (userId: string, projectId: string): string => `${userId}\u0000${projectId}`;

/** Opens (creating on first use) the drafts database. Rejects with a `StudioStorageError` when IndexedDB is missing, blocked or refused. */
export function openDraftDb(name: string = DEFAULT_DB_NAME, given?: IDBFactory | null): Promise<IDBDatabase> {
  // `undefined`: the browser's IndexedDB; `null`: none (as in some private modes).
  const factory = given === undefined ? globalThis.indexedDB : given;
  return new Promise((resolve, reject) => {
    if (factory === undefined || factory === null) {
      reject(new StudioStorageError('storage-unavailable', 'This browser does not let the editor save drafts (private mode or blocked storage). Your work is kept in this tab: export the project file to keep it.'));
      return;
    }
    let request: IDBOpenDBRequest;
    try {
      request = factory.open(name, 1);
    } catch (error) {
      reject(storageError(error));
      return;
    }
    request.onupgradeneeded = () => {
      if (!request.result.objectStoreNames.contains(STORE)) request.result.createObjectStore(STORE, { keyPath: 'key' });
    };
    request.onblocked = () =>
      reject(new StudioStorageError('storage-blocked', 'Saving your draft is blocked by another tab of this editor that uses an older version of its storage. Close other tabs of this page, then try again; your work is kept in this tab.'));
    request.onerror = () => reject(storageError(request.error));
    request.onsuccess = () => {
      const db = request.result;
      // A newer editor in another tab wants to upgrade: let it, and reopen on our next save.
      db.onversionchange = () => db.close();
      resolve(db);
    };
  });
}

/** Reads the draft stored under `key`, if any. */
export function readDraft(db: IDBDatabase, key: string): Promise<DraftRecord | undefined> {
  return new Promise((resolve, reject) => {
    try {
      const request = db.transaction(STORE, 'readonly').objectStore(STORE).get(key);
      request.onsuccess = () => resolve(request.result as DraftRecord | undefined);
      request.onerror = () => reject(storageError(request.error));
    } catch (error) {
      reject(storageError(error));
    }
  });
}

/** `written`'s review onto the stored document `stored` when both are of one schema version; else `written`. */
function reviewOnto(stored: unknown, written: unknown): unknown {
  const version = (doc: unknown) => (typeof doc === 'object' && doc !== null ? (doc as { schemaVersion?: unknown }).schemaVersion : undefined);
  if (version(stored) === undefined || version(stored) !== version(written)) return written;
  return { ...(stored as object), review: (written as { review?: unknown }).review };
}

/**
 * Writes `record` (its revision is `expected + 1`) only if the stored revision is still `expected`, checked
 * in the same read-write transaction as the write: a tab never overwrites newer work of another tab.
 * Rejects with `storage-conflict` when the stored revision moved on, and resolves once the transaction committed.
 * With `reviewOnly` only `record`'s review is written, onto the stored content: a reviewer's tab that took another
 * tab's newer work (its review only) never writes its older content over it.
 */
export function writeDraft(db: IDBDatabase, record: DraftRecord, expected: number, reviewOnly = false): Promise<void> {
  return new Promise((resolve, reject) => {
    let failure: unknown;
    let tx: IDBTransaction;
    try {
      tx = db.transaction(STORE, 'readwrite');
    } catch (error) {
      reject(storageError(error));
      return;
    }
    const store = tx.objectStore(STORE);
    const abort = (error: unknown) => {
      failure ??= error;
      try {
        tx.abort();
      } catch {
        // Already finished.
      }
    };
    tx.oncomplete = () => (failure === undefined ? resolve() : reject(storageError(failure)));
    tx.onabort = () => reject(storageError(failure ?? tx.error));
    tx.onerror = () => {
      failure ??= tx.error;
    };
    try {
      const read = store.get(record.key);
      read.onsuccess = () => {
        const before = read.result as DraftRecord | undefined;
        const stored = before?.revision ?? 0;
        if (stored !== expected) {
          abort(new StudioStorageError('storage-conflict', `This project was saved in another tab (revision ${stored}, this tab has ${expected}). Load the newer version, or export this one to keep it.`));
          return;
        }
        try {
          const doc = reviewOnly ? reviewOnto(before?.doc, record.doc) : record.doc;
          store.put({ ...record, doc, revision: expected + 1 });
        } catch (error) {
          abort(error);
        }
      };
    } catch (error) {
      abort(error);
    }
  });
}
