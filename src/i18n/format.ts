// Numbers, levels, times, dates and lists in the editor's locale, through Intl. Formatters are cached per
// locale and shape: building an Intl formatter costs far more than using one.

const cache = new Map<string, Intl.NumberFormat | Intl.DateTimeFormat | Intl.ListFormat | Intl.PluralRules | Intl.RelativeTimeFormat>();

function cached<T extends Intl.NumberFormat | Intl.DateTimeFormat | Intl.ListFormat | Intl.PluralRules | Intl.RelativeTimeFormat>(key: string, make: () => T): T {
  let formatter = cache.get(key) as T | undefined;
  if (formatter === undefined) {
    formatter = make();
    cache.set(key, formatter);
  }
  return formatter;
}

const fixed = (locale: string, digits: number): Intl.NumberFormat =>
  cached(`n|${locale}|${digits}`, () => new Intl.NumberFormat(locale, { minimumFractionDigits: digits, maximumFractionDigits: digits }));

/**
 * Makes the formatters a first render uses for `locale`. The first Intl formatter of a page loads the
 * locale's data (about 25 ms on a slow machine): done in a task of its own, the render's stays short.
 */
export function primeFormats(locale: string): void {
  fixed(locale, 0);
  fixed(locale, 1);
}

/** `value` with exactly `digits` decimals in `locale` (`2.1` in English, `2,1` in French and German); never `-0`. */
export function formatNumber(locale: string, value: number, digits = 1): string {
  const scale = 10 ** digits;
  const rounded = Math.round(value * scale) / scale + 0;
  return fixed(locale, digits).format(rounded === 0 ? 0 : rounded);
}

/**
 * A level (LUFS, LU, dB) to 0.1 in `locale`: `-inf` and `+inf` for the infinities (silence), `–` for no
 * value, `+` in front of a positive gain when `signed`.
 */
export function formatLevelIn(locale: string, value: number, signed = false): string {
  if (Number.isNaN(value)) return '–';
  if (value === Number.NEGATIVE_INFINITY) return '-inf';
  if (value === Number.POSITIVE_INFINITY) return '+inf';
  const text = formatNumber(locale, value, 1);
  return signed && Math.round(value * 10) > 0 ? `+${text}` : text;
}

/** `m:ss` (or `m:ss.t` with `tenths`, the decimal mark of `locale`) for a time in seconds; `--:--` for no time. */
export function formatClock(locale: string, seconds: number, tenths = false): string {
  if (!Number.isFinite(seconds)) return '--:--';
  const clamped = Math.max(0, seconds);
  let minutes = Math.floor(clamped / 60);
  let rest = clamped - minutes * 60;
  if (tenths && Math.round(rest * 10) >= 600) {
    minutes += 1;
    rest = 0;
  }
  const whole = tenths ? formatNumber(locale, rest, 1).padStart(4, '0') : String(Math.floor(rest)).padStart(2, '0');
  return `${minutes}:${whole}`;
}

/** A date and time, medium date and short time (`Nov 24, 2026, 8:43 PM`; `24 nov. 2026, 20:43`); '' for an invalid one. */
export function formatDateTime(locale: string, value: Date | string): string {
  const date = typeof value === 'string' ? new Date(value) : value;
  if (Number.isNaN(date.getTime())) return '';
  return cached(`d|${locale}`, () => new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' })).format(date);
}

/** How long ago (or ahead) `value` is from `now`, in the largest whole unit: `2 minutes ago`, `il y a 2 minutes`. */
export function formatRelative(locale: string, value: Date | string, now = Date.now()): string {
  const time = (typeof value === 'string' ? new Date(value) : value).getTime();
  if (Number.isNaN(time)) return '';
  const seconds = Math.round((time - now) / 1000);
  const format = cached(`r|${locale}`, () => new Intl.RelativeTimeFormat(locale, { numeric: 'auto' }));
  const units: Array<[Intl.RelativeTimeFormatUnit, number]> = [['day', 86400], ['hour', 3600], ['minute', 60]];
  for (const [unit, size] of units) {
    if (Math.abs(seconds) >= size) return format.format(Math.trunc(seconds / size), unit);
  }
  return format.format(seconds, 'second');
}

/** `a, b and c` in `locale`. */
export function formatList(locale: string, items: readonly string[]): string {
  return cached(`l|${locale}`, () => new Intl.ListFormat(locale, { type: 'conjunction' })).format(items);
}

/** The plural category of `count` in `locale` (`one`, `other`, ...). */
export function pluralCategory(locale: string, count: number): Intl.LDMLPluralRule {
  return cached(`p|${locale}`, () => new Intl.PluralRules(locale)).select(count);
}

/** A byte count for people, in powers of 1024 (`512 B`, `3.4 KB`, `25 MB`; `3,4 Ko` in French): one decimal under 10. */
export function formatBytes(locale: string, bytes: number): string {
  const units = ['byte', 'kilobyte', 'megabyte', 'gigabyte'] as const;
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  const digits = unit === 0 || value >= 10 ? 0 : 1;
  const shown = Math.round(value * 10 ** digits) / 10 ** digits;
  return cached(`b|${locale}|${units[unit]}|${digits}`, () =>
    new Intl.NumberFormat(locale, { style: 'unit', unit: units[unit], unitDisplay: 'short', minimumFractionDigits: digits, maximumFractionDigits: digits }),
  ).format(shown);
}
