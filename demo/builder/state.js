// @ts-check
// The Embed Builder's form state: its defaults, its validation, the share-URL encoding and the editor config
// it stands for. Pure functions, no DOM: the page (builder.js), the snippets (snippet.js) and the tests use them.
//
// The User ID is private: it drives the live Playground only. It is never written into a snippet and never
// into the share URL (encodeShare() skips it and decodeShare() ignores it).

/** @typedef {'recommend' | 'product' | 'script' | 'voice' | 'music' | 'upload' | 'timeline' | 'mix' | 'master' | 'export'} ToolId */

/**
 * @typedef {object} BuilderState
 * @property {string} height CSS length of the editor
 * @property {'auto' | 'side-by-side' | 'stacked'} arrangement
 * @property {string} initialPanel
 * @property {Record<ToolId, boolean>} tools
 * @property {'system' | 'light' | 'dark'} themeMode
 * @property {string} accent '' (the editor's own) or a colour like '#7c3aed'
 * @property {'comfortable' | 'compact'} density
 * @property {'en' | 'fr' | 'de'} locale
 * @property {string} preset delivery preset (mastering.preset)
 * @property {string} projectId '' or a stable project id
 * @property {string} duration seconds, as typed
 * @property {string} tokenUrl the host's token endpoint, a same-origin path
 * @property {string} refreshUrl the host's refresh endpoint, a same-origin path
 * @property {string} apiBaseUrl '' (the page's origin) or the service's absolute URL; snippets only
 * @property {string} userId Playground only: never in a snippet or a share URL
 */

export const TOOL_IDS = /** @type {const} */ (['recommend', 'product', 'script', 'voice', 'music', 'upload', 'timeline', 'mix', 'master', 'export']);
export const ARRANGEMENTS = /** @type {const} */ (['auto', 'side-by-side', 'stacked']);
export const PANELS = /** @type {const} */ (['recommend', 'script', 'voice', 'music', 'mix', 'master', 'export']);
export const THEME_MODES = /** @type {const} */ (['system', 'light', 'dark']);
export const DENSITIES = /** @type {const} */ (['comfortable', 'compact']);
export const LOCALES = /** @type {const} */ (['en', 'fr', 'de']);
export const PRESETS = /** @type {const} */ (['streaming', 'podcast', 'aes-ads', 'ebu-r128', 'atsc-a85', 'custom']);

/** @returns {BuilderState} the editor's defaults, with the demo host's endpoints filled in */
export function defaultState() {
  return {
    height: '640px',
    arrangement: 'auto',
    initialPanel: 'recommend',
    tools: /** @type {Record<ToolId, boolean>} */ (Object.fromEntries(TOOL_IDS.map((id) => [id, true]))),
    themeMode: 'system',
    accent: '',
    density: 'comfortable',
    locale: 'en',
    preset: 'streaming',
    projectId: '',
    duration: '30',
    tokenUrl: '/host/token',
    refreshUrl: '/host/refresh',
    apiBaseUrl: '',
    userId: '',
  };
}

/** The editor's defaults, for leaving unchanged values out of snippets. */
const EDITOR_DEFAULTS = { height: '640px', arrangement: 'auto', initialPanel: 'recommend', themeMode: 'system', density: 'comfortable', locale: 'en', preset: 'streaming', duration: 30 };

