import { StudioError } from '../errors.js';
import { reasonText, type Reason } from '../rules/said.js';

/** One thing a delivery could not make (a file, or a feed's row), and why, in the words of the check that said so. */
export interface FailedPart {
  /** The file's name, or the row's key. */
  readonly name: string;
  readonly reasons: readonly string[];
  /** The same reasons with where each happened and what to say it with in the user's language (`said`). */
  readonly why?: readonly Reason[];
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

/**
 * A row of a feed that cannot be heard (`code: 'feed-row'`, recoverable): its check or its takes say it cannot be
 * delivered. `why` gives the reasons, so that the Feed step says them in the user's language; `message` says them in
 * English for the host.
 */
export class StudioRowRefusedError extends StudioError {
  static override get kind(): string {
    return 'StudioRowRefusedError';
  }
  readonly why: readonly Reason[];

  constructor(key: string, why: readonly Reason[]) {
    super('feed-row', `Row ${JSON.stringify(key)} cannot be heard: ${why.map(reasonText).join('; ')}`, { recoverable: true });
    this.why = why;
  }
}
