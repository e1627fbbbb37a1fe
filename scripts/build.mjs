// Builds dist/: the Rollup bundles, the .d.ts files of the ESM build, the types of the script-tag global,
// and the editor's descriptions for tools (VS Code custom data, JSX types) from custom-elements.json.
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { writeToolData } from './lib/tool-data.mjs';
import { run } from './lib/run.mjs';

rmSync(new URL('../dist', import.meta.url), { recursive: true, force: true });
await run('rollup', ['-c', '--silent']);
// The loader names the chunks it fetches ahead (the autosave's, src/cdn.ts): each must be beside it.
const loader = readFileSync(new URL('../dist/studio-editor.iife.js', import.meta.url), 'utf8');
for (const [chunk] of loader.matchAll(/studio-editor\.[\w-]+\.js/g)) {
  if (!existsSync(new URL(`../dist/${chunk}`, import.meta.url))) throw new Error(`dist/studio-editor.iife.js fetches ${chunk}, which the build did not make: has rollup named the chunk otherwise?`);
}
await run('tsc', ['-p', 'tsconfig.types.json']);
writeFileSync(
  new URL('../dist/studio-editor.iife.d.ts', import.meta.url),
  [
    '// The script-tag build defines `window.ServiceStudioEditor` and <studio-editor>.',
    "import type { ServiceStudioEditorGlobal } from './esm/cdn.js';",
    "import type { StudioEditor } from './esm/components/studio-editor/studio-editor.js';",
    'declare global {',
    '  var ServiceStudioEditor: ServiceStudioEditorGlobal;',
    '  interface HTMLElementTagNameMap {',
    "    'studio-editor': StudioEditor;",
    '  }',
    '}',
    'export {};',
    '',
  ].join('\n'),
);
writeToolData();
// `service-studio-editor/jsx` is types only; this empty module lets it resolve as an import too.
writeFileSync(new URL('../dist/jsx.js', import.meta.url), 'export {};\n');
