// Memory of a 10-minute project in the demo: `npm start` in one shell, then
//   node bench/memory-long.mjs [http://127.0.0.1:8080/demo/] [cycles]
// makes the ad ("Make the ad"), loads a 10-minute project of its clips over the looped bed, plays it, then
// runs 20 (or `cycles`) edit/render cycles: the music level changed, the preview rendered again, played
// 200 ms. After each it prints the renderer process's memory (resident set, from /proc: the page, its
// workers and its audio buffers) once settled (after garbage collections of the page and its workers, 4 s),
// the most it reached meanwhile (sampled every 50 ms), and the page's JS heap. Beside the resident set, the
// renderer's private footprint: RssAnon + VmSwap from /proc/PID/status, Chrome's own "memory footprint" on
// Linux (the resident set also counts mapped files, shared with other processes). Goal (issue 18): under
// 300 MB, flat across the cycles. Figures also go to .cache/bench/memory-long.json.
import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import puppeteer from 'puppeteer-core';
import { chromiumArgs, chromiumPath } from '../scripts/lib/chromium.mjs';
import { makeTheAd, pageFinder } from '../scripts/lib/page-find.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const url = process.argv[2] ?? 'http://127.0.0.1:8080/demo/';
const cycles = Number(process.argv[3] ?? 20);
const out = join(root, '.cache', 'bench', 'memory-long.json');
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

const browser = await puppeteer.launch({ executablePath: chromiumPath(), headless: true, args: chromiumArgs() });
const page = await browser.newPage();
await page.setViewport({ width: 1280, height: 900 });
const find = pageFinder(page, 60_000);
const previewReady = (duration) =>
  page.waitForFunction((d) => {
    const state = document.querySelector('studio-editor')?.preview?.getState();
    return state !== undefined && state.status === 'ready' && (d === undefined || state.duration === d);
  }, { timeout: 180_000 }, duration);

/** The pids of the renderer processes under the browser (the demo page is the only page). */
function rendererPids() {
  const children = (pid) => execFileSync('ps', ['-o', 'pid=', '--ppid', String(pid)], { encoding: 'utf8' }).split('\n').map((line) => Number(line.trim())).filter(Boolean);
  const all = [];
  const todo = [browser.process().pid];
  while (todo.length > 0) {
    const pid = todo.pop();
    all.push(pid);
    try {
      todo.push(...children(pid));
    } catch {
      // ps exits 1 when a process has no children.
    }
  }
  return all.filter((pid) => {
    try {
      return readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes('--type=renderer');
    } catch {
      return false;
    }
  });
}
/** A field of /proc/PID/status, MB (0 when absent: VmSwap without swap support). */
const statusMb = (status, field) => Number(new RegExp(`${field}:\\s+(\\d+) kB`).exec(status)?.[1] ?? 0) / 1024;
/** The resident set and the private footprint (RssAnon + VmSwap) of `pid`, MB. */
function memoryMb(pid) {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return { rss: statusMb(status, 'VmRSS'), footprint: statusMb(status, 'RssAnon') + statusMb(status, 'VmSwap') };
}

/** Collects garbage in the page and in each worker (twice: freed buffers go back to the system lazily). */
async function collect() {
  const cdp = await page.createCDPSession();
  for (let round = 0; round < 2; round++) {
    await cdp.send('HeapProfiler.collectGarbage');
    for (const worker of page.workers()) await worker.client.send('HeapProfiler.collectGarbage').catch(() => undefined);
    await sleep(2000);
  }
  const { usedSize } = await cdp.send('Runtime.getHeapUsage');
  await cdp.detach();
  return usedSize;
}

/** The renderer's resident set and private footprint now, MB (the largest renderer: the demo page's). */
function rendererMemory() {
  const all = rendererPids().map(memoryMb);
  const page = all.reduce((a, b) => (b.rss > a.rss ? b : a));
  return { rss: Math.round(page.rss), footprint: Math.round(page.footprint) };
}
const rendererMb = () => rendererMemory().rss;

