// Three builds from one source:
//  dist/esm/                     ESM for bundlers: one file per module, lit/@lit/context/wavesurfer.js external;
//                                dist/esm/audio/index.js is the DOM-free `service-studio-editor/audio` entry;
//                                dist/esm/audio/render-worker.js is one self-contained file (no imports), so that
//                                a bundler can emit it as is (Vite inlines a worker it cannot bundle as a data:
//                                module, where relative imports fail)
//  dist/studio-editor.bundled.js self-contained, minified ESM for <script type="module"> from a CDN
//  dist/studio-editor.iife.js    self-contained, minified IIFE: window.ServiceStudioEditor and <studio-editor>
//  dist/render-worker.js         the render worker of both self-contained builds (a module worker, no imports)
//  dist/mp3-worker.js            the MP3 worker of both (LAME, LGPL; no imports), started only when MP3 is exported;
//                                dist/esm/audio/mp3-worker.js is the same for the ESM build
//  dist/meter-worklet.js         the live meter's AudioWorklet processor of both (no imports)
//  dist/studio-editor.mp3.js     the MP3 encoder (LAME, LGPL) of both, loaded by URL only when MP3 is exported
//                                where the MP3 worker cannot start
//  dist/studio-editor.render.js  the on-thread renderer of both, loaded by URL only when no worker can start
//  dist/studio-editor.fr.js, .de.js the built-in French and German words of both, loaded by URL when chosen
//  dist/studio-editor.timeline.js the timeline of both (with its own Lit and wavesurfer.js), loaded by URL
// Types (.d.ts) come from `tsc --emitDeclarationOnly` (scripts/build.mjs), not from this file.
import { readFileSync } from 'node:fs';
import nodeResolve from '@rollup/plugin-node-resolve';
import replace from '@rollup/plugin-replace';
import terser from '@rollup/plugin-terser';
import typescript from '@rollup/plugin-typescript';

const pkg = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8'));

const plugins = ({ outDir }) => [
  replace({ preventAssignment: true, values: { __STUDIO_VERSION__: JSON.stringify(pkg.version) } }),
  nodeResolve({ browser: true }),
  typescript({ tsconfig: './tsconfig.json', declaration: false, declarationMap: false, sourceMap: true, outDir, noEmitOnError: true }),
];

const minify = terser({ ecma: 2022, module: true, format: { comments: false } });

const isExternal = (id) => /^(lit|lit-html|lit-element|@lit\/[^/]+|@lit-labs\/[^/]+|wavesurfer\.js|@breezystack\/lamejs|react)(\/|$)/.test(id);

// In the self-contained bundles the MP3 encoder and the on-thread renderer are files of their own beside the
// script, loaded by URL when first needed (an IIFE has no chunks); Rollup turns import.meta.url into the
// script's own URL there.
const LOADED_BY_URL = {
  '/src/audio/mp3-loader.ts': "export const loadMp3Encoder = () => import(new URL('./studio-editor.mp3.js', import.meta.url).href);",
  '/src/audio/render-local-loader.ts': "export const loadRenderLocal = () => import(new URL('./studio-editor.render.js', import.meta.url).href);",
  '/src/components/studio-timeline-panel/loader.ts': "export const loadTimeline = () => import(new URL('./studio-editor.timeline.js', import.meta.url).href);",
  '/src/i18n/load.ts': [
    'const loading = new Map();',
    'export function loadCatalogue(language) {',
    '  let promise = loading.get(language);',
    '  if (promise === undefined) {',
    '    promise = import(new URL(`./studio-editor.${language}.js`, import.meta.url).href).then((module) => module[language]);',
    '    promise.catch(() => loading.delete(language));',
    '    loading.set(language, promise);',
    '  }',
    '  return promise;',
    '}',
  ].join('\n'),
};
const byUrl = {
  name: 'loaded-by-url',
  load(id) {
    const path = id.replaceAll('\\', '/');
    const loader = Object.keys(LOADED_BY_URL).find((end) => path.endsWith(end));
    return loader === undefined ? null : LOADED_BY_URL[loader];
  },
};

