// `studio-batch worker` as a process of its own, from the sources (node --import tsx), rendering with the test
// double of the row renderer (./row-processor-double.ts). Argument: the worker's flags.
import { fileURLToPath } from 'node:url';
import { runQueueCli } from '../../../src/batch/queue/cli.js';

const stopped = new Promise<string>((resolve) => {
  process.once('SIGTERM', () => resolve('SIGTERM'));
  process.once('SIGINT', () => resolve('SIGINT'));
});
const processorFile = fileURLToPath(new URL('./row-processor-double.ts', import.meta.url));
process.exitCode = await runQueueCli(['worker', ...process.argv.slice(2)], {
  stdout: process.stdout,
  stderr: process.stderr,
  env: process.env,
  loadTemplate: () => Promise.reject(new Error('A worker loads no template.')),
  stopped,
}, { processorFile });
