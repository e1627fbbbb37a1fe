// Three builds from one source:
//  dist/esm/                     ESM for bundlers: one file per module, lit/@lit/context/wavesurfer.js/papaparse external;
//                                dist/esm/audio/index.js is the DOM-free `service-studio-editor/audio` entry;
//                                dist/esm/node/contract-check-cli.js is the command of bin/studio-contract-check.mjs;
//                                dist/esm/review/index.js is `service-studio-editor/review` (a delivery checked against
//                                the host's keys), dist/esm/node/verify-cli.js the command of bin/studio-verify.mjs;
//                                dist/esm/batch/index.js is the Node entry `service-studio-editor/batch`, its cli.js the
//                                command of bin/studio-batch.mjs, pool-worker.js its worker threads, queue/row-processor.js the
//                                sandboxed process of `studio-batch worker` (bullmq, ioredis and aws4fetch left to Node);
//                                dist/esm/audio/render-worker.js is one self-contained file (no imports), so that
//                                a bundler can emit it as is (Vite inlines a worker it cannot bundle as a data:
//                                module, where relative imports fail)
//  dist/studio-editor.bundled.js minified ESM for <script type="module"> from a CDN, with its chunks beside it
//                                (dist/studio-editor.*.js: shared code, panels, timeline, languages, MP3 encoder,
//                                on-thread renderer), each fetched when first needed
//  dist/studio-editor.iife.js    a classic-script loader: window.ServiceStudioEditor, and an import() of the above
//  dist/render-worker.js         the render worker of the CDN build (a module worker, no imports)
//  dist/decode-worker.js         the decode worker (WAV and MP3 decoded off the page; no imports), started while
//                                assets are decoded; dist/esm/audio/decode-worker.js is the same for the ESM build
//  dist/mp3-worker.js            the MP3 worker (LAME, LGPL; no imports), started only when MP3 is exported;
//                                dist/esm/audio/mp3-worker.js is the same for the ESM build
//  dist/zip-worker.js            the zip worker (fflate; no imports), started only when a delivery is packed;
//                                dist/esm/audio/zip-worker.js is the same for the ESM build
//  dist/meter-worklet.js         the live meter's AudioWorklet processor of the CDN build (no imports)
//  dist/stream-worklet.js        the preview's playback AudioWorklet processor of the CDN build (no imports)
// Types (.d.ts) come from `tsc --emitDeclarationOnly` (scripts/build.mjs), not from this file.
import { readFileSync } from 'node:fs';
import commonjs from '@rollup/plugin-commonjs';
import nodeResolve from '@rollup/plugin-node-resolve';
import replace from '@rollup/plugin-replace';
import terser from '@rollup/plugin-terser';
import { minifyTemplates } from './scripts/lib/minify-templates.mjs';
import { COMPILE_HINT } from './scripts/lib/compile-hint.mjs';
import { typescriptTranspile } from './scripts/lib/ts-transpile.mjs';

const pkg = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8'));

const plugins = () => [
  replace({ preventAssignment: true, values: { __STUDIO_VERSION__: JSON.stringify(pkg.version) } }),
  nodeResolve({ browser: true }),
  // papaparse (the feed import, src/feed/import.ts) ships CommonJS only, and the script-tag build bundles it; nothing
  // else in the graph is CommonJS. Its `require('stream')` stays as it is: it runs only for Node's streams
  // (Papa.NODE_STREAM_INPUT), never here.
  commonjs({ ignore: ['stream'] }),
  typescriptTranspile({ tsconfig: './tsconfig.json' }),
];

// Comments go, but for V8's explicit compile hint (below), which must stay the first line of its file. (A regular
// expression: the plugin hands its options to its workers as text, where a function would lose COMPILE_HINT.)
const minify = [minifyTemplates(), terser({ ecma: 2022, module: true, format: { comments: new RegExp(`^${COMPILE_HINT.slice('//'.length)}$`) } })];

