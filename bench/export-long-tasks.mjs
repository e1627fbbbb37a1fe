// Long tasks on the main thread while the demo exports a real ad: `npm start` in one shell, then
//   node bench/export-long-tasks.mjs [http://127.0.0.1:8080/demo/]
// makes the ad ("Make the ad" on the first idea), then exports WAV 16, WAV 24 and MP3 and prints, for each,
// the time, the size, the number of long tasks (over 50 ms) and the longest (goal: none). MP3 is exported
// twice: encoded in its worker (now), and on the page, as before issue 18 and as the fallback does where no
// worker can start (the page's Worker refuses the MP3 worker's URL for that run).
import puppeteer from 'puppeteer-core';
import { chromiumArgs, chromiumPath } from '../scripts/lib/chromium.mjs';
import { pageFinder } from '../scripts/lib/page-find.mjs';

const url = process.argv[2] ?? 'http://127.0.0.1:8080/demo/';
const browser = await puppeteer.launch({ executablePath: chromiumPath(), headless: true, args: chromiumArgs() });
const page = await browser.newPage();
await page.setViewport({ width: 1280, height: 900 });
await page.goto(url, { waitUntil: 'networkidle0' });
await page.waitForFunction(() => window.studio !== undefined, { timeout: 60000 });
await page.evaluate(async () => {
  const h = window.studio;
  const { recommendations } = await h.api.recommendFromUrl({ project_id: h.getProject().project_id, url: 'https://www.northwind-bikes.com/products/trail-runner-2', duration: 30, max_recommendations: 1 });
  h.element.store.dispatch({ type: 'recommendations/received', recommendations });
});
// Make the ad through the first card's button.
await (await pageFinder(page)(null, 'Make the ad')).click();
await page.waitForFunction(() => window.studio.getProject().clips.length >= 3, { timeout: 60000 });
await page.waitForFunction(() => document.querySelector('studio-editor').preview.getState().status === 'ready', { timeout: 60000 });
await new Promise((r) => setTimeout(r, 1500));
const RUNS = [
  ['wav16', 'wav16'],
  ['wav24', 'wav24'],
  ['mp3', 'mp3 in its worker'],
  ['mp3', 'mp3 on the page', 'page'],
];
for (const [format, label, where] of RUNS) {
  const result = await page.evaluate(async (format, where) => {
    const NativeWorker = window.Worker;
    if (where === 'page') {
      window.Worker = class extends NativeWorker {
        constructor(url, options) {
          if (String(url).endsWith('/mp3-worker.js')) throw new DOMException('refused by the bench', 'SecurityError');
          super(url, options);
        }
      };
    }
    const tasks = [];
    const observer = new PerformanceObserver((list) => { for (const e of list.getEntries()) tasks.push(e.duration); });
    observer.observe({ type: 'longtask', buffered: false });
    const t0 = performance.now();
    const blob = await window.studio.export({ format }).finally(() => (window.Worker = NativeWorker));
    const t1 = performance.now();
    await new Promise((r) => setTimeout(r, 200));
    observer.disconnect();
    return { format, ms: Math.round(t1 - t0), bytes: blob.size, longTasks: tasks.length, longest: Math.round(Math.max(0, ...tasks)) };
  }, format, where);
  console.log(`${label.padEnd(17)} ${String(result.ms).padStart(5)} ms, ${result.bytes} bytes, ${result.longTasks} long tasks, longest ${result.longest} ms (goal: none over 50 ms)`);
}
await browser.close();
