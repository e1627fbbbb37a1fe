// Start-up of the script-tag build in fresh pages: `npm start` in one shell, then
//   node bench/startup.mjs [http://127.0.0.1:8080] [http://127.0.0.1:8081]
// loads dist/studio-editor.iife.js in 12 new pages and prints create() -> ready (median, min, max) and the
// longest main-thread task of each start-up (goal: under 50 ms, no long task).
import puppeteer from 'puppeteer-core';
import { chromiumArgs, chromiumPath } from '../scripts/lib/chromium.mjs';

const host = process.argv[2] ?? 'http://127.0.0.1:8080';
const api = process.argv[3] ?? 'http://127.0.0.1:8081';
const browser = await puppeteer.launch({ executablePath: chromiumPath(), headless: true, args: chromiumArgs() });
const times = []; const longest = [];
for (let i = 0; i < 12; i++) {
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
    await new Promise((r) => setTimeout(r, 100));
    observer.disconnect();
    return { ms, longest: Math.max(0, ...tasks) };
  }, i, api);
  times.push(r.ms); longest.push(r.longest);
  await page.close();
}
times.sort((a, b) => a - b);
console.log(`create() -> ready in fresh pages: median ${Math.round(times[6])} ms (min ${Math.round(times[0])}, max ${Math.round(times.at(-1))}; goal: under 50)`);
console.log(`longest task of each start-up: ${longest.join(', ')} ms (goal: none over 50)`);
await browser.close();
