// Builds dist/: the three Rollup bundles, then the .d.ts files of the ESM build.
import { rmSync } from 'node:fs';
import { run } from './lib/run.mjs';

rmSync(new URL('../dist', import.meta.url), { recursive: true, force: true });
await run('rollup', ['-c', '--silent']);
await run('tsc', ['-p', 'tsconfig.types.json']);
