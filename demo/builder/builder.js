// The Embed Builder page: the form, the live Playground (through handle.update()), the snippet tabs, Copy and
// the share link. env.js (a classic script, run first) defined window.STUDIO_DEMO.
import { create, endpointAuth, resolveConfig, version } from '/dist/studio-editor.bundled.js';
import { FLAVOURS, generateSnippet } from './snippet.js';
import { TOOL_IDS, decodeShare, encodeShare, playgroundAreas, validateEndpoints } from './state.js';

const form = document.getElementById('builder-form');
const TEXT_FIELDS = ['height', 'projectId', 'duration', 'tokenUrl', 'refreshUrl', 'apiBaseUrl', 'userId'];
const SELECT_FIELDS = ['arrangement', 'initialPanel', 'themeMode', 'density', 'locale', 'preset'];
/** Fields that show their own error message, and the config paths whose issues they show. */
const ERROR_FIELDS = {
  height: ['config.layout.height'],
  accent: ['config.theme.accent'],
  projectId: ['config.project.id'],
  duration: ['config.project.duration'],
  tokenUrl: [],
  refreshUrl: [],
  apiBaseUrl: [],
  userId: ['config.auth.userId'],
};
const apiBaseUrl = window.STUDIO_DEMO?.apiBaseUrl ?? location.origin;
const $ = (id) => document.getElementById(id);

// ---- The form <-> state ----

function readForm() {
  const state = {};
  for (const name of [...TEXT_FIELDS, ...SELECT_FIELDS]) state[name] = $(name).value;
  state.accent = $('accent-on').checked ? $('accent').value : '';
  state.tools = Object.fromEntries(TOOL_IDS.map((id) => [id, form.querySelector(`input[name="tool"][value="${id}"]`).checked]));
  return state;
}

function writeForm(state) {
  for (const name of [...TEXT_FIELDS, ...SELECT_FIELDS]) if (name !== 'userId') $(name).value = state[name];
  const hex = /^#[0-9a-f]{6}$/i.test(state.accent);
  $('accent-on').checked = hex;
  if (hex) $('accent').value = state.accent.toLowerCase();
  $('accent').disabled = !hex;
  for (const id of TOOL_IDS) form.querySelector(`input[name="tool"][value="${id}"]`).checked = state.tools[id];
}

/** Every problem, by field: the endpoint rules of the builder, then the editor's own validation. */
function problems(state) {
  const issues = { ...validateEndpoints(state) };
  const areas = playgroundAreas(state);
  const userId = state.userId.trim();
  try {
    resolveConfig({ auth: { userId: userId === '' ? undefined : userId, getToken: noop, refreshToken: noop }, ...areas });
  } catch (error) {
    for (const issue of error.issues ?? [{ path: '', message: error.message }]) {
      const field = Object.keys(ERROR_FIELDS).find((name) => ERROR_FIELDS[name].some((path) => issue.path.startsWith(path)));
      issues[field ?? 'height'] ??= `${sentence(issue.message)}`;
    }
  }
  return issues;
}
const noop = async () => '';
const sentence = (text) => `${text.charAt(0).toUpperCase()}${text.slice(1)}${/[.!?]$/.test(text) ? '' : '.'}`;

function showProblems(issues) {
  for (const name of Object.keys(ERROR_FIELDS)) {
    const input = $(name);
    const error = $(`${name}-error`);
    const message = issues[name];
    if (message === undefined) {
      input.removeAttribute('aria-invalid');
      error.hidden = true;
      error.textContent = '';
    } else {
      input.setAttribute('aria-invalid', 'true');
      error.hidden = false;
      error.textContent = message;
    }
  }
  $('code-invalid').hidden = Object.keys(issues).length === 0;
}

// ---- Snippet tabs, Copy, share link ----

let flavour = 'cdn';
let lastValid;

function renderCode() {
  if (lastValid === undefined) return;
  $('code').textContent = generateSnippet(lastValid, flavour, { version });
  $('share-url').value = shareUrl(lastValid);
}

const shareUrl = (state) => {
  const fragment = encodeShare(state);
  return `${location.origin}${location.pathname}${fragment === '' ? '' : `#${fragment}`}`;
};

function selectTab(next, focus) {
  flavour = next;
  for (const tab of document.querySelectorAll('[role="tab"]')) {
    const selected = tab.dataset.flavour === next;
    tab.setAttribute('aria-selected', String(selected));
    tab.tabIndex = selected ? 0 : -1;
    if (selected) {
      $('code-panel').setAttribute('aria-labelledby', tab.id);
      if (focus) tab.focus();
    }
  }
  renderCode();
}

