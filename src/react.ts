/**
 * `service-studio-editor/react`: `<StudioEditor>` for React, made with `@lit/react`. Props are set as element
 * properties (`config` included: an inline object literal is fine, the editor compares configs by content)
 * and each editor event has a typed `on…` prop:
 *
 * ```tsx
 * import { StudioEditor } from 'service-studio-editor/react';
 * <StudioEditor config={{ auth }} onStudioReady={() => setReady(true)} onStudioChange={(event) => setDirty(event.detail.dirty)} />
 * ```
 *
 * React 19 can also render `<studio-editor>` itself; `service-studio-editor/jsx` types that path.
 */
import { createComponent, type EventName } from '@lit/react';
import * as React from 'react';
import { StudioEditor as StudioEditorElement } from './components/studio-editor/studio-editor.js';
import type { StudioAuthErrorEvent } from './events/studio-auth-error.js';
import type { StudioChangeEvent } from './events/studio-change.js';
import type { StudioDeliverEvent } from './events/studio-deliver.js';
import type { StudioErrorEvent } from './events/studio-error.js';
import type { StudioExportEvent } from './events/studio-export.js';
import type { StudioJobProgressEvent } from './events/studio-job-progress.js';
import type { StudioReadyEvent } from './events/studio-ready.js';
import type { StudioReviewEvent } from './events/studio-review.js';
import type { StudioSaveEvent } from './events/studio-save.js';

/** The React event props of `<StudioEditor>` and the editor events they listen to. */
export const STUDIO_EDITOR_EVENTS = {
  onStudioReady: 'studio-ready' as EventName<StudioReadyEvent>,
  onStudioError: 'studio-error' as EventName<StudioErrorEvent>,
  onStudioAuthError: 'studio-auth-error' as EventName<StudioAuthErrorEvent>,
  onStudioJobProgress: 'studio-job-progress' as EventName<StudioJobProgressEvent>,
  onStudioChange: 'studio-change' as EventName<StudioChangeEvent>,
  onStudioSave: 'studio-save' as EventName<StudioSaveEvent>,
  onStudioExport: 'studio-export' as EventName<StudioExportEvent>,
  onStudioDeliver: 'studio-deliver' as EventName<StudioDeliverEvent>,
  onStudioReview: 'studio-review' as EventName<StudioReviewEvent>,
} as const;

/** `<studio-editor>` as a React component, with typed `config` and event props. */
export const StudioEditor = createComponent({
  tagName: 'studio-editor',
  elementClass: StudioEditorElement,
  react: React,
  events: STUDIO_EDITOR_EVENTS,
  displayName: 'StudioEditor',
});
