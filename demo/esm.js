// The ES module way: import from the self-contained build (a CDN URL in production).
// env.js (a classic script, run first) defined window.STUDIO_DEMO.
import { create, endpointAuth, version } from '/dist/studio-editor.bundled.js';

const status = document.getElementById('demo-status');

try {
  const handle = await create({
    target: '#editor',
    // The service: the local emulator under `npm start` (another origin; it answers CORS for this page).
    api: { baseUrl: window.STUDIO_DEMO.apiBaseUrl },
    // The host backend of this demo (demo/server/host/) holds the account key and answers these endpoints.
    auth: endpointAuth({ tokenUrl: '/host/token', refreshUrl: '/host/refresh' }),
    // The editor fills #editor, which the page sizes to the window (demo.css).
    layout: { height: 'auto' },
    // The Feed step (off by default): a CSV or JSON feed makes an ad per row.
    tools: { feed: true },
    project: { title: 'My first audio ad' },
  });
  status.textContent = `Editor ${version} is ready (ES module build).`;
  handle.on('error', (detail) => (status.textContent = `Error: ${detail.message}`));
  window.studio = handle;
} catch (error) {
  status.textContent = `The editor could not start: ${error.message}`;
}
