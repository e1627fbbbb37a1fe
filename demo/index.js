// The CDN way: the script tag above defined window.ServiceStudioEditor; env.js defined window.STUDIO_DEMO.
const status = document.getElementById('demo-status');

window.ServiceStudioEditor.create({
  target: '#editor',
  // The service: the local emulator under `npm start` (another origin; it answers CORS for this page).
  api: { baseUrl: window.STUDIO_DEMO.apiBaseUrl },
  auth: {
    // The host backend of this demo (demo/server/host/) holds the account key and answers these.
    getToken: async (userId) => tokenOf(await postJson('/host/token', { userId })),
    refreshToken: async (expiredToken) => tokenOf(await postJson('/host/refresh', undefined, expiredToken)),
  },
  layout: { height: '640px' },
  project: { title: 'My first audio ad' },
})
  .then((handle) => {
    status.textContent = `Editor ${window.ServiceStudioEditor.version} is ready.`;
    handle.on('error', (detail) => (status.textContent = `Error: ${detail.message}`));
    window.studio = handle;
  })
  .catch((error) => {
    status.textContent = `The editor could not start: ${error.message}`;
  });

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
function tokenOf(body) {
  return body.token ?? body.accessToken?.token;
}
