// Delivered file names, from a destination's template: portable on every file system and in every ZIP tool.
// A name holds ASCII letters, digits, `-` and `_` only, then `.` and the extension; at most 100 characters.

import type { CampaignFields, DestinationProfile } from './types.js';

export { DEFAULT_FILE_NAME_TEMPLATE } from './destinations.js';

/** The placeholders a file-name template may use. */
export const FILE_NAME_PLACEHOLDERS = ['advertiser', 'title', 'campaign', 'length', 'destination', 'adId', 'isci', 'version', 'date'] as const;

/** One placeholder of a file-name template. */
export type FileNamePlaceholder = (typeof FILE_NAME_PLACEHOLDERS)[number];

/** The longest file name, extension included. */
export const FILE_NAME_MAX_LENGTH = 100;

/** The longest template. */
export const TEMPLATE_MAX_LENGTH = 200;

/** The values of a name's placeholders; an absent or empty one leaves nothing (and no doubled `_`). Numbers are rounded. */
export type FileNameValues = Readonly<Partial<Record<FileNamePlaceholder, string | number>>>;

/** Why a template is refused; the UI translates by this code, the message is the English words. */
export interface TemplateProblem {
  readonly code: 'template-empty' | 'template-too-long' | 'template-separator' | 'template-parent' | 'template-braces' | 'template-unknown-placeholder';
  readonly message: string;
}

const PLACEHOLDER = /\{([^{}]*)\}/g;

/** The problem with a file-name template, or `null` when it can only make a portable name. */
export function templateProblem(template: string): TemplateProblem | null {
  if (template.trim() === '') return { code: 'template-empty', message: 'A file-name template is not empty: for example {advertiser}_{title}.' };
  if (template.length > TEMPLATE_MAX_LENGTH) {
    return { code: 'template-too-long', message: `A file-name template has at most ${TEMPLATE_MAX_LENGTH} characters; this one has ${template.length}.` };
  }
  if (/[/\\]/.test(template)) return { code: 'template-separator', message: 'A file-name template holds no / or \\: a delivered file is never put in a folder.' };
  if (template.includes('..')) return { code: 'template-parent', message: 'A file-name template holds no "..".' };
  if (/[{}]/.test(template.replace(PLACEHOLDER, ''))) {
    return { code: 'template-braces', message: 'Every { in a file-name template closes with } around one placeholder name, like {title}.' };
  }
  const unknown = [...template.matchAll(PLACEHOLDER)].map((match) => match[1]!).filter((name) => !(FILE_NAME_PLACEHOLDERS as readonly string[]).includes(name));
  if (unknown.length > 0) {
    return {
      code: 'template-unknown-placeholder',
      message: `A file-name template knows no {${unknown[0]}}; its placeholders are ${FILE_NAME_PLACEHOLDERS.map((name) => `{${name}}`).join(', ')}.`,
    };
  }
  return null;
}

/** Letters NFKD does not take apart, written the way an ASCII name spells them. */
const SPELLED: Readonly<Record<string, string>> = {
  ß: 'ss', ẞ: 'SS', æ: 'ae', Æ: 'AE', œ: 'oe', Œ: 'OE', ø: 'o', Ø: 'O', đ: 'd', Đ: 'D', ð: 'd', Ð: 'D',
  ł: 'l', Ł: 'L', þ: 'th', Þ: 'Th', ı: 'i', ħ: 'h', Ħ: 'H',
};

/**
 * Text made portable: accents taken off (NFKD), a few letters spelled out (`ß` -> `ss`), spaces and dots turned
 * into `-`, anything else that is not an ASCII letter, digit, `-` or `_` dropped (emoji, Arabic, CJK...), runs
 * of `-` and `_` made one, and none left at either end.
 */
export function portableText(text: string): string {
  const ascii = text
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .replace(/[^\x00-\x7f]/g, (char) => SPELLED[char] ?? char)
    .replace(/[\s.]+/g, '-')
    .replace(/[^A-Za-z0-9_-]/g, '');
  return collapse(ascii);
}

