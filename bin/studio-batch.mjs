#!/usr/bin/env node
// `npx studio-batch render ...`: a feed rendered in Node with the editor's own delivery (docs/batch.md).
// The command is dist/esm/batch/cli.js; this file hands it the process.
import { runBatchProcess } from '../dist/esm/batch/cli.js';

await runBatchProcess(process);
