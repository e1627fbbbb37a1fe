import { enFirst } from './en-first.js';

/**
 * The English words the page has: those of the first paint, then those of `en-later.ts`, which adds itself
 * when the first module that needs it loads (the panels after the first, the timeline). English is every
 * language's fallback (`createTranslator`).
 */
export const english: Partial<Record<string, string>> = { ...enFirst };

/** Adds English words (`en-later.ts` does, once loaded). */
export function addEnglish(words: Readonly<Record<string, string>>): void {
  Object.assign(english, words);
}
