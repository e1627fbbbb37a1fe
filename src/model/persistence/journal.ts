/**
 * The unload journal: a synchronous copy of unsaved work, written to `localStorage` when the page is being
 * hidden or left. IndexedDB writes are asynchronous and a page that unloads may not see them land; this
 * one is written before the handler returns, so an edit made a moment before a reload is never lost. It
 * holds the project document only (no token, no audio); the next save to IndexedDB clears it.
 */

/** What the journal keeps of a draft: the document and the stored revision it was edited from. */
export interface JournalEntry {
  /** The IndexedDB revision the edits started from. */
  readonly revision: number;
  /** ISO time of the write. */
  readonly savedAt: string;
  readonly doc: unknown;
}

const PREFIX = 'studio-editor/journal/';

/** `localStorage`, or undefined where reading it throws (sandboxed frames, blocked storage). */
export function defaultJournalStorage(): Storage | undefined {
  try {
    return globalThis.localStorage;
  } catch {
    return undefined;
  }
}

/** Writes the entry for `slot`; false when storage refused it (full, blocked). */
export function writeJournal(storage: Storage | undefined, slot: string, entry: JournalEntry): boolean {
  if (storage === undefined) return false;
  try {
    storage.setItem(PREFIX + slot, JSON.stringify(entry));
    return true;
  } catch {
    return false;
  }
}

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
