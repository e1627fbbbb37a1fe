// Start-up of the script-tag build, cold and warm: `npm start` in one shell, then
//   node bench/startup.mjs [http://127.0.0.1:8080] [http://127.0.0.1:8081] [other-host other-api]
// (OTHER_TREE=<the other tree's folder> to size the files its pages fetched; STARTUP_RUNS=n pages per figure, 20 by
// default; STARTUP_MODE=cold or warm for one of them)
// loads dist/studio-editor.iife.js in new pages and prints create() -> ready (median, min, max), for a known user with
// a project id, an anonymous user without one (both with the default config, autosave on) and a known user with
// autosave off; the longest main-thread task of each start-up, from create() to 1 s after ready (goal: none over
// 50 ms); and, for each user of the default config, the files of dist/ the page fetched before studio-ready with
// their gzip sizes (budget: 60 KiB, scripts/lib/checks.mjs).
// - cold: each page in a new browser context, as a shopper's first visit: nothing in the HTTP cache, no code
//   compiled (goal: a median under 100 ms for both users);
// - warm: pages of one context, whose HTTP and code caches hold the editor after its first page (goal: under 50 ms).
// Beside ours, in the same run and in cold pages, a named peer's first paint: wavesurfer.js (a dependency of the
// editor) from import() to its first drawn waveform ('ready', peaks given: no audio decoded). Cold only: the bench
// serves the peer through request interception, which bypasses the HTTP cache, so a warm peer would not be warm.
// Given a second host and API (another tree's `npm start` on other ports, e.g. main's), its pages alternate with
// the first one's and both are printed: before and after, in the same run. The figures of the first host go to
// .cache/bench/startup.json.
import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import puppeteer from 'puppeteer-core';
import { chromiumArgs, chromiumPath } from '../scripts/lib/chromium.mjs';
import { machine } from './machine.mjs';
import { median } from './stats.mjs';

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
const MODES = process.env.STARTUP_MODE === 'cold' || process.env.STARTUP_MODE === 'warm' ? [process.env.STARTUP_MODE] : ['cold', 'warm'];
const startedOn = machine();
console.log(`on ${startedOn}`);
const browser = await puppeteer.launch({ executablePath: chromiumPath(), headless: true, args: chromiumArgs() });
const results = new Map();
const at = (server, config, mode) => {
  const key = `${mode}\u0000${server.label}\u0000${config.name}`;
  if (!results.has(key)) results.set(key, { times: [], fromScript: [], longest: [], where: [], fetched: [] });
  return results.get(key);
};

/** A page on `host`'s origin: cold, in a context of its own (closed with it); warm, in the browser's first context. */
async function pageOn(host, mode) {
  const context = mode === 'cold' ? await browser.createBrowserContext() : browser.defaultBrowserContext();
  const page = await context.newPage();
  // A page of the origin that is not the editor's script: a cold page must fetch that as a first visit does.
  await page.goto(`${host}/bench-origin-${Date.now()}`, { waitUntil: 'load' });
  return { page, close: () => (mode === 'cold' ? context.close() : page.close()) };
}

async function startOnce(server, config, i, mode, counted = true) {
  const { page, close } = await pageOn(server.host, mode);
  await page.setContent(`<!doctype html><div id="m"></div><script src="/dist/studio-editor.iife.js"></script>`, { waitUntil: 'load' });
  const r = await page.evaluate(async (id, api, autosave, anonymous) => {
    const tasks = [];
    const observer = new PerformanceObserver((list) => { for (const e of list.getEntries()) tasks.push({ start: e.startTime, duration: Math.round(e.duration) }); });
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
    // Where each task over 50 ms sat: before ready (the start itself) or after it (what loads once ready).
    const where = tasks.filter((task) => task.duration > 50).map((task) => `${task.duration} ms at ${Math.round(task.start - t0)} ms (${task.start < t0 + ms ? 'before' : 'after'} ready)`);
    return { ms, fromScript, longest: Math.max(0, ...tasks.map((task) => task.duration)), where, fetched };
  }, `start-${mode}-${Date.now()}-${i}`, server.api, config.autosave ?? null, config.anonymous);
  await close();
  if (!counted) return;
  const figures = at(server, config, mode);
  figures.times.push(r.ms); figures.fromScript.push(r.fromScript); figures.longest.push(r.longest); figures.where.push(...r.where); figures.fetched = r.fetched;
}

