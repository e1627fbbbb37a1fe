import { en, type Catalogue, type StringKey } from './en.js';
import { fr } from './fr.js';

export const CATALOGUES = { en, fr } as const satisfies Record<string, Catalogue>;

export type Locale = keyof typeof CATALOGUES;

export const STRING_KEYS = Object.keys(en) as StringKey[];

/** Looks a string up by key and fills in its `{name}` parameters. */
export type Translate = ((key: StringKey, params?: Record<string, string | number>) => string) & {
  /** The language it speaks, for `Intl` formats beside the words. */
  readonly locale: Locale;
};

/** A translator for `locale`, with the host's overrides taking precedence over the built-in text. */
export function createTranslator(locale: Locale, overrides: Partial<Record<string, string>> = {}): Translate {
  const catalogue = CATALOGUES[locale];
  const translate = (key: StringKey, params?: Record<string, string | number>): string => {
    const template = overrides[key] ?? catalogue[key];
    if (params === undefined) return template;
    return template.replace(/\{(\w+)\}/g, (match, name: string) => (name in params ? String(params[name]) : match));
  };
  return Object.assign(translate, { locale });
}
