// @web/test-runner command plugin: `executeServerCommand('studio-batch-row', { project, row, destination })` starts
// rendering one feed row of `project` (a document the page made) to one destination the way
// `service-studio-editor/batch` does, in Node on the test server (src/batch/render-row.ts, against the emulator
// with its account key), and answers `{ job }` at once. `executeServerCommand('studio-batch-row-result', { job })`
// answers `{ done: false }` while it runs (after waiting up to 5 s for it), then
// `{ done: true, status, reasons, files: [{ path, base64 }] }`: so a page compares the browser's file with Node's.
// Two commands, since the runner gives one command 20 s and a busy machine renders a row in more.
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { tsImport } from 'tsx/esm/api';

/** How long one `studio-batch-row-result` waits for its job before answering that it still runs, ms. */
const WAIT_MS = 5000;

/**
 * @param {{ service: () => { baseUrl: string; apiKey: string } | undefined }} emulator the emulator plugin
 * @returns {import('@web/test-runner').TestRunnerPlugin}
 */
export function batchPlugin(emulator) {
  /** @type {Map<string, Promise<object>>} */
  const jobs = new Map();
  let made = 0;

  /** @param {any} project @param {string} row @param {string} destination */
  async function render(project, row, destination) {
    const service = emulator.service();
    if (service === undefined) throw new Error('studio-batch-row: the emulator has not started.');
    const { createRowRenderer } = await tsImport('../../src/batch/render-row.ts', import.meta.url);
    const { templateId } = await tsImport('../../src/batch/row-job.ts', import.meta.url);
    const { folderStore } = await tsImport('../../src/batch/store.ts', import.meta.url);
    const dir = await mkdtemp(join(tmpdir(), 'studio-batch-row-'));
    try {
      const renderRow = createRowRenderer({ template: project, service, store: folderStore(dir) });
      const result = await renderRow({ template: templateId(project), row, destination });
      const files = await Promise.all(result.files.map(async (/** @type {{ path: string }} */ file) => ({ path: file.path, base64: (await readFile(join(dir, file.path))).toString('base64') })));
      return { done: true, status: result.status, reasons: result.reasons, files };
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }

  return {
    name: 'studio-batch',
    async executeCommand({ command, payload }) {
      if (command === 'studio-batch-row') {
        const { project, row, destination } = /** @type {{ project?: any; row?: unknown; destination?: unknown }} */ (payload ?? {});
        if (typeof project !== 'object' || typeof row !== 'string' || typeof destination !== 'string') throw new Error('studio-batch-row: give { project, row, destination }.');
        const job = `row-${++made}`;
        const running = render(project, row, destination);
        running.catch(() => undefined); // Its failure is answered to studio-batch-row-result.
        jobs.set(job, running);
        return { job };
      }
      if (command === 'studio-batch-row-result') {
        const { job } = /** @type {{ job?: unknown }} */ (payload ?? {});
        const running = typeof job === 'string' ? jobs.get(job) : undefined;
        if (running === undefined) throw new Error(`studio-batch-row-result: no job ${JSON.stringify(job)}; start one with studio-batch-row.`);
        /** @type {ReturnType<typeof setTimeout> | undefined} */
        let timer;
        const waited = new Promise((resolve) => (timer = setTimeout(() => resolve({ done: false }), WAIT_MS)));
        try {
          const answer = await Promise.race([running, waited]);
          if (/** @type {{ done: boolean }} */ (answer).done) jobs.delete(job);
          return answer;
        } catch (error) {
          jobs.delete(job);
          throw error;
        } finally {
          clearTimeout(timer);
        }
      }
      return undefined;
    },
  };
}
