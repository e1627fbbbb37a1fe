// `npm start`: builds the editor (when dist/ is missing or older than src/), then starts the demo servers.
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { root, run } from './lib/run.mjs';

function newest(dir) {
  let time = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    time = Math.max(time, entry.isDirectory() ? newest(path) : statSync(path).mtimeMs);
  }
  return time;
}

const iife = join(root, 'dist/studio-editor.iife.js');
if (!existsSync(iife) || statSync(iife).mtimeMs < newest(join(root, 'src'))) {
  console.log('Building the editor (dist/)...');
  await run('node', ['scripts/build.mjs']);
}
try {
  await run('tsx', ['demo/server/main.ts']);
} catch (error) {
  process.exitCode = 1;
  if (!/exited with (0|null|SIGINT|SIGTERM)/.test(error.message)) console.error(error.message);
}
