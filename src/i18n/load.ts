// The built-in text of languages other than English, loaded when first asked for: an editor in English
// never fetches French or German. In the self-contained builds this module is replaced by one that loads
// `studio-editor.<language>.js` from beside the script (rollup.config.mjs).
import type { Catalogue } from './en.js';
import type { BuiltInLanguage } from './translate.js';

const loading = new Map<BuiltInLanguage, Promise<Catalogue>>();

const IMPORTS: Record<Exclude<BuiltInLanguage, 'en'>, () => Promise<Catalogue>> = {
  fr: () => import('./fr.js').then((module) => module.fr),
  de: () => import('./de.js').then((module) => module.de),
};

/** The built-in text of `language` (English is always there); one load per page. */
export function loadCatalogue(language: Exclude<BuiltInLanguage, 'en'>): Promise<Catalogue> {
  let promise = loading.get(language);
  if (promise === undefined) {
    promise = IMPORTS[language]();
    // A failed load (a file missing beside the script) is tried again next time.
    promise.catch(() => loading.delete(language));
    loading.set(language, promise);
  }
  return promise;
}
