import assert from 'node:assert/strict';
import { createServer } from 'node:net';
import { after, before, describe, it } from 'node:test';
import { PortBusyError, startServers, type RunningServers } from '../../demo/server/servers.js';

describe('npm start servers (host application + emulator)', () => {
  let servers: RunningServers;
  before(async () => (servers = await startServers({ hostPort: 0, apiPort: 0, emulator: { apiKey: 'k', jobStepMs: 2 } })));
  after(() => servers.close());

  it('serves env.js with the emulator URL, as a script', async () => {
    const response = await fetch(`${servers.hostUrl}/demo/env.js`);
    assert.equal(response.status, 200);
    assert.match(response.headers.get('content-type')!, /javascript/);
    const text = await response.text();
    assert.equal(text, `window.STUDIO_DEMO = Object.freeze(${JSON.stringify({ apiBaseUrl: servers.emulator.url })});\n`);
    assert.ok(!text.includes('"k"'), 'the API key is not in it');
  });

  it('serves the demo pages under a strict CSP whose connect-src allows the emulator', async () => {
    for (const page of ['/demo/', '/demo/esm.html']) {
      const response = await fetch(`${servers.hostUrl}${page}`);
      assert.equal(response.status, 200);
      const csp = response.headers.get('content-security-policy')!;
      assert.match(csp, new RegExp(`connect-src 'self' ${servers.emulator.url.replace(/[.:/]/g, '\\$&')}`));
      assert.match(csp, /script-src 'self';/);
      assert.match(await response.text(), /src="\.\/env\.js"/);
    }
    const root = await fetch(`${servers.hostUrl}/`, { redirect: 'manual' });
    assert.equal(root.status, 302);
  });

  it('wires the host endpoints to the emulator, whose CORS allows the host origin', async () => {
    const { token } = (await (await fetch(`${servers.hostUrl}/host/token`, {
      method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"userId":"u"}',
    })).json()) as { token: string };
    const response = await fetch(`${servers.emulator.url}/v1/voices`, { headers: { authorization: `Bearer ${token}`, origin: servers.hostUrl } });
    assert.equal(response.status, 200);
    assert.equal(response.headers.get('access-control-allow-origin'), servers.hostUrl);
    await response.arrayBuffer();
  });

  it('names the env var to change when a port is busy', async () => {
    const blocker = createServer();
    await new Promise<void>((resolve) => blocker.listen(0, '127.0.0.1', resolve));
    const busy = (blocker.address() as { port: number }).port;
    try {
      await assert.rejects(startServers({ hostPort: busy, apiPort: 0 }), (error: unknown) =>
        error instanceof PortBusyError && error.envVar === 'STUDIO_PORT' && error.message.includes(String(busy)));
      await assert.rejects(startServers({ hostPort: 0, apiPort: busy }), (error: unknown) =>
        error instanceof PortBusyError && error.envVar === 'STUDIO_API_PORT' && /STUDIO_API_PORT=/.test(error.message));
    } finally {
      blocker.close();
    }
  });
});
