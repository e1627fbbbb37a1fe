import { API_OPERATIONS, API_PREFIX, DEFAULT_PATHS, IDEMPOTENCY_KEY_HEADER, PRONUNCIATIONS_FIELD, type ApiOperation } from '../api/contract.js';
import { DURATION_LIMITS, TARGET_LIMITS, TRUE_PEAK_LIMITS } from '../delivery/limits.js';
import { DELIVERY_PRESET_IDS } from '../delivery/presets.js';
import { StudioConfigError } from '../errors.js';
import { allStringKeysKnown, loadStringKeys, placeholdersIn, placeholdersOf, stringKeys } from '../i18n/translate.js';
import {
  IssueList,
  bool,
  closest,
  cssColor,
  cssLength,
  describe,
  field,
  findAccountKeys,
  fontFamily,
  func,
  httpUrl,
  keyPath,
  identifier,
  number,
  oneOf,
  readObject,
  required,
  text,
  type Check,
} from './checks.js';
import { idList, pronunciationList, pronunciationsField } from './brand.js';
import { destinationsUnchecked, loadDestinationChecks, readDelivery } from './delivery.js';
import { reviewChecksOf } from './review-check-slot.js';
import { snapshotConfig } from './snapshot.js';
import { DEFAULT_MAX_FIT_SPEED, MAX_FIT_SPEED_LIMITS } from './fit-speed.js';
import type { AuthConfig, ExportFormat, PanelId, ResolvedConfig, ThemeTokenProperty, ThemeTokens } from './types.js';

export const CONFIG_AREAS = ['target', 'auth', 'api', 'layout', 'project', 'vocal', 'music', 'mastering', 'delivery', 'tools', 'review', 'theme', 'i18n'] as const;
export const PANELS: readonly PanelId[] = ['recommend', 'script', 'voice', 'music', 'mix', 'master', 'feed', 'review', 'export', 'deliver'];
export const EXPORT_FORMATS: readonly ExportFormat[] = ['wav16', 'wav24', 'mp3'];

function auth(value: unknown, issues: IssueList): ResolvedConfig['auth'] {
  const path = 'config.auth';
  const object = value === undefined
    ? issues.add(path, 'is required: an object { getToken, refreshToken } whose callbacks ask your host backend for tokens')
    : readObject(value, path, issues, ['userId', 'getToken', 'refreshToken', 'timeoutMs']);
  const callback = (key: 'getToken' | 'refreshToken', what: string) =>
    required(object, key, path, issues, func, what) as AuthConfig[typeof key] | undefined;
  return {
    userId: field(object, 'userId', path, issues, identifier(256), undefined),
    getToken: callback('getToken', 'an async function (userId) => token that calls your host token endpoint') ?? missingCallback,
    refreshToken: callback('refreshToken', 'an async function (expiredToken) => token that calls your host refresh endpoint') ?? missingCallback,
    timeoutMs: field(object, 'timeoutMs', path, issues, number(1000, 120_000, 'ms'), 15_000),
  };
}

const missingCallback = (): never => {
  throw new Error('unreachable: the configuration was refused');
};

