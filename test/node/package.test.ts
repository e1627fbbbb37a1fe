// What a bundler user gets: `import { create } from 'service-studio-editor'` bundled by esbuild, which
// honours package.json `exports` and `sideEffects` as webpack and Rollup do. Run after the build (npm test
// builds first).
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, mkdirSync, readFileSync, readdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { gzipSync } from 'node:zlib';
import { build } from 'esbuild';

const root = fileURLToPath(new URL('../..', import.meta.url));
let dir: string;

async function bundle(source: string, options: { minify?: boolean; external?: string[] } = {}): Promise<{ code: string; warnings: string[] }> {
  writeFileSync(join(dir, 'entry.js'), source);
  const result = await build({ entryPoints: [join(dir, 'entry.js')], absWorkingDir: dir, bundle: true, format: 'esm', write: false, logLevel: 'silent', ...options });
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

  it('keeps the English words of the later panels, which add themselves when loaded (sideEffects)', async () => {
    const { code } = await bundle("import { create } from 'service-studio-editor'; window.create = create;");
    // master.heading of src/i18n/en-later.ts, and the call that adds those words to the page's English.
    assert.match(code, /Loudness and delivery/);
    assert.match(code, /addEnglish\(enLater\)/);
  });

  it('keeps the store\'s version, campaign, delivery and lock edits and the checks of host destinations, which add themselves when loaded (sideEffects)', async () => {
    const { code } = await bundle("import { create } from 'service-studio-editor'; window.create = create;");
    assert.match(code, /addEdits\(\["lock\/set"\]/);
    assert.match(code, /addEdits\(\["version\/add"/);
    assert.match(code, /addEdits\(\["project\/set-delivery"/);
    // esbuild may rename the function it passes (a name taken elsewhere in the bundle): hostDestinations2.
    assert.match(code, /useDestinationChecks\(hostDestinations\d*\)/);
  });

  it('registers <studio-editor> as the only tag outside the studio-editor-* prefix', async () => {
    const { code } = await bundle("import { create } from 'service-studio-editor'; window.create = create;");
    const tags = [...code.matchAll(/defineElement\("([a-z0-9-]+)"/g)].map((match) => match[1]!);
    assert.ok(tags.length > 20, `found ${tags.length} element definitions`);
    assert.deepEqual(tags.filter((tag) => tag !== 'studio-editor' && !tag.startsWith('studio-editor-')), []);
  });

  it('gives the audio sub-path without any element or Lit', async () => {
    const { code, warnings } = await bundle("import { measureLoudness } from 'service-studio-editor/audio'; globalThis.m = measureLoudness;");
    assert.deepEqual(warnings, []);
    assert.doesNotMatch(code, /defineElement|LitElement|customElements/);
    assert.match(code, /function measureLoudness/);
  });

  it('gives endpointAuth from the auth sub-path in under 2 KB gzip, without the editor or Lit', async () => {
    const { code, warnings } = await bundle("import { endpointAuth } from 'service-studio-editor/auth'; globalThis.auth = endpointAuth;", { minify: true });
    assert.deepEqual(warnings, []);
    assert.doesNotMatch(code, /defineElement|LitElement|customElements|lit-html/);
    const gzip = gzipSync(code, { level: 9 }).length;
    assert.ok(gzip < 2048, `service-studio-editor/auth is ${gzip} bytes gzip`);
  });

  it('gives a React component from the react sub-path, with React and Lit left to the app', async () => {
    const { code, warnings } = await bundle("import { StudioEditor } from 'service-studio-editor/react'; globalThis.C = StudioEditor;", { external: ['react', 'lit', 'lit/*', '@lit/*', 'wavesurfer.js'] });
    assert.deepEqual(warnings, []);
    assert.match(code, /from "react"/);
    assert.match(code, /"studio-ready"/);
    assert.match(code, /defineElement\("studio-editor"/);
  });
});

describe('the package as published', () => {
  const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as {
    dependencies: Record<string, string>;
    exports: Record<string, string | Record<string, string>>;
    bin: Record<string, string>;
    license: string;
  };
  const lock = JSON.parse(readFileSync(join(root, 'package-lock.json'), 'utf8')) as { packages: Record<string, { version: string }> };

  it('lets an app share lit, @lit/context and wavesurfer.js (caret ranges) and tests their floor (the lockfile installs it)', () => {
    for (const name of ['lit', '@lit/context', 'wavesurfer.js', '@lit/react']) {
      const range = pkg.dependencies[name];
      assert.match(range ?? '', /^\^\d+\.\d+\.\d+$/, `${name} has a caret range`);
      assert.equal(lock.packages[`node_modules/${name}`]?.version, range!.slice(1), `the suite runs ${name} at the floor of its range`);
    }
    assert.equal(pkg.license, 'MIT');
  });

  it('ships every file its exports and custom-elements.json name, each export with types', () => {
    for (const [path, target] of Object.entries(pkg.exports)) {
      const targets = typeof target === 'string' ? [target] : Object.values(target);
      for (const file of targets) assert.ok(existsSync(join(root, file)), `${path}: ${file} is built`);
      if (!path.endsWith('.json')) assert.ok(typeof target === 'object' && target['types'], `${path} has types`);
    }
    const manifest = JSON.parse(readFileSync(join(root, 'custom-elements.json'), 'utf8')) as { modules: Array<{ path: string; declarations: Array<{ tagName?: string }> }> };
    assert.deepEqual(manifest.modules.flatMap((module) => module.declarations.map((declaration) => declaration.tagName)), ['studio-editor']);
    for (const module of manifest.modules) assert.ok(existsSync(join(root, module.path)), `custom-elements.json names ${module.path}, which the build makes`);
    // The tool data the build makes from it: VS Code's HTML and CSS custom data.
    const html = JSON.parse(readFileSync(join(root, 'dist', 'vscode.html-custom-data.json'), 'utf8')) as { tags: Array<{ name: string; attributes: Array<{ name: string; values?: Array<{ name: string }> }> }> };
    assert.deepEqual(html.tags.map((tag) => tag.name), ['studio-editor']);
    assert.deepEqual(html.tags[0]!.attributes.find((attribute) => attribute.name === 'theme')?.values?.map((value) => value.name), ['light', 'dark', 'system']);
    const css = JSON.parse(readFileSync(join(root, 'dist', 'vscode.css-custom-data.json'), 'utf8')) as { properties: Array<{ name: string }>; pseudoElements: Array<{ name: string }> };
    assert.ok(css.properties.some((property) => property.name === '--studio-accent'));
    assert.ok(css.pseudoElements.some((part) => part.name === '::part(toolbar)'));
  });

  it('runs `npx studio-contract-check` from the built files in Node (a dry run sends nothing), and no script-tag chunk carries it', () => {
    const bin = join(root, pkg.bin['studio-contract-check']!);
    const key = 'sk-package-test-key';
    const run = spawnSync(process.execPath, [bin, '--base-url', 'http://127.0.0.1:9', '--dry-run'], { encoding: 'utf8', env: { ...process.env, STUDIO_API_KEY: key } });
    assert.equal(run.status, 0, run.stderr);
    assert.match(run.stdout, /^generate: POST http:\/\/127\.0\.0\.1:9\/v1\/generate$/m);
    assert.match(run.stdout, /\n10 of 10 operations built their request; nothing was sent\n$/);
    assert.ok(!run.stdout.includes(key));
    for (const file of readdirSync(join(root, 'dist')).filter((name) => name.endsWith('.js'))) {
      assert.doesNotMatch(readFileSync(join(root, 'dist', file), 'utf8'), /contract-check|contractCheck/, `dist/${file}`);
    }
  });

  it('runs `npx studio-verify` from the built files in Node (a usage error exits 2), and `service-studio-editor/review` exports verifyDelivery', async () => {
    const bin = join(root, pkg.bin['studio-verify']!);
    const help = spawnSync(process.execPath, [bin, '--help'], { encoding: 'utf8' });
    assert.equal(help.status, 0, help.stderr);
    assert.match(help.stdout, /^Usage: npx studio-verify delivery\.zip --jwks keys\.json/);
    const run = spawnSync(process.execPath, [bin, join(dir, 'none.zip')], { encoding: 'utf8' });
    assert.equal(run.status, 2);
    assert.match(run.stderr, /no key set given/);
    const review = (await import(pathToFileURL(join(root, 'dist/esm/review/index.js')).href)) as Record<string, unknown>;
    for (const name of ['verifyDelivery', 'verifyDecisions', 'verifyJws', 'decisionClaims', 'decisionLink']) assert.equal(typeof review[name], 'function', name);
  });

  it('runs `npx studio-batch` from the built files in Node (usage errors exit 2 before anything is sent), and no script-tag chunk carries it', async () => {
    const bin = join(root, pkg.bin['studio-batch']!);
    const help = spawnSync(process.execPath, [bin, '--help'], { encoding: 'utf8' });
    assert.equal(help.status, 0, help.stderr);
    assert.match(help.stdout, /^Usage: npx studio-batch render --project/);
    const key = 'sk-package-test-key';
    const run = spawnSync(process.execPath, [bin, 'render', '--out', join(dir, 'batch'), '--base-url', 'http://127.0.0.1:9'], { encoding: 'utf8', env: { ...process.env, STUDIO_API_KEY: key } });
    assert.equal(run.status, 2);
    assert.match(run.stderr, /--project is required/);
    assert.ok(!run.stderr.includes(key));
    const batch = (await import(pathToFileURL(join(root, 'dist/esm/batch/index.js')).href)) as Record<string, unknown>;
    for (const name of ['renderBatch', 'createRowRenderer', 'writeRunReport', 'folderStore', 'storeOf', 's3Store', 's3LocationOf', 'rowJobId']) assert.equal(typeof batch[name], 'function', name);
    for (const file of readdirSync(join(root, 'dist')).filter((name) => name.endsWith('.js'))) {
      assert.doesNotMatch(readFileSync(join(root, 'dist', file), 'utf8'), /renderBatch|createRowRenderer/, `dist/${file}`);
    }
  });
});
