// Locks a creator sets on parts of the ad (schema 6): on a clip, a script section, the bed, and the project's
// length and delivery. Setting and clearing them (the store's `lock/set`, added to the reducer when this module
// loads, with the lock controls); what they hold is checked where the store applies edits.

import type { Lockable, ProjectDocument, ProjectLock, ProjectLocks } from './document.js';
import type { EditAction } from './actions.js';
import type { LockTarget } from './lock-types.js';
import { addEdits } from './reducer.js';
import { StudioProjectError } from './project-error.js';

/** The most characters of a lock's reason. */
export const LOCK_REASON_MAX = 200;

function checkedReason(reason: unknown): string | undefined {
  if (reason === undefined) return undefined;
  if (typeof reason !== 'string' || reason.length > LOCK_REASON_MAX) {
    throw new StudioProjectError('project-invalid', [{ path: 'lockReason', message: `a lock's reason is text of at most ${LOCK_REASON_MAX} characters` }]);
  }
  return reason.trim() === '' ? undefined : reason;
}

/** `item` locked (with `reason`) or unlocked; the same object when nothing changes. */
function lockItem<T extends Lockable>(item: T, locked: boolean, reason: string | undefined): T {
  const { locked: _locked, lockReason: _reason, ...rest } = item;
  const next = (locked ? { ...rest, locked: true, ...(reason === undefined ? {} : { lockReason: reason }) } : rest) as T;
  return next.locked === item.locked && next.lockReason === item.lockReason ? item : next;
}

function lockSetting(locks: ProjectLocks, key: keyof ProjectLocks, locked: boolean, reason: string | undefined): ProjectLocks {
  const current = locks[key];
  if (!locked) {
    if (current === undefined) return locks;
    const { [key]: _gone, ...rest } = locks;
    return rest;
  }
  if (current !== undefined && current.reason === reason) return locks;
  const lock: ProjectLock = reason === undefined ? {} : { reason };
  return { ...locks, [key]: lock };
}

/** `doc` with `target` locked or unlocked; an unknown clip or section changes nothing; a wrong reason throws. */
export function setLock(doc: ProjectDocument, target: LockTarget, locked: boolean, reason?: string): ProjectDocument {
  const why = locked ? checkedReason(reason) : undefined;
  switch (target.kind) {
    case 'clip': {
      const clips = doc.clips.map((clip) => (clip.id === target.id ? lockItem(clip, locked, why) : clip));
      return clips.every((clip, index) => clip === doc.clips[index]) ? doc : { ...doc, clips };
    }
    case 'section': {
      const sections = doc.script.sections.map((section) => (section.id === target.id ? lockItem(section, locked, why) : section));
      return sections.every((section, index) => section === doc.script.sections[index]) ? doc : { ...doc, script: { sections } };
    }
    case 'bed': {
      if (doc.music === null) return doc;
      const music = lockItem(doc.music, locked, why);
      return music === doc.music ? doc : { ...doc, music };
    }
    case 'duration':
    case 'delivery': {
      const locks = lockSetting(doc.locks, target.kind, locked, why);
      return locks === doc.locks ? doc : { ...doc, locks };
    }
  }
}

addEdits<Extract<EditAction, { type: 'lock/set' }>>(['lock/set'], (doc, action) => setLock(doc, action.target, action.locked, action.reason));
