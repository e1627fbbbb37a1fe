import { loadOnce } from '../../internal/load-once.js';

/**
 * Loads `<studio-editor-level-meter>` once the editor is ready: it has nothing to measure before there is
 * audio, so it is not part of the first paint. Until then the toolbar keeps its box (studio-toolbar.ts).
 */
export const loadLevelMeter = loadOnce((_: void): Promise<unknown> => import('./level-meter.js'));