const tabs = document.querySelector('[role="tablist"]');
tabs.addEventListener('click', (event) => {
  const tab = event.target.closest('[role="tab"]');
  if (tab) selectTab(tab.dataset.flavour, false);
});
tabs.addEventListener('keydown', (event) => {
  const ids = FLAVOURS.map((item) => item.id);
  const at = ids.indexOf(flavour);
  const to = { ArrowRight: at + 1, ArrowLeft: at - 1, Home: 0, End: ids.length - 1 }[event.key];
  if (to === undefined) return;
  event.preventDefault();
  selectTab(ids[(to + ids.length) % ids.length], true);
});

/** Copies `text`: the Clipboard API, else a selected textarea and execCommand; says what happened. */
async function copy(text, what) {
  const status = $('copy-status');
  let done = false;
  try {
    await navigator.clipboard.writeText(text);
    done = true;
  } catch {
    const area = document.createElement('textarea');
    area.className = 'offscreen';
    area.value = text;
    area.setAttribute('readonly', '');
    document.body.append(area);
    area.select();
    try {
      done = document.execCommand('copy');
    } catch {
      done = false;
    }
    area.remove();
  }
  status.textContent = done ? `Copied ${what}` : 'Could not copy: select the text and press Ctrl+C (⌘C on a Mac)';
  clearTimeout(copy.timer);
  copy.timer = setTimeout(() => (status.textContent = ''), 4000);
}
$('copy-code').addEventListener('click', () => copy($('code').textContent, 'the code'));
$('copy-share').addEventListener('click', () => copy($('share-url').value, 'the link'));
$('share-url').addEventListener('focus', (event) => event.target.select());

// ---- The Playground ----

const playgroundStatus = $('playground-status');
let handle;
let auth = { tokenUrl: '', refreshUrl: '', callbacks: undefined };

/** The callbacks for the endpoints: the same objects while the paths stay, so nothing is swapped needlessly. */
function authFor(state) {
  const tokenUrl = state.tokenUrl.trim();
  const refreshUrl = state.refreshUrl.trim();
  if (auth.tokenUrl !== tokenUrl || auth.refreshUrl !== refreshUrl || auth.callbacks === undefined) {
    auth = { tokenUrl, refreshUrl, callbacks: endpointAuth({ tokenUrl, refreshUrl }) };
  }
  const userId = state.userId.trim();
  return { userId: userId === '' ? undefined : userId, ...auth.callbacks };
}

const playgroundConfig = (state) => ({ ...playgroundAreas(state), auth: authFor(state) });

async function startPlayground(state) {
  starting = true;
  try {
    handle = await create({ target: '#playground', api: { baseUrl: apiBaseUrl }, ...playgroundConfig(state) });
    playgroundStatus.textContent = `Editor ${version} is ready, against the local emulator.`;
    handle.on('ready', () => (playgroundStatus.textContent = `Editor ${version} is ready, against the local emulator.`));
    handle.on('error', (detail) => (playgroundStatus.textContent = `Error: ${detail.message}`));
    handle.on('auth-error', (detail) => (playgroundStatus.textContent = `Sign-in problem: ${detail.message}`));
    if (pending !== undefined) updatePlayground(pending);
  } catch (error) {
    playgroundStatus.textContent = `The editor could not start: ${error.message}`;
  }
  starting = false;
}

let pending;
let starting = false;
function updatePlayground(state) {
  if (handle === undefined) {
    if (starting) pending = state;
    else void startPlayground(state);
    return;
  }
  pending = undefined;
  try {
    handle.update(playgroundConfig(state));
    playgroundStatus.textContent = 'The Playground follows the form.';
  } catch (error) {
    playgroundStatus.textContent = `The Playground kept its last setup: ${error.message}`;
  }
}

// ---- Wiring ----

/** Validates the form; when it is valid, updates the code, the share link, the address bar and the Playground. */
function apply({ playground = true } = {}) {
  const state = readForm();
  const issues = problems(state);
  showProblems(issues);
  if (Object.keys(issues).length > 0) return;
  lastValid = state;
  renderCode();
  history.replaceState(null, '', shareUrl(state));
  if (playground) updatePlayground(state);
}

let timer;
form.addEventListener('input', (event) => {
  if (event.target.id === 'accent-on') $('accent').disabled = !event.target.checked;
  clearTimeout(timer);
  // Typing settles first (a new project id or user id switches the Playground's session); clicks apply at once.
  timer = setTimeout(apply, event.target.type === 'text' || event.target.type === 'number' || event.target.type === 'url' ? 300 : 0);
});
form.addEventListener('submit', (event) => event.preventDefault());
window.addEventListener('hashchange', () => {
  const restored = decodeShare(location.hash);
  restored.userId = $('userId').value;
  writeForm(restored);
  apply();
});

const initial = decodeShare(location.hash);
writeForm(initial);
selectTab('cdn', false);
apply();
if (lastValid === undefined) playgroundStatus.textContent = 'Fix the marked fields to start the Playground.';
