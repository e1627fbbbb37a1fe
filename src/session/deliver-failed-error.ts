import { StudioError } from '../errors.js';

/** One thing a delivery could not make (a file, or a feed's row), and why, in the words of the check that said so. */
export interface FailedPart {
  /** The file's name, or the row's key. */
  readonly name: string;
  readonly reasons: readonly string[];
}

/**
 * A delivery, or a feed's run, that made nothing (`code: 'deliver-failed'`, recoverable): `failed` names each file
 * or row with its reasons, so that the panel where the user asked lists them; `message` says the same in short
 * (the first few) for the host.
 */
export class StudioDeliverFailedError extends StudioError {
  static override get kind(): string {
    return 'StudioDeliverFailedError';
  }
  readonly failed: readonly FailedPart[];

  constructor(message: string, failed: readonly FailedPart[]) {
    super('deliver-failed', message, { recoverable: true });
    this.failed = failed;
  }
}
