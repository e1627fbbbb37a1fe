import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Emulator } from '../../demo/server/emulator/server.js';
import { fastEmulator, mintToken } from './helpers.js';

const PAGE = 'http://127.0.0.1:9999';

describe('emulator: CORS', () => {
  let emulator: Emulator;
  before(async () => (emulator = await fastEmulator({ allowedOrigins: [PAGE] })));
  after(() => emulator.close());

  const preflight = (origin: string, method: string, headers: string, path = '/v1/recommend/url') =>
    fetch(`${emulator.url}${path}`, {
      method: 'OPTIONS',
      headers: { origin, 'access-control-request-method': method, 'access-control-request-headers': headers },
    });

  it('answers a preflight for Authorization and Content-Type from an allowed origin', async () => {
    const response = await preflight(PAGE, 'POST', 'authorization,content-type');
    assert.equal(response.status, 204);
    assert.equal(response.headers.get('access-control-allow-origin'), PAGE);
    assert.match(response.headers.get('access-control-allow-headers')!, /Authorization/);
    assert.match(response.headers.get('access-control-allow-headers')!, /Content-Type/);
    assert.match(response.headers.get('access-control-allow-methods')!, /POST/);
    assert.match(response.headers.get('vary')!, /Origin/);
  });

  it('refuses other origins, x-api-key and other methods', async () => {
    const origin = await preflight('http://evil.example', 'POST', 'authorization');
    assert.equal(origin.status, 403);
    assert.equal(origin.headers.get('access-control-allow-origin'), null);
    assert.equal((await preflight(PAGE, 'POST', 'x-api-key')).status, 403);
    assert.equal((await preflight(PAGE, 'DELETE', '')).status, 403);
  });

  it('allows the origin on real answers and exposes Retry-After, even on errors', async () => {
    const token = await mintToken(emulator, 'u');
    const ok = await fetch(`${emulator.url}/v1/music`, { headers: { origin: PAGE, authorization: `Bearer ${token}` } });
    assert.equal(ok.headers.get('access-control-allow-origin'), PAGE);
    assert.match(ok.headers.get('access-control-expose-headers')!, /Retry-After/);
    const denied = await fetch(`${emulator.url}/v1/music`, { headers: { origin: PAGE } });
    assert.equal(denied.status, 401);
    assert.equal(denied.headers.get('access-control-allow-origin'), PAGE, 'the page can read the 401');
    const other = await fetch(`${emulator.url}/v1/music`, { headers: { origin: 'http://evil.example', authorization: `Bearer ${token}` } });
    assert.equal(other.headers.get('access-control-allow-origin'), null);
  });

  it('serves /cdn/ files to any origin', async () => {
    const response = await fetch(`${emulator.url}/cdn/music/calm-harbour-preview.wav`, { headers: { origin: 'http://anywhere.example' } });
    assert.equal(response.status, 200);
    assert.equal(response.headers.get('access-control-allow-origin'), '*');
    await response.arrayBuffer();
  });

  it('uses allowed origins changed after start', async () => {
    emulator.state.options.allowedOrigins.push('http://localhost:7777');
    assert.equal((await preflight('http://localhost:7777', 'GET', 'authorization')).status, 204);
  });
});
