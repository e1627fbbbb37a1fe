import assert from 'node:assert/strict';
import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import { CODE_FILE_MAX_LINES, importCircles, longFiles } from '../../scripts/lib/checks.mjs';

describe('the checks of the house', () => {
  const dir = mkdtempSync(join(tmpdir(), 'house-'));
  after(() => rmSync(dir, { recursive: true, force: true }));
  const write = (path: string, code: string): void => {
    mkdirSync(join(dir, path, '..'), { recursive: true });
    writeFileSync(join(dir, path), code);
  };
  const lines = (count: number): string => 'export {};\n'.repeat(count);

  write('src/model/at-limit.ts', lines(CODE_FILE_MAX_LINES));
  write('src/model/over.ts', lines(CODE_FILE_MAX_LINES + 1));
  write('test/support/over.ts', lines(CODE_FILE_MAX_LINES + 1));
  write('scripts/over.mjs', lines(CODE_FILE_MAX_LINES + 1));
  write('src/i18n/fr-later.ts', lines(CODE_FILE_MAX_LINES + 1));
  write('src/i18n/load.ts', lines(CODE_FILE_MAX_LINES + 1));
  write('node_modules/x/over.js', lines(CODE_FILE_MAX_LINES + 1));
  write('dist/over.js', lines(CODE_FILE_MAX_LINES + 1));

  // A type-only circle across two lines, one through a dynamic import and a re-export, one module importing itself.
  write('src/api/a.ts', "import type {\n  B,\n} from './b.js';\nexport type A = B;\n");
  write('src/api/b.ts', "import type { A } from './a.js';\nexport type B = A | 1;\n");
  write('src/config/c.ts', "export const load = () => import('./d.js');\n");
  write('src/config/d.ts', "export * from './e.js';\n");
  write('src/config/e.ts', "import { load } from './c.js';\nexport const e = load;\n");
  write('demo/server/self.ts', "import './self.js';\n");
  // Imports one way only: no circle.
  write('src/model/one-way.ts', "import { e } from '../config/e.js';\nimport '../config/c.js';\nexport const f = e;\n");

  it('names every code file over the limit, wherever it is, tables of words and what is installed or built aside', () => {
    assert.deepEqual(longFiles(dir), [
      `scripts/over.mjs (${CODE_FILE_MAX_LINES + 1} lines)`,
      `src/i18n/load.ts (${CODE_FILE_MAX_LINES + 1} lines)`,
      `src/model/over.ts (${CODE_FILE_MAX_LINES + 1} lines)`,
      `test/support/over.ts (${CODE_FILE_MAX_LINES + 1} lines)`,
    ]);
  });

  it('names every import circle as a chain, type-only, dynamic and re-exports included', () => {
    assert.deepEqual(importCircles(dir), [
      'demo/server/self.ts -> demo/server/self.ts',
      'src/api/a.ts -> src/api/b.ts -> src/api/a.ts',
      'src/config/c.ts -> src/config/d.ts -> src/config/e.ts -> src/config/c.ts',
    ]);
  });
});
