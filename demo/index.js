// The CDN way: the script tag above defined window.ServiceStudioEditor.
const status = document.getElementById('demo-status');

window.ServiceStudioEditor.create({
  target: '#editor',
  auth: {
    // The host backend of this demo (demo/server/) holds the account key and answers these.
    getToken: async (userId) => (await postJson('/host/token', { userId })).token,
    refreshToken: async (expiredToken) => (await postJson('/host/refresh', undefined, expiredToken)).token,
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

async function postJson(url, body, bearer) {
  const response = await fetch(url, {
    method: 'POST',
    headers: { ...(body ? { 'content-type': 'application/json' } : {}), ...(bearer ? { authorization: `Bearer ${bearer}` } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  if (!response.ok) throw new Error(`${url} answered ${response.status}`);
  return response.json();
}
