// The browser suite in WebKit (`npm run test:webkit`): web-test-runner.config.mjs with WebKitGTK's MiniBrowser,
// driven over W3C WebDriver, each in a virtual display of its own (scripts/lib/webkit-launcher.mjs).
// A test has 20 s instead of 10: WebKitGTK's workers and encoders are slower than Chromium's, and on a busy
// machine the MP3 and render tests passed 10 s there (docs/browsers.md).
import base from './web-test-runner.config.mjs';
import { webkitLauncher } from './scripts/lib/webkit-launcher.mjs';

export default {
  ...base,
  testFramework: { ...base.testFramework, config: { ...base.testFramework.config, timeout: 20_000 } },
  browsers: [webkitLauncher({ concurrency: base.concurrency })],
};
