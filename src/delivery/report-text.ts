// Text for the delivery report: the figures in words (its HTML escaping is ./escape.ts). Deterministic (no locale, no clock).
import type { DeliveryRuleResult } from './types.js';

/** The most decimals a figure a person reads is given (issue 51, "Numbers people read"). */
export const MAX_DECIMALS = 2;

/**
 * `value` with `digits` decimals (at most `MAX_DECIMALS`) and a real minus; `−∞` for minus infinity, `n/a` for
 * anything not a number. The report is in English (as its words), so its figures are written as English reads them.
 */
export function fixed(value: number | null | undefined, digits: number): string {
  if (value === -Infinity) return '−∞';
  if (typeof value !== 'number' || !Number.isFinite(value)) return 'n/a';
  const text = value.toFixed(Math.min(Math.max(0, digits), MAX_DECIMALS));
  return /^-0(\.0*)?$/.test(text) ? text.slice(1) : text.replace('-', '−');
}

/** A reading speed: `1.16x`. */
export const speedText = (value: number): string => `${fixed(value, 2)}x`;

/** A figure as the service gave it: a number to at most 2 decimals (none when whole); text as it is. */
export function figureText(value: unknown): string {
  if (typeof value === 'string') return value;
  if (typeof value !== 'number' || !Number.isFinite(value)) return '';
  return Number.isInteger(value) ? String(value) : fixed(value, MAX_DECIMALS).replace(/\.?0+$/, '');
}

/** A whole number with thin-space thousands: `1 000 000`. */
export function grouped(value: number): string {
  if (!Number.isFinite(value)) return 'n/a';
  return Math.round(value)
    .toString()
    .replace(/\B(?=(\d{3})+(?!\d))/g, '\u2009')
    .replace('-', '−');
}

/** A file size: `481 254 bytes (470 KiB)`. */
export function size(bytes: number): string {
  const kib = bytes / 1024;
  const short = kib >= 1024 ? `${fixed(kib / 1024, 1)} MiB` : `${fixed(kib, 0)} KiB`;
  return `${grouped(bytes)} bytes (${short})`;
}

/** An ISO 8601 time as `2026-11-26 07:00 UTC`. */
export function utcDate(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return `${date.toISOString().slice(0, 10)} ${date.toISOString().slice(11, 16)} UTC`;
}

/** Each rule's name in the report. */
export const RULE_NAMES: Readonly<Record<DeliveryRuleResult['rule'], string>> = {
  loudness: 'Loudness',
  truePeak: 'True peak',
  length: 'Length',
  maxBytes: 'File size',
  tailSilence: 'Silence at the end',
  speech: 'Speech',
  'words-per-second': 'Words a second',
};

/** A rule's measured figure with its unit; levels to hundredths, so a near miss never reads as the limit. */
export function ruleFigure(rule: DeliveryRuleResult): string {
  switch (rule.rule) {
    case 'loudness':
      return `${fixed(rule.measured, 2)} LUFS`;
    case 'truePeak':
      return `${fixed(rule.measured, 2)} dBTP`;
    case 'maxBytes':
      return `${grouped(rule.measured)} bytes`;
    case 'length':
    case 'tailSilence':
    case 'speech':
      return `${fixed(rule.measured, 2)} s`;
    case 'words-per-second':
      return `${fixed(rule.measured, 1)} words a second`;
  }
}
