// `npm start`: builds the editor (when dist/ is missing or older than src/), then starts the demo servers:
// the host application (demo pages + reference host backend) and the service emulator. Ctrl-C stops both.
import { spawn } from 'node:child_process';
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
  try {
    await run('node', ['scripts/build.mjs']);
  } catch (error) {
    console.error(`The build failed, so the demo cannot start: ${error.message}`);
    process.exit(1);
  }
}

// One Node process runs the servers (TypeScript through tsx). Ctrl-C reaches it directly (same process
// group); this process only waits for it to finish and passes its exit code on.
const child = spawn(process.execPath, ['--import', 'tsx', 'demo/server/main.ts'], { cwd: root, stdio: 'inherit' });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 0 : 1)));
