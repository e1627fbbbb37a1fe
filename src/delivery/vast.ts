// The `vast.xml` beside a delivered version's files: a VAST 4.1 InLine audio ad that points at the files where the
// host will serve them (the editor never uploads them). Pure: no DOM, no Node; the browser and Node write the same
// bytes. Valid against the IAB's VAST 4.1 XSD (test/fixtures/vast_4.1.xsd; test/node/vast.test.ts runs xmllint),
// which fixes what is here and in which order:
// - the document is in the namespace `http://www.iab.com/VAST` (the XSD's targetNamespace, elements qualified);
// - InLine is AdSystem, Error*, Impression+, AdServingId, AdTitle, Creatives; a Creative has its UniversalAdId and
//   a Linear of Duration (xs:time, so under 24 hours) and MediaFiles (MediaFile+, then Mezzanine*);
// - MediaFile and Mezzanine need `delivery`, `type`, `width` and `height` (0 for audio); Mezzanine has no `bitrate`;
// - URIs are xs:anyURI, which libxml2 reads as RFC 3986: `[` `]` only around an IPv6 host, `%` only as `%XX`, one
//   `#`. VAST macros such as `[CACHEBUSTING]` therefore make a document invalid; `vastUrlProblem` refuses them.
// URIs are written in CDATA, as the XSD's notes ask ("Content must be wrapped in CDATA"), with any `]]>` split
// across two sections so no value can close one early; every other text is escaped.

import { VERSION } from '../version.js';
import { adIdProblem, normaliseCode } from './codes.js';
import { escapeHtml } from './escape.js';

/** `vast` of a destination profile: where the host serves the files, and what the ad reports to. */
export interface VastSettings {
  /** Absolute http(s) URL the host serves the files under; each file's URL is this plus its encoded name. */
  readonly mediaBaseUrl: string;
  /**
   * Absolute http(s) URLs the player requests when the ad plays: at least one (VAST requires an `<Impression>`, and
   * an ad server counts plays by it; none is ever invented), at most 10. A profile may leave them to the delivery.
   */
  readonly impressionUrls?: readonly string[];
  /** The `<AdSystem>`, at most 100 characters. Default `Service Studio Editor` (with the editor's version). */
  readonly adSystem?: string;
  /** Absolute http(s) URL the player requests when the ad cannot play (`<Error>`). */
  readonly errorUrl?: string;
}

/**
 * `vast` of a destination profile: `VastSettings` whose `mediaBaseUrl` may wait for the delivery (the Deliver
 * panel asks for it, `deliver({ vast })` gives it); the built-in `vast-audio` has `{}`.
 */
export type VastProfile = Omit<VastSettings, 'mediaBaseUrl'> & { readonly mediaBaseUrl?: string };

/** One MP3 of the ad, as delivered. */
export interface VastMediaFile {
  readonly fileName: string;
  readonly bitrateKbps: number;
  readonly bytes: number;
  readonly sampleRate: number;
  readonly channels: number;
}

/** What `vastXml` writes: a delivered version's figures and the host's settings. */
export interface VastInput {
  readonly settings: VastSettings;
  /** The Ad-ID, or `''` when the version has none. */
  readonly adId: string;
  /** A pseudo-unique id of this serving (VAST recommends a GUID). */
  readonly adServingId: string;
  /** The project and the version, in words. */
  readonly adTitle: string;
  /** The file's exact length. */
  readonly seconds: number;
  /** The MP3s, best first. VAST 4.1 has no attribute for the rate or the channels: they are checked, not written. */
  readonly mediaFiles: readonly VastMediaFile[];
  /** The WAV master, as `<Mezzanine>` (a player transcodes from it). */
  readonly mezzanine: { readonly fileName: string; readonly bytes: number; readonly sampleRate: number; readonly channels: number; readonly bitDepth: number };
  /** The `<Ad>`'s `id`. */
  readonly id: string;
  /** The captions of the ad (WebVTT), as `<ClosedCaptionFiles>` of its MediaFiles: its path and its language. */
  readonly captions?: { readonly fileName: string; readonly language?: string };
}

/** A BCP 47 language tag as a caption's `language` may be (`en`, `en-US`). */
export const LANGUAGE_TAG = /^[A-Za-z]{2,3}(-[A-Za-z0-9]{1,8})*$/;

/** The default `<AdSystem>`. */
export const VAST_AD_SYSTEM = 'Service Studio Editor';

/** How many impression URLs, and how long an AdSystem and a URL, a host may give. */
export const VAST_LIMITS = { impressionUrls: 10, adSystem: 100, url: 2000 } as const;

