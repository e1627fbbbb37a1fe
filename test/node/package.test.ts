// What a bundler user gets: `import { create } from 'service-studio-editor'` bundled by esbuild, which
// honours package.json `exports` and `sideEffects` as webpack and Rollup do. Run after the build (npm test
// builds first).
import assert from 'node:assert/strict';
import { mkdtempSync, mkdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const root = fileURLToPath(new URL('../..', import.meta.url));
let dir: string;

async function bundle(source: string): Promise<{ code: string; warnings: string[] }> {
  writeFileSync(join(dir, 'entry.js'), source);
  const result = await build({ entryPoints: [join(dir, 'entry.js')], absWorkingDir: dir, bundle: true, format: 'esm', write: false, logLevel: 'silent' });
  return { code: result.outputFiles[0]!.text, warnings: result.warnings.map((warning) => warning.text) };
}

describe('the npm package as a bundler sees it', () => {
  before(() => {
    dir = mkdtempSync(join(tmpdir(), 'studio-bundle-'));
    mkdirSync(join(dir, 'node_modules'));
    symlinkSync(root, join(dir, 'node_modules', 'service-studio-editor'), 'dir');
  });
  after(() => rmSync(dir, { recursive: true, force: true }));

  it('keeps every element a named import of create() needs, with no dropped imports', async () => {
    const { code, warnings } = await bundle("import { create } from 'service-studio-editor'; window.create = create;");
    assert.deepEqual(warnings, []);
    for (const tag of ['studio-editor', 'studio-editor-toolbar', 'studio-editor-panels', 'studio-editor-recommend-panel', 'studio-editor-notices']) {
      assert.match(code, new RegExp(`defineElement\\("${tag}"`), `<${tag}> is defined in the bundle`);
    }
  });

  it('gives the audio sub-path without any element or Lit', async () => {
    const { code, warnings } = await bundle("import { measureLoudness } from 'service-studio-editor/audio'; globalThis.m = measureLoudness;");
    assert.deepEqual(warnings, []);
    assert.doesNotMatch(code, /defineElement|LitElement|customElements/);
    assert.match(code, /function measureLoudness/);
  });
});
