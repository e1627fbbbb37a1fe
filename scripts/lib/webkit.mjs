// Where WebKit is and how it is started here: WebKitGTK's MiniBrowser, driven by WebKitWebDriver (plain W3C
// WebDriver over HTTP), in a virtual X display of its own (Xvfb) so that nothing needs a screen.
import { execFile, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createServer } from 'node:net';
import { killOnExit } from './kill-on-exit.mjs';

const MINIBROWSERS = [
  '/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser',
  '/usr/lib/aarch64-linux-gnu/webkit2gtk-4.1/MiniBrowser',
  '/usr/lib/x86_64-linux-gnu/webkitgtk-6.0/MiniBrowser',
  '/usr/lib/aarch64-linux-gnu/webkitgtk-6.0/MiniBrowser',
  '/usr/lib/x86_64-linux-gnu/webkit2gtk-4.0/MiniBrowser',
];
const DRIVERS = ['/usr/bin/WebKitWebDriver', '/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/WebKitWebDriver'];
const XVFB = ['/usr/bin/Xvfb'];
const XDOTOOL = ['/usr/bin/xdotool'];

const first = (paths) => paths.find((path) => path && existsSync(path));

/** The MiniBrowser, WebKitWebDriver and Xvfb binaries, or undefined for each one missing. */
export function webkitPaths() {
  return {
    browser: first([process.env.WEBKIT_MINIBROWSER, ...MINIBROWSERS]),
    driver: first([process.env.WEBKIT_WEBDRIVER, ...DRIVERS]),
    xvfb: first(XVFB),
    xdotool: first(XDOTOOL),
  };
}

/** Whether everything the WebKit run needs is installed. */
export const hasWebkit = () => Object.values(webkitPaths()).every(Boolean);

/** A TCP port that was free a moment ago. */
export function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = /** @type {import('node:net').AddressInfo} */ (server.address());
      server.close(() => resolve(port));
    });
  });
}

/**
 * Starts Xvfb on a display it picks itself (-displayfd), big enough for the suite's widest viewport.
 * @returns {Promise<{ display: string, stop: () => void }>}
 */
export function startXvfb(xvfb) {
  return new Promise((resolve, reject) => {
    const child = spawn(xvfb, ['-displayfd', '3', '-screen', '0', '2560x1600x24', '-nolisten', 'tcp'], {
      stdio: ['ignore', 'ignore', 'pipe', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (chunk) => (stderr += chunk));
    killOnExit(child);
    child.stdio[3].once('data', (chunk) => resolve({ display: `:${String(chunk).trim()}`, stop: () => child.kill() }));
    child.once('error', reject);
    child.once('exit', (code) => reject(new Error(`Xvfb exited with ${code}: ${stderr.trim()}`)));
  });
}

/**
 * Starts WebKitWebDriver on a free port of this machine, in the given X display; resolves once it answers.
 *
 * Its MiniBrowsers draw without accelerated compositing (`WEBKIT_DISABLE_COMPOSITING_MODE=1`; `=0` in the caller's
 * environment keeps it, to compare): Xvfb has no GPU, so WebKitGTK's compositor ran on Mesa's software rasteriser
 * (llvmpipe), a fifth of the web processes' CPU; drawn directly, the whole WebKit run took 1,206 core-seconds instead
 * of 1,617, in the same hour (docs/development.md). Layout, script, audio and workers are the same engine either way.
 *
 * JavaScriptCore runs without its last optimising tier, FTL (`JSC_useFTLJIT=0`; `=1` keeps it): a test page's code
 * lives seconds, and compiling it with FTL cost more than it saved (seven WebKit files, alternate runs: 198 and 206
 * core-seconds without FTL, 256 and 237 with it; without DFG too, 239). The tiers below it run the same script.
 * @returns {Promise<{ url: string, stop: () => void }>}
 */
export async function startDriver(driver, display) {
  const port = await freePort();
  const child = spawn(driver, [`--port=${port}`, '--host=127.0.0.1'], {
    stdio: 'ignore',
    env: {
      ...process.env,
      DISPLAY: display,
      WAYLAND_DISPLAY: '',
      WEBKIT_DISABLE_COMPOSITING_MODE: process.env.WEBKIT_DISABLE_COMPOSITING_MODE ?? '1',
      JSC_useFTLJIT: process.env.JSC_useFTLJIT ?? '0',
    },
  });
  killOnExit(child);
  const url = `http://127.0.0.1:${port}`;
  for (let tries = 0; tries < 100; tries += 1) {
    if (child.exitCode !== null) throw new Error(`WebKitWebDriver exited with ${child.exitCode}`);
    try {
      const response = await fetch(`${url}/status`);
      if (response.ok) return { url, stop: () => child.kill() };
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  child.kill();
  throw new Error('WebKitWebDriver did not answer within 10 s');
}

/** Gives the browser's window the X input focus (xdotool), as a window manager would when it opens. */
export function focusWindow(display) {
  const { xdotool } = webkitPaths();
  return new Promise((resolve, reject) => {
    const args = ['search', '--sync', '--onlyvisible', '--class', 'MiniBrowser', 'windowfocus', '--sync'];
    execFile(xdotool, args, { env: { ...process.env, DISPLAY: display }, timeout: 10_000 }, (error) =>
      error ? reject(new Error(`xdotool could not focus the WebKit window: ${error.message}`)) : resolve(),
    );
  });
}
