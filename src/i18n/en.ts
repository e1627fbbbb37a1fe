import { enFirst } from './en-first.js';
import { enLater } from './en-later.js';

/**
 * The built-in English text, by key: the words of the first paint (`en-first.ts`) and of what loads later
 * (`en-later.ts`). Every key can be overridden through `config.i18n.strings`; `{name}` marks a value
 * filled in at run time. Only types and tests import this whole table: the editor loads `en-later.ts` on
 * demand (`loadEnglish`).
 */
export const en = { ...enFirst, ...enLater } as const;

export type StringKey = keyof typeof en;

/** A complete catalogue: every key of the English one. */
export type Catalogue = Record<StringKey, string>;
