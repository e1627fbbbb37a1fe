// Deliver against the single exports: `npm run build` once (the engine's workers are the built ones), then
//   node bench/deliver.mjs [rounds]          (STAGES=1 also prints when each file reached each stage)
// bundles bench/deliver-page.ts, serves it beside dist/esm/audio/ (127.0.0.1, ephemeral port) and, in
// headless Chromium, times a 30 s ad delivered to five destinations plus stems and packed in a ZIP against
// the same five as single exports one after the other (the export path), in alternating rounds (default 2).
// It prints each run's time, the main thread's long tasks (over 50 ms) during the delivery, and the page's
// memory over its idle level while delivering (JS heap plus ArrayBuffer backing stores, sampled every 50 ms
// through the DevTools protocol) against one mastered mix plus the files.
import { existsSync, readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { join, normalize } from 'node:path';
import { fileURLToPath } from 'node:url';
import * as esbuild from 'esbuild';
import puppeteer from 'puppeteer-core';
import { chromiumArgs, chromiumPath } from '../scripts/lib/chromium.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const rounds = Number(process.argv[2] ?? 2);
for (const worker of ['render-worker', 'decode-worker', 'mp3-worker', 'zip-worker']) {
  if (!existsSync(join(root, 'dist', 'esm', 'audio', `${worker}.js`))) {
    console.error(`dist/esm/audio/${worker}.js is missing: run \`npm run build\` first.`);
    process.exit(1);
  }
}
const built = await esbuild.build({
  entryPoints: [join(root, 'bench', 'deliver-page.ts')],
  bundle: true,
  format: 'esm',
  platform: 'browser',
  target: 'es2022',
  minify: true,
  write: false,
  logLevel: 'warning',
  // The engine's `new URL('./x-worker.js', import.meta.url)` resolve beside the page: the built workers.
  external: ['*-worker.js'],
});
const page = `<!doctype html><meta charset="utf-8"><title>deliver</title><script type="module" src="./deliver-bench.js"></script>`;
const server = createServer((request, response) => {
  const path = new URL(request.url ?? '/', 'http://127.0.0.1').pathname;
  const headers = { 'cross-origin-opener-policy': 'same-origin', 'cross-origin-embedder-policy': 'require-corp' };
  if (path === '/dist/esm/audio/deliver-bench.html') return response.writeHead(200, { ...headers, 'content-type': 'text/html' }).end(page);
  if (path === '/dist/esm/audio/deliver-bench.js') return response.writeHead(200, { ...headers, 'content-type': 'text/javascript' }).end(built.outputFiles[0].contents);
  const file = normalize(join(root, path));
  if (!file.startsWith(join(root, 'dist')) || !existsSync(file)) return response.writeHead(404).end();
  response.writeHead(200, { ...headers, 'content-type': 'text/javascript' }).end(readFileSync(file));
});
await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
const browser = await puppeteer.launch({ executablePath: chromiumPath(), headless: true, args: chromiumArgs() });
try {
  const tab = await browser.newPage();
  tab.setDefaultTimeout(600_000);
  tab.on('pageerror', (error) => console.error(`page: ${error.message}`));
  tab.on('console', (message) => message.type() === 'warning' && console.error(`page: ${message.text()}`));
  await tab.goto(`http://127.0.0.1:${server.address().port}/dist/esm/audio/deliver-bench.html`);
  await tab.waitForFunction(() => window.benchReady === true);
  const cdp = await tab.createCDPSession();
  const heap = async () => {
    const usage = await cdp.send('Runtime.getHeapUsage');
    return usage.usedSize + (usage.backingStorageSize ?? 0);
  };
  console.log(`Deliver bench in ${await browser.version()} (headless), ${new Date().toISOString()}, ${rounds} rounds`);
  const MB = (bytes) => `${(bytes / 1e6).toFixed(1)} MB`;
  for (let round = 1; round <= rounds; round++) {
    await cdp.send('HeapProfiler.collectGarbage');
    const idle = await heap();
    let peak = idle;
    let sampling = true;
    const sampler = (async () => {
      while (sampling) {
        peak = Math.max(peak, await heap());
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    })();
    const delivered = await tab.evaluate(() => window.bench.deliver());
    sampling = false;
    await sampler;
    const exported = await tab.evaluate(() => window.bench.exports());
    const mastered = 30 * 48000 * 2 * 4;
    console.log(`\nround ${round}`);
    console.log(`  deliver, 5 destinations + stems + ZIP: ${delivered.ms} ms (${MB(delivered.zipBytes)} ZIP)`);
    for (const line of delivered.files) console.log(`    ${line}`);
    if (process.env.STAGES) console.log(`    stages: ${delivered.stages.filter((line) => !/ (render|pack)$/.test(line)).join('; ')}`);
    console.log(`  5 single exports one after the other: ${exported.ms} ms -> deliver takes ${((100 * delivered.ms) / exported.ms).toFixed(0)} % of their time (goal: under 100 %)`);
    console.log(`  long tasks during the delivery: ${delivered.longTasks.length}${delivered.longTasks.length ? ` (longest ${Math.max(...delivered.longTasks)} ms)` : ''} (goal: none over 50 ms); during the exports: ${exported.longTasks.length}`);
    console.log(`  page memory over idle while delivering: peak ${MB(peak - idle)} (JS heap + ArrayBuffers) vs one mastered mix (${MB(mastered)}) + the files (${MB(delivered.fileBytes)}) = ${MB(mastered + delivered.fileBytes)}`);
  }
} finally {
  await browser.close();
  server.close();
}
