// The non-test checks of `npm test`: manifest freshness, the first-paint size budget, the package.
import { mkdirSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { root, run } from './run.mjs';

/** custom-elements.json must equal what the analyzer generates from the source now. */
export async function checkManifest() {
  // The analyzer resolves --outdir against the working directory, so it must be relative.
  const outdir = '.cache/manifest';
  try {
    await run('custom-elements-manifest', ['analyze', '--config', 'custom-elements-manifest.config.mjs', '--outdir', outdir], { stdio: 'pipe' });
    const fresh = readFileSync(join(root, outdir, 'custom-elements.json'), 'utf8');
    const committed = readFileSync(join(root, 'custom-elements.json'), 'utf8');
    if (fresh !== committed) {
      throw new Error('custom-elements.json is stale: run `npm run manifest` and commit the result.');
    }
    console.log('custom-elements.json is up to date.');
  } finally {
    rmSync(join(root, outdir), { recursive: true, force: true });
  }
}

/** The files of dist/ that `file` imports statically (`import … from "./x.js"`), not its dynamic import()s. */
function staticImports(file) {
  const code = readFileSync(join(root, 'dist', file), 'utf8');
  return [...code.matchAll(/(?:\bfrom|\bimport)\s*["']\.\/([^"']+)["']/g)].map((match) => match[1]);
}

/** `files` and everything they import statically, each once. */
function withStaticImports(files) {
  const seen = new Set();
  const todo = [...files];
  while (todo.length > 0) {
    const file = todo.pop();
    if (seen.has(file)) continue;
    seen.add(file);
    todo.push(...staticImports(file));
  }
  return [...seen];
}

/**
 * What a page fetches before `studio-ready` from the CDN build, gzip: the script-tag loader and the editor
 * entry with its static imports (the recommend panel, shown first by default, among them). The other
 * panels, the timeline, the audio engine, the MP3 encoder and the other languages are chunks fetched after
 * it (bench/startup.mjs counts what a real page fetched). The budget guards against growth; the goal is
 * issue 18's.
 */
export const FIRST_PAINT_BUDGET_BYTES = 68 * 1024;
export const FIRST_PAINT_GOAL_BYTES = 60 * 1024;

export function checkSize() {
  const panels = readdirSync(join(root, 'dist')).filter((file) => /^studio-editor\.studio-[a-z]+-panel\.js$/.test(file));
  if (panels.length < 6) throw new Error(`dist/ has ${panels.length} panel chunks: are the panels not shown still loaded on demand?`);
  const files = ['studio-editor.iife.js', ...withStaticImports(['studio-editor.bundled.js'])];
  let total = 0;
  for (const file of files) {
    const gzip = gzipSync(readFileSync(join(root, 'dist', file)), { level: 9 }).length;
    total += gzip;
    console.log(`  dist/${file}: ${(gzip / 1024).toFixed(1)} KiB gzip`);
  }
  console.log(`first paint: ${total} bytes gzip (${(total / 1024).toFixed(1)} KiB) in ${files.length} files; budget ${FIRST_PAINT_BUDGET_BYTES}, goal under ${FIRST_PAINT_GOAL_BYTES}.`);
  if (total > FIRST_PAINT_BUDGET_BYTES) throw new Error(`The first paint fetches ${total} bytes gzip, over the budget of ${FIRST_PAINT_BUDGET_BYTES}.`);
}

/**
 * The package as npm would publish it (`npm pack`), checked offline by publint (strict: warnings fail) and
 * by @arethetypeswrong/cli (every entry resolves to JavaScript and types; the package is ESM only, so the
 * CommonJS and node10 resolutions are not asked for).
 */
export async function checkPackage() {
  const dir = join(root, '.cache', 'pack');
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  await run('npm', ['pack', '--silent', '--pack-destination', dir], { stdio: 'pipe' });
  const tarball = join(dir, readdirSync(dir).find((file) => file.endsWith('.tgz')));
  await run('publint', ['--strict', tarball]);
  await run('attw', [tarball, '--profile', 'esm-only']);
}
