import assert from 'node:assert/strict';
import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import { climbingImports } from '../../scripts/lib/checks.mjs';

describe('the floors check', () => {
  const src = mkdtempSync(join(tmpdir(), 'floors-'));
  after(() => rmSync(src, { recursive: true, force: true }));
  const write = (path: string, code: string): void => {
    mkdirSync(join(src, path, '..'), { recursive: true });
    writeFileSync(join(src, path), code);
  };
  write('errors.ts', 'export class StudioError extends Error {}\n');
  write('components/view.ts', "import { StudioError } from '../errors.js';\nexport const view = StudioError;\nexport type View = typeof view;\n");
  write('model/store.ts', "import { StudioError } from '../errors.js';\nimport './local.js';\nexport const store = StudioError;\n");
  write('model/local.ts', 'export {};\n');
  write('model/words.ts', "import type {\n  View,\n} from '../components/view.js';\nexport type Words = View;\n");
  write('model/lazy.ts', "export const load = () => import('../components/view.js');\n");
  write('delivery/presets.ts', "export * from '../model/store.js';\n");

  it('names every import that climbs, type-only, multi-line, dynamic and re-exports included', () => {
    assert.deepEqual(climbingImports(src), [
      'src/delivery/presets.ts -> src/model/store.js',
      'src/model/lazy.ts -> src/components/view.js',
      'src/model/words.ts -> src/components/view.js',
    ]);
  });
});
