import type * as RenderLocal from './render-local.js';

/**
 * Loads the on-thread renderer on first use (the fallback when no worker can start, and exports without a
 * worker). In the ESM build this dynamic import stays a separate chunk; the self-contained bundles replace
 * this module with a loader of `studio-editor.render.js` next to the script (see rollup.config.mjs), so the
 * DSP is not in them twice.
 */
export const loadRenderLocal = (): Promise<typeof RenderLocal> => import('./render-local.js');