const CONTROL = /[\u0000-\u001f\u007f-\u009f]/;
/** Half of a surrogate pair without the other half: no character, and no UTF-8. */
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;
/** What XML 1.0 cannot carry at all, escaped or not: most C0 controls, lone surrogates, U+FFFE and U+FFFF. */
const NOT_XML = new RegExp(`[\\u0000-\\u0008\\u000b\\u000c\\u000e-\\u001f\\ufffe\\uffff]|${LONE_SURROGATE.source}`, 'g');
/** RFC 3986's characters: unreserved, reserved and `%`. */
const URI_CHARACTERS = /^[A-Za-z0-9\-._~:/?#[\]@!$&'()*+,;=%]*$/;

/** Text content: escaped, `\r` kept as a reference (a parser turns a bare one into `\n`), what XML cannot hold as U+FFFD. */
const text = (value: string): string => escapeHtml(value.replace(NOT_XML, '\ufffd')).replace(/\r/g, '&#13;');
/** A double-quoted attribute value: as text, with tabs and newlines as references (a parser turns them into spaces). */
const attribute = (value: string): string => text(value).replace(/\t/g, '&#9;').replace(/\n/g, '&#10;');
/** A CDATA section holding `value`; a `]]>` in it ends one section after `]]` and opens the next at `>`. */
const cdata = (value: string): string => `<![CDATA[${value.replace(NOT_XML, '\ufffd').replace(/]]>/g, ']]]]><![CDATA[>')}]]>`;

/** Why a URL cannot be in a VAST document, as a code with its figures: `vastUrlProblem` words it, the Deliver panel too (in the user's language). */
export type VastUrlFault =
  | { readonly code: 'too-long'; readonly max: number; readonly length: number }
  | { readonly code: 'spaces' }
  | { readonly code: 'not-absolute' }
  | { readonly code: 'scheme'; readonly scheme: string }
  | { readonly code: 'credentials' }
  | { readonly code: 'character'; readonly character: string }
  | { readonly code: 'percent' }
  | { readonly code: 'hashes' }
  | { readonly code: 'brackets' }
  | { readonly code: 'base-query' };

/**
 * Why `value` is no URL a VAST document can carry, or `null`: an absolute http(s) URL of RFC 3986's characters
 * (no spaces, no control or non-ASCII characters: percent-encode them), without a user name or password, with
 * `%` only as `%XX`, at most one `#`, and `[` `]` only around an IPv6 host. With `base`, it has no query or
 * fragment either (file names are added to its path). A fault never holds the URL (it may carry a token): at most
 * its scheme or one character.
 */
export function vastUrlFault(value: string, options: { base?: boolean } = {}): VastUrlFault | null {
  if (value.length > VAST_LIMITS.url) return { code: 'too-long', max: VAST_LIMITS.url, length: value.length };
  if (/\s/.test(value) || CONTROL.test(value)) return { code: 'spaces' };
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return { code: 'not-absolute' };
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return { code: 'scheme', scheme: url.protocol };
  if (url.username !== '' || url.password !== '') return { code: 'credentials' };
  const odd = [...value].find((char) => !URI_CHARACTERS.test(char));
  if (odd !== undefined) return { code: 'character', character: odd };
  if (/%(?![0-9A-Fa-f]{2})/.test(value)) return { code: 'percent' };
  if (value.indexOf('#') !== value.lastIndexOf('#')) return { code: 'hashes' };
  if (/[[\]]/.test(value.replace(/^https?:\/\/\[[0-9A-Fa-f:.]+\]/i, ''))) return { code: 'brackets' };
  if (options.base && (value.includes('?') || value.includes('#'))) return { code: 'base-query' };
  return null;
}

/** `vastUrlFault` in words starting "expected", for a host's config and `deliver({ vast })`; `null` when the URL is fine. */
export function vastUrlProblem(value: string, options: { base?: boolean } = {}): string | null {
  const fault = vastUrlFault(value, options);
  switch (fault?.code) {
    case undefined:
      return null;
    case 'too-long':
      return `expected at most ${fault.max} characters, got ${fault.length}`;
    case 'spaces':
      return 'expected a URL without spaces or control characters (percent-encode a space as %20)';
    case 'not-absolute':
      return 'expected an absolute http(s) URL, like "https://cdn.example.com/ads/"';
    case 'scheme':
      return `expected an http(s) URL, not a "${fault.scheme}" one`;
    case 'credentials':
      return 'expected a URL without a user name or password in it';
    case 'character':
      return `expected a URL of URI characters only: percent-encode ${JSON.stringify(fault.character)}`;
    case 'percent':
      return 'expected "%" only as a percent-escape like %20';
    case 'hashes':
      return 'expected at most one "#"';
    case 'brackets':
      return 'expected "[" and "]" only around an IPv6 host: VAST 4.1 (xs:anyURI) allows them nowhere else, so a macro like [CACHEBUSTING] would make vast.xml invalid';
    case 'base-query':
      return 'expected a base URL without "?" or "#": the file names are added to its path';
  }
}

/**
 * Why `value` cannot be a short text of the document (`<AdSystem>`, the Ad's id), or `null`: empty, over `max`
 * characters, or holding a control character or a lone surrogate.
 */
export function vastTextProblem(value: string, max: number): string | null {
  if (value.trim() === '') return 'expected text that is not empty';
  if (value.length > max) return `expected at most ${max} characters, got ${value.length}`;
  if (CONTROL.test(value)) return 'expected text without control characters (newlines, tabs, NUL)';
  if (value.search(LONE_SURROGATE) >= 0) return 'expected text without a lone surrogate (a broken character)';
  return null;
}

/**
 * The URL of `fileName` under `base` (with or without its trailing `/`): each `/`-separated part percent-encoded
 * (a lone surrogate, which has no UTF-8, as U+FFFD).
 */
export function vastMediaUrl(base: string, fileName: string): string {
  const parts = fileName.split('/').map((part) => encodeURIComponent(part.replace(LONE_SURROGATE, '\ufffd')));
  return `${base.endsWith('/') ? base : `${base}/`}${parts.join('/')}`;
}

/** `HH:MM:SS.mmm` of `seconds`, to the nearest millisecond (59.9996 s is `00:01:00.000`). */
export function vastDuration(seconds: number): string {
  if (!Number.isFinite(seconds) || seconds < 0) throw new RangeError(`vastDuration: expected a finite length of 0 s or more, got ${seconds}`);
  const ms = Math.round(seconds * 1000);
  const pad = (value: number, width = 2) => String(value).padStart(width, '0');
  return `${pad(Math.floor(ms / 3_600_000))}:${pad(Math.floor(ms / 60_000) % 60)}:${pad(Math.floor(ms / 1000) % 60)}.${pad(ms % 1000, 3)}`;
}

/**
 * The document: VAST 4.1, one InLine audio ad, 2-space indented, UTF-8, ending in a newline. It writes what it is
 * given (escaped, so the XML stays well formed whatever the text): check the input first with `checkVastInput`.
 * Throws only on a length that is not a finite number of 0 s or more.
 */
export function vastXml(input: VastInput): string {
  const { settings } = input;
  const adSystem = settings.adSystem ?? VAST_AD_SYSTEM;
  const adId = normaliseCode(input.adId);
  const impressions = settings.impressionUrls ?? [];
  const media = (name: string, fileName: string, attributes: Record<string, string | number>) =>
    `<${name}${Object.entries(attributes).map(([key, value]) => ` ${key}="${attribute(String(value))}"`).join('')}>${cdata(vastMediaUrl(settings.mediaBaseUrl, fileName))}</${name}>`;
  const lines: [number, string][] = [
    [0, '<?xml version="1.0" encoding="UTF-8"?>'],
    [0, '<VAST version="4.1" xmlns="http://www.iab.com/VAST">'],
    [1, `<Ad adType="audio" id="${attribute(input.id)}">`],
    [2, '<InLine>'],
    // The version is the editor's: a host that names its own ad system gets none.
    [3, `<AdSystem${settings.adSystem === undefined ? ` version="${attribute(VERSION)}"` : ''}>${text(adSystem)}</AdSystem>`],
    ...(settings.errorUrl === undefined ? [] : [[3, `<Error>${cdata(settings.errorUrl)}</Error>`] as [number, string]]),
    ...impressions.map((url): [number, string] => [3, `<Impression>${cdata(url)}</Impression>`]),
    [3, `<AdServingId>${text(input.adServingId)}</AdServingId>`],
    [3, `<AdTitle>${text(input.adTitle)}</AdTitle>`],
    [3, '<Creatives>'],
    [4, '<Creative>'],
    // VAST 4.1 3.7.1: "unknown" where no registry's id is known, for the registry and the value alike.
    [5, adId === '' ? '<UniversalAdId idRegistry="unknown">unknown</UniversalAdId>' : `<UniversalAdId idRegistry="ad-id.org">${text(adId)}</UniversalAdId>`],
    [5, '<Linear>'],
    [6, `<Duration>${vastDuration(input.seconds)}</Duration>`],
    [6, '<MediaFiles>'],
    ...(input.captions === undefined
      ? []
      : ([
          [7, '<ClosedCaptionFiles>'],
          [8, `<ClosedCaptionFile type="text/vtt"${input.captions.language === undefined ? '' : ` language="${attribute(input.captions.language)}"`}>${cdata(vastMediaUrl(settings.mediaBaseUrl, input.captions.fileName))}</ClosedCaptionFile>`],
          [7, '</ClosedCaptionFiles>'],
        ] as [number, string][])),
    ...input.mediaFiles.map((file): [number, string] => [
      7,
      media('MediaFile', file.fileName, { delivery: 'progressive', type: 'audio/mpeg', width: 0, height: 0, bitrate: file.bitrateKbps, fileSize: file.bytes }),
    ]),
    [7, media('Mezzanine', input.mezzanine.fileName, { delivery: 'progressive', type: 'audio/wav', width: 0, height: 0, fileSize: input.mezzanine.bytes })],
    [6, '</MediaFiles>'],
    [5, '</Linear>'],
    [4, '</Creative>'],
    [3, '</Creatives>'],
    [2, '</InLine>'],
    [1, '</Ad>'],
    [0, '</VAST>'],
  ];
  return `${lines.map(([depth, line]) => `${'  '.repeat(depth)}${line}`).join('\n')}\n`;
}

/**
 * The problems of the document's own figures before it is written (its ad system, Ad-ID, ids, length and files),
 * each naming its field; `pass` when there are none. Its URLs (the media base, the impressions, the error URL) are
 * rules of the judge (src/rules/vast.ts): the writer (session/deliver-vast.ts) asks both.
 */
export function checkVastInput(input: VastInput): { pass: boolean; problems: string[] } {
  const problems: string[] = [];
  const say = (field: string, problem: string | null) => {
    if (problem !== null) problems.push(`${field}: ${problem}`);
  };
  const count = (field: string, value: number) => say(field, Number.isSafeInteger(value) && value > 0 ? null : `expected a whole number above 0, got ${value}`);
  const fileName = (field: string, name: string) =>
    say(field, name === '' || name.split('/').some((part) => part === '' || part === '.' || part === '..') ? `expected a file name without empty, "." or ".." parts, got ${JSON.stringify(name)}` : vastTextProblem(name, 255));
  const { settings } = input;

  if (settings.adSystem !== undefined) say('settings.adSystem', vastTextProblem(settings.adSystem, VAST_LIMITS.adSystem));
  say('adId', adIdProblem(input.adId)?.message ?? null);
  say('adServingId', vastTextProblem(input.adServingId, 200));
  say('adTitle', vastTextProblem(input.adTitle, 500));
  say('id', vastTextProblem(input.id, 200));
  // xs:time: under 24 hours.
  say('seconds', Number.isFinite(input.seconds) && input.seconds > 0 && input.seconds < 86_400 ? null : `expected a length above 0 and under 24 hours, got ${input.seconds}`);
  if (input.mediaFiles.length === 0) say('mediaFiles', 'expected at least one MP3');
  const names = [...input.mediaFiles.map((file) => file.fileName), input.mezzanine.fileName];
  input.mediaFiles.forEach((file, index) => {
    const at = `mediaFiles[${index}]`;
    fileName(`${at}.fileName`, file.fileName);
    if (names.indexOf(file.fileName) !== index) say(`${at}.fileName`, `expected a name of its own; ${JSON.stringify(file.fileName)} is listed twice`);
    count(`${at}.bitrateKbps`, file.bitrateKbps);
    count(`${at}.bytes`, file.bytes);
    count(`${at}.sampleRate`, file.sampleRate);
    count(`${at}.channels`, file.channels);
  });
  fileName('mezzanine.fileName', input.mezzanine.fileName);
  if (names.indexOf(input.mezzanine.fileName) !== names.length - 1) say('mezzanine.fileName', `expected a name of its own; ${JSON.stringify(input.mezzanine.fileName)} is an MP3's too`);
  count('mezzanine.bytes', input.mezzanine.bytes);
  count('mezzanine.sampleRate', input.mezzanine.sampleRate);
  count('mezzanine.channels', input.mezzanine.channels);
  count('mezzanine.bitDepth', input.mezzanine.bitDepth);
  if (input.captions !== undefined) {
    fileName('captions.fileName', input.captions.fileName);
    if (input.captions.language !== undefined && !LANGUAGE_TAG.test(input.captions.language)) say('captions.language', `expected a language tag such as en-US, got ${JSON.stringify(input.captions.language)}`);
  }
  return { pass: problems.length === 0, problems };
}
