// The node test files that share one process (scripts/lib/node-shared.mjs says which): each imported in a suite
// named by its path, one after another, so its tests report under its name and its failures name its file.
import { describe } from 'node:test';
import { pathToFileURL } from 'node:url';
import { join } from 'node:path';
import { SHARED_FILES_ENV } from './node-shared.mjs';

const root = join(import.meta.dirname, '..', '..');
const files = JSON.parse(process.env[SHARED_FILES_ENV] ?? '[]');
if (files.length === 0) throw new Error(`${SHARED_FILES_ENV} names no file: scripts/test.mjs sets it to the node test files that share a process.`);
for (const file of files) describe(file, async () => void (await import(pathToFileURL(join(root, file)).href)));
