// Three builds from one source:
//  dist/esm/                     ESM for bundlers: one file per module, lit/@lit/context/wavesurfer.js external;
//                                dist/esm/audio/index.js is the DOM-free `service-studio-editor/audio` entry
//  dist/studio-editor.bundled.js self-contained, minified ESM for <script type="module"> from a CDN
//  dist/studio-editor.iife.js    self-contained, minified IIFE: window.ServiceStudioEditor and <studio-editor>
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

const isExternal = (id) => /^(lit|lit-html|lit-element|@lit\/[^/]+|@lit-labs\/[^/]+|wavesurfer\.js)(\/|$)/.test(id);

export default [
  {
    input: { index: 'src/index.ts', define: 'src/define.ts', 'audio/index': 'src/audio/index.ts' },
    external: isExternal,
    plugins: plugins({ outDir: 'dist/esm' }),
    output: { dir: 'dist/esm', format: 'es', preserveModules: true, preserveModulesRoot: 'src', sourcemap: true },
  },
  {
    input: 'src/index.ts',
    plugins: [...plugins({ outDir: 'dist' }), minify],
    output: { file: 'dist/studio-editor.bundled.js', format: 'es', sourcemap: true },
  },
  {
    input: 'src/cdn.ts',
    plugins: [...plugins({ outDir: 'dist' }), minify],
    output: { file: 'dist/studio-editor.iife.js', format: 'iife', sourcemap: true },
  },
];
