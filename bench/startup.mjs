// Start-up of the script-tag build in fresh pages: `npm start` in one shell, then
//   node bench/startup.mjs [http://127.0.0.1:8080] [http://127.0.0.1:8081]
// loads dist/studio-editor.iife.js in 20 new pages and prints create() -> ready (median, min, max; goal: a
// median under 50 ms), the longest main-thread task of each start-up (goal: none over 50 ms), and the files
// of dist/ the page fetched before studio-ready with their gzip sizes (goal: under 60 KiB). The figures also
// go to .cache/bench/startup.json.
import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import puppeteer from 'puppeteer-core';
import { chromiumArgs, chromiumPath } from '../scripts/lib/chromium.mjs';

const host = process.argv[2] ?? 'http://127.0.0.1:8080';
const api = process.argv[3] ?? 'http://127.0.0.1:8081';
const browser = await puppeteer.launch({ executablePath: chromiumPath(), headless: true, args: chromiumArgs() });
const times = []; const fromScript = []; const longest = []; let fetched = [];
const RUNS = 20;
for (let i = 0; i < RUNS; i++) {
  const page = await browser.newPage();
  await page.goto(`${host}/dist/studio-editor.iife.js`, { waitUntil: 'load' });
  await page.setContent(`<!doctype html><div id="m"></div><script src="/dist/studio-editor.iife.js"></script>`, { waitUntil: 'load' });
  const r = await page.evaluate(async (i, api) => {
    const tasks = [];
    const observer = new PerformanceObserver((list) => { for (const e of list.getEntries()) tasks.push(Math.round(e.duration)); });
    observer.observe({ type: 'longtask' });
    const { create, endpointAuth } = window.ServiceStudioEditor;
    const t0 = performance.now();
    await create({ target: '#m', api: { baseUrl: api }, auth: { userId: `cold-${i}`, ...endpointAuth({ tokenUrl: '/host/token', refreshUrl: '/host/refresh' }) }, project: { id: `cold-${i}`, autosave: false } });
    const ms = performance.now() - t0;
    // From the script tag's request: the loader, the editor's modules (fetched and compiled) and the start.
    const script = performance.getEntriesByType('resource').find((entry) => entry.name.endsWith('/dist/studio-editor.iife.js'));
    const fromScript = script === undefined ? NaN : t0 + ms - script.startTime;
    const fetched = performance.getEntriesByType('resource').filter((entry) => entry.startTime <= t0 + ms).map((entry) => new URL(entry.name).pathname).filter((path) => path.startsWith('/dist/'));
    await new Promise((r) => setTimeout(r, 100));
    observer.disconnect();
    return { ms, fromScript, longest: Math.max(0, ...tasks), fetched };
  }, i, api);
  times.push(r.ms); fromScript.push(r.fromScript); longest.push(r.longest); fetched = r.fetched;
  await page.close();
}
const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = sorted.length >> 1;
  return sorted.length % 2 === 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
};
const summary = (values) => `median ${Math.round(median(values))} ms (min ${Math.round(Math.min(...values))}, max ${Math.round(Math.max(...values))})`;
console.log(`create() -> ready in fresh pages: ${summary(times)} (goal: under 50)`);
console.log(`script tag requested -> ready: ${summary(fromScript)} (the loader, the editor's modules fetched and compiled, the start)`);
console.log(`longest task of each start-up: ${longest.join(', ')} ms (goal: none over 50)`);
const gzip = (path) => gzipSync(readFileSync(new URL(`..${path}`, import.meta.url)), { level: 9 }).length;
const bytes = fetched.map((path) => [path, gzip(path)]);
for (const [path, size] of bytes) console.log(`  ${path}: ${(size / 1024).toFixed(1)} KiB gzip`);
const total = bytes.reduce((sum, [, size]) => sum + size, 0);
console.log(`fetched before studio-ready: ${(total / 1024).toFixed(1)} KiB gzip in ${bytes.length} files (goal: under 60)`);
await browser.close();

const out = new URL('../.cache/bench/startup.json', import.meta.url);
mkdirSync(new URL('.', out), { recursive: true });
const commit = execFileSync('git', ['rev-parse', '--short', 'HEAD'], { encoding: 'utf8' }).trim();
const figures = { createToReadyMs: times, scriptToReadyMs: fromScript, longestTaskMs: longest, fetchedGzipBytes: Object.fromEntries(bytes) };
writeFileSync(out, `${JSON.stringify({ commit, date: new Date().toISOString(), runs: RUNS, medianCreateToReadyMs: median(times), ...figures }, null, 2)}\n`);
console.log(`written to ${out.pathname} (commit ${commit})`);
