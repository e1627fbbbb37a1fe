// @web/test-runner command plugin: `executeServerCommand('studio-screenshot', { name })` saves a PNG of the
// test page (Chromium and Firefox through Puppeteer, WebKit through WebDriver) under screenshots/ (git-ignored), for a person to look at.
import { mkdir } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';

const DIR = fileURLToPath(new URL('../../screenshots/', import.meta.url));

/** @returns {import('@web/test-runner').TestRunnerPlugin} */
export function screenshotPlugin() {
  return {
    name: 'studio-screenshot',
    async executeCommand({ command, payload, session }) {
      if (command !== 'studio-screenshot') return undefined;
      const name = String(/** @type {{ name?: unknown }} */ (payload)?.name ?? '');
      if (!/^[\w.-]+$/.test(name)) throw new Error(`studio-screenshot: give a file name of letters, digits, dots and dashes, not “${name}”.`);
      if (session.browser.type !== 'puppeteer' && session.browser.type !== 'playwright') return false;
      await mkdir(DIR, { recursive: true });
      const page = /** @type {any} */ (session.browser).getPage(session.id);
      // A page in a background tab may never paint: bring it to the front, and give up after 10 s
      // rather than hang the run (the test's layout assertions do not depend on the picture).
      let timer;
      const gaveUp = new Promise((resolve) => (timer = setTimeout(() => resolve(false), 10_000)));
      const taken = (async () => {
        await page.bringToFront();
        await page.screenshot({ path: `${DIR}${name}.png`, fullPage: false });
        return true;
      })();
      try {
        return await Promise.race([taken, gaveUp]);
      } finally {
        clearTimeout(timer);
      }
    },
  };
}
