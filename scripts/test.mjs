// `npm test`: every check, in order, then one plain line `N passed, N failed`.
// Each check counts as one test; every mocha and node:test case counts as one.
// A failing check does not stop the others, so one run shows everything that is wrong.
import { existsSync, mkdirSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { checkFloors, checkManifest, checkPackage, checkSize } from './lib/checks.mjs';
import { ENGINES, ensureEngines, failureLines, reportEngine, runEngine } from './lib/engines.mjs';
import { root, run } from './lib/run.mjs';

const cache = join(root, '.cache');
mkdirSync(cache, { recursive: true });
/** Tests that failed in an engine's whole run and passed alone (runEngine), and tests that failed: named last. */
const flaky = [];
const failedTests = [];
const totals = { passed: 0, failed: 0, skipped: 0 };
const failures = [];

async function check(name, action) {
  console.log(`\n== ${name}`);
  try {
    await action();
    totals.passed += 1;
  } catch (error) {
    totals.failed += 1;
    failures.push(name);
    console.error(`FAILED: ${name}: ${error.message}`);
  }
}

async function suite(name, countsFile, action) {
  console.log(`\n== ${name}`);
  rmSync(countsFile, { force: true });
  let crashed;
  try {
    await action();
  } catch (error) {
    crashed = error;
  }
  const counts = existsSync(countsFile) ? JSON.parse(readFileSync(countsFile, 'utf8')) : { passed: 0, failed: 0, skipped: 0 };
  if (crashed && counts.failed === 0) counts.failed = 1;
  totals.passed += counts.passed;
  totals.failed += counts.failed;
  totals.skipped += counts.skipped;
  if (counts.failed > 0) failures.push(`${name} (${counts.failed} failed)`);
  failedTests.push(...failureLines(counts.failures).map((line) => `node: ${line}`));
  console.log(`${name}: ${counts.passed} passed, ${counts.failed} failed, ${counts.skipped} skipped`);
}

// The browser suite runs in Chromium, Firefox and WebKit: as root on Debian the missing ones are installed here.
const engines = await ensureEngines(Object.keys(ENGINES));

await check('lint', () => run('eslint', ['.', '--max-warnings', '0']));
await check('types', () => run('tsc', ['--noEmit', '-p', 'tsconfig.test.json']));
await check('floors (no import climbs)', checkFloors);
const built = await check('build', () => run('node', ['scripts/build.mjs'])).then(() => !failures.includes('build'));
await check('manifest', checkManifest);
if (built) await check('size budget', checkSize);
if (built) await check('package (publint --strict, attw)', checkPackage);

// Node-side tests: the demo servers (test/server/) and pure modules checked against Node tools (test/node/).
const nodeTests = ['test/server', 'test/node'].flatMap((dir) =>
  existsSync(join(root, dir))
    ? readdirSync(join(root, dir), { recursive: true }).filter((file) => String(file).endsWith('.test.ts')).map((file) => `${dir}/${file}`)
    : [],
);
if (nodeTests.length > 0) {
  const countsFile = join(cache, 'node-counts.json');
  await suite('node tests (node:test)', countsFile, () =>
    run('node', [
      '--import', 'tsx',
      '--test', '--test-concurrency=1',
      '--test-reporter=spec', '--test-reporter-destination=stdout',
      '--test-reporter=./scripts/lib/node-counts.mjs', `--test-reporter-destination=${countsFile}`,
      ...nodeTests,
    ]),
  );
}

if (!built) {
  totals.failed += 1;
  failures.push('browser tests (not run: the build failed)');
}
for (const id of built ? Object.keys(ENGINES) : []) {
  const name = `browser tests (@web/test-runner, ${ENGINES[id].name})`;
  if (!engines.includes(id)) {
    // Chromium is required; Firefox and WebKit run where they are installed.
    if (id === 'chromium') {
      totals.failed += 1;
      failures.push(`${name} (not run: no Chromium)`);
    } else console.log(`\n== ${name}: not run (${ENGINES[id].name} is not installed, see above)`);
    continue;
  }
  console.log(`\n== ${name}`);
  const counts = await runEngine(id, join(cache, `${id}-counts.json`));
  reportEngine(id, counts);
  const label = (line) => `${ENGINES[id].name}: ${line}`;
  if (counts.flaky) flaky.push(...failureLines(counts.flaky.failures).map(label));
  failedTests.push(...failureLines(counts.failures).map(label));
  totals.passed += counts.passed;
  totals.skipped += counts.skipped;
  totals.failed += counts.failed;
  if (counts.failed > 0) failures.push(`${name} (${counts.failed} failed)`);
}

console.log('');
for (const line of flaky) console.log(`Flaky, not counted (failed in the whole run, passed alone): ${line}`);
for (const line of failedTests) console.log(`Failed test: ${line}`);
if (failures.length > 0) console.log(`Failed: ${failures.join('; ')}`);
console.log(`${totals.passed} passed, ${totals.failed} failed${totals.skipped ? `, ${totals.skipped} skipped` : ''}`);
process.exitCode = totals.failed > 0 ? 1 : 0;
