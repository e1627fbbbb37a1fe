// The browser suite in WebKit (`npm run test:webkit`): web-test-runner.config.mjs with WebKitGTK's MiniBrowser,
// driven over W3C WebDriver in a virtual display (scripts/lib/webkit-launcher.mjs), one test file at a time.
import base from './web-test-runner.config.mjs';
import { webkitLauncher } from './scripts/lib/webkit-launcher.mjs';

export default { ...base, concurrency: 1, browsers: [webkitLauncher()] };
