import type { StudioAuthErrorEvent } from './studio-auth-error.js';
import type { StudioChangeEvent } from './studio-change.js';
import type { StudioDeliverEvent } from './studio-deliver.js';
import type { StudioErrorEvent } from './studio-error.js';
import type { StudioExportEvent } from './studio-export.js';
import type { StudioJobProgressEvent } from './studio-job-progress.js';
import type { StudioReadyEvent } from './studio-ready.js';
import type { StudioReviewEvent } from './studio-review.js';
import type { StudioSaveEvent } from './studio-save.js';

/**
 * The events of `<studio-editor>`, by the short name `handle.on()` takes (`'ready'` for `studio-ready`).
 * Each entry is the DOM event class; `on()` passes its `detail` and the event itself.
 */
export interface StudioEventMap {
  ready: StudioReadyEvent;
  error: StudioErrorEvent;
  'auth-error': StudioAuthErrorEvent;
  'job-progress': StudioJobProgressEvent;
  change: StudioChangeEvent;
  save: StudioSaveEvent;
  export: StudioExportEvent;
  deliver: StudioDeliverEvent;
  review: StudioReviewEvent;
}

export type StudioEventName = keyof StudioEventMap;

/** The DOM event type of a short event name: `ready` -> `studio-ready`. */
export const domEventType = <K extends StudioEventName>(name: K): `studio-${K}` => `studio-${name}`;
