/** Detail of `studio-job-progress`: one poll of a service job. */
export interface StudioJobProgressDetail {
  /** What the job does, in words (`Recommendation from a URL`). */
  readonly operation: string;
  readonly jobId: string | undefined;
  readonly pollUrl: string;
  /**
   * The service's state as sent: `queued`, `running`, `succeeded`, ... (unknown states mean pending); or
   * `retrying` while the request that starts the job waits `retryInMs` to be sent again (after a 429, 503, 5xx
   * or a network error), with `poll` 0 and an empty `pollUrl`.
   */
  readonly state: string;
  /** 0 to 1, when the service says. */
  readonly progress: number | undefined;
  /** Short words on what the job is doing, when the service says. */
  readonly stage: string | undefined;
  /** 1 for the first poll; 0 while the job is being started. */
  readonly poll: number;
  /** With `state: 'retrying'`: ms until the start is sent again. */
  readonly retryInMs?: number;
}

/** Fired after every poll of a job the editor (or `handle.api`) follows. */
export class StudioJobProgressEvent extends Event {
  readonly detail: StudioJobProgressDetail;

  constructor(detail: StudioJobProgressDetail) {
    super('studio-job-progress', { bubbles: true, composed: true });
    this.detail = detail;
  }
}

declare global {
  interface GlobalEventHandlersEventMap {
    'studio-job-progress': StudioJobProgressEvent;
  }
}
