// @ts-check
// Copy-ready embed code from the Embed Builder's form, in four flavours. Pure: a state in, a string out.
//
// The User ID field never reaches a snippet: the config written here is built from changedAreas(), which has
// no user id, and each snippet says in one comment line that production embeds pass auth.userId by hand.
import { changedAreas, validateEndpoints } from './state.js';

/** @typedef {import('./state.js').BuilderState} BuilderState */
/** @typedef {'cdn' | 'esm' | 'react' | 'vue'} Flavour */

/** @type {readonly { id: Flavour, label: string, language: string }[]} */
export const FLAVOURS = [
  { id: 'cdn', label: 'CDN script tag', language: 'html' },
  { id: 'esm', label: 'npm / ESM', language: 'js' },
  { id: 'react', label: 'React 19', language: 'jsx' },
  { id: 'vue', label: 'Vue 3', language: 'vue' },
];

/** The one comment line every snippet carries about the user id. */
export const USER_ID_NOTE = "Production embeds pass auth.userId (your signed-in user's id) by hand: it is never in this code.";

/** Where the script-tag flavour loads the editor from. */
export const cdnUrl = (/** @type {string} */ version) => `https://cdn.example.com/service-studio-editor@${version}/dist/studio-editor.iife.js`;

/** The mount element of the script-tag and ESM flavours. */
export const TARGET = '#editor';

/**
 * A JavaScript string literal in single quotes that is also safe inside an HTML `<script>` element and a
 * Vue template: `<`, `>`, `&` and the line separators are escaped.
 * @param {string} text
 */
export function quote(text) {
  const escaped = text.replace(/[\\'\n\r\t<>&\u2028\u2029]|[\u0000-\u001f\u007f]/g, (char) => {
    if (char === '\\') return '\\\\';
    if (char === "'") return "\\'";
    if (char === '\n') return '\\n';
    if (char === '\r') return '\\r';
    if (char === '\t') return '\\t';
    return `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`;
  });
  return `'${escaped}'`;
}

/**
 * A value as JavaScript source: objects one key a line (identifier keys bare), strings single-quoted.
 * Strings given as `{ code }` are written as they are.
 * @param {unknown} value
 * @param {string} indent the indentation of the line the value starts on
 * @returns {string}
 */
function literal(value, indent) {
  if (typeof value === 'string') return quote(value);
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (typeof value === 'object' && value !== null && 'code' in value && typeof value.code === 'string') return value.code;
  if (typeof value === 'object' && value !== null) {
    const entries = Object.entries(value);
    if (entries.length === 0) return '{}';
    const inner = `${indent}  `;
    const flat = `{ ${entries.map(([key, item]) => `${keyOf(key)}: ${literal(item, inner)}`).join(', ')} }`;
    if (!flat.includes('\n') && flat.length + indent.length <= 88) return flat;
    return `{\n${entries.map(([key, item]) => `${inner}${keyOf(key)}: ${literal(item, inner)},`).join('\n')}\n${indent}}`;
  }
  throw new TypeError(`cannot write ${typeof value} into a snippet`);
}

/** @param {string} key */
const keyOf = (key) => (/^[A-Za-z_$][\w$]*$/.test(key) ? key : quote(key));

/**
 * The lines of the config object's body (without braces) for a snippet, indented by `indent`.
 * @param {BuilderState} state
 * @param {{ target: boolean }} options
 * @param {string} indent
 */
function configBody(state, options, indent) {
  const lines = [];
  if (options.target) lines.push(`${indent}target: ${quote(TARGET)},`);
  const base = state.apiBaseUrl.trim();
  if (base !== '') lines.push(`${indent}api: { baseUrl: ${quote(base.replace(/\/+$/, ''))} },`);
  lines.push(`${indent}// ${USER_ID_NOTE}`);
  lines.push(`${indent}auth: endpointAuth({ tokenUrl: ${quote(state.tokenUrl.trim())}, refreshUrl: ${quote(state.refreshUrl.trim())} }),`);
  for (const [area, values] of Object.entries(changedAreas(state))) lines.push(`${indent}${area}: ${literal(values, indent)},`);
  return lines.join('\n');
}

/**
 * The embed code of one flavour. Throws when an endpoint path is missing or not a same-origin path: a snippet
 * without both endpoints would not work.
 * @param {BuilderState} state
 * @param {Flavour} flavour
 * @param {{ version: string }} options the editor version the CDN URL pins
 * @returns {string}
 */
export function generateSnippet(state, flavour, options) {
  const issues = validateEndpoints(state);
  const first = Object.values(issues)[0];
  if (first !== undefined) throw new Error(first);
  switch (flavour) {
    case 'cdn':
      return [
        `<div id="${TARGET.slice(1)}"></div>`,
        `<script src="${cdnUrl(options.version)}"></script>`,
        '<script>',
        '  const { create, endpointAuth } = ServiceStudioEditor;',
        '  create({',
        configBody(state, { target: true }, '    '),
        '  }).then((editor) => editor.on(\'error\', (detail) => console.warn(detail.message)));',
        '</script>',
        '',
      ].join('\n');
    case 'esm':
      return [
        "// In a bundled app (npm install service-studio-editor); the page has <div id=\"editor\"></div>.",
        "import { create, endpointAuth } from 'service-studio-editor';",
        '',
        'const editor = await create({',
        configBody(state, { target: true }, '  '),
        '});',
        "editor.on('error', (detail) => console.warn(detail.message));",
        '',
      ].join('\n');
    case 'react':
      return [
        "import { StudioEditor } from 'service-studio-editor/react';",
        "import { endpointAuth } from 'service-studio-editor/auth';",
        '',
        '// Outside the component: one config object for the life of the page.',
        'const config = {',
        configBody(state, { target: false }, '  '),
        '};',
        '',
        'export function AdEditor({ onReady }) {',
        '  return <StudioEditor config={config} onStudioReady={() => onReady?.()} />;',
        '}',
        '',
      ].join('\n');
    case 'vue':
      return [
        "<!-- AdEditor.vue. In vite.config.js: vue({ template: { compilerOptions: { isCustomElement: (tag) => tag === 'studio-editor' } } }) -->",
        '<script setup>',
        "import 'service-studio-editor/define';",
        "import { endpointAuth } from 'service-studio-editor';",
        '',
        "const emit = defineEmits(['ready']);",
        'const config = {',
        configBody(state, { target: false }, '  '),
        '};',
        '</script>',
        '',
        '<template>',
        '  <studio-editor :config.prop="config" @studio-ready="emit(\'ready\')" />',
        '</template>',
        '',
      ].join('\n');
    default:
      throw new Error(`unknown snippet flavour ${JSON.stringify(flavour)}`);
  }
}
