// @web/test-runner command plugin: `executeServerCommand('studio-batch-row', { project, row, destination })` renders
// one feed row of `project` (a document the page made) to one destination the way `service-studio-editor/batch`
// does, in Node on the test server (src/batch/render-row.ts, against the emulator with its account key), and
// answers `{ status, reasons, files: [{ path, base64 }] }`: so a page compares the browser's file with Node's.
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { tsImport } from 'tsx/esm/api';

/**
 * @param {{ service: () => { baseUrl: string; apiKey: string } | undefined }} emulator the emulator plugin
 * @returns {import('@web/test-runner').TestRunnerPlugin}
 */
export function batchPlugin(emulator) {
  return {
    name: 'studio-batch',
    async executeCommand({ command, payload }) {
      if (command !== 'studio-batch-row') return undefined;
      const { project, row, destination } = /** @type {{ project?: any; row?: unknown; destination?: unknown }} */ (payload ?? {});
      if (typeof project !== 'object' || typeof row !== 'string' || typeof destination !== 'string') throw new Error('studio-batch-row: give { project, row, destination }.');
      const service = emulator.service();
      if (service === undefined) throw new Error('studio-batch-row: the emulator has not started.');
      const { createRowRenderer } = await tsImport('../../src/batch/render-row.ts', import.meta.url);
      const { templateId } = await tsImport('../../src/batch/row-job.ts', import.meta.url);
      const { folderStore } = await tsImport('../../src/batch/store.ts', import.meta.url);
      const dir = await mkdtemp(join(tmpdir(), 'studio-batch-row-'));
      try {
        const render = createRowRenderer({ template: project, service, store: folderStore(dir) });
        const result = await render({ template: templateId(project), row, destination });
        const files = await Promise.all(result.files.map(async (file) => ({ path: file.path, base64: (await readFile(join(dir, file.path))).toString('base64') })));
        return { status: result.status, reasons: result.reasons, files };
      } finally {
        await rm(dir, { recursive: true, force: true });
      }
    },
  };
}
