// Where the store finds the locks' rules. The rules (lock-guard.ts, keep-locked.ts) are only needed in the
// adopter role, so they are a chunk of their own, loaded before a session turns that role on
// (`loadLockRules`).

import type { EditAction } from './actions.js';
import type { ProjectDocument } from './document.js';
import type { BrokenLock, LockTarget } from './lock-types.js';

export type { BrokenLock, EditorRole } from './lock-types.js';

/** The rules the store applies in the adopter role (see lock-guard.ts and keep-locked.ts). */
export interface LockRules {
  brokenLock(before: ProjectDocument, after: ProjectDocument): BrokenLock | undefined;
  describeLock(doc: ProjectDocument, target: LockTarget): BrokenLock;
  keepLocked(before: ProjectDocument, after: ProjectDocument, action: EditAction): ProjectDocument;
}

let provided: LockRules | undefined;

/** The locks' rules, once lock-guard.ts has been loaded. */
export const lockRules = (): LockRules | undefined => provided;

/** Loads the locks' rules (a chunk of its own); resolves once the store can hold locks. */
export const loadLockRules = (): Promise<void> =>
  import('./lock-guard.js').then(({ brokenLock, describeLock, keepLocked }) => {
    provided = { brokenLock, describeLock, keepLocked };
  });
