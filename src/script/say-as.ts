// How a `<say-as>` is said: the value written out as a voice reads it in its language (English, German, French).
// Numbers stay figures, which a voice says in its language; the rest is spelled here. The emulator speaks this
// (demo/server/emulator/ssml-read.ts) and the estimates count its words (./ssml.ts `saidText`), so both agree.
// A value that is not what its `interpret-as` says is read as written, as a service would. Pure.

type Language = 'en' | 'de' | 'fr';

const languageOf = (tag: string): Language => (tag.startsWith('de') ? 'de' : tag.startsWith('fr') ? 'fr' : 'en');

/** Each character of `text` on its own (spaces dropped), for eSpeak to say one by one. */
const oneByOne = (text: string): string => [...text.replace(/\s+/g, '')].join(' ');

/** A phone number group by group (each run of digits), each digit on its own: `800-555-0199` is "8 0 0, 5 5 5, 0 1 9 9". */
function telephone(text: string): string {
  const groups = text.match(/\d+/g) ?? [];
  if (groups.length === 0) return text;
  return `${text.trim().startsWith('+') ? 'plus ' : ''}${groups.map(oneByOne).join(', ')}`;
}

const CURRENCIES: Readonly<Record<string, Record<Language, [string, string]>>> = {
  USD: { en: ['dollars', 'cents'], de: ['Dollar', 'Cent'], fr: ['dollars', 'cents'] },
  EUR: { en: ['euros', 'cents'], de: ['Euro', 'Cent'], fr: ['euros', 'centimes'] },
  GBP: { en: ['pounds', 'pence'], de: ['Pfund', 'Pence'], fr: ['livres', 'pence'] },
};
const SYMBOLS: Readonly<Record<string, string>> = { $: 'USD', '€': 'EUR', '£': 'GBP', USD: 'USD', EUR: 'EUR', GBP: 'GBP' };
const AND: Readonly<Record<Language, string>> = { en: 'and', de: 'und', fr: 'et' };

/** A price in words around its figures: `$14.50` is "14 dollars and 50 cents"; without a symbol, the language's money. */
function currency(text: string, tag: string): string {
  const match = /^\s*([$€£]|USD|EUR|GBP)?\s*(\d{1,9})(?:[.,](\d{2}))?\s*([$€£]|USD|EUR|GBP)?\s*$/i.exec(text);
  if (match === null || (match[1] !== undefined && match[4] !== undefined)) return text;
  const language = languageOf(tag);
  const code = SYMBOLS[(match[1] ?? match[4] ?? '').toUpperCase()] ?? (tag === 'en-US' ? 'USD' : tag === 'en-GB' ? 'GBP' : language === 'en' ? 'USD' : 'EUR');
  const [unit, cents] = CURRENCIES[code]![language];
  const whole = `${Number(match[2])} ${unit}`;
  return match[3] === undefined || Number(match[3]) === 0 ? whole : `${whole} ${AND[language]} ${Number(match[3])} ${cents}`;
}

/** `n` as an ordinal eSpeak reads as one: 1st, 2nd (English), 1. (German), 1er, 2e (French). */
function ordinalOf(n: number, language: Language): string {
  if (language === 'de') return `${n}.`;
  if (language === 'fr') return n === 1 ? '1er' : `${n}e`;
  const teen = n % 100 >= 11 && n % 100 <= 13;
  return `${n}${teen ? 'th' : (['th', 'st', 'nd', 'rd'][n % 10] ?? 'th')}`;
}

const MONTHS: Readonly<Record<Language, readonly string[]>> = {
  en: ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'],
  de: ['Januar', 'Februar', 'März', 'April', 'Mai', 'Juni', 'Juli', 'August', 'September', 'Oktober', 'November', 'Dezember'],
  fr: ['janvier', 'février', 'mars', 'avril', 'mai', 'juin', 'juillet', 'août', 'septembre', 'octobre', 'novembre', 'décembre'],
};

/** A date (`2026-05-01`, or day and month as the language writes them: 5/1/2026 in US English, 1.5.2026, 1/5/2026) in words. */
function date(text: string, tag: string): string {
  const language = languageOf(tag);
  const iso = /^\s*(\d{4})-(\d{1,2})-(\d{1,2})\s*$/.exec(text);
  const local = /^\s*(\d{1,2})[./](\d{1,2})[./](\d{4})\s*$/.exec(text);
  let parts: [number, number, number] | undefined;
  if (iso !== null) parts = [Number(iso[1]), Number(iso[2]), Number(iso[3])];
  else if (local !== null) parts = tag === 'en-US' ? [Number(local[3]), Number(local[1]), Number(local[2])] : [Number(local[3]), Number(local[2]), Number(local[1])];
  if (parts === undefined) return text;
  const [year, month, day] = parts;
  const name = MONTHS[language][month - 1];
  if (name === undefined || day < 1 || day > 31) return text;
  if (language === 'en') return tag === 'en-US' ? `${name} ${ordinalOf(day, 'en')}, ${year}` : `the ${ordinalOf(day, 'en')} of ${name} ${year}`;
  return `${language === 'fr' && day !== 1 ? day : ordinalOf(day, language)} ${name} ${year}`;
}

/** `text` under `<say-as interpret-as="as">`, said in the language `tag` (BCP 47). */
export function sayAs(as: string, text: string, tag: string): string {
  switch (as) {
    case 'digits':
    case 'characters':
      return oneByOne(text);
    case 'telephone':
      return telephone(text);
    case 'currency':
      return currency(text, tag);
    case 'date':
      return date(text, tag);
    case 'ordinal':
      return /^\s*\d{1,9}\s*$/.test(text) ? ordinalOf(Number(text), languageOf(tag)) : text;
    default:
      return text;
  }
}

/**
 * Whether `text` is what `as` says it is, so that a voice reads it that way: a price (`$14.50`, `14,50 €`, `189.00`),
 * a phone number (3 to 15 digits, with spaces, dashes, dots, brackets or a leading +), a date (`2026-05-01`, or
 * day and month as the language `tag` writes them), an ordinal or digits (a whole number). Anything is characters.
 * A feed row's value under a say-as is checked with it before anything is voiced.
 */
export function readsAs(as: string, text: string, tag: string): boolean {
  switch (as) {
    case 'currency':
      return currency(text, tag) !== text;
    case 'date':
      return date(text, tag) !== text;
    case 'telephone': {
      const digits = (text.match(/\d/g) ?? []).length;
      return /^\s*\+?[\d\s().-]+$/.test(text) && digits >= 3 && digits <= 15;
    }
    case 'ordinal':
    case 'digits':
      return /^\s*\d{1,15}\s*$/.test(text);
    default:
      return text.trim() !== '';
  }
}
