// `studio-batch worker` as a process of its own, from the sources (node --import tsx: its sandboxed row
// processes inherit the flag and load row-processor.ts). Arguments: the worker's flags.
import { runQueueCli } from '../../../src/batch/queue/cli.js';

const stopped = new Promise<string>((resolve) => {
  process.once('SIGTERM', () => resolve('SIGTERM'));
  process.once('SIGINT', () => resolve('SIGINT'));
});
process.exitCode = await runQueueCli(['worker', ...process.argv.slice(2)], {
  stdout: process.stdout,
  stderr: process.stderr,
  env: process.env,
  loadTemplate: () => Promise.reject(new Error('A worker loads no template.')),
  stopped,
});
