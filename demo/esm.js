// The ES module way: import from the self-contained build (a CDN URL in production).
// env.js (a classic script, run first) defined window.STUDIO_DEMO.
import { create, version } from '/dist/studio-editor.bundled.js';

const status = document.getElementById('demo-status');

/** POSTs to a host endpoint: JSON `body`, or no body and the expired token as `Authorization: Bearer`. */
async function postJson(url, body, bearer) {
  const response = await fetch(url, {
    method: 'POST',
    headers: { ...(body ? { 'content-type': 'application/json' } : {}), ...(bearer ? { authorization: `Bearer ${bearer}` } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  if (!response.ok) throw new Error(`${url} answered ${response.status}`);
  return response.json();
}

/** The host answers `{ token }` or `{ accessToken: { token } }`. */
const tokenOf = (body) => body.token ?? body.accessToken?.token;

try {
  const handle = await create({
    target: '#editor',
    // The service: the local emulator under `npm start` (another origin; it answers CORS for this page).
    api: { baseUrl: window.STUDIO_DEMO.apiBaseUrl },
    auth: {
      getToken: async (userId) => tokenOf(await postJson('/host/token', { userId })),
      refreshToken: async (expiredToken) => tokenOf(await postJson('/host/refresh', undefined, expiredToken)),
    },
    layout: { height: '640px' },
    project: { title: 'My first audio ad' },
  });
  status.textContent = `Editor ${version} is ready (ES module build).`;
  handle.on('error', (detail) => (status.textContent = `Error: ${detail.message}`));
  window.studio = handle;
} catch (error) {
  status.textContent = `The editor could not start: ${error.message}`;
}
