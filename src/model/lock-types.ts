// The words of locks (schema 6) that the actions, the lock rules and the lock edits (./locks.ts) share: who
// edits, what can be locked, and a lock an edit would break. Types only, under all three.

/**
 * Who edits: a `creator` builds a template and sets locks; an `adopter` fills it in, and locks hold; a
 * `reviewer` plays, comments and decides, and the store refuses every edit of the ad.
 */
export type EditorRole = 'creator' | 'adopter' | 'reviewer';

/** A lock that an edit would break: what is locked, its reason, and the section's name where there is one. */
export interface BrokenLock {
  readonly target: LockTarget;
  /** The creator's reason, if given. */
  readonly reason: string | undefined;
  /** The label of the section (or of the clip's section); undefined for the bed, length and delivery. */
  readonly name: string | undefined;
}

/** A part of the ad that can be locked. */
export type LockTarget =
  | { readonly kind: 'clip'; readonly id: string }
  | { readonly kind: 'section'; readonly id: string }
  | { readonly kind: 'bed' }
  | { readonly kind: 'duration' }
  | { readonly kind: 'delivery' };