/** Runs of separators made one (`_` wins over `-`), and none at either end. */
function collapse(text: string): string {
  return text.replace(/[-_]{2,}/g, (run) => (run.includes('_') ? '_' : '-')).replace(/^[-_]+|[-_]+$/g, '');
}

/** Names Windows keeps for devices, whatever the extension. */
const RESERVED = /^(?:con|prn|aux|nul|com[0-9]|lpt[0-9])$/i;

/** A value as it goes into a name: numbers rounded, the rest made portable. */
function valueText(value: string | number | undefined): string {
  if (value === undefined) return '';
  return typeof value === 'number' ? (Number.isFinite(value) ? String(Math.round(value)) : '') : portableText(value);
}

/** `stem` cut to `room` characters, with no separator left at its end. */
function cut(stem: string, room: number): string {
  return collapse(stem.slice(0, Math.max(1, room)));
}

/**
 * A delivered file's name: `template` (a valid one: see `templateProblem`) filled with `values`, made portable,
 * cut to 100 characters with `.extension`, and numbered (`_2`, `_3`...) when `taken` already holds it. `taken`
 * is compared without case (ZIPs are unpacked on case-blind file systems); the caller adds the answer to it.
 * A name left empty (every value empty or unspellable) falls back to the destination, then to `ad`.
 */
export function deliveryFileName(template: string, values: FileNameValues, extension: string, taken: ReadonlySet<string> = new Set()): string {
  const suffix = `.${extension.toLowerCase().replace(/[^a-z0-9]/g, '')}`;
  const filled = template.replace(PLACEHOLDER, (_whole, name: string) =>
    (FILE_NAME_PLACEHOLDERS as readonly string[]).includes(name) ? valueText(values[name as FileNamePlaceholder]) : '',
  );
  let stem = portableText(filled);
  if (stem === '') stem = valueText(values.destination) || 'ad';
  if (RESERVED.test(stem)) stem = `${stem}_file`;
  const room = FILE_NAME_MAX_LENGTH - suffix.length;
  stem = cut(stem, room);
  const lowerTaken = new Set([...taken].map((name) => name.toLowerCase()));
  let name = `${stem}${suffix}`;
  for (let n = 2; lowerTaken.has(name.toLowerCase()); n++) {
    const number = `_${n}`;
    name = `${cut(stem, room - number.length)}${number}${suffix}`;
  }
  return name;
}

/** A date as `{date}` writes it: `YYYY-MM-DD`, in UTC. */
export function fileNameDate(date: Date): string {
  return date.toISOString().slice(0, 10);
}

/** What a delivered file's name is made of, besides its destination. */
export interface AdNameFacts {
  /** The project's title. */
  readonly title: string;
  /** The ad's length, seconds (rounded in the name). */
  readonly seconds: number;
  readonly campaign: CampaignFields;
  /** The delivery's date, for `{date}`. */
  readonly date: Date;
}

/**
 * The name of `profile`'s file for an ad: its template filled (`{destination}` is the profile's id,
 * `{version}` the campaign's version label), `.wav` or `.mp3` after its codec, numbered against `taken`.
 */
export function destinationFileName(profile: DestinationProfile, ad: AdNameFacts, taken: ReadonlySet<string> = new Set()): string {
  const { advertiser, campaign, adId, isci, versionLabel } = ad.campaign;
  const values: FileNameValues = {
    advertiser,
    title: ad.title,
    campaign,
    length: ad.seconds,
    destination: profile.id,
    adId,
    isci,
    version: versionLabel,
    date: fileNameDate(ad.date),
  };
  return deliveryFileName(profile.fileName, values, profile.codec.container, taken);
}

/**
 * The template of a destination's files when more than one version is delivered: its own when it names
 * `{version}`, else its own with `_{version}` added, so two versions of one length never share a name.
 */
export const versionedTemplate = (template: string): string => (template.includes('{version}') ? template : `${template}_{version}`);
