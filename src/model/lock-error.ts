import { StudioError } from '../errors.js';
import type { BrokenLock } from './lock-rules.js';

/**
 * What the handle throws when the store refused its edit for a lock (adopter role): a `StudioError` with
 * `code: 'locked'`, recoverable, whose message names the lock and its reason.
 */
export class StudioLockedError extends StudioError {
  static override get kind(): string {
    return 'StudioLockedError';
  }
  /** The lock the edit would have broken. */
  readonly lock: BrokenLock;

  constructor(lock: BrokenLock) {
    const what = lock.target.kind === 'clip' || lock.target.kind === 'section' ? `${lock.target.kind} "${lock.target.id}"` : lock.target.kind === 'bed' ? 'the music bed' : `the project's ${lock.target.kind}`;
    super('locked', `Refused in the adopter role: ${what} is locked${lock.reason === undefined ? '' : ` (${lock.reason})`}. Switch tools.role to 'creator' to change it.`, { recoverable: true });
    this.lock = lock;
  }
}