const apiPath =
  (operation: ApiOperation): Check<string> =>
  (value, path, issues) => {
    const given = text({ max: 500, what: 'a path' })(value, path, issues);
    if (given === undefined) return undefined;
    if (!given.startsWith(API_PREFIX) || /[?#\s]/.test(given)) {
      return issues.add(path, `expected a path under ${API_PREFIX} without query or spaces, like "${DEFAULT_PATHS[operation]}", got ${describe(value)}`);
    }
    if (operation === 'job' && !given.includes('{job_id}')) {
      return issues.add(path, `expected a path containing {job_id}, like "${DEFAULT_PATHS.job}", got ${describe(value)}`);
    }
    return given;
  };

/** The keys `config.api` takes. */
export const API_CONFIG_KEYS: readonly string[] = ['baseUrl', 'paths', 'operations', 'timeoutMs', 'jobDeadlineMs', 'idempotencyHeader', 'pronunciationsField', 'direction'];

function api(value: unknown, issues: IssueList, origin: string | undefined): ResolvedConfig['api'] {
  const path = 'config.api';
  const object = readObject(value, path, issues, API_CONFIG_KEYS);
  const baseCheck: Check<string> = (raw, at, list) => {
    const href = httpUrl('an absolute URL like "https://api.example.com"')(raw, at, list);
    if (href === undefined) return undefined;
    const url = new URL(href);
    if (url.search !== '' || url.hash !== '') return list.add(at, `expected a URL without query or fragment, got ${describe(raw)}`);
    return href.replace(/\/+$/, '');
  };
  let baseUrl = field(object, 'baseUrl', path, issues, baseCheck, undefined);
  if (baseUrl === undefined && object?.['baseUrl'] === undefined) {
    if (origin === undefined || origin === 'null') {
      issues.add(`${path}.baseUrl`, 'is required when the page has no http(s) origin (a file: or sandboxed page): give the service URL');
    }
    baseUrl = origin;
  }
  const pathsObject = readObject(object?.['paths'], `${path}.paths`, issues, API_OPERATIONS);
  const paths = { ...DEFAULT_PATHS } as Record<ApiOperation, string>;
  for (const operation of API_OPERATIONS) {
    paths[operation] = field(pathsObject, operation, `${path}.paths`, issues, apiPath(operation), DEFAULT_PATHS[operation]);
  }
  // `operations`: an adapter per operation (docs/contract.md); its path replaces `paths`' (the job's reads the poll only).
  const operationsObject = readObject(object?.['operations'], `${path}.operations`, issues, API_OPERATIONS);
  const operations: ResolvedConfig['api']['operations'] = {};
  for (const operation of API_OPERATIONS) {
    const at = `${path}.operations.${operation}`;
    const given = operationsObject?.[operation];
    if (given === undefined) continue;
    const override = readObject(given, at, issues, operation === 'job' ? ['path', 'response'] : ['method', 'path', 'request', 'response']);
    paths[operation] = field(override, 'path', at, issues, apiPath(operation), paths[operation]);
    const method = field(override, 'method', at, issues, oneOf(['GET', 'POST', 'PUT', 'PATCH'] as const), undefined);
    const request = field(override, 'request', at, issues, func, undefined);
    const response = field(override, 'response', at, issues, func, undefined) as ((json: unknown, status: number) => unknown) | undefined;
    operations[operation] = { ...(method && { method }), ...(request && { request }), ...(response && { response }) };
  }
  return {
    baseUrl: baseUrl ?? '',
    paths,
    operations,
    timeoutMs: field(object, 'timeoutMs', path, issues, number(1000, 300_000, 'ms'), 30_000),
    jobDeadlineMs: field(object, 'jobDeadlineMs', path, issues, number(10_000, 3_600_000, 'ms'), 600_000),
    // `field` reads a null answer of its check as "wrong, use the default": null (send none) is read here.
    idempotencyHeader: object?.['idempotencyHeader'] === null ? null : field(object, 'idempotencyHeader', path, issues, headerName, IDEMPOTENCY_KEY_HEADER),
    pronunciationsField: object?.['pronunciationsField'] === null ? null : field(object, 'pronunciationsField', path, issues, pronunciationsField, PRONUNCIATIONS_FIELD),
    direction: field(object, 'direction', path, issues, oneOf(['ssml', 'none'] as const), 'ssml'),
  };
}

/** An HTTP header name (RFC 9110 token). */
const headerName: Check<string> = (raw, at, list) =>
  typeof raw === 'string' && /^[!#$%&'*+.^_`|~0-9A-Za-z-]{1,64}$/.test(raw) ? raw : list.add(at, `expected an HTTP header name like "Idempotency-Key", or null, got ${describe(raw)}`);

/** A BCP 47 locale, canonicalised (`EN-gb` -> `en-GB`). */
const localeTag: Check<string> = (raw, at, list) => {
  const wrong = () => list.add(at, `expected a BCP 47 locale like "en", "fr-CA" or "de", got ${describe(raw)}`);
  if (typeof raw !== 'string' || raw.length > 35) return wrong();
  try {
    return Intl.getCanonicalLocales(raw)[0] ?? wrong();
  } catch {
    return wrong();
  }
};

function layout(value: unknown, issues: IssueList): ResolvedConfig['layout'] {
  const path = 'config.layout';
  const object = readObject(value, path, issues, ['height', 'arrangement', 'initialPanel', 'compact']);
  return {
    height: field(object, 'height', path, issues, (value, at, list) => (value === 'auto' ? 'auto' : cssLength(value, at, list)), '640px'),
    arrangement: field(object, 'arrangement', path, issues, oneOf(['auto', 'side-by-side', 'stacked'] as const), 'auto'),
    initialPanel: field(object, 'initialPanel', path, issues, oneOf(PANELS), 'recommend'),
    compact: field(object, 'compact', path, issues, bool, false),
  };
}

function project(value: unknown, issues: IssueList): ResolvedConfig['project'] {
  const path = 'config.project';
  const object = readObject(value, path, issues, ['id', 'title', 'duration', 'autosave']);
  return {
    id: field(object, 'id', path, issues, identifier(128), undefined),
    title: field(object, 'title', path, issues, text({ max: 200, what: 'a title' }), undefined),
    duration: field(object, 'duration', path, issues, number(DURATION_LIMITS.min, DURATION_LIMITS.max, 'seconds'), 30),
    autosave: field(object, 'autosave', path, issues, bool, true),
  };
}

function vocal(value: unknown, issues: IssueList): ResolvedConfig['vocal'] {
  const path = 'config.vocal';
  const object = readObject(value, path, issues, ['voice', 'speed', 'maxFitSpeed', 'mode', 'voices', 'pronunciations']);
  const voice = field(object, 'voice', path, issues, identifier(128), undefined);
  const voices = field(object, 'voices', path, issues, idList('voice'), undefined);
  if (voice !== undefined && voices !== undefined && !voices.includes(voice)) issues.add(`${path}.voice`, `"${voice}" is not one of config.vocal.voices, the voices you licensed: add it there or choose one of them`);
  return {
    voice,
    speed: field(object, 'speed', path, issues, number(0.5, 2, 'times normal speed'), 1),
    maxFitSpeed: field(
      object,
      'maxFitSpeed',
      path,
      issues,
      number(MAX_FIT_SPEED_LIMITS.min, MAX_FIT_SPEED_LIMITS.max, 'times normal speed, the fastest the editor reads a script to fit: 1.2 is a nudge, past 1.5 a read sounds rushed'),
      DEFAULT_MAX_FIT_SPEED,
    ),
    mode: field(object, 'mode', path, issues, oneOf(['single', 'per-section'] as const), 'single'),
    voices,
    pronunciations: field(object, 'pronunciations', path, issues, pronunciationList, []),
  };
}

function music(value: unknown, issues: IssueList): ResolvedConfig['music'] {
  const path = 'config.music';
  const object = readObject(value, path, issues, ['track', 'tracks', 'gain', 'fadeIn', 'fadeOut', 'uploadMaxBytes']);
  const track = field(object, 'track', path, issues, identifier(128), undefined);
  const tracks = field(object, 'tracks', path, issues, idList('track'), undefined);
  if (track !== undefined && tracks !== undefined && !tracks.includes(track)) issues.add(`${path}.track`, `"${track}" is not one of config.music.tracks, the tracks you licensed: add it there or choose one of them`);
  return {
    track,
    tracks,
    gain: field(object, 'gain', path, issues, number(-40, 6, 'dB'), -6),
    fadeIn: field(object, 'fadeIn', path, issues, number(0, 10, 'seconds'), 0.5),
    fadeOut: field(object, 'fadeOut', path, issues, number(0, 10, 'seconds'), 1.5),
    uploadMaxBytes: field(object, 'uploadMaxBytes', path, issues, number(1024, 500 * 1024 * 1024, 'bytes', { integer: true }), 25 * 1024 * 1024),
  };
}

function mastering(value: unknown, issues: IssueList): ResolvedConfig['mastering'] {
  const path = 'config.mastering';
  const object = readObject(value, path, issues, ['preset', 'target', 'truePeak']);
  return {
    preset: field(object, 'preset', path, issues, oneOf(DELIVERY_PRESET_IDS), 'streaming'),
    target: field(object, 'target', path, issues, number(TARGET_LIMITS.min, TARGET_LIMITS.max, 'LUFS'), -16),
    truePeak: field(object, 'truePeak', path, issues, number(TRUE_PEAK_LIMITS.min, TRUE_PEAK_LIMITS.max, 'dBTP'), -1),
  };
}

const exportFormats: Check<ExportFormat[]> = (value, path, issues) => {
  if (typeof value === 'boolean') return value ? [...EXPORT_FORMATS] : [];
  const object = readObject(value, path, issues, ['formats']);
  if (object === undefined) return undefined;
  const formats = object['formats'];
  const formatsPath = `${path}.formats`;
  if (!Array.isArray(formats) || formats.length === 0) {
    return issues.add(formatsPath, `expected a non-empty array of ${EXPORT_FORMATS.map((f) => `"${f}"`).join(', ')}, got ${describe(formats)}`);
  }
  const result: ExportFormat[] = [];
  formats.forEach((format, index) => {
    const checked = oneOf(EXPORT_FORMATS)(format, `${formatsPath}[${index}]`, issues);
    if (checked !== undefined && !result.includes(checked)) result.push(checked);
  });
  return result;
};

const studioUrl: Check<string | undefined> = (value, path, issues) => {
  if (value === false) return undefined;
  const object = readObject(value, path, issues, ['urlTemplate']);
  if (object === undefined) return undefined;
  const template = required(object, 'urlTemplate', path, issues, text({ max: 2000, what: 'a URL template' }), 'a URL containing {project_id}');
  if (template === undefined) return undefined;
  const templatePath = `${path}.urlTemplate`;
  if (!template.includes('{project_id}')) return issues.add(templatePath, `expected a URL containing {project_id}, got ${describe(template)}`);
  return httpUrl('an absolute http(s) URL containing {project_id}')(template.replaceAll('{project_id}', 'x'), templatePath, issues) === undefined
    ? undefined
    : template;
};

const TOOL_SWITCHES = ['recommend', 'product', 'script', 'voice', 'music', 'upload', 'timeline', 'mix', 'master', 'deliver'] as const;

function tools(value: unknown, issues: IssueList): ResolvedConfig['tools'] {
  const path = 'config.tools';
  const object = readObject(value, path, issues, [...TOOL_SWITCHES, 'feed', 'export', 'openInStudio', 'role']);
  const switches = Object.fromEntries(TOOL_SWITCHES.map((key) => [key, field(object, key, path, issues, bool, true)])) as Record<
    (typeof TOOL_SWITCHES)[number],
    boolean
  >;
  return {
    ...switches,
    // Off unless a host turns it on: feeds are a platform's product, not every embed's.
    feed: field(object, 'feed', path, issues, bool, false),
    exportFormats: field(object, 'export', path, issues, exportFormats, [...EXPORT_FORMATS]),
    openInStudio: field(object, 'openInStudio', path, issues, studioUrl, undefined),
    role: field(object, 'role', path, issues, oneOf(['creator', 'adopter', 'reviewer'] as const), 'creator'),
  };
}

/** A review read before its checks were here (see `reviewUnchecked`): nobody reviews, and its roles are unknown. */
const uncheckedReviews = new WeakSet<object>();

/**
 * Reads `config.review` with its checks (./review.ts, a chunk of its own: `loadReviewChecks`). Before they are here
 * a given review is kept unchecked and unused: no reviewer; Deliver refuses while `reviewUnchecked` (it cannot tell
 * which approvals it needs), so an unchecked review never lets anything through.
 */
function readReview(value: unknown, issues: IssueList): ResolvedConfig['review'] {
  const checks = reviewChecksOf();
  if (checks !== undefined) return checks(value, issues);
  const review = { user: undefined, require: [], sign: undefined, publicKeys: undefined };
  if (value !== undefined) uncheckedReviews.add(review);
  return review;
}

/** Whether `config` gave `review` before its checks were here (see `loadReviewChecks`). */
export const reviewUnchecked = (config: ResolvedConfig): boolean => uncheckedReviews.has(config.review);

let reviewLoading: Promise<unknown> | undefined;

/** Brings the checks of `config.review` (once; a failed load is tried again by the next call). */
function loadReviewChecks(): Promise<unknown> {
  reviewLoading ??= import('./review.js');
  reviewLoading.catch(() => (reviewLoading = undefined));
  return reviewLoading;
}

const THEME_TOKENS: ReadonlyArray<[key: string, property: ThemeTokenProperty, check: Check<string>]> = [
  ['accent', '--studio-accent', cssColor],
  ['surface', '--studio-surface', cssColor],
  ['surfaceAlt', '--studio-surface-alt', cssColor],
  ['text', '--studio-text', cssColor],
  ['textMuted', '--studio-text-muted', cssColor],
  ['border', '--studio-border', cssColor],
  ['fontFamily', '--studio-font-family', fontFamily],
  ['radius', '--studio-radius', cssLength],
];

function theme(value: unknown, issues: IssueList): ResolvedConfig['theme'] {
  const path = 'config.theme';
  const object = readObject(value, path, issues, ['mode', 'density', ...THEME_TOKENS.map(([key]) => key)]);
  const tokens: ThemeTokens = {};
  for (const [key, property, check] of THEME_TOKENS) {
    const token = field(object, key, path, issues, check, undefined);
    if (token !== undefined) tokens[property] = token;
  }
  return {
    mode: field(object, 'mode', path, issues, oneOf(['light', 'dark', 'system'] as const), 'system'),
    density: field(object, 'density', path, issues, oneOf(['comfortable', 'compact'] as const), 'comfortable'),
    tokens,
  };
}

function i18n(value: unknown, issues: IssueList): ResolvedConfig['i18n'] {
  const path = 'config.i18n';
  const object = readObject(value, path, issues, ['locale', 'strings']);
  const strings: Record<string, string> = {};
  const given = object?.['strings'];
  if (given !== undefined) {
    if (typeof given !== 'object' || given === null || Array.isArray(given)) {
      issues.add(`${path}.strings`, `expected an object of strings by key, got ${describe(given)}`);
    } else {
      for (const [key, string] of Object.entries(given)) {
        const known = placeholdersOf(key);
        if (known === undefined && !allStringKeysKnown()) {
          // A key of the later words, before their table is here: kept unchecked, and checked once it is
          // (`uncheckedStrings`; create() brings the table first, so it never gets here).
          const checked = text({ max: 500, nonEmpty: false })(string, keyPath(`${path}.strings`, key), issues);
          if (checked !== undefined) strings[key] = checked;
          continue;
        }
        if (known === undefined) {
          const suggestion = closest(key, stringKeys());
          issues.add(
            keyPath(`${path}.strings`, key),
            `unknown string key; ${suggestion === undefined ? 'the keys are listed in src/i18n/en-first.ts and en-later.ts' : `did you mean "${suggestion}"?`}`,
          );
          continue;
        }
        const at = keyPath(`${path}.strings`, key);
        const checked = text({ max: 500, nonEmpty: false })(string, at, issues);
        if (checked === undefined) continue;
        // A placeholder the string does not have would show as "{name}" to the user.
        const unknown = placeholdersIn(checked).filter((name) => !known.includes(name));
        if (unknown.length > 0) {
          issues.add(at, `uses ${unknown.join(', ')}, which this string does not have; ${known.length > 0 ? `it has ${known.join(', ')}` : 'it has none'}`);
          continue;
        }
        strings[key] = checked;
      }
    }
  }
  return { locale: field(object, 'locale', path, issues, localeTag, 'en'), strings };
}

/**
 * The keys of `config.i18n.strings` not checked yet: keys of the later words, met before their table was
 * here (`loadStringKeys()`). Once it is, resolving the same config again checks them.
 */
export const uncheckedStrings = (config: ResolvedConfig): string[] => Object.keys(config.i18n.strings).filter((key) => placeholdersOf(key) === undefined);

/**
 * The keys of `config` that wait for checks of their own, each a chunk the first paint does not carry: the
 * later words' keys in `i18n.strings`, `delivery.destinations`, and `review`. `loadChecksOf(config)` brings them;
 * resolving the same config again then checks those keys too.
 */
export const uncheckedKeys = (config: ResolvedConfig): string[] => [
  ...uncheckedStrings(config).map((key) => keyPath('config.i18n.strings', key)),
  ...(destinationsUnchecked(config) ? ['config.delivery.destinations'] : []),
  ...(reviewUnchecked(config) ? ['config.review'] : []),
];

/** Brings the checks that the unchecked keys of `config` wait for (see `uncheckedKeys`). */
export async function loadChecksOf(config: ResolvedConfig): Promise<void> {
  await Promise.all([
    ...(uncheckedStrings(config).length > 0 ? [loadStringKeys()] : []),
    ...(destinationsUnchecked(config) ? [loadDestinationChecks()] : []),
    ...(reviewUnchecked(config) ? [loadReviewChecks()] : []),
  ]);
}

export interface ValidateOptions {
  /** `create()` needs `config.target`; the element does not. */
  requireTarget?: boolean;
  /** Origin used as the default `api.baseUrl`. Default: `location.origin`. */
  origin?: string;
}

/**
 * Checks a configuration and fills in every default. Throws one `StudioConfigError` listing every
 * problem, each naming its key path, what was found and what is expected. The caller's object is read
 * once, by `snapshotConfig`; everything after reads that frozen copy. Three checks are chunks of their own,
 * fetched when a config needs them: the keys of the later words in `i18n.strings`,
 * `delivery.destinations` (the built-ins are always there) and `review`. Before they are here those keys are kept
 * unchecked, the host's destinations and review unused (`uncheckedKeys`); `create()` brings them first
 * (`loadChecksOf`), so it rejects as for any other key.
 */
export function resolveConfig(given: unknown, options: ValidateOptions = {}): ResolvedConfig {
  const config: unknown = snapshotConfig(given);
  const issues = new IssueList();
  if (typeof config !== 'object' || config === null || Array.isArray(config)) {
    issues.add('config', `expected an object like { target: "#editor", auth: { getToken, refreshToken } }, got ${describe(config)}`);
    throw new StudioConfigError(issues.items);
  }
  for (const keyPath of findAccountKeys(config, 'config')) {
    issues.add(
      keyPath,
      'an account API key must never be given to the editor, which runs in the browser where anyone can read it. ' +
        'Keep the key on your host server: it calls POST /v1/auth/token with the key and hands the editor a short-lived ' +
        'token through auth.getToken. Remove this key from the config.',
    );
  }
  const object = readObject(config, 'config', issues, CONFIG_AREAS)!;
  const target = options.requireTarget
    ? required(object, 'target', 'config', issues, text({ max: 500, what: 'a CSS selector' }), 'a CSS selector of the element to mount into, like "#editor"')
    : field(object, 'target', 'config', issues, text({ max: 500, what: 'a CSS selector' }), undefined);
  const origin = options.origin ?? (typeof location === 'undefined' ? undefined : location.origin);
  const resolved: ResolvedConfig = {
    target,
    auth: auth(object['auth'], issues),
    api: api(object['api'], issues, origin),
    layout: layout(object['layout'], issues),
    project: project(object['project'], issues),
    vocal: vocal(object['vocal'], issues),
    music: music(object['music'], issues),
    mastering: mastering(object['mastering'], issues),
    delivery: readDelivery(object['delivery'], issues),
    tools: tools(object['tools'], issues),
    review: readReview(object['review'], issues),
    theme: theme(object['theme'], issues),
    i18n: i18n(object['i18n'], issues),
  };
  if (issues.items.length > 0) throw new StudioConfigError(issues.items);
  return resolved;
}
