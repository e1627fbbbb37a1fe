// The built-in text of languages other than English, loaded when first asked for: an editor in English
// never fetches French or German (in the CDN build they are the chunks `studio-editor.fr.js` and `.de.js`).
import type { Catalogue } from './en.js';
import type { BuiltInLanguage } from './translate.js';
import { loadOnce } from '../internal/load-once.js';

const IMPORTS: Record<Exclude<BuiltInLanguage, 'en'>, () => Promise<Catalogue>> = {
  fr: () => import('./fr.js').then((module) => module.fr),
  de: () => import('./de.js').then((module) => module.de),
};

/** The built-in text of `language` (English is always there); one load per page. */
export const loadCatalogue = loadOnce((language: Exclude<BuiltInLanguage, 'en'>): Promise<Catalogue> => IMPORTS[language]());
