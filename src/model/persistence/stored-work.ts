// Whether a project has work stored in this browser, known at start without the autosave's module: a draft in
// IndexedDB (read ahead, draft-prefetch.ts) or unsaved edits copied to the unload journal (journal.ts). Only then
// does the editor's start wait for the autosave, which restores or offers that work before ready.

/** Where the unload journal of a draft is kept in `localStorage`: this prefix and the draft's slot. */
export const JOURNAL_PREFIX = 'studio-editor/journal/';

/** The slot of the draft `key` in the database `dbName`: the journal's key, and the key of a last save under way. */
export const draftSlot = (dbName: string, key: string): string => `${dbName}\u0000${key}`;

/** What the journal keeps of a draft: the document and the stored revision it was edited from. */
export interface JournalEntry {
  /** The IndexedDB revision the edits started from. */
  readonly revision: number;
  /** ISO time of the write. */
  readonly savedAt: string;
  readonly doc: unknown;
}

/**
 * Writes the journal's entry for `slot`; false when storage refused it (full, blocked). Here rather than in
 * journal.ts so that the editor writes it too while the autosave's module is on its way (see the session).
 */
export function writeJournal(storage: Storage | undefined, slot: string, entry: JournalEntry): boolean {
  if (storage === undefined) return false;
  try {
    storage.setItem(JOURNAL_PREFIX + slot, JSON.stringify(entry));
    return true;
  } catch {
    return false;
  }
}

/** Whether the journal holds unsaved work for `slot` (a storage that cannot be read holds none). */
export function journalHolds(slot: string, storage: Pick<Storage, 'getItem'> | undefined = safeLocalStorage()): boolean {
  try {
    return (storage?.getItem(JOURNAL_PREFIX + slot) ?? null) !== null;
  } catch {
    return false;
  }
}

export function safeLocalStorage(): Storage | undefined {
  try {
    return globalThis.localStorage;
  } catch {
    return undefined;
  }
}
