import type { Catalogue, StringKey } from './en.js';
import { enFirst } from './en-first.js';
import { english } from './english.js';
import { formatClock, formatDateTime, formatLevelIn, formatList, formatNumber, formatRelative, pluralCategory } from './format.js';

/** The languages with built-in text. Others can be added by a host through `config.i18n.strings`. */
export const BUILT_IN_LANGUAGES = ['en', 'fr', 'de'] as const;
export type BuiltInLanguage = (typeof BUILT_IN_LANGUAGES)[number];

/**
 * The `{placeholders}` of every key known here: those of the words of the first paint, then those of the
 * later words' table once `loadStringKeys()` brought it (`src/i18n/later-keys.ts`, a chunk of its own: only a
 * host's `i18n.strings` naming a later key needs it before the later words arrive).
 */
const PLACEHOLDERS = new Map<string, readonly string[]>(Object.entries(enFirst).map(([key, text]): [string, string[]] => [key, placeholdersIn(text)]));
let laterKeys: Promise<void> | undefined;
let laterKeysHere = false;

/** Brings the table of the later words' keys (once); every key is known when it resolves. */
export function loadStringKeys(): Promise<void> {
  laterKeys ??= import('./later-keys.js').then(({ LATER_KEYS }) => {
    for (const item of LATER_KEYS.split(' ')) PLACEHOLDERS.set(item.replace(/\{.*$/, ''), placeholdersIn(item));
    laterKeysHere = true;
  });
  return laterKeys;
}

/** Whether every key of the built-in text is known (`loadStringKeys()` resolved). */
export const allStringKeysKnown = (): boolean => laterKeysHere;

/** The keys of the built-in text known now: the first paint's, and every key once `loadStringKeys()` resolved. */
export const stringKeys = (): StringKey[] => [...PLACEHOLDERS.keys()] as StringKey[];

/** The `{name}` placeholders of a text, each once. */
export function placeholdersIn(text: string): string[] {
  return [...new Set(text.match(/\{\w+\}/g) ?? [])];
}

/** The `{name}` placeholders the built-in text of `key` has; undefined for a key not known (yet: see `loadStringKeys`). */
export const placeholdersOf = (key: string): readonly string[] | undefined => PLACEHOLDERS.get(key);

/** Keys with plural forms (`voice.count.one`, `voice.count.other`) by their base (`voice.count`). */
export type PluralKey = { [K in StringKey]: K extends `${infer Base}.other` ? Base : never }[StringKey];

type Params = Record<string, string | number>;

/** Looks a string up by key and fills in its `{name}` parameters; formats numbers, levels and dates in its locale. */
export type Translate = ((key: StringKey, params?: Params) => string) & {
  /** The BCP 47 locale of the words and the formats (`en`, `fr-CA`, `es`...). */
  readonly locale: string;
  /** A number with exactly `digits` decimals (`2.1`, `2,1`). */
  number(value: number, digits?: number): string;
  /** A level in LUFS, LU or dB to 0.1 (`-14.0`, `-14,0`, `-inf`); `+` before a positive gain when `signed`. */
  level(value: number, signed?: boolean): string;
  /** `m:ss`, or `m:ss.t` with `tenths`. */
  clock(seconds: number, tenths?: boolean): string;
  /** A date and time, medium date and short time. */
  date(value: Date | string): string;
  /** How long ago: `2 minutes ago`. */
  relative(value: Date | string): string;
  /** `a, b and c`. */
  list(items: readonly string[]): string;
  /** The plural form of `key` for `count` (`{count}` is filled in, formatted). */
  plural(key: PluralKey, count: number, params?: Params): string;
};

/** The built-in language of a locale (`fr-CA` -> `fr`), or undefined when there is none. */
export function builtInLanguage(locale: string): BuiltInLanguage | undefined {
  const language = locale.toLowerCase().split('-')[0];
  return (BUILT_IN_LANGUAGES as readonly string[]).includes(language!) ? (language as BuiltInLanguage) : undefined;
}

/**
 * A translator for `locale`: the host's `overrides` first, then `catalogue` (the locale's built-in text,
 * loaded by `loadCatalogue`), then English.
 */
export function createTranslator(locale: string, overrides: Partial<Record<string, string>> = {}, catalogue: Partial<Catalogue> = english): Translate {
  // The key itself only where a module shows words it did not load (a bug, and visible as one).
  const template = (key: StringKey): string => overrides[key] ?? catalogue[key] ?? english[key] ?? key;
  const fill = (text: string, params?: Params): string =>
    params === undefined ? text : text.replace(/\{(\w+)\}/g, (match, name: string) => (name in params ? String(params[name]) : match));
  const translate = (key: StringKey, params?: Params): string => fill(template(key), params);
  return Object.assign(translate, {
    locale,
    number: (value: number, digits = 1) => formatNumber(locale, value, digits),
    level: (value: number, signed = false) => formatLevelIn(locale, value, signed),
    clock: (seconds: number, tenths = false) => formatClock(locale, seconds, tenths),
    date: (value: Date | string) => formatDateTime(locale, value),
    relative: (value: Date | string) => formatRelative(locale, value),
    list: (items: readonly string[]) => formatList(locale, items),
    plural: (key: PluralKey, count: number, params?: Params) => {
      const form = `${key}.${pluralCategory(locale, count)}`;
      // The words of a plural are here with the module that shows it (a language's own forms, or English's).
      const chosen = (catalogue[form as StringKey] !== undefined || english[form] !== undefined ? form : `${key}.other`) as StringKey;
      return fill(template(chosen), { count: formatNumber(locale, count, 0), ...params });
    },
  });
}
