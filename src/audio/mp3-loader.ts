import type * as Mp3Encoder from './mp3-encoder.js';

/**
 * Loads the MP3 encoder on first use: a chunk of its own in every build (LAME is LGPL; the CDN build's is
 * `studio-editor.mp3-encoder.js`), so it never adds to the editor's first paint.
 */
export const loadMp3Encoder = (): Promise<typeof Mp3Encoder> => import('./mp3-encoder.js');
