// The CDN way: the script tag above defined window.ServiceStudioEditor; env.js defined window.STUDIO_DEMO.
const { create, endpointAuth, version } = window.ServiceStudioEditor;
const status = document.getElementById('demo-status');

const config = {
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
};

// Signed review decisions (docs/review.md): the demo's host backend signs each decision with a key it made at start
// (the private key never leaves it) and publishes the public key as a JWKS. `?require=client` makes Deliver wait
// for a verified approval of the client's: approve in the Review step (the demo's person reviews as the client).
const require = new URLSearchParams(location.search).getAll('require');
const sign = async (decision) => {
  const response = await fetch('/host/review/sign', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(decision) });
  if (!response.ok) throw new Error(`The host did not sign the decision (${response.status}).`);
  return (await response.json()).jws;
};

fetch('/host/review/jwks')
  .then((response) => (response.ok ? response.json() : Promise.reject(new Error(`No key set from the host (${response.status}).`))))
  .then((publicKeys) => create({ ...config, review: { user: { id: 'demo-client', name: 'Demo Client', role: 'client' }, require, sign, publicKeys } }))
  .then((handle) => {
    status.textContent = `Editor ${version} is ready.`;
    handle.on('error', (detail) => (status.textContent = `Error: ${detail.message}`));
    handle.on('auth-error', (detail) => (status.textContent = `Sign-in problem: ${detail.message}`));
    window.studio = handle;
  })
  .catch((error) => {
    status.textContent = `The editor could not start: ${error.message}`;
  });
