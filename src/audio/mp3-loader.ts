import type * as Mp3Encoder from './mp3-encoder.js';

/**
 * Loads the MP3 encoder on first use. In the ESM build this dynamic import stays a separate chunk; the
 * self-contained bundles (IIFE, bundled ESM) replace this module with a loader of `studio-editor.mp3.js`
 * next to the script (see rollup.config.mjs), so the encoder never adds to their size.
 */
export const loadMp3Encoder = (): Promise<typeof Mp3Encoder> => import('./mp3-encoder.js');