// The ESM build leaves its dependencies to the host's bundler. papaparse among them: bundled with preserveModules it
// would land in dist/esm/node_modules/, a folder npm never packs.
// fflate too (service-studio-editor/review reads a delivery's ZIP with it; the zip worker bundles its own copy).
const isExternal = (id) => id.startsWith('node:') || /^(lit|lit-html|lit-element|@lit\/[^/]+|@lit-labs\/[^/]+|wavesurfer\.js|@breezystack\/lamejs|papaparse|fflate|react|bullmq|ioredis|aws4fetch)(\/|$)/.test(id);

export default [
  {
    // node/contract-check-cli is the command `npx studio-contract-check` (bin/), run by Node on a host's server: no
    // browser entry imports it, and it imports nothing of Node (the bin hands it the process).
    input: {
      index: 'src/index.ts',
      define: 'src/define.ts',
      'audio/index': 'src/audio/index.ts',
      'auth/entry': 'src/auth/entry.ts',
      react: 'src/react.ts',
      'node/contract-check-cli': 'src/node/contract-check-cli.ts',
      // `service-studio-editor/review` checks a delivery in Node or a browser; node/verify-cli is `npx studio-verify`.
      'review/index': 'src/review/index.ts',
      'node/verify-cli': 'src/node/verify-cli.ts',
      // The batch runs in Node only (it imports node: modules, left to Node); its worker is started by URL.
      'batch/index': 'src/batch/index.ts',
      'batch/pool-worker': 'src/batch/pool-worker.ts',
      // The queue worker's sandboxed row processor: BullMQ forks a process that imports it by path.
      'batch/queue/row-processor': 'src/batch/queue/row-processor.ts',
    },
    external: isExternal,
    plugins: plugins(),
    output: { dir: 'dist/esm', format: 'es', preserveModules: true, preserveModulesRoot: 'src', sourcemap: true },
  },
  // The script-tag builds: one module graph (one Lit), cut into chunks beside the entry, each fetched from
  // beside it when first needed: what is fetched before the first paint is the entry and its static imports.
  {
    input: { 'studio-editor.bundled': 'src/index.ts' },
    // The entry may carry the shared code itself (no facade re-exporting a chunk: one round trip less).
    preserveEntrySignatures: 'allow-extension',
    plugins: [...plugins(), ...minify],
    output: {
      dir: 'dist',
      format: 'es',
      entryFileNames: '[name].js',
      chunkFileNames: 'studio-editor.[name].js',
      sourcemap: true,
      // The entry runs almost whole before the first paint: Chromium (136 and later) compiles all of it as it
      // loads, instead of each function on its first call, in the task that renders the editor (measured in
      // docs/benchmarks.md). Other engines read a comment.
      banner: (chunk) => (chunk.isEntry ? COMPILE_HINT : ''),
    },
  },
  // The classic-script loader: window.ServiceStudioEditor, and an import() of studio-editor.bundled.js.
  {
    input: 'src/cdn.ts',
    plugins: [...plugins(), ...minify],
    output: { file: 'dist/studio-editor.iife.js', format: 'iife', sourcemap: true },
  },
  // The workers and the worklets, each one file without imports (they load by URL): unminified for the ESM build,
  // minified beside the CDN build. The render worker; the decode worker, started while assets are decoded; the MP3 worker (LAME, LGPL, inside), started only when an
  // MP3 is exported; the zip worker (fflate), started only when a delivery is packed; the live meter's AudioWorklet processor; the playback's AudioWorklet processor.
  ...['render-worker', 'decode-worker', 'mp3-worker', 'zip-worker', 'meter-worklet', 'stream-worklet'].flatMap((name) => [
    {
      input: `src/audio/${name}.ts`,
      plugins: plugins(),
      output: { file: `dist/esm/audio/${name}.js`, format: 'es', sourcemap: true },
    },
    {
      input: `src/audio/${name}.ts`,
      plugins: [...plugins(), ...minify],
      output: { file: `dist/${name}.js`, format: 'es', sourcemap: true },
    },
  ]),
];
