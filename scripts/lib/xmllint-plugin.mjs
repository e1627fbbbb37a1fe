// @web/test-runner command plugin: `executeServerCommand('studio-xmllint', { xml })` validates a document the page
// made (a delivery's vast.xml) against the IAB's VAST 4.1 XSD with xmllint (libxml2-utils, a system tool `npm test`
// installs), on the test server: `{ valid, output }`. Without xmllint, `valid` is false and `output` says so.
import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const XSD = fileURLToPath(new URL('../../test/fixtures/vast_4.1.xsd', import.meta.url));

/** @returns {import('@web/test-runner').TestRunnerPlugin} */
export function xmllintPlugin() {
  return {
    name: 'studio-xmllint',
    async executeCommand({ command, payload }) {
      if (command !== 'studio-xmllint') return undefined;
      const xml = /** @type {{ xml?: unknown }} */ (payload)?.xml;
      if (typeof xml !== 'string') throw new Error('studio-xmllint: give { xml } as a string.');
      const dir = await mkdtemp(join(tmpdir(), 'studio-xmllint-'));
      try {
        const file = join(dir, 'document.xml');
        await writeFile(file, xml, 'utf8');
        return await new Promise((resolve) => {
          execFile('xmllint', ['--noout', '--schema', XSD, file], (error, _stdout, stderr) => {
            if (error?.code === 'ENOENT') resolve({ valid: false, output: 'xmllint is not installed: apt-get install libxml2-utils (npm test installs it)' });
            else resolve({ valid: error === null, output: String(stderr).replaceAll(file, 'vast.xml') });
          });
        });
      } finally {
        await rm(dir, { recursive: true, force: true });
      }
    },
  };
}
