// `npm run test:firefox` / `npm run test:webkit` (and `node scripts/test-browser.mjs chromium`): the browser suite
// in one engine, then one plain line `N passed, N failed`. Arguments after the engine go to web-test-runner
// (`--files 'test/audio/*.test.ts'`). Builds dist/ first when it is missing (the CDN tests load it).
import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { ENGINES, ensureEngines, reportEngine, runEngine } from './lib/engines.mjs';
import { root, run } from './lib/run.mjs';

const [id, ...args] = process.argv.slice(2);
if (!(id in ENGINES)) {
  console.error(`usage: node scripts/test-browser.mjs ${Object.keys(ENGINES).join('|')} [web-test-runner arguments]`);
  process.exit(2);
}
const cache = join(root, '.cache');
mkdirSync(cache, { recursive: true });
let counts = { passed: 0, failed: 1, skipped: 0 };
if ((await ensureEngines([id])).length === 1) {
  if (!existsSync(join(root, 'dist', 'studio-editor.iife.js'))) await run('node', ['scripts/build.mjs']);
  counts = await runEngine(id, join(cache, `${id}-counts.json`), args);
  reportEngine(id, counts);
}
console.log(`${counts.passed} passed, ${counts.failed} failed${counts.skipped ? `, ${counts.skipped} skipped` : ''}`);
process.exitCode = counts.failed > 0 ? 1 : 0;