// The peer: wavesurfer.js's ES module, served at a path of the same origin, from import() to its first waveform.
const PEER_PATH = '/bench-peer/wavesurfer.esm.js';
const peerSource = readFileSync(new URL('../node_modules/wavesurfer.js/dist/wavesurfer.esm.js', import.meta.url), 'utf8');
const peerTimes = { cold: [] };
async function peerOnce() {
  const { page, close } = await pageOn(servers[0].host, 'cold');
  await page.setRequestInterception(true);
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === PEER_PATH) void request.respond({ status: 200, contentType: 'text/javascript', headers: { 'cache-control': 'max-age=3600' }, body: peerSource });
    else void request.continue();
  });
  await page.setContent('<!doctype html><div id="w" style="width:800px"></div>', { waitUntil: 'load' });
  const ms = await page.evaluate(async (path) => {
    const t0 = performance.now();
    const { default: WaveSurfer } = await import(path);
    const peaks = [Array.from({ length: 2000 }, (_, i) => Math.sin(i / 7) * 0.8)];
    const surfer = WaveSurfer.create({ container: '#w', peaks, duration: 30, height: 96 });
    await new Promise((resolve) => surfer.once('ready', resolve));
    return performance.now() - t0;
  }, PEER_PATH);
  await close();
  return ms;
}

for (const mode of MODES) {
  // A warm browser's first page is cold (no code compiled yet, no fonts): one page of each server, not counted.
  if (mode === 'warm') {
    for (const server of servers) await startOnce(server, configs[0], -1, mode, false);
  }
  // Pages alternate between configs and servers, so that a busy moment of the machine weighs on each alike.
  for (let i = 0; i < RUNS; i++) {
    for (const config of configs) for (const server of servers) await startOnce(server, config, i, mode);
    if (mode === 'cold') peerTimes.cold.push(await peerOnce());
  }
}
await browser.close();

const summary = (values) => `median ${Math.round(median(values))} ms (min ${Math.round(Math.min(...values))}, max ${Math.round(Math.max(...values))})`;
const GOALS = { cold: 100, warm: 50 };
for (const mode of MODES) {
  console.log(`\n${mode === 'cold' ? 'Cold: each page a new browser context (nothing cached, nothing compiled)' : 'Warm: pages of one context, after its first'}`);
  for (const config of configs) {
    for (const server of servers) {
      const { times, fromScript, longest, where: overBudget } = at(server, config, mode);
      const where = servers.length > 1 ? ` [${server.label}]` : '';
      console.log(`${config.name}${where}: create() -> ready: ${summary(times)}${config.autosave === undefined ? ` (goal: under ${GOALS[mode]})` : ''}`);
      console.log(`  script tag requested -> ready: ${summary(fromScript)} (the loader, the editor's modules fetched and compiled, the start)`);
      console.log(`  longest task of each start-up: ${longest.join(', ')} ms (goal: none over 50)`);
      if (overBudget.length > 0) console.log(`  each task over 50 ms, after create(): ${overBudget.join('; ')}`);
    }
  }
  if (mode === 'cold') console.log(`peer: wavesurfer.js ${JSON.parse(readFileSync(new URL('../node_modules/wavesurfer.js/package.json', import.meta.url), 'utf8')).version}, import() -> first waveform drawn: ${summary(peerTimes[mode])}`);
}
// Sizes of this tree's files; another tree's pages are sized by that tree's files (OTHER_TREE=its folder).
const gzip = (path, server) => {
  const file = server === servers[0] ? new URL(`..${path}`, import.meta.url) : new URL(`.${path}`, `file://${process.env.OTHER_TREE ?? '/nonexistent'}/`);
  try {
    return gzipSync(readFileSync(file), { level: 9 }).length;
  } catch {
    return NaN;
  }
};
const sizedMode = MODES[0];
let bytes = [];
for (const config of configs.filter((c) => c.autosave === undefined)) {
  for (const server of servers) {
    const sized = at(server, config, sizedMode).fetched.map((path) => [path, gzip(path, server)]);
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
const figuresOf = (mode) => {
  const known = at(servers[0], configs[0], mode);
  const anonymous = at(servers[0], configs[1], mode);
  const off = at(servers[0], configs[2], mode);
  return {
    medianCreateToReadyMs: median(known.times),
    medianAnonymousMs: median(anonymous.times),
    medianAutosaveOffMs: median(off.times),
    ...(mode === 'cold' ? { medianPeerMs: median(peerTimes.cold), peerMs: peerTimes.cold } : {}),
    createToReadyMs: known.times,
    anonymousCreateToReadyMs: anonymous.times,
    autosaveOffCreateToReadyMs: off.times,
    scriptToReadyMs: known.fromScript,
    longestTaskMs: known.longest,
    anonymousLongestTaskMs: anonymous.longest,
  };
};
const byMode = Object.fromEntries(MODES.map((mode) => [mode, figuresOf(mode)]));
writeFileSync(out, `${JSON.stringify({ commit, date: new Date().toISOString(), machine: startedOn, runs: RUNS, peer: 'wavesurfer.js', ...byMode, fetchedGzipBytes: Object.fromEntries(bytes) }, null, 2)}\n`);
console.log(`on ${machine()} at the end; written to ${out.pathname} (commit ${commit})`);
