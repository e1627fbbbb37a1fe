// create() / destroy() cycles of the editor in a puppeteer page, each with a render (the preview, in the
// render worker) and a short playback, and what is left afterwards, measured through the DevTools
// protocol: JS heap after a forced GC, DOM counters (documents, nodes, JS event listeners), live workers
// (CDP targets) and AudioContexts not closed (the page's constructor is wrapped to see each one).
// Shared by test/node/browser/memory.test.ts (20 cycles) and bench/memory.ts (200).
import type { CDPSession, Page } from 'puppeteer-core';

// Installed before the editor's script (as a string: see chromium.ts). Workers are counted as they are
// made; AudioContexts through weak references, so counting them keeps none alive.
const COUNT_CONTEXTS = `
  window.__audio = { made: 0, refs: [] };
  const Native = window.AudioContext;
  window.AudioContext = class extends Native {
    constructor(...args) {
      super(...args);
      window.__audio.made += 1;
      window.__audio.refs.push(new WeakRef(this));
    }
  };
  window.__openContexts = () => window.__audio.refs.filter((ref) => { const c = ref.deref(); return c !== undefined && c.state !== 'closed'; }).length;
  window.__workersMade = 0;
  const NativeWorker = window.Worker;
  window.Worker = class extends NativeWorker {
    constructor(...args) {
      super(...args);
      window.__workersMade += 1;
    }
  };
`;

// One cycle, in a demo page: mount, load the project, wait for the rendered preview, play 150 ms, destroy.
const CYCLE = `async (project) => {
  const target = document.createElement('div');
  target.id = 'memory-editor';
  document.body.append(target);
  const { create, endpointAuth } = window.ServiceStudioEditor;
  const handle = await create({
    target: '#memory-editor',
    api: { baseUrl: window.STUDIO_DEMO.apiBaseUrl },
    auth: endpointAuth({ tokenUrl: '/host/token', refreshUrl: '/host/refresh' }),
  });
  await handle.loadProject(project);
  const until = (test, what) => new Promise((resolve, reject) => {
    const started = performance.now();
    const poll = () => test() ? resolve() : performance.now() - started > 30000 ? reject(new Error('timed out: ' + what)) : setTimeout(poll, 20);
    poll();
  });
  // The audio engine is loaded once the editor is ready.
  await until(() => handle.element.preview !== undefined, 'the audio engine loads');
  const preview = handle.element.preview;
  await until(() => preview.getState().status === 'ready', 'the preview renders');
  await preview.play();
  await until(() => preview.getState().transport === 'playing', 'playback starts');
  await new Promise((resolve) => setTimeout(resolve, 150));
  preview.pause();
  handle.destroy();
  target.remove();
}`;

export interface MemoryFigures {
  cycles: number;
  heapBytes: number;
  documents: number;
  nodes: number;
  listeners: number;
  liveWorkers: number;
  openContexts: number;
  workersMade: number;
  contextsMade: number;
}

export async function installCounters(page: Page): Promise<void> {
  await page.evaluateOnNewDocument(COUNT_CONTEXTS);
}

/** Everything left now, after a full garbage collection. */
export async function measure(page: Page, cdp: CDPSession, cycles: number): Promise<MemoryFigures> {
  // Let terminated workers and closed contexts be reported, then collect (twice: finalizers free more).
  await new Promise((resolve) => setTimeout(resolve, 300));
  await cdp.send('HeapProfiler.collectGarbage');
  await cdp.send('HeapProfiler.collectGarbage');
  const { usedSize } = await cdp.send('Runtime.getHeapUsage');
  const counters = await cdp.send('Memory.getDOMCounters');
  const page_ = (await page.evaluate('({ open: window.__openContexts(), made: window.__audio.made, workers: window.__workersMade })')) as { open: number; made: number; workers: number };
  return {
    cycles,
    heapBytes: usedSize,
    documents: counters.documents,
    nodes: counters.nodes,
    listeners: counters.jsEventListeners,
    liveWorkers: page.workers().length,
    openContexts: page_.open,
    workersMade: page_.workers,
    contextsMade: page_.made,
  };
}

/** Runs `count` cycles in a demo page (it has `window.STUDIO_DEMO`), each loading `project`. */
export async function runCycles(page: Page, count: number, project: unknown): Promise<void> {
  for (let i = 0; i < count; i++) {
    try {
      await page.evaluate(`(${CYCLE})(${JSON.stringify(project)})`);
    } catch (error) {
      throw new Error(`cycle ${i + 1} of ${count}: ${(error as Error).message}`);
    }
  }
}
