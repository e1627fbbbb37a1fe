// Start-up of the script-tag build in fresh pages: `npm start` in one shell, then
//   node bench/startup.mjs [http://127.0.0.1:8080] [http://127.0.0.1:8081] [other-host other-api]
// (OTHER_TREE=<the other tree's folder> to size the files its pages fetched)
// loads dist/studio-editor.iife.js in 20 new pages per config (STARTUP_RUNS=n for more) and prints
// create() -> ready (median, min, max; goal: a median under 50 ms with the default config, autosave on), for a
// known user with a project id, an anonymous user without one (both with the default config) and a known user
// with autosave off; the longest main-thread task of each start-up, from create() to 1 s after ready (goal:
// none over 50 ms); and, for each user of the default config, the files of dist/ the page fetched before
// studio-ready with their gzip sizes (budget: 60 KiB, scripts/lib/checks.mjs). Given a second host and API
// (another tree's `npm start` on other ports, e.g. main's), its pages alternate with the first one's and both
// are printed: before and after, in the same run. The browser's first page (cold: nothing compiled, no fonts)
// is one of each host's, before the counted ones. The figures of the first host go to .cache/bench/startup.json.
import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import puppeteer from 'puppeteer-core';
import { chromiumArgs, chromiumPath } from '../scripts/lib/chromium.mjs';

const [host = 'http://127.0.0.1:8080', api = 'http://127.0.0.1:8081', otherHost, otherApi] = process.argv.slice(2);
const servers = [{ host, api, label: host }];
if (otherHost !== undefined) servers.push({ host: otherHost, api: otherApi ?? otherHost.replace(/:(\d+)$/, (_, port) => `:${Number(port) + 1}`), label: otherHost });
// A known user with a project id; the seed's anonymous user (a fingerprint id, no project id: every trial and
// the Embed Builder's Playground); a known user without autosave. The first two with the default config.
const configs = [
  { name: 'known user, project id, default config (autosave on)', autosave: undefined, anonymous: false },
  { name: 'anonymous user, no project id, default config (autosave on)', autosave: undefined, anonymous: true },
  { name: 'known user, autosave off', autosave: false, anonymous: false },
];
const RUNS = Number(process.env.STARTUP_RUNS) || 20;
const browser = await puppeteer.launch({ executablePath: chromiumPath(), headless: true, args: chromiumArgs() });
const results = new Map();
const at = (server, config) => {
  const key = `${server.label}\u0000${config.name}`;
  if (!results.has(key)) results.set(key, { times: [], fromScript: [], longest: [], fetched: [] });
  return results.get(key);
};

async function startOnce(server, config, i, counted = true) {
  const page = await browser.newPage();
  await page.goto(`${server.host}/dist/studio-editor.iife.js`, { waitUntil: 'load' });
  await page.setContent(`<!doctype html><div id="m"></div><script src="/dist/studio-editor.iife.js"></script>`, { waitUntil: 'load' });
  const r = await page.evaluate(async (id, api, autosave, anonymous) => {
    const tasks = [];
    const observer = new PerformanceObserver((list) => { for (const e of list.getEntries()) tasks.push(Math.round(e.duration)); });
    observer.observe({ type: 'longtask' });
    const { create, endpointAuth } = window.ServiceStudioEditor;
    const t0 = performance.now();
    const project = { ...(anonymous ? {} : { id }), ...(autosave === null ? {} : { autosave }) };
    const auth = { ...(anonymous ? {} : { userId: id }), ...endpointAuth({ tokenUrl: '/host/token', refreshUrl: '/host/refresh' }) };
    await create({ target: '#m', api: { baseUrl: api }, auth, project });
    const ms = performance.now() - t0;
    // From the script tag's request: the loader, the editor's modules (fetched and compiled) and the start.
    const script = performance.getEntriesByType('resource').find((entry) => entry.name.endsWith('/dist/studio-editor.iife.js'));
    const fromScript = script === undefined ? NaN : t0 + ms - script.startTime;
    const fetched = performance.getEntriesByType('resource').filter((entry) => entry.startTime <= t0 + ms).map((entry) => new URL(entry.name).pathname).filter((path) => path.startsWith('/dist/'));
    // Long tasks until 1 s after ready: what the editor loads once ready (the timeline, the audio, the other
    // panels when idle) counts too.
    await new Promise((r) => setTimeout(r, 1000));
    observer.disconnect();
    return { ms, fromScript, longest: Math.max(0, ...tasks), fetched };
  }, `cold-${Date.now()}-${i}`, server.api, config.autosave ?? null, config.anonymous);
  await page.close();
  if (!counted) return;
  const figures = at(server, config);
  figures.times.push(r.ms); figures.fromScript.push(r.fromScript); figures.longest.push(r.longest); figures.fetched = r.fetched;
}

