// The browser suite in Firefox (`npm run test:firefox`): web-test-runner.config.mjs with Firefox ESR, driven by
// puppeteer-core over WebDriver BiDi, each test page in a window of its own (a background tab would not paint),
// one at a time: only one Firefox window has the focus, and in the others `:focus` never matches.
import * as puppeteer from 'puppeteer-core';
import { chromeLauncher } from '@web/test-runner-chrome';
import base from './web-test-runner.config.mjs';
import { firefoxPath, firefoxPrefs } from './scripts/lib/firefox.mjs';

export default {
  ...base,
  concurrency: 1,
  browsers: [
    chromeLauncher({
      puppeteer,
      launchOptions: {
        browser: 'firefox',
        executablePath: firefoxPath(),
        headless: true,
        extraPrefsFirefox: firefoxPrefs,
        args: ['--width=1280', '--height=900'],
      },
      createPage: async ({ browser }) => (await browser.createBrowserContext()).newPage({ type: 'window' }),
    }),
  ],
};
