/** Where a change of the project came from. */
export type StudioChangeSource = 'edit' | 'undo' | 'redo' | 'service' | 'load' | 'init';

/** Detail of `studio-change`. */
export interface StudioChangeDetail {
  /** The action that changed the project, e.g. `clip/move`, `history/undo`, `recommendations/received`. */
  readonly action: string;
  /** `edit` (a user edit), `undo`, `redo`, `service` (a result from the service), `load` (`loadProject`, a restored draft), `init` (a new or reloaded project). */
  readonly source: StudioChangeSource;
  /** Unsaved changes since the last save. */
  readonly dirty: boolean;
  readonly canUndo: boolean;
  readonly canRedo: boolean;
}

/** Fired after each change of the project document. Call `handle.getProject()` for the document itself. */
export class StudioChangeEvent extends Event {
  readonly detail: StudioChangeDetail;

  constructor(detail: StudioChangeDetail) {
    super('studio-change', { bubbles: true, composed: true });
    this.detail = detail;
  }
}

declare global {
  interface GlobalEventHandlersEventMap {
    'studio-change': StudioChangeEvent;
  }
}
