/**
 * The unload journal: a synchronous copy of unsaved work, written to `localStorage` when the page is being
 * hidden or left. IndexedDB writes are asynchronous and a page that unloads may not see them land; this
 * one is written before the handler returns, so an edit made a moment before a reload is never lost. It
 * holds the project document only (no token, no audio); the next save to IndexedDB clears it.
 */

import { JOURNAL_PREFIX as PREFIX, writeJournal, type JournalEntry } from './stored-work.js';

export type { JournalEntry };


/** `localStorage`, or undefined where reading it throws (sandboxed frames, blocked storage). */
export function defaultJournalStorage(): Storage | undefined {
  try {
    return globalThis.localStorage;
  } catch {
    return undefined;
  }
}

export { writeJournal };

/** The entry for `slot`, or undefined when there is none or it cannot be read. */
export function readJournal(storage: Storage | undefined, slot: string): JournalEntry | undefined {
  try {
    const raw = storage?.getItem(PREFIX + slot);
    if (raw === null || raw === undefined) return undefined;
    const entry = JSON.parse(raw) as Partial<JournalEntry> | null;
    if (entry === null || typeof entry !== 'object' || !Number.isInteger(entry.revision) || typeof entry.savedAt !== 'string' || !('doc' in entry)) return undefined;
    return entry as JournalEntry;
  } catch {
    return undefined;
  }
}

export function clearJournal(storage: Storage | undefined, slot: string): void {
  try {
    storage?.removeItem(PREFIX + slot);
  } catch {
    // Nothing to clear where storage is refused.
  }
}

/** The newest stored work of a project, from the IndexedDB draft or the journal. */
export interface StoredWork {
  doc: unknown;
  savedAt: string;
  cleanExit: boolean;
  /** It came from the journal, so it is not in IndexedDB yet. */
  journal: boolean;
}

/**
 * Work copied to the journal as the page went away is newer than the draft it was edited from: it wins when
 * its revision is at least the draft's. A journal older than the draft is stale and is removed.
 */
export function newestWork(
  storage: Storage | undefined,
  slot: string,
  draft: { doc: unknown; savedAt: string; cleanExit: boolean; revision: number } | undefined,
): StoredWork | undefined {
  const revision = draft?.revision ?? 0;
  const journal = readJournal(storage, slot);
  if (journal !== undefined && journal.revision < revision) clearJournal(storage, slot);
  if (journal !== undefined && journal.revision >= revision) return { doc: journal.doc, savedAt: journal.savedAt, cleanExit: true, journal: true };
  return draft && { doc: draft.doc, savedAt: draft.savedAt, cleanExit: draft.cleanExit, journal: false };
}
