// The demo under the strictest policy the editor supports (/demo/strict.html: 'self' sources only,
// require-trusted-types-for 'script', only the lit-html and studio-editor policies): the whole flow from a
// URL to an MP3, through the UI, with no CSP or Trusted Types violation, no uncaught error, waveforms drawn,
// renders in the worker and the MP3 encoded in its own. Drives this machine's Chromium against the servers
// `npm start` runs, on free ports; needs dist/ (npm test builds first).
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Browser } from 'puppeteer-core';
import { startServers, type RunningServers } from '../../../demo/server/servers.js';
import { launchChromium, watchPage } from './chromium.js';
import { walkDemoFlow } from './demo-flow.js';

describe('the demo under a strict CSP with Trusted Types', () => {
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

  it('serves strict.html with the policy the README lists', async () => {
    const response = await fetch(`${servers.hostUrl}/demo/strict.html`);
    const csp = response.headers.get('content-security-policy') ?? '';
    assert.match(csp, /require-trusted-types-for 'script'/);
    assert.match(csp, /trusted-types lit-html studio-editor(;|$)/);
    assert.match(csp, /worker-src 'self'(;|$)/);
    assert.doesNotMatch(csp, /blob:|data:|unsafe/);
  });

  it('walks recommend, voice-over, waveforms, play, master and WAV and MP3 export with no violation', { timeout: 120_000 }, async () => {
    const page = await browser.newPage();
    await page.setViewport({ width: 1280, height: 900 });
    const problems = await watchPage(page);
    // Violations and errors first: when a step fails they are usually why.
    const flow = await walkDemoFlow(page, `${servers.hostUrl}/demo/strict.html`).catch((error: Error) => error);
    assert.deepEqual(await problems.violations(), [], 'no CSP or Trusted Types violation');
    assert.deepEqual(problems.errors, [], 'no uncaught error');
    if (flow instanceof Error) throw flow;
    assert.deepEqual(problems.consoleErrors, [], 'no console error');
    assert.deepEqual(problems.consoleWarnings.filter((text) => /render worker|MP3 worker|decode worker/.test(text)), [], 'the render, decode and MP3 workers started');
    assert.ok(flow.waveformCanvases > 0, 'the timeline drew its waveforms');
    assert.ok(flow.workers.some((url) => url.endsWith('/dist/render-worker.js')), `the render worker ran (workers: ${flow.workers.join(', ')})`);
    assert.ok(flow.workers.some((url) => url.endsWith('/dist/decode-worker.js')), `the decode worker ran (workers: ${flow.workers.join(', ')})`);
    assert.deepEqual(flow.exports.map((entry) => entry.split(' ')[0]), ['audio/wav', 'audio/mpeg']);
    for (const entry of flow.exports) assert.ok(Number(entry.split(' ')[1]) > 10_000, `a real file: ${entry}`);
  });
});
