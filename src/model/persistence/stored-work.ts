// Whether a project has work stored in this browser, known at start without the autosave's module: a draft in
// IndexedDB (read ahead, draft-prefetch.ts) or unsaved edits copied to the unload journal (journal.ts). Only then
// does the editor's start wait for the autosave, which restores or offers that work before ready.

/** Where the unload journal of a draft is kept in `localStorage`: this prefix and the draft's slot. */
export const JOURNAL_PREFIX = 'studio-editor/journal/';

/** The slot of the draft `key` in the database `dbName`: the journal's key, and the key of a last save under way. */
export const draftSlot = (dbName: string, key: string): string => `${dbName}\u0000${key}`;

/** Whether the journal holds unsaved work for `slot` (a storage that cannot be read holds none). */
export function journalHolds(slot: string, storage: Pick<Storage, 'getItem'> | undefined = safeLocalStorage()): boolean {
  try {
    return (storage?.getItem(JOURNAL_PREFIX + slot) ?? null) !== null;
  } catch {
    return false;
  }
}

function safeLocalStorage(): Storage | undefined {
  try {
    return globalThis.localStorage;
  } catch {
    return undefined;
  }
}
