// The browser suite in WebKit (`npm run test:webkit`): web-test-runner.config.mjs with WebKitGTK's MiniBrowser,
// driven over W3C WebDriver, each in a virtual display of its own (scripts/lib/webkit-launcher.mjs).
// A test's backstop is the base config's (2 minutes): WebKitGTK's workers and encoders are slower than Chromium's.
// The e2e files of scripts/lib/engine-files.mjs run in Chromium only.
import base from './web-test-runner.config.mjs';
import { webkitLauncher } from './scripts/lib/webkit-launcher.mjs';
import { besidesChromium } from './scripts/lib/engine-files.mjs';

export default {
  ...base,
  files: besidesChromium(base.files),
  browsers: [webkitLauncher({ concurrency: base.concurrency })],
};
