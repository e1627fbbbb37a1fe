// The start-up's main-thread tasks, from a Chromium trace of each cold page (a new browser context: nothing cached,
// nothing compiled): `npm start` in one shell, then
//   node bench/startup-tasks.mjs [host] [service] [other host] [other service]
// prints, per host, the longest task from create() to ready (the one that starts the session and renders the
// editor for the first time) and the longest in the second after ready, median and max of STARTUP_RUNS pages
// (12 by default), the hosts' pages in alternating sets. `bench/startup.mjs` counts the tasks over 50 ms with the
// page's own observer; this one times every task, so that a change of a few ms shows.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import puppeteer from 'puppeteer-core';
import { chromiumArgs, chromiumPath } from '../scripts/lib/chromium.mjs';
import { machine } from './machine.mjs';
import { median } from './stats.mjs';

const [host = 'http://127.0.0.1:8080', api = 'http://127.0.0.1:8081', otherHost, otherApi] = process.argv.slice(2);
const servers = [{ host, api }, ...(otherHost === undefined ? [] : [{ host: otherHost, api: otherApi ?? otherHost.replace(/:(\d+)$/, (_, port) => `:${Number(port) + 1}`) }])];
const RUNS = Number(process.env.STARTUP_RUNS) || 12;
const SET = 4;
const folder = mkdtempSync(join(tmpdir(), 'startup-tasks-'));
console.log(`on ${machine()}`);
const browser = await puppeteer.launch({ executablePath: chromiumPath(), headless: true, args: chromiumArgs() });

/** One cold start on `server`: the longest main-thread task before ready and in the second after it, ms. */
async function coldStart(server, i) {
  const context = await browser.createBrowserContext();
  const page = await context.newPage();
  await page.goto(`${server.host}/bench-origin-${Date.now()}`, { waitUntil: 'load' });
  const path = join(folder, `trace-${i}.json`);
  await page.tracing.start({ path, categories: ['toplevel', 'devtools.timeline', 'disabled-by-default-devtools.timeline', 'blink.user_timing'] });
  await page.setContent('<!doctype html><div id="m"></div><script src="/dist/studio-editor.iife.js"></script>', { waitUntil: 'load' });
  await page.evaluate(async (id, api) => {
    const { create, endpointAuth } = window.ServiceStudioEditor;
    performance.mark('bench-create');
    await create({ target: '#m', api: { baseUrl: api }, auth: { userId: id, ...endpointAuth({ tokenUrl: '/host/token', refreshUrl: '/host/refresh' }) }, project: { id } });
    performance.mark('bench-ready');
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }, `tasks-${Date.now()}-${i}`, server.api);
  await page.tracing.stop();
  await context.close();
  const events = JSON.parse(readFileSync(path, 'utf8')).traceEvents;
  rmSync(path);
  const created = events.find((event) => event.name === 'bench-create');
  const ready = events.find((event) => event.name === 'bench-ready');
  const tasks = events.filter((event) => event.pid === created.pid && event.tid === created.tid && event.name === 'RunTask' && event.ts >= created.ts);
  const longest = (from, to) => Math.max(0, ...tasks.filter((task) => task.ts >= from && task.ts < to).map((task) => task.dur / 1000));
  return { before: longest(created.ts, ready.ts), after: longest(ready.ts, ready.ts + 1_000_000) };
}

const figures = servers.map(() => ({ before: [], after: [] }));
for (let done = 0; done < RUNS; done += SET) {
  for (const [s, server] of servers.entries()) {
    for (let i = done; i < Math.min(RUNS, done + SET); i++) {
      const { before, after } = await coldStart(server, i);
      figures[s].before.push(before);
      figures[s].after.push(after);
    }
  }
}
await browser.close();
rmSync(folder, { recursive: true, force: true });

const summary = (values) => `median ${Math.round(median(values))} ms, max ${Math.round(Math.max(...values))} (over 50 ms: ${values.filter((ms) => ms > 50).length} of ${values.length})`;
for (const [s, server] of servers.entries()) {
  console.log(`${server.host}, cold, known user (traced):`);
  console.log(`  longest task from create() to ready: ${summary(figures[s].before)}`);
  console.log(`  longest task in the second after ready: ${summary(figures[s].after)}`);
}
console.log(`on ${machine()} at the end`);
