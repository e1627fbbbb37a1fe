// The three browser engines of the suite: what each needs on this machine, how it is installed (as root on
// Debian, as Chromium always was), and how its run is started.
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { HEADLESS_SHELL, chromiumPath, chromiumTestPath } from './chromium.mjs';
import { firefoxPath } from './firefox.mjs';
import { pulseaudioPath, startNullSink } from './null-sink.mjs';
import { run } from './run.mjs';
import { SYSTEM_TOOLS } from './system-tools.mjs';
import { webkitPaths } from './webkit.mjs';

/** Each engine: its name, its config, the Debian packages it needs, and whether they are here. */
export const ENGINES = {
  chromium: {
    name: 'Chromium',
    config: 'web-test-runner.config.mjs',
    // The headless shell runs the tests (chromium.mjs); the browser is for the screenshots and the benches.
    packages: ['chromium-headless-shell', 'chromium'],
    binary: 'CHROME_PATH',
    present: () => existsSync(HEADLESS_SHELL) || (Boolean(chromiumPath()) && !canInstall()),
  },
  firefox: {
    name: 'Firefox',
    config: 'web-test-runner.firefox.config.mjs',
    packages: ['firefox-esr', 'pulseaudio'],
    binary: 'FIREFOX_PATH',
    present: () => Boolean(firefoxPath() && pulseaudioPath()),
  },
  webkit: {
    name: 'WebKit',
    config: 'web-test-runner.webkit.config.mjs',
    packages: ['webkit2gtk-driver', 'xvfb', 'xdotool', 'pulseaudio'],
    binary: 'WEBKIT_MINIBROWSER and WEBKIT_WEBDRIVER',
    present: () => Object.values(webkitPaths()).every(Boolean) && Boolean(pulseaudioPath()),
  },
};

const canInstall = () => process.getuid?.() === 0 && existsSync('/usr/bin/apt-get');

/**
 * Makes sure the engines' packages and the tools the node tests use (system-tools.mjs) are here: as root on
 * Debian, installs the missing ones with apt-get (one run for all) and says so; elsewhere says how to get
 * them (a missing tool's tests then fail, naming it). Resolves to the ids of the engines that can run.
 * @param {Array<keyof typeof ENGINES>} ids
 */
export async function ensureEngines(ids) {
  const missing = ids.filter((id) => !ENGINES[id].present());
  const tools = Object.values(SYSTEM_TOOLS).filter((tool) => !tool.present());
  if (missing.length + tools.length > 0 && canInstall()) {
    const packages = [...new Set([...missing.flatMap((id) => ENGINES[id].packages), ...tools.flatMap((tool) => tool.packages)])];
    const names = [...missing.map((id) => ENGINES[id].name), ...tools.map((tool) => tool.name)];
    console.log(`Installing ${names.join(', ')} for the tests: apt-get install ${packages.join(' ')} (a minute or two)...`);
    try {
      await run('apt-get', ['update', '-qq']);
      await run('apt-get', ['install', '-y', '-qq', ...packages], { env: { DEBIAN_FRONTEND: 'noninteractive' } });
    } catch (error) {
      console.error(`Installing with apt-get failed: ${error.message}`);
    }
  }
  for (const id of ids.filter((id) => !ENGINES[id].present())) {
    console.error(
      `${ENGINES[id].name} is missing: its browser tests do not run. On Debian or Ubuntu: ` +
        `sudo apt-get install ${ENGINES[id].packages.join(' ')} (or run npm test as root); elsewhere point ` +
        `${ENGINES[id].binary} at the browser. Then run it again.`,
    );
  }
  for (const tool of Object.values(SYSTEM_TOOLS).filter((tool) => !tool.present())) {
    console.error(`${tool.name} is missing: the node tests that check files against it fail. On Debian or Ubuntu: sudo apt-get install ${tool.packages.join(' ')} (or run npm test as root).`);
  }
  return ids.filter((id) => ENGINES[id].present());
}

/** At most this many failed files are run again; more is not a flake. */
const FLAKY_FILES_MAX = 3;

