// Where Chromium is and how it is started here: Debian's build, headless, no network chatter.
import { existsSync } from 'node:fs';

/** The browser a person uses: for the demo's screenshots and the benches (start-up is measured as a visitor meets it). */
export function chromiumPath() {
  const candidates = [process.env.CHROME_PATH, '/usr/bin/chromium', '/usr/lib/chromium/chromium', '/usr/bin/chromium-browser', '/usr/bin/google-chrome'];
  return candidates.find((path) => path && existsSync(path));
}

/**
 * Debian's `chromium-headless-shell`: the same Chromium build as its `chromium` (Blink, V8, Web Audio, the
 * version), without the browser's windows and their UI, as Puppeteer's and Playwright's headless runs use it.
 * Chromium 156 gives each window of the browser two renderers of its own for the address bar's pop-ups
 * (`chrome://omnibox-popup.top-chrome`), and the suite opens a window per test file: 5 pages cost 12
 * core-seconds in the browser and 3.4 in the shell (docs/development.md).
 */
export const HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';

/** The Chromium the tests run in: `CHROME_PATH`, else the headless shell, else the browser. */
export function chromiumTestPath() {
  if (process.env.CHROME_PATH && existsSync(process.env.CHROME_PATH)) return process.env.CHROME_PATH;
  return existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : chromiumPath();
}

export function chromiumArgs() {
  return [
    ...(process.getuid?.() === 0 ? ['--no-sandbox'] : []),
    '--disable-gpu',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--disable-dev-shm-usage',
    '--autoplay-policy=no-user-gesture-required',
  ];
}

/**
 * V8's flags for the tests' Chromium (not the benches', which measure Chromium as a visitor meets it). With
 * `--managed-zone-memory` V8 keeps its compilers' scratch memory in a pool of its own instead of malloc()ing and
 * freeing it for each compile: freed, those pages were handed back to the kernel (`madvise`), each time a TLB
 * flush on every core, and touched again at the next compile. On a paravirtualised machine both are dear (`perf`:
 * a fifth of the samples of a Chromium run under the kernel's `pvm_irq_enable`, from `madvise` and page faults):
 * ten heavy files took 242 and 273 core-seconds with it, 330, 318 and 331 without; the whole Chromium run 1,021
 * core-seconds (537 s) with it, 1,133 (591 s) without, one after the other (docs/development.md).
 * `CHROMIUM_TEST_JS_FLAGS` in the environment replaces them (empty: none), to compare.
 */
function chromiumTestJsFlags() {
  return process.env.CHROMIUM_TEST_JS_FLAGS ?? '--managed-zone-memory';
}

/** `chromiumArgs()` and the tests' V8 flags: the Chromium of the suite and of the node tests that start one. */
export function chromiumTestArgs() {
  const jsFlags = chromiumTestJsFlags();
  return [...chromiumArgs(), ...(jsFlags === '' ? [] : [`--js-flags=${jsFlags}`])];
}
