// The types a host compiles against, checked on the built package: test/types/react-usage.tsx uses
// `service-studio-editor/jsx`, `/react` and `/auth` as a React 19 app would, and marks the mistakes that must
// not compile (@ts-expect-error fails the check when a mistake slips through).
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../..', import.meta.url));

describe('the published types', () => {
  it('type <studio-editor> in JSX, the React wrapper and the auth entry, and refuse wrong props', () => {
    const tsc = join(root, 'node_modules', 'typescript', 'bin', 'tsc');
    const result = spawnSync(process.execPath, [tsc, '-p', join(root, 'test', 'types', 'tsconfig.json')], { encoding: 'utf8' });
    assert.equal(result.status, 0, `tsc found errors:\n${result.stdout}${result.stderr}`);
  });
});
