// Browser tests: every test/**/*.test.ts except the Node-side ones (test/server/, test/node/), in headless Chromium.
// A test whose subject needs no browser (DOM-free logic) lives under test/node/<same sub-path> and runs once, in Node.
import { existsSync, readFileSync } from 'node:fs';
import rollupCommonjs from '@rollup/plugin-commonjs';
import { esbuildPlugin } from '@web/dev-server-esbuild';
import { fromRollup } from '@web/dev-server-rollup';
import { defaultReporter, summaryReporter } from '@web/test-runner';
import { chromeLauncher } from '@web/test-runner-chrome';
import { countingReporter } from './scripts/lib/counting-reporter.mjs';
import { chromiumTestArgs, chromiumTestPath } from './scripts/lib/chromium.mjs';
import { appBundlePlugin } from './scripts/lib/app-bundle-plugin.mjs';
import { batchPlugin } from './scripts/lib/batch-plugin.mjs';
import { emulatorPlugin } from './scripts/lib/emulator-plugin.mjs';
import { screenshotPlugin } from './scripts/lib/screenshot-plugin.mjs';
import { touchPlugin } from './scripts/lib/touch-plugin.mjs';
import { xmllintPlugin } from './scripts/lib/xmllint-plugin.mjs';

// The host application and the service emulator, on ephemeral ports, for test/e2e/ (see the plugin).
const emulator = emulatorPlugin();
// A worker URL such as `new URL('./render-worker.js', import.meta.url)` names the built `.js`; under src/ in
// the test runner it is the `.ts` beside it (which the esbuild plugin then transforms).
const tsForJs = (context, next) => {
  const path = context.path;
  if (path.startsWith('/src/') && path.endsWith('.js')) {
    const ts = path.slice(0, -3) + '.ts';
    if (!existsSync(new URL(`.${path}`, import.meta.url)) && existsSync(new URL(`.${ts}`, import.meta.url))) {
      context.url = ts + context.url.slice(path.length);
    }
  }
  return next();
};

// papaparse (the feed import, src/feed/import.ts) ships CommonJS only: served as ESM, as rollup.config.mjs builds it.
// Only papaparse: every other package the tests load is ESM already. Its `require('stream')` is left as it is: it
// runs only for Node's streams (Papa.NODE_STREAM_INPUT), which the editor never asks for.
const commonjs = fromRollup(rollupCommonjs);

// A host endpoint that answers its sign-in page (HTML, 200) to any method, as a host whose session ran out
// may: what endpointAuth must report as such (test/apps/shipped-doors.test.ts).
const signInPage = (context, next) => {
  if (context.path !== '/__sign-in') return next();
  context.type = 'text/html';
  context.body = '<!doctype html><title>Sign in</title><form><input name="password"></form>';
};

const pkg = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8'));

export default {
  rootDir: '.',
  files: ['test/**/*.test.ts', '!test/server/**', '!test/node/**'],
  nodeResolve: { exportConditions: ['development'] },
  concurrency: 2,
  concurrentBrowsers: 1,
  // A file's tests end within 5 minutes: the e2e files make real ads and feeds on the emulator (a feed run voices,
  // renders and encodes every row), which a busy 2-core machine takes minutes over; a hung file still fails, named.
  testsFinishTimeout: 300_000,
  browserStartTimeout: 60_000,
  // A test or hook gives up after 2 minutes: a backstop against a hang, never a measure of speed (a busy machine is
  // slow, not wrong). Its waits are on states (test/support/wait.ts), each of which names what it waited for.
  testFramework: { config: { ui: 'bdd', timeout: 120_000 } },
  middleware: [emulator.hostProxy, signInPage, tsForJs],
  plugins: [
    emulator,
    appBundlePlugin(),
    screenshotPlugin(),
    touchPlugin(),
    xmllintPlugin(),
    batchPlugin(emulator),
    // A pattern would be read from this folder; node_modules may be a link to another (a git worktree's).
    // Not wrapped in a function (strictRequires): the dev server never asks for the ES proxy rollup would import,
    // so the module itself must export its `module.exports` as default.
    commonjs({ include: /[\\/]node_modules[\\/]papaparse[\\/]/, ignore: ['stream'], strictRequires: false }),
    esbuildPlugin({
      ts: true,
      target: 'es2022',
      tsconfig: './tsconfig.test.json',
      // BUILDER_FUZZ_SEED=<n> replays one seed of test/demo/builder-snippet.test.ts (CONFIG_FUZZ_SEED=<n>, one of
      // test/node/config/config-fuzz.test.ts, is read there, in Node).
      define: {
        __STUDIO_VERSION__: JSON.stringify(pkg.version),
        __BUILDER_FUZZ_SEED__: JSON.stringify(process.env.BUILDER_FUZZ_SEED ?? ''),
      },
    }),
  ],
  // Each test page in a browser context (a window) of its own: two tabs of one window would leave one of
  // them hidden, where requestAnimationFrame never runs and pointer tests hang.
  browsers: [
    chromeLauncher({
      launchOptions: { executablePath: chromiumTestPath(), headless: true, args: chromiumTestArgs() },
      createPage: async ({ browser }) => (await browser.createBrowserContext()).newPage(),
    }),
  ],
  reporters: [defaultReporter(), summaryReporter({ flatten: false }), countingReporter(process.env.STUDIO_COUNTS_FILE)],
};
