// Runs the project-store benchmark in Node with the garbage collector exposed, through tsx.
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const script = fileURLToPath(new URL('./model-history.ts', import.meta.url));
const result = spawnSync(process.execPath, ['--expose-gc', '--import', 'tsx', script], { stdio: 'inherit' });
process.exit(result.status ?? 1);
