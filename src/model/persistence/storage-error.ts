import { StudioError } from '../../errors.js';
import { enFirst } from '../../i18n/en-first.js';

/** Codes of storage failures; every one keeps the document in memory and is recoverable. */
export type StorageErrorCode = 'storage-unavailable' | 'storage-blocked' | 'storage-quota' | 'storage-conflict' | 'storage-failed';

/**
 * Saving or reading a draft in the browser failed. The project stays in memory, nothing is lost; the user
 * is told and can export the project file.
 */
export class StudioStorageError extends StudioError {
  static override get kind(): string {
    return 'StudioStorageError';
  }
  declare readonly code: StorageErrorCode;

  constructor(code: StorageErrorCode, message: string, cause?: unknown) {
    super(code, message, { recoverable: true, cause });
  }
}

/** Turns whatever IndexedDB threw or aborted with into a `StudioStorageError` with a message a person can act on. */
export function storageError(error: unknown): StudioStorageError {
  if (error instanceof StudioStorageError) return error;
  const name = error instanceof DOMException || error instanceof Error ? error.name : '';
  if (name === 'QuotaExceededError') {
    return new StudioStorageError('storage-quota', 'The browser has no room left to save your draft. Your work is kept in this tab: export the project file, or free some space and try again.', error);
  }
  if (name === 'InvalidStateError' || name === 'SecurityError' || name === 'UnknownError') {
    // The same words as the notice that says so.
    return new StudioStorageError('storage-unavailable', enFirst['notice.storage-unavailable'], error);
  }
  const detail = error instanceof Error ? ` (${error.name}: ${error.message})` : '';
  return new StudioStorageError('storage-failed', `Saving your draft failed${detail}. Your work is kept in this tab: try again or export the project file.`, error);
}
