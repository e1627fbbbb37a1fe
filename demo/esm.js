// The ES module way: import from the self-contained build (a CDN URL in production).
import { create, version } from '/dist/studio-editor.bundled.js';

const status = document.getElementById('demo-status');

async function postJson(url, body, bearer) {
  const response = await fetch(url, {
    method: 'POST',
    headers: { ...(body ? { 'content-type': 'application/json' } : {}), ...(bearer ? { authorization: `Bearer ${bearer}` } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  if (!response.ok) throw new Error(`${url} answered ${response.status}`);
  return response.json();
}

try {
  const handle = await create({
    target: '#editor',
    auth: {
      getToken: async (userId) => (await postJson('/host/token', { userId })).token,
      refreshToken: async (expiredToken) => (await postJson('/host/refresh', undefined, expiredToken)).token,
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