// The browser's first page is cold (no code compiled yet, no fonts): one page of each server, not counted.
for (const server of servers) await startOnce(server, configs[0], -1, false);

// Pages alternate between configs and servers, so that a busy moment of the machine weighs on each alike.
for (let i = 0; i < RUNS; i++) {
  for (const config of configs) for (const server of servers) await startOnce(server, config, i);
}
await browser.close();

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = sorted.length >> 1;
  return sorted.length % 2 === 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
};
const summary = (values) => `median ${Math.round(median(values))} ms (min ${Math.round(Math.min(...values))}, max ${Math.round(Math.max(...values))})`;
for (const config of configs) {
  for (const server of servers) {
    const { times, fromScript, longest } = at(server, config);
    const where = servers.length > 1 ? ` [${server.label}]` : '';
    console.log(`${config.name}${where}: create() -> ready in fresh pages: ${summary(times)}${config.autosave === undefined ? ' (goal: under 50)' : ''}`);
    console.log(`  script tag requested -> ready: ${summary(fromScript)} (the loader, the editor's modules fetched and compiled, the start)`);
    console.log(`  longest task of each start-up: ${longest.join(', ')} ms (goal: none over 50)`);
  }
}
const first = at(servers[0], configs[0]);
// Sizes of this tree's files; another tree's pages are sized by that tree's files (OTHER_TREE=its folder).
const gzip = (path, server) => {
  const file = server === servers[0] ? new URL(`..${path}`, import.meta.url) : new URL(`.${path}`, `file://${process.env.OTHER_TREE ?? '/nonexistent'}/`);
  try {
    return gzipSync(readFileSync(file), { level: 9 }).length;
  } catch {
    return NaN;
  }
};
let bytes = [];
for (const config of configs.filter((c) => c.autosave === undefined)) {
  for (const server of servers) {
    const sized = at(server, config).fetched.map((path) => [path, gzip(path, server)]);
    if (server === servers[0] && config === configs[0]) bytes = sized;
    const total = sized.reduce((sum, [, size]) => sum + size, 0);
    const where = servers.length > 1 ? ` [${server.label}]` : '';
    console.log(`fetched before studio-ready, ${config.name}${where}: ${Number.isNaN(total) ? '? (set OTHER_TREE to its folder)' : `${(total / 1024).toFixed(1)} KiB gzip`} in ${sized.length} files (budget 60 KiB, scripts/lib/checks.mjs)`);
    for (const [path, size] of sized) console.log(`  ${path}: ${(size / 1024).toFixed(1)} KiB gzip`);
  }
}

const out = new URL('../.cache/bench/startup.json', import.meta.url);
mkdirSync(new URL('.', out), { recursive: true });
const commit = execFileSync('git', ['rev-parse', '--short', 'HEAD'], { encoding: 'utf8' }).trim();
const anonymous = at(servers[0], configs[1]);
const off = at(servers[0], configs[2]);
const figures = { createToReadyMs: first.times, anonymousCreateToReadyMs: anonymous.times, anonymousLongestTaskMs: anonymous.longest, autosaveOffCreateToReadyMs: off.times, scriptToReadyMs: first.fromScript, longestTaskMs: first.longest, fetchedGzipBytes: Object.fromEntries(bytes) };
writeFileSync(out, `${JSON.stringify({ commit, date: new Date().toISOString(), runs: RUNS, medianCreateToReadyMs: median(first.times), medianAnonymousMs: median(anonymous.times), medianAutosaveOffMs: median(off.times), ...figures }, null, 2)}\n`);
console.log(`written to ${out.pathname} (commit ${commit})`);
