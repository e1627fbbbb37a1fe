import type * as TimelinePanel from './studio-timeline-panel.js';

/**
 * Loads `<studio-editor-timeline-panel>` (the timeline and wavesurfer.js, a third of the editor) when the editor
 * starts with the timeline on. In the ESM build this dynamic import stays a separate chunk; the
 * self-contained bundles replace this module with a loader of `studio-editor.timeline.js` next to the
 * script (see rollup.config.mjs), so the first paint does not wait for it.
 */
export const loadTimeline = (): Promise<typeof TimelinePanel> => import('./studio-timeline-panel.js');