const PATH = /^\/(?![/\\])[A-Za-z0-9\-._~!$&'()*+,;=:@%/]*$/;

/**
 * Problems with the two endpoint paths and the service URL, by field name; empty when they are fine.
 * Both endpoints are required (the spec: "Token endpoint and refresh endpoint: Both required for an embed").
 * @param {Pick<BuilderState, 'tokenUrl' | 'refreshUrl' | 'apiBaseUrl'>} state
 * @returns {Partial<Record<'tokenUrl' | 'refreshUrl' | 'apiBaseUrl', string>>}
 */
export function validateEndpoints(state) {
  /** @type {Partial<Record<'tokenUrl' | 'refreshUrl' | 'apiBaseUrl', string>>} */
  const issues = {};
  for (const [key, what, example] of /** @type {const} */ ([
    ['tokenUrl', 'token', '/host/token'],
    ['refreshUrl', 'refresh', '/host/refresh'],
  ])) {
    const value = state[key].trim();
    if (value === '') issues[key] = `The ${what} endpoint is required: the path of your backend's ${what} endpoint, like ${example}.`;
    else if (!PATH.test(value)) {
      issues[key] = `Enter a path on your own site that starts with one "/", like ${example} (no host, spaces, "?" or "#").`;
    }
  }
  const base = state.apiBaseUrl.trim();
  if (base !== '') {
    let url;
    try {
      url = new URL(base);
    } catch {
      url = undefined;
    }
    if (url === undefined || !/^https?:$/.test(url.protocol) || url.search !== '' || url.hash !== '' || url.username !== '' || url.password !== '') {
      issues.apiBaseUrl = 'Enter an absolute http(s) URL without query or fragment, like https://api.example.com, or leave it empty.';
    }
  }
  return issues;
}

/**
 * The config areas that differ from the editor's defaults (no `target`, `auth` or `api`): what a snippet writes.
 * Never holds the user id.
 * @param {BuilderState} state
 * @returns {Record<string, Record<string, unknown>>}
 */
export function changedAreas(state) {
  /** @type {Record<string, Record<string, unknown>>} */
  const areas = {};
  /** @param {string} area @param {string} key @param {unknown} value */
  const put = (area, key, value) => {
    (areas[area] ??= {})[key] = value;
  };
  const height = state.height.trim();
  if (height !== EDITOR_DEFAULTS.height) put('layout', 'height', height);
  if (state.arrangement !== EDITOR_DEFAULTS.arrangement) put('layout', 'arrangement', state.arrangement);
  if (state.initialPanel !== EDITOR_DEFAULTS.initialPanel) put('layout', 'initialPanel', state.initialPanel);
  for (const id of TOOL_IDS) if (!state.tools[id]) put('tools', id, false);
  if (state.themeMode !== EDITOR_DEFAULTS.themeMode) put('theme', 'mode', state.themeMode);
  if (state.accent.trim() !== '') put('theme', 'accent', state.accent.trim());
  if (state.density !== EDITOR_DEFAULTS.density) put('theme', 'density', state.density);
  if (state.locale !== EDITOR_DEFAULTS.locale) put('i18n', 'locale', state.locale);
  if (state.preset !== EDITOR_DEFAULTS.preset) put('mastering', 'preset', state.preset);
  if (state.projectId.trim() !== '') put('project', 'id', state.projectId.trim());
  const duration = durationOf(state);
  if (duration !== EDITOR_DEFAULTS.duration) put('project', 'duration', duration);
  return areas;
}

/** @param {BuilderState} state @returns {number} */
function durationOf(state) {
  const text = state.duration.trim();
  return text === '' ? EDITOR_DEFAULTS.duration : Number(text);
}

/**
 * Every area the form controls, with defaults written out and cleared fields as `undefined`, for
 * `handle.update()` (which merges key by key, so a key the form no longer sets must be reset explicitly).
 * The Playground's auth and api are added by the page.
 * @param {BuilderState} state
 */
export function playgroundAreas(state) {
  const accent = state.accent.trim();
  const projectId = state.projectId.trim();
  return {
    layout: { height: state.height.trim(), arrangement: state.arrangement, initialPanel: state.initialPanel },
    tools: { ...state.tools },
    theme: { mode: state.themeMode, density: state.density, accent: accent === '' ? undefined : accent },
    i18n: { locale: state.locale },
    mastering: { preset: state.preset },
    project: { id: projectId === '' ? undefined : projectId, duration: durationOf(state) },
  };
}

/** Keys of the share URL, by state field. `userId` is deliberately absent. */
const SHARE_KEYS = /** @type {const} */ ({
  height: 'h',
  arrangement: 'arr',
  initialPanel: 'panel',
  themeMode: 'mode',
  accent: 'accent',
  density: 'density',
  locale: 'lang',
  preset: 'preset',
  projectId: 'project',
  duration: 'dur',
  tokenUrl: 'token',
  refreshUrl: 'refresh',
  apiBaseUrl: 'api',
});

/** Choices a restored value must be one of. */
const CHOICES = /** @type {Partial<Record<keyof BuilderState, readonly string[]>>} */ ({
  arrangement: ARRANGEMENTS,
  initialPanel: PANELS,
  themeMode: THEME_MODES,
  density: DENSITIES,
  locale: LOCALES,
  preset: PRESETS,
});

/**
 * The form as a URL fragment (without the `#`): only values that differ from the form's defaults, and never
 * the user id.
 * @param {BuilderState} state
 * @returns {string}
 */
export function encodeShare(state) {
  const defaults = defaultState();
  const params = new URLSearchParams();
  for (const [field, key] of Object.entries(SHARE_KEYS)) {
    const value = /** @type {string} */ (state[/** @type {keyof typeof SHARE_KEYS} */ (field)]);
    if (value !== defaults[/** @type {keyof typeof SHARE_KEYS} */ (field)]) params.set(key, value);
  }
  const off = TOOL_IDS.filter((id) => !state.tools[id]);
  if (off.length > 0) params.set('off', off.join(','));
  return params.toString();
}

/**
 * The form restored from a share-URL fragment (with or without the `#`). Unknown keys, unknown choices and a
 * user id are ignored; text longer than 500 characters is dropped.
 * @param {string} fragment
 * @returns {BuilderState}
 */
export function decodeShare(fragment) {
  const state = defaultState();
  const params = new URLSearchParams(fragment.replace(/^#/, ''));
  for (const [field, key] of Object.entries(SHARE_KEYS)) {
    const value = params.get(key);
    if (value === null || value.length > 500) continue;
    const choices = CHOICES[/** @type {keyof BuilderState} */ (field)];
    if (choices !== undefined && !choices.includes(value)) continue;
    /** @type {Record<string, unknown>} */ (state)[field] = value;
  }
  const off = (params.get('off') ?? '').split(',');
  for (const id of TOOL_IDS) state.tools[id] = !off.includes(id);
  return state;
}