/**
 * Runs the browser suite in one engine; resolves to its counts ({passed, failed, skipped, skips, failures}),
 * seconds, and `flaky` when a whole run's failures did not repeat.
 *
 * Runs here are slow and share 2 cores, and a timing-bound test fails now and then, a different one each run
 * (docs/browsers.md): in a whole run (no `--files`), a file that failed runs once more alone, at most 3 files.
 * Failing again, its failures count; passing, they are kept in `flaky`, named, and not counted.
 */
export async function runEngine(id, countsFile, extraArgs = []) {
  const counts = await runOnce(id, countsFile, extraArgs);
  const files = counts.failedFiles ?? [];
  if (extraArgs.includes('--files') || counts.failed === 0 || files.length === 0 || files.length > FLAKY_FILES_MAX) return counts;
  console.log(`\n== ${ENGINES[id].name}: once more, alone: ${files.join(', ')}`);
  const again = await runOnce(id, countsFile.replace(/\.json$/, '-again.json'), ['--files', ...files]);
  const seconds = counts.seconds + again.seconds;
  if (again.failed > 0) return { ...counts, seconds };
  return { ...counts, failed: 0, failures: [], seconds, flaky: { failures: counts.failures, passedAlone: again.passed } };
}

/** One run of web-test-runner. Firefox and WebKit get a PulseAudio null sink for it: an audio device whose clock runs. */
async function runOnce(id, countsFile, extraArgs) {
  const engine = ENGINES[id];
  rmSync(countsFile, { force: true });
  const env = { STUDIO_COUNTS_FILE: countsFile };
  if (id === 'chromium') env.CHROME_PATH = chromiumTestPath();
  let sink;
  if (id === 'firefox' || id === 'webkit') {
    sink = await startNullSink();
    env.PULSE_SERVER = sink.server;
  }
  const started = Date.now();
  let crashed;
  try {
    await run('web-test-runner', ['--config', engine.config, ...extraArgs], { env });
  } catch (error) {
    crashed = error;
  } finally {
    sink?.stop();
  }
  const seconds = Math.round((Date.now() - started) / 1000);
  const counts = existsSync(countsFile)
    ? JSON.parse(readFileSync(countsFile, 'utf8'))
    : { passed: 0, failed: 0, skipped: 0, skips: [], failedFiles: [], failures: [] };
  if (crashed && counts.failed === 0) {
    counts.failed = 1;
    counts.failures = [{ file: engine.config, test: '(the run itself)', error: crashed.message }];
  }
  return { ...counts, seconds };
}

/** Lines naming each failed test: `file: suite > test: the error's first line`. */
export const failureLines = (failures = []) => failures.map(({ file, test, error }) => `${file}: ${test}${error ? `: ${error}` : ''}`);

/** `Slowest files in <where>: file 12.3 s, …`, from a counts file's `slowest` ({file, ms}, slowest first). */
export const slowestLine = (where, slowest) => `Slowest files in ${where}: ${slowest.map(({ file, ms }) => `${file} ${(ms / 1000).toFixed(1)} s`).join(', ')}`;

/** Prints what an engine's run skipped (each with its reason), what failed and what was flaky, then its counts and time. */
export function reportEngine(id, counts) {
  const name = ENGINES[id].name;
  if (counts.skips?.length > 0) {
    console.log(`\nSkipped in ${name} (${counts.skips.length}):`);
    for (const skip of counts.skips) console.log(`  - ${skip}`);
  }
  if (counts.flaky) {
    console.log(`\nFlaky in ${name}, not counted: failed in the whole run, then passed alone (${counts.flaky.passedAlone} passed):`);
    for (const line of failureLines(counts.flaky.failures)) console.log(`  - ${line}`);
  }
  if (counts.failures?.length > 0) {
    console.log(`\nFailed in ${name} (${counts.failures.length}):`);
    for (const line of failureLines(counts.failures)) console.log(`  - ${line}`);
  }
  if (counts.slowest?.length > 0) console.log(slowestLine(name, counts.slowest));
  // The tests' own time beside the run's: the rest is pages loading and starting, a file at a time.
  const own = counts.testsMs === undefined ? '' : ` (the tests' own time ${Math.round(counts.testsMs / 1000)} s, in ${counts.files} file${counts.files === 1 ? '' : 's'})`;
  console.log(`${name}: ${counts.passed} passed, ${counts.failed} failed, ${counts.skipped} skipped in ${counts.seconds} s${own}`);
}
