#!/usr/bin/env node
// `npx studio-contract-check`: checks from a host's server that the editor can talk to its service (docs/contract.md).
// The command is dist/esm/node/contract-check-cli.js; this file hands it the process.
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { runCli } from '../dist/esm/node/contract-check-cli.js';

process.exitCode = await runCli(process.argv.slice(2), {
  stdout: process.stdout,
  stderr: process.stderr,
  env: process.env,
  load: (file) => import(pathToFileURL(resolve(file)).href),
});
