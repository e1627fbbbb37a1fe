// Memory of a 10-minute project in the demo: `npm start` in one shell, then
//   node bench/memory-long.mjs [--cycles 20] [--voice distinct|shared] [demo URL ...]
// For each demo URL (default http://127.0.0.1:8080/demo/; give two, e.g. a build before and after, to compare
// them in one run), in a browser of its own: makes the ad ("Make the ad"), loads a 10-minute project of 60
// clips over the looped bed, plays it, then runs 20 (or `--cycles`) edit/render cycles (the music level
// changed, the preview rendered again, played 200 ms), then one change made while a render runs (it cancels
// that render: the worker drops it at its next step and keeps its sources). With `--voice distinct` (the default) each clip has a URL of its own
// (the same speech, `?copy=i`), so the project holds about 9 minutes of decoded voice; `shared` reuses the
// ad's 3 clips. After each step, once settled (garbage collected in the page and its workers, twice, 4 s):
// the renderer process's resident set from /proc (the page, its workers and its audio buffers: the figure
// the goal is about), the most it reached meanwhile (sampled every 50 ms), the ArrayBuffer memory of the
// page and of its workers (DevTools `Runtime.getHeapUsage` backingStorageSize: where the samples are), and
// the page's JS heap. Goal (issue 18): under 300 MB, flat across the cycles (the slope is a least-squares
// fit over the cycles). Figures also go to .cache/bench/memory-long.json.
import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import puppeteer from 'puppeteer-core';
import { chromiumArgs, chromiumPath } from '../scripts/lib/chromium.mjs';
import { makeTheAd, pageFinder } from '../scripts/lib/page-find.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const args = process.argv.slice(2);
const option = (name, fallback) => {
  const at = args.indexOf(name);
  return at < 0 ? fallback : args.splice(at, 2)[1];
};
const cycles = Number(option('--cycles', 20));
const voice = option('--voice', 'distinct');
if (voice !== 'distinct' && voice !== 'shared') throw new Error(`--voice ${voice}: use distinct or shared.`);
const urls = args.length > 0 ? args : ['http://127.0.0.1:8080/demo/'];
const out = join(root, '.cache', 'bench', 'memory-long.json');
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const mb = (bytes) => Math.round(bytes / 1048576);

/** Least-squares slope of `values` per step. */
function slope(values) {
  const n = values.length;
  if (n < 2) return NaN;
  const mx = (n - 1) / 2;
  const my = values.reduce((a, b) => a + b, 0) / n;
  let num = 0;
  let den = 0;
  values.forEach((y, x) => {
    num += (x - mx) * (y - my);
    den += (x - mx) ** 2;
  });
  return num / den;
}

