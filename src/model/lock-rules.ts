// Where the store finds the locks' rules. The rules (lock-guard.ts, keep-locked.ts) are only needed in the
// adopter role, so they are a chunk of their own, loaded before a session turns that role on; importing
// lock-guard.ts provides them here.

import type { EditAction } from './actions.js';
import type { ProjectDocument } from './document.js';
import type { LockTarget } from './locks.js';

/** Who edits: a `creator` builds a template and sets locks; an `adopter` fills it in, and locks hold. */
export type EditorRole = 'creator' | 'adopter';

/** A lock that an edit would break: what is locked, its reason, and the section's name where there is one. */
export interface BrokenLock {
  readonly target: LockTarget;
  /** The creator's reason, if given. */
  readonly reason: string | undefined;
  /** The label of the section (or of the clip's section); undefined for the bed, length and delivery. */
  readonly name: string | undefined;
}

/** The rules the store applies in the adopter role (see lock-guard.ts and keep-locked.ts). */
export interface LockRules {
  brokenLock(before: ProjectDocument, after: ProjectDocument): BrokenLock | undefined;
  describeLock(doc: ProjectDocument, target: LockTarget): BrokenLock;
  keepLocked(before: ProjectDocument, after: ProjectDocument, action: EditAction): ProjectDocument;
}

let provided: LockRules | undefined;

/** The locks' rules, once lock-guard.ts has been loaded. */
export const lockRules = (): LockRules | undefined => provided;

/** Called by lock-guard.ts when it loads. */
export function provideLockRules(rules: LockRules): void {
  provided = rules;
}

/** Loads the locks' rules (a chunk of its own); resolves once the store can hold locks. */
export const loadLockRules = (): Promise<unknown> => import('./lock-guard.js');
