// The editor’s lifetime in Chromium: 20 create()/destroy() cycles, each with a render in the worker and a
// short playback, leave no worker and no open AudioContext, and the JS heap, DOM nodes and listeners flat
// (within a bounded tolerance, asserted on counts, not time). 20 keeps this test near a minute on this
// machine; `npm run bench:memory` runs 200 and prints the figures. Needs dist/ (npm test builds first).
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Browser } from 'puppeteer-core';
import { startServers, type RunningServers } from '../../../demo/server/servers.js';
import { launchChromium, watchPage } from './chromium.js';
import { voiceOver } from './demo-flow.js';
import { installCounters, measure, runCycles } from './memory-cycles.js';

const CYCLES = 20;

describe('the editor over create()/destroy() cycles', () => {
  let servers: RunningServers;
  let browser: Browser;

  before(async () => {
    servers = await startServers({ hostPort: 0, apiPort: 0, emulator: { jobStepMs: 20 } });
    browser = await launchChromium();
  });
  after(async () => {
    await browser?.close();
    await servers?.close();
  });

  it(`frees its worker, AudioContext, nodes, listeners and memory over ${CYCLES} cycles`, { timeout: 180_000 }, async (t) => {
    const page = await browser.newPage();
    const problems = await watchPage(page);
    await installCounters(page);
    await voiceOver(page, `${servers.hostUrl}/demo/strict.html`);
    const project = await page.evaluate('window.studio.getProject()');
    await page.evaluate('window.studio.destroy()');
    const cdp = await page.createCDPSession();
    // Two cycles first: the lazily loaded files (timeline, on-thread code) and caches of the first ones.
    await runCycles(page, 2, project);
    const start = await measure(page, cdp, 2);
    await runCycles(page, CYCLES, project);
    const end = await measure(page, cdp, CYCLES + 2);
    const growth = { heapBytes: end.heapBytes - start.heapBytes, nodes: end.nodes - start.nodes, listeners: end.listeners - start.listeners };
    t.diagnostic(JSON.stringify({ start, end, growth }));

    assert.deepEqual(problems.errors, []);
    assert.ok(end.workersMade >= CYCLES + 2, `each cycle rendered in a worker (${end.workersMade} made)`);
    assert.ok(end.contextsMade >= CYCLES + 2, `each cycle played through an AudioContext (${end.contextsMade} made)`);
    assert.equal(end.liveWorkers, 0, 'no worker outlives its editor');
    assert.equal(end.openContexts, 0, 'every AudioContext is closed');
    assert.equal(end.documents, start.documents, 'no document is left');
    // Tolerances: a leak of one editor per cycle would be thousands of nodes, hundreds of listeners and
    // megabytes (the decoded audio alone is over 1 MB per cycle).
    assert.ok(growth.nodes <= 200, `DOM nodes stay flat (${start.nodes} -> ${end.nodes})`);
    assert.ok(growth.listeners <= 30, `listeners stay flat (${start.listeners} -> ${end.listeners})`);
    assert.ok(growth.heapBytes <= 3 * 1024 * 1024, `the JS heap stays flat (${start.heapBytes} -> ${end.heapBytes} bytes)`);
  });
});