/** The highest resident set while `action` runs, sampled every 50 ms. */
async function peakWhile(action) {
  let peak = rendererMb();
  const timer = setInterval(() => (peak = Math.max(peak, rendererMb())), 50);
  try {
    await action();
  } finally {
    clearInterval(timer);
  }
  return Math.max(peak, rendererMb());
}

async function measure(label, peakMb) {
  const heap = await collect();
  const { rss, footprint } = rendererMemory();
  const row = { label, rendererMb: rss, footprintMb: footprint, peakMb, pageHeapMb: Math.round(heap / 1048576), workers: page.workers().length };
  console.log(`${label.padEnd(30)} renderer ${String(row.rendererMb).padStart(5)} MB settled (private ${String(footprint).padStart(5)} MB)${peakMb === undefined ? '' : `, ${String(peakMb).padStart(5)} MB at most meanwhile`}   page JS heap ${String(row.pageHeapMb).padStart(3)} MB`);
  return row;
}

async function play() {
  await page.evaluate(async () => {
    const preview = document.querySelector('studio-editor').preview;
    await preview.play();
    await new Promise((resolve) => setTimeout(resolve, 200));
    preview.pause();
  });
}

const rows = [];
await page.goto(url, { waitUntil: 'load' });
await page.waitForFunction(() => window.studio !== undefined && document.querySelector('studio-editor')?.ready === true, { timeout: 60_000 });
rows.push(await measure('started'));
await makeTheAd(page, find);
await previewReady(30);
await play();
rows.push(await measure('30 s ad, played'));
await page.evaluate(() => {
  const h = window.studio;
  const project = h.getProject();
  const clips = Array.from({ length: 60 }, (_, i) => ({ ...project.clips[i % project.clips.length], id: `long-${i}`, start: i * 10 }));
  h.loadProject({ ...project, duration: 600, clips, music: { ...project.music, loop: true } });
});
let peak = await peakWhile(async () => {
  await previewReady(600);
  await play();
});
rows.push(await measure('10-minute project, played', peak));
for (let cycle = 1; cycle <= cycles; cycle++) {
  peak = await peakWhile(async () => {
    await page.evaluate((gain) => window.studio.element.store.dispatch({ type: 'mix/set', mix: { musicLevel: gain } }), -20 + (cycle % 2));
    await page.waitForFunction(() => document.querySelector('studio-editor').preview.getState().status === 'rendering', { timeout: 10_000 });
    await previewReady(600);
    await play();
  });
  rows.push(await measure(`edit/render cycle ${cycle}`, peak));
}
await browser.close();

const cycleRows = rows.slice(3);
const first = cycleRows[0]?.rendererMb ?? NaN;
const last = cycleRows.at(-1)?.rendererMb ?? NaN;
const peakMb = Math.max(...rows.map((row) => row.peakMb ?? row.rendererMb));
console.log(
  `\n10-minute project: renderer ${rows[2].rendererMb} MB settled after loading (private ${rows[2].footprintMb} MB; the page alone: ${rows[0].rendererMb} MB, private ${rows[0].footprintMb} MB);` +
    ` ${first} MB after cycle 1, ${last} MB after cycle ${cycleRows.length} (private ${cycleRows[0]?.footprintMb} and ${cycleRows.at(-1)?.footprintMb} MB)` +
    ` (${((last - first) / Math.max(1, cycleRows.length - 1)).toFixed(1)} MB a cycle); at most ${peakMb} MB while rendering. Goal: under 300 MB, flat.`,
);
const commit = execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: root, encoding: 'utf8' }).trim();
mkdirSync(dirname(out), { recursive: true });
writeFileSync(out, `${JSON.stringify({ commit, date: new Date().toISOString(), goal: 'a 10-minute project under 300 MB, flat across 20 edit/render cycles', rows }, null, 2)}\n`);
console.log(`written to ${out} (commit ${commit})`);
