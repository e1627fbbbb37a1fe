// `npm run bench:memory [cycles]`: 200 (or `cycles`) create()/destroy() cycles of the built editor in
// headless Chromium, each with a render in the worker and a short playback, and what is left after them
// (JS heap after GC, DOM documents, nodes and listeners, live workers, open AudioContexts). Needs dist/
// (`npm run build`). The test suite runs 20 of the same cycles with bounds (test/node/browser/memory.test.ts).
import { startServers } from '../demo/server/servers.js';
import { launchChromium } from '../test/node/browser/chromium.js';
import { voiceOver } from '../test/node/browser/demo-flow.js';
import { installCounters, measure, runCycles, type MemoryFigures } from '../test/node/browser/memory-cycles.js';

const cycles = Number(process.argv[2] ?? 200);
const servers = await startServers({ hostPort: 0, apiPort: 0, emulator: { jobStepMs: 20, creditsPerUser: 100_000 } });
const browser = await launchChromium();
try {
  const page = await browser.newPage();
  await installCounters(page);
  await voiceOver(page, `${servers.hostUrl}/demo/strict.html`);
  const project = await page.evaluate('window.studio.getProject()');
  await page.evaluate('window.studio.destroy()');
  const cdp = await page.createCDPSession();
  await runCycles(page, 2, project);
  const rows: MemoryFigures[] = [await measure(page, cdp, 2)];
  const started = performance.now();
  for (let done = 0; done < cycles; ) {
    const step = Math.min(50, cycles - done);
    await runCycles(page, step, project);
    done += step;
    rows.push(await measure(page, cdp, done + 2));
  }
  const perCycle = (performance.now() - started) / cycles;
  console.log(`create()/destroy() cycles (render + 150 ms playback each), ${perCycle.toFixed(0)} ms a cycle:`);
  console.log('cycles | JS heap MB | documents | nodes | listeners | live workers | open AudioContexts | workers made | contexts made');
  for (const row of rows) {
    console.log(
      [row.cycles, (row.heapBytes / 1048576).toFixed(2), row.documents, row.nodes, row.listeners, row.liveWorkers, row.openContexts, row.workersMade, row.contextsMade].join(' | '),
    );
  }
} finally {
  await browser.close();
  await servers.close();
}