// The timeline file carries its own copy of Lit, whose Trusted Types policy would be a second `lit-html`
// (refused without 'allow-duplicates'): there it is named `studio-editor-lit`. A Lit whose source no longer
// has the string fails the build rather than the page.
const LIT_POLICY = /createPolicy\((["'])lit-html\1/;
const litPolicyName = (name) => ({
  name: 'lit-policy-name',
  transform(code, id) {
    if (!/[\\/]lit-html[\\/](development[\\/])?lit-html\.js$/.test(id)) return null;
    if (!LIT_POLICY.test(code)) this.error(`${id} no longer creates its policy as createPolicy("lit-html"): update litPolicyName in rollup.config.mjs`);
    return { code: code.replace(LIT_POLICY, `createPolicy("${name}"`), map: null };
  },
});

export default [
  {
    input: { index: 'src/index.ts', define: 'src/define.ts', 'audio/index': 'src/audio/index.ts', 'auth/entry': 'src/auth/entry.ts', react: 'src/react.ts' },
    external: isExternal,
    plugins: plugins({ outDir: 'dist/esm' }),
    output: { dir: 'dist/esm', format: 'es', preserveModules: true, preserveModulesRoot: 'src', sourcemap: true },
  },
  {
    input: 'src/index.ts',
    plugins: [byUrl, ...plugins({ outDir: 'dist' }), minify],
    output: { file: 'dist/studio-editor.bundled.js', format: 'es', sourcemap: true },
  },
  {
    input: 'src/cdn.ts',
    plugins: [byUrl, ...plugins({ outDir: 'dist' }), minify],
    output: { file: 'dist/studio-editor.iife.js', format: 'iife', sourcemap: true },
  },
  {
    input: 'src/audio/render-worker.ts',
    plugins: [...plugins({ outDir: 'dist/esm/audio' })],
    output: { file: 'dist/esm/audio/render-worker.js', format: 'es', sourcemap: true },
  },
  {
    input: 'src/audio/render-worker.ts',
    plugins: [...plugins({ outDir: 'dist' }), minify],
    output: { file: 'dist/render-worker.js', format: 'es', sourcemap: true },
  },
  // The MP3 worker (LAME, LGPL, inside), one file without imports like the render worker, started only when
  // an MP3 is exported: for the ESM build and beside the self-contained ones.
  {
    input: 'src/audio/mp3-worker.ts',
    plugins: [...plugins({ outDir: 'dist/esm/audio' })],
    output: { file: 'dist/esm/audio/mp3-worker.js', format: 'es', sourcemap: true },
  },
  {
    input: 'src/audio/mp3-worker.ts',
    plugins: [...plugins({ outDir: 'dist' }), minify],
    output: { file: 'dist/mp3-worker.js', format: 'es', sourcemap: true },
  },
  // The live meter's AudioWorklet processor, one file without imports (worklets load by URL), for the ESM
  // build and beside the self-contained ones.
  {
    input: 'src/audio/meter-worklet.ts',
    plugins: [...plugins({ outDir: 'dist/esm/audio' })],
    output: { file: 'dist/esm/audio/meter-worklet.js', format: 'es', sourcemap: true },
  },
  {
    input: 'src/audio/meter-worklet.ts',
    plugins: [...plugins({ outDir: 'dist' }), minify],
    output: { file: 'dist/meter-worklet.js', format: 'es', sourcemap: true },
  },
  {
    input: 'src/components/studio-timeline-panel/studio-timeline-panel.ts',
    plugins: [litPolicyName('studio-editor-lit'), ...plugins({ outDir: 'dist' }), minify],
    output: { file: 'dist/studio-editor.timeline.js', format: 'es', sourcemap: true },
  },
  {
    input: 'src/audio/render-local.ts',
    plugins: [...plugins({ outDir: 'dist' }), minify],
    output: { file: 'dist/studio-editor.render.js', format: 'es', sourcemap: true },
  },
  // The built-in words of the languages other than English, one file each, loaded when chosen.
  ...['fr', 'de'].map((language) => ({
    input: `src/i18n/${language}.ts`,
    plugins: [...plugins({ outDir: 'dist' }), minify],
    output: { file: `dist/studio-editor.${language}.js`, format: 'es', sourcemap: true },
  })),
  {
    input: 'src/audio/mp3-encoder.ts',
    plugins: [...plugins({ outDir: 'dist' }), minify],
    output: { file: 'dist/studio-editor.mp3.js', format: 'es', sourcemap: true },
  },
];
