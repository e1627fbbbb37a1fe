// The browser suite in Firefox (`npm run test:firefox`): web-test-runner.config.mjs with Firefox ESR, driven by
// puppeteer-core over WebDriver BiDi, each test page in a window of its own (a background tab would not paint),
// one at a time: only one Firefox window has the focus, and in the others `:focus` never matches.
//
// Firefox reads its pointer kind at launch, so the phone files also run in a second Firefox started as a touch
// screen (`(pointer: coarse)`, the `phone` group); a half of a file that needs the other kind skips itself.
import * as puppeteer from 'puppeteer-core';
import { chromeLauncher } from '@web/test-runner-chrome';
import base from './web-test-runner.config.mjs';
import { askedFiles, matchesAny } from './scripts/lib/asked-files.mjs';
import { besidesChromium } from './scripts/lib/engine-files.mjs';
import { firefoxPath, firefoxPrefs, firefoxTouchPrefs } from './scripts/lib/firefox.mjs';

/** The files that run in the touch-screen Firefox; the first two only there. */
const PHONE_FILES = ['test/e2e/phone-touch.test.ts', 'test/e2e/phone-range.test.ts', 'test/components/editor-screen.test.ts', 'test/components/editor-workspace.test.ts', 'test/e2e/phone-screens.test.ts', 'test/components/feed-cards.test.ts', 'test/e2e/screens-matrix.test.ts'];

const firefox = (prefs) =>
  chromeLauncher({
    puppeteer,
    launchOptions: {
      browser: 'firefox',
      executablePath: firefoxPath(),
      headless: true,
      // Puppeteer would follow every request over WebDriver BiDi (a test page loads hundreds of modules), which
      // Firefox's parent process pays for: test/components/ took 163 s with it, 122 s without (parent CPU 98 s, 43 s).
      // No test here asks Puppeteer about requests.
      networkEnabled: false,
      extraPrefsFirefox: prefs,
      args: ['--width=1280', '--height=900'],
    },
    createPage: async ({ browser }) => (await browser.createBrowserContext()).newPage({ type: 'window' }),
  });

// `--files` narrows the run: the touch-screen Firefox starts only for the phone files asked for.
const asked = askedFiles(process.argv);
const phoneFiles = asked === undefined ? PHONE_FILES : PHONE_FILES.filter((file) => matchesAny(file, asked));

export default {
  ...base,
  files: besidesChromium([...base.files, `!${PHONE_FILES[0]}`, `!${PHONE_FILES[1]}`]),
  concurrency: 1,
  browsers: [firefox(firefoxPrefs)],
  groups: phoneFiles.length === 0 ? [] : [{ name: 'phone', files: phoneFiles, browsers: [firefox({ ...firefoxPrefs, ...firefoxTouchPrefs })] }],
};
