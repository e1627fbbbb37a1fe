import type * as TimelinePanel from './studio-timeline-panel.js';

/**
 * Loads `<studio-editor-timeline-panel>` (the timeline and wavesurfer.js, a third of the editor) once the
 * editor is ready: a chunk of its own in every build (`studio-editor.studio-timeline-panel.js` in the CDN
 * build), not part of the first paint.
 */
export const loadTimeline = (): Promise<typeof TimelinePanel> => import('./studio-timeline-panel.js');
