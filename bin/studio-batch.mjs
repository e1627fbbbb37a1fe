#!/usr/bin/env node
// `npx studio-batch render ...`: a feed rendered in Node with the editor's own delivery (docs/batch.md).
// The command is dist/esm/batch/cli.js; this file hands it the process. The first Ctrl-C stops the run cleanly
// (no half-written file; run again to resume), a second one ends the process at once.
import { runBatchCli } from '../dist/esm/batch/cli.js';

const stopping = new AbortController();
process.on('SIGINT', () => {
  if (stopping.signal.aborted) process.exit(130);
  process.stderr.write('\nStopping: finishing the files being written (Ctrl-C again to quit at once)...\n');
  stopping.abort();
});

process.exitCode = await runBatchCli(process.argv.slice(2), {
  stdout: process.stdout,
  stderr: process.stderr,
  env: process.env,
  signal: stopping.signal,
});
