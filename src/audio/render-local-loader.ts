import type * as RenderLocal from './render-local.js';

/**
 * Loads the on-thread renderer on first use (the fallback when no worker can start, and exports without a
 * worker): a chunk of its own in every build, so the page does not carry the DSP it leaves to the worker.
 */
export const loadRenderLocal = (): Promise<typeof RenderLocal> => import('./render-local.js');
