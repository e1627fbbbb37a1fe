// `npm test`: every check, in order, then one plain line `N passed, N failed`.
// Each check counts as one test; every mocha and node:test case counts as one.
// A failing check does not stop the others, so one run shows everything that is wrong.
import { existsSync, mkdirSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { checkFileLengths, checkFloors, checkImportCircles, checkManifest, checkOneCopy, checkPackage, checkSize } from './lib/checks.mjs';
import { ENGINES, ensureEngines, failureLines, reportEngine, runEngine, slowestLine } from './lib/engines.mjs';
import { SHARED_FILES_ENV, SHARED_RUNNER, splitNodeTests } from './lib/node-shared.mjs';
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

/** Runs commands ([name, command, args]) at once, each output kept; then each is a check, printed in the given order. */
async function checksSideBySide(commands) {
  const outcomes = commands.map(([, command, args]) =>
    run(command, args, { stdio: ['ignore', 'pipe', 'pipe'] }).then(
      (output) => ({ output }),
      (error) => ({ output: error.output ?? '', error }),
    ),
  );
  for (const [index, [name]] of commands.entries()) {
    const { output, error } = await outcomes[index];
    await check(name, () => {
      process.stdout.write(output);
      if (error) throw error;
    });
  }
}

/**
 * Runs the node tests (node:test) with their output kept; resolves to a function that prints it whole, with the
 * counts, and adds them to the totals. Kept, because the node tests run beside Firefox's run (see below).
 */
async function nodeSuite(files) {
  const name = 'node tests (node:test)';
  const countsFile = join(cache, 'node-counts.json');
  rmSync(countsFile, { force: true });
  const started = Date.now();
  let output = '';
  let crashed;
  // The files of DOM-free logic share one process, first; the others run one process each (node-shared.mjs).
  const { shared, alone } = splitNodeTests(root, files);
  try {
    output = await run(
      'node',
      [
        '--import', 'tsx',
        '--test', '--test-concurrency=2',
        '--test-reporter=spec', '--test-reporter-destination=stdout',
        '--test-reporter=./scripts/lib/node-counts.mjs', `--test-reporter-destination=${countsFile}`,
        ...(shared.length > 0 ? [SHARED_RUNNER] : []),
        ...alone,
      ],
      { stdio: ['ignore', 'pipe', 'pipe'], env: { [SHARED_FILES_ENV]: JSON.stringify(shared) } },
    );
  } catch (error) {
    crashed = error;
    output = error.output ?? String(error);
  }
  const seconds = Math.round((Date.now() - started) / 1000);
  return () => {
    console.log(`\n== ${name}`);
    process.stdout.write(output);
    const counts = existsSync(countsFile) ? JSON.parse(readFileSync(countsFile, 'utf8')) : { passed: 0, failed: 0, skipped: 0, failures: [] };
    if (crashed && counts.failed === 0) {
      counts.failed = 1;
      counts.failures = [{ file: '', test: '(the node test run itself)', error: crashed.message }];
    }
    totals.passed += counts.passed;
    totals.failed += counts.failed;
    totals.skipped += counts.skipped;
    if (counts.failed > 0) failures.push(`${name} (${counts.failed} failed)`);
    failedTests.push(...failureLines(counts.failures).map((line) => `node: ${line}`));
    if (counts.slowest?.length > 0) console.log(slowestLine('Node', counts.slowest));
    console.log(`${name}: ${counts.passed} passed, ${counts.failed} failed, ${counts.skipped} skipped in ${seconds} s`);
  };
}

// The browser suite runs in Chromium, Firefox and WebKit: as root on Debian the missing ones are installed here.
const engines = await ensureEngines(Object.keys(ENGINES));

// Lint, types and the build each keep one core busy for most of their time: they run side by side, their output
// kept and printed in this order once all three end.
await checksSideBySide([
  ['lint', 'eslint', ['.', '--max-warnings', '0']],
  ['types', 'tsc', ['--noEmit', '-p', 'tsconfig.test.json']],
  ['build', 'node', ['scripts/build.mjs']],
]);
await check('floors (no import climbs)', checkFloors);
await check('no import circle', checkImportCircles);
await check('no code file over 500 lines (tables of words aside)', checkFileLengths);
const built = !failures.includes('build');
await check('manifest', checkManifest);
if (built) await check('size budget (and the compile hint of the entry)', checkSize);
if (built) await check('one copy of each module across the loader and its chunks', checkOneCopy);
if (built) await check('package (publint --strict, attw)', checkPackage);

// Node-side tests: the demo servers (test/server/) and pure modules checked against Node tools (test/node/).
const nodeTests = ['test/server', 'test/node'].flatMap((dir) =>
  existsSync(join(root, dir))
    ? readdirSync(join(root, dir), { recursive: true }).filter((file) => String(file).endsWith('.test.ts')).map((file) => `${dir}/${file}`)
    : [],
);
// Firefox's run shows one page at a time and leaves about a third of the 2 cores idle (it waits on audio clocks
// and timers), so the node tests run beside it, two files at a time: with one, they ran on alone for minutes after
// Firefox's end with a core idle. Their output is printed after Firefox's. Without Firefox, here.
const nodeBesideFirefox = built && engines.includes('firefox') && nodeTests.length > 0;
if (nodeTests.length > 0 && !nodeBesideFirefox) (await nodeSuite(nodeTests))();

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
  console.log(`\n== ${name}${id === 'firefox' && nodeBesideFirefox ? ', with the node tests beside it' : ''}`);
  const beside = id === 'firefox' && nodeBesideFirefox ? nodeSuite(nodeTests) : undefined;
  const counts = await runEngine(id, join(cache, `${id}-counts.json`));
  reportEngine(id, counts);
  if (beside) (await beside)();
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
