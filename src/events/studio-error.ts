/** Detail of `studio-error`: what failed, in words a person can act on. Never carries a token. */
export interface StudioErrorDetail {
  /** Stable machine-readable code, e.g. `config`, `network`, `job-failed`. */
  readonly code: string;
  readonly message: string;
  /** True when trying again (or fixing input) can succeed; the user's project is kept either way. */
  readonly recoverable: boolean;
  /** HTTP status, when the failure came from a response. */
  readonly status?: number;
}

/** Fired when something failed at run time. The editor keeps the user's work and shows the error. */
export class StudioErrorEvent extends Event {
  readonly detail: StudioErrorDetail;

  constructor(detail: StudioErrorDetail) {
    super('studio-error', { bubbles: true, composed: true });
    this.detail = detail;
  }
}

declare global {
  interface GlobalEventHandlersEventMap {
    'studio-error': StudioErrorEvent;
  }
}
