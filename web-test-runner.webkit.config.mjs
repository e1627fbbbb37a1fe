// The browser suite in WebKit (`npm run test:webkit`): web-test-runner.config.mjs with WebKitGTK's MiniBrowser,
// driven over W3C WebDriver, each in a virtual display of its own (scripts/lib/webkit-launcher.mjs).
import base from './web-test-runner.config.mjs';
import { webkitLauncher } from './scripts/lib/webkit-launcher.mjs';

export default { ...base, browsers: [webkitLauncher({ concurrency: base.concurrency })] };
