// The last saves of disposed autosaves in this page, by database and key: a new autosave on the same project (the
// editor restarted with a new config, or moved in the DOM) reads the draft only after that save landed, so it
// starts from the right revision.
import { DEFAULT_DB_NAME, draftKey } from './idb.js';
import { draftSlot } from './stored-work.js';

/** The last save under way of each draft slot (`draftSlot`) whose autosave was disposed. */
export const closing = new Map<string, Promise<void>>();

/** The last save of a disposed autosave on this user's project still under way, if any: read its draft after it. */
export function lastSave(userId: string, projectId: string, dbName = DEFAULT_DB_NAME): Promise<void> | undefined {
  return closing.get(draftSlot(dbName, draftKey(userId, projectId)));
}
