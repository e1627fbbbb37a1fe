import type { Catalogue } from './en.js';
import { frFirst } from './fr-first.js';
import { frLater } from './fr-later.js';

/** Le texte français intégré: one chunk, loaded when the editor's language is first set to it (`load.ts`). */
export const fr: Catalogue = { ...frFirst, ...frLater };
