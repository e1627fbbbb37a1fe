import type { Catalogue } from './en.js';
import { deFirst } from './de-first.js';
import { deLater } from './de-later.js';

/** Der eingebaute deutsche Text: one chunk, loaded when the editor's language is first set to it (`load.ts`). */
export const de: Catalogue = { ...deFirst, ...deLater };