async function run(url) {
  const browser = await puppeteer.launch({ executablePath: chromiumPath(), headless: true, args: chromiumArgs() });
  const page = await browser.newPage();
  await page.setViewport({ width: 1280, height: 900 });
  const find = pageFinder(page, 60_000);
  const previewReady = (duration) =>
    page.waitForFunction((d) => {
      const state = document.querySelector('studio-editor')?.preview?.getState();
      return state !== undefined && state.status === 'ready' && (d === undefined || state.duration === d);
    }, { timeout: 300_000, polling: 50 }, duration);

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
  /** A figure of /proc/PID/status in MB (0 when the process is gone). */
  const statusMb = (pid, field) => {
    try {
      return Number(new RegExp(`${field}:\\s+(\\d+) kB`).exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) / 1024;
    } catch {
      return 0; // gone meanwhile
    }
  };
  /** The renderer's resident set now, MB (the largest renderer: the demo page's). */
  const rendererMb = () => Math.round(Math.max(...rendererPids().map((pid) => statusMb(pid, 'VmRSS'))));
  /**
   * The renderer's private memory footprint now, MB: anonymous resident memory plus swap, Chrome's own
   * "memory footprint" on Linux (its task manager's column). The resident set adds the pages of the browser's
   * binary and fonts that every process shares.
   */
  const footprintMb = () => Math.round(Math.max(...rendererPids().map((pid) => statusMb(pid, 'RssAnon') + statusMb(pid, 'VmSwap'))));

  /** Collects garbage in the page and in each worker (twice: freed buffers go back to the system lazily). */
  async function collect() {
    const cdp = await page.createCDPSession();
    for (let round = 0; round < 2; round++) {
      await cdp.send('HeapProfiler.collectGarbage');
      for (const worker of page.workers()) await worker.client.send('HeapProfiler.collectGarbage').catch(() => undefined);
      await sleep(2000);
    }
    const pageUsage = await cdp.send('Runtime.getHeapUsage');
    let workerBuffers = 0;
    for (const worker of page.workers()) workerBuffers += (await worker.client.send('Runtime.getHeapUsage').catch(() => ({ backingStorageSize: 0 }))).backingStorageSize ?? 0;
    await cdp.detach();
    return { pageHeap: pageUsage.usedSize, pageBuffers: pageUsage.backingStorageSize ?? NaN, workerBuffers };
  }

  /** The highest resident set while `action` runs, sampled every 50 ms, and how long it took. */
  async function peakWhile(action) {
    let peak = rendererMb();
    const timer = setInterval(() => (peak = Math.max(peak, rendererMb())), 50);
    const started = Date.now();
    try {
      await action();
    } finally {
      clearInterval(timer);
    }
    return { peakMb: Math.max(peak, rendererMb()), ms: Date.now() - started };
  }

  const rows = [];
  async function measure(label, during) {
    const usage = await collect();
    const row = { label, rendererMb: rendererMb(), footprintMb: footprintMb(), ...during, pageBuffersMb: mb(usage.pageBuffers), workerBuffersMb: mb(usage.workerBuffers), pageHeapMb: mb(usage.pageHeap), workers: page.workers().length };
    rows.push(row);
    console.log(
      `${label.padEnd(34)} renderer ${String(row.rendererMb).padStart(5)} MB settled (footprint ${String(row.footprintMb).padStart(4)} MB)${during ? `, ${String(during.peakMb).padStart(5)} MB at most meanwhile (${(during.ms / 1000).toFixed(1)} s)` : ''}` +
        `   ArrayBuffers: page ${String(row.pageBuffersMb).padStart(4)} MB, workers ${String(row.workerBuffersMb).padStart(4)} MB   page JS heap ${String(row.pageHeapMb).padStart(3)} MB`,
    );
  }

  const play = () =>
    page.evaluate(async () => {
      const preview = document.querySelector('studio-editor').preview;
      await preview.play();
      await new Promise((resolve) => setTimeout(resolve, 200));
      preview.pause();
    });
  const setMusicLevel = (gain) => page.evaluate((g) => window.studio.element.store.dispatch({ type: 'mix/set', mix: { musicLevel: g } }), gain);
  const rendering = () =>
    page.waitForFunction(() => {
      const state = document.querySelector('studio-editor').preview.getState();
      return state.status === 'rendering' && (state.stage === 'mix' || state.stage === 'master');
    }, { timeout: 60_000, polling: 20 });

  console.log(`\n${url} (voice: ${voice})`);
  await page.goto(url, { waitUntil: 'load' });
  await page.waitForFunction(() => window.studio !== undefined && document.querySelector('studio-editor')?.ready === true, { timeout: 60_000 });
  await measure('started');
  await makeTheAd(page, find);
  await previewReady(30);
  await play();
  await measure('30 s ad, played');
  const decodedSeconds = await page.evaluate(async (distinct) => {
    const h = window.studio;
    const project = h.getProject();
    const voiced = project.clips;
    const clips = Array.from({ length: 60 }, (_, i) => {
      const clip = voiced[i % voiced.length];
      const url = distinct ? `${clip.url}${clip.url.includes('?') ? '&' : '?'}copy=${i}` : clip.url;
      return { ...clip, id: `long-${i}`, start: i * 10, url };
    });
    await h.loadProject({ ...project, duration: 600, clips, music: { ...project.music, loop: true } });
    const seconds = new Map(project.assets.map((asset) => [asset.url, asset.duration_s]));
    return [...new Map(clips.map((clip, i) => [clip.url, seconds.get(voiced[i % voiced.length].url) ?? 0])).values()].reduce((a, b) => a + b, 0);
  }, voice === 'distinct');
  console.log(`10-minute project: 60 clips, ${Math.round(decodedSeconds)} s of distinct voice (${mb(decodedSeconds * 48000 * 4)} MB decoded at 48 kHz), over the looped bed`);
  await measure(
    '10-minute project, played',
    await peakWhile(async () => {
      await previewReady(600);
      await play();
    }),
  );
  for (let cycle = 1; cycle <= cycles; cycle++) {
    const during = await peakWhile(async () => {
      await setMusicLevel(-20 + (cycle % 2));
      await page.waitForFunction(() => document.querySelector('studio-editor').preview.getState().status === 'rendering', { timeout: 10_000, polling: 20 });
      await previewReady(600);
      await play();
    });
    await measure(`edit/render cycle ${cycle}`, during);
  }
  const aborted = await peakWhile(async () => {
    await setMusicLevel(-18);
    await rendering();
    await setMusicLevel(-17);
    await previewReady(600);
  });
  await measure('a change aborting a render', aborted);
  await browser.close();
  return { url, rows };
}

const runs = [];
for (const url of urls) runs.push(await run(url));

console.log(`\nSummary (voice: ${voice}; goal: a 10-minute project under 300 MB, flat across ${cycles} edit/render cycles)`);
for (const { url, rows } of runs) {
  const cycleRows = rows.filter((row) => row.label.startsWith('edit/render cycle'));
  const settled = cycleRows.map((row) => row.rendererMb);
  const footprints = cycleRows.map((row) => row.footprintMb);
  const peak = Math.max(...rows.map((row) => row.peakMb ?? row.rendererMb));
  const loaded = rows.find((row) => row.label.startsWith('10-minute'));
  const abort = rows.at(-1);
  const ms = cycleRows.map((row) => row.ms).sort((a, b) => a - b);
  console.log(
    `${url}\n  page alone ${rows[0].rendererMb} MB; 10-minute project loaded ${loaded.rendererMb} MB (ArrayBuffers: page ${loaded.pageBuffersMb}, workers ${loaded.workerBuffersMb} MB);` +
      ` after the cycles ${Math.min(...settled)} to ${Math.max(...settled)} MB settled, slope ${slope(settled).toFixed(2)} MB a cycle (footprint ${Math.min(...footprints)} to ${Math.max(...footprints)} MB; page alone ${rows[0].footprintMb}, project loaded ${loaded.footprintMb}); at most ${peak} MB while rendering;` +
      ` a cycle takes ${(ms[Math.floor(ms.length / 2)] / 1000).toFixed(1)} s (median), a change aborting a render ${(abort.ms / 1000).toFixed(1)} s to ready.`,
  );
}
const commit = execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: root, encoding: 'utf8' }).trim();
mkdirSync(dirname(out), { recursive: true });
writeFileSync(out, `${JSON.stringify({ commit, date: new Date().toISOString(), voice, cycles, goal: 'a 10-minute project under 300 MB, flat across 20 edit/render cycles', runs }, null, 2)}\n`);
console.log(`written to ${out} (bench from commit ${commit})`);
