#!/usr/bin/env node
// `npx studio-verify delivery.zip --jwks keys.json`: checks a delivery's files and signed approvals (docs/review.md).
// The command is dist/esm/node/verify-cli.js; this file hands it the process.
import { readFile } from 'node:fs/promises';
import { runVerifyCli } from '../dist/esm/node/verify-cli.js';

process.exitCode = await runVerifyCli(process.argv.slice(2), {
  stdout: process.stdout,
  stderr: process.stderr,
  readFile: async (path) => new Uint8Array(await readFile(path)),
});
