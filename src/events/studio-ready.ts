/** Detail of `studio-ready`. */
export interface StudioReadyDetail {
  /** The package version of the editor that is running. */
  readonly version: string;
}

/** Fired once the editor has rendered with a valid configuration and is ready for use. */
export class StudioReadyEvent extends Event {
  readonly detail: StudioReadyDetail;

  constructor(detail: StudioReadyDetail) {
    super('studio-ready', { bubbles: true, composed: true });
    this.detail = detail;
  }
}

declare global {
  interface GlobalEventHandlersEventMap {
    'studio-ready': StudioReadyEvent;
  }
}
