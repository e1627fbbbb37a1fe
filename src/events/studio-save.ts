/** Detail of `studio-save`. */
export interface StudioSaveDetail {
  /** The project saved. */
  readonly projectId: string;
  /** Stored revision, incremented by every save of this project in this browser (by any tab). */
  readonly revision: number;
}

/** Fired after each successful save of the project draft in the browser (IndexedDB). Failures fire `studio-error` with a `storage-*` code. */
export class StudioSaveEvent extends Event {
  readonly detail: StudioSaveDetail;

  constructor(detail: StudioSaveDetail) {
    super('studio-save', { bubbles: true, composed: true });
    this.detail = detail;
  }
}

declare global {
  interface GlobalEventHandlersEventMap {
    'studio-save': StudioSaveEvent;
  }
}
