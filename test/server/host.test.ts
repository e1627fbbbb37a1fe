import assert from 'node:assert/strict';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, describe, it } from 'node:test';
import type { ApiErrorBody } from '../../src/api/contract.js';
import { hostHandler } from '../../demo/server/host/handler.js';
import { TokenMemory } from '../../demo/server/host/token-memory.js';
import type { Emulator } from '../../demo/server/emulator/server.js';
import { API_KEY, fastEmulator, get } from './helpers.js';
import type { PublicJwks } from '../../src/config/types.js';
import { decisionLink, verifyDecisions } from '../../src/review/verify-decisions.js';

async function hostServer(options: Partial<Parameters<typeof hostHandler>[0]> & { apiBaseUrl: () => string }): Promise<{ url: string; server: Server }> {
  const handle = hostHandler({ apiKey: API_KEY, ...options });
  const server = createServer(async (request, response) => {
    if (!(await handle(request, response))) response.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, server };
}

describe('reference host backend', () => {
  let emulator: Emulator;
  let host: { url: string; server: Server };
  before(async () => {
    emulator = await fastEmulator();
    host = await hostServer({ apiBaseUrl: () => emulator.url });
  });
  after(async () => {
    host.server.close();
    host.server.closeAllConnections();
    await emulator.close();
  });

  const getToken = (body: unknown, query = '', headers: Record<string, string> = {}) =>
    fetch(`${host.url}/host/token${query}`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: typeof body === 'string' ? body : JSON.stringify(body) });
  const refresh = (authorization?: string, query = '') =>
    fetch(`${host.url}/host/refresh${query}`, { method: 'POST', headers: authorization === undefined ? {} : { authorization } });
  const errorOf = async (response: Response) => ((await response.json()) as ApiErrorBody).error;

  it('GET /host/review/jwks serves public keys only; POST /host/review/sign signs a decision\'s claims, which then verify; GET /host/review/heads names the last one signed', async () => {
    const jwks = (await (await fetch(`${host.url}/host/review/jwks`)).json()) as PublicJwks;
    assert.equal(jwks.keys.length, 1);
    assert.deepEqual(Object.keys(jwks.keys[0]!).sort(), ['alg', 'crv', 'kid', 'kty', 'use', 'x', 'y']);
    const decision = { id: 'd1', version: 'v1', reviewer: { id: 'u1', name: 'Dana', role: 'client' }, at: '2026-05-01T09:30:00.000Z', label: 'approved' as const, contentHash: 'a'.repeat(64) };
    const claims = { typ: 'service-studio-editor/decision@1', project: 'p1', ...decision, prev: null };
    const signed = await fetch(`${host.url}/host/review/sign`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(claims) });
    assert.equal(signed.status, 200);
    const { jws } = (await signed.json()) as { jws: string };
    assert.deepEqual((await verifyDecisions('p1', [{ ...decision, jws }], jwks)).verdicts, [{ verified: true, kid: jwks.keys[0]!.kid }]);
    // The host keeps the last link it signed on each version: what studio-verify --heads compares a delivery with.
    const heads = async (project: string) => (await (await fetch(`${host.url}/host/review/heads?project=${project}`)).json()) as { heads: Record<string, string> };
    assert.deepEqual(await heads('p1'), { heads: { v1: decisionLink(jws) } });
    assert.deepEqual(await heads('another'), { heads: {} });
    const refused = await fetch(`${host.url}/host/review/sign`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ ...claims, typ: 'anything' }) });
    assert.equal(refused.status, 400);
    assert.equal((await errorOf(refused)).code, 'invalid_decision');
    assert.equal((await fetch(`${host.url}/host/review/sign`)).status, 405);
  });

  it('POST /host/token { userId } answers { token }, a token the service accepts for that user', async () => {
    const response = await getToken({ userId: 'alice' });
    assert.equal(response.status, 200);
    const body = (await response.json()) as { token: string };
    assert.deepEqual(Object.keys(body), ['token']);
    assert.equal((await get(`${emulator.url}/v1/music`, body.token)).status, 200);
  });

  it('POST /host/refresh with the expired token answers a new token for the same user', async () => {
    const { token } = (await (await getToken({ userId: 'bob' })).json()) as { token: string };
    emulator.state.tokens.expire('bob');
    assert.equal((await get(`${emulator.url}/v1/music`, token)).status, 401);
    const response = await refresh(`Bearer ${token}`);
    assert.equal(response.status, 200);
    const fresh = ((await response.json()) as { token: string }).token;
    assert.notEqual(fresh, token);
    assert.equal((await get(`${emulator.url}/v1/music`, fresh)).status, 200);
    assert.deepEqual(emulator.state.tokens.check(fresh), { ok: true, userId: 'bob' });
  });

  it('answers { accessToken: { token } } with ?shape=accessToken, on both endpoints', async () => {
    const first = (await (await getToken({ userId: 'carol' }, '?shape=accessToken')).json()) as { accessToken: { token: string } };
    assert.equal(typeof first.accessToken.token, 'string');
    const second = (await (await refresh(`Bearer ${first.accessToken.token}`, '?shape=accessToken')).json()) as { accessToken: { token: string } };
    assert.equal(typeof second.accessToken.token, 'string');
  });

  it('answers the accessToken shape by default when set so, and { token } with ?shape=token', async () => {
    const nested = await hostServer({ apiBaseUrl: () => emulator.url, shape: 'accessToken' });
    try {
      const response = await fetch(`${nested.url}/host/token`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"userId":"d"}' });
      assert.equal(typeof ((await response.json()) as { accessToken: { token: string } }).accessToken.token, 'string');
      const flat = await fetch(`${nested.url}/host/token?shape=token`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"userId":"d"}' });
      assert.equal(typeof ((await flat.json()) as { token: string }).token, 'string');
    } finally {
      nested.server.close();
      nested.server.closeAllConnections();
    }
  });

  it('validates the token request: 400 userId, 415 content type, 413 size, 405 method', async () => {
    for (const body of [{}, { userId: '' }, { userId: '   ' }, { userId: 42 }, { userId: 'x'.repeat(257) }]) {
      const response = await getToken(body);
      assert.equal(response.status, 400, JSON.stringify(body).slice(0, 40));
      assert.match((await errorOf(response)).message, /userId/);
    }
    const text = await fetch(`${host.url}/host/token`, { method: 'POST', headers: { 'content-type': 'text/plain' }, body: '{"userId":"a"}' });
    assert.equal(text.status, 415);
    assert.equal((await getToken('{"userId":')).status, 400);
    assert.equal((await getToken({ userId: 'a', pad: 'x'.repeat(5000) })).status, 413);
    const wrong = await fetch(`${host.url}/host/token`);
    assert.equal(wrong.status, 405);
    assert.equal(wrong.headers.get('allow'), 'POST');
    assert.equal((await fetch(`${host.url}/host/refresh`, { method: 'PUT' })).status, 405);
  });

  it('validates the refresh request: 401 missing, malformed, unknown token; 413 body', async () => {
    assert.equal((await errorOf(await refresh())).code, 'missing_authorization');
    assert.equal((await errorOf(await refresh('Token abc'))).code, 'invalid_authorization');
    assert.equal((await errorOf(await refresh('Bearer '))).code, 'invalid_authorization');
    const unknown = await refresh('Bearer never-issued-here');
    assert.equal(unknown.status, 401);
    assert.equal((await errorOf(unknown)).code, 'unknown_token');
    const big = await fetch(`${host.url}/host/refresh`, { method: 'POST', headers: { authorization: 'Bearer x', 'content-type': 'application/json' }, body: 'x'.repeat(5000) });
    assert.equal(big.status, 413);
  });

  it('answers 502 when the service refuses or cannot be reached, without leaking the key', async () => {
    const wrongKey = await hostServer({ apiBaseUrl: () => emulator.url, apiKey: 'wrong-key' });
    const down = await hostServer({ apiBaseUrl: () => 'http://127.0.0.1:9' });
    const errors: unknown[] = [];
    const original = console.error;
    console.error = (...args: unknown[]) => errors.push(args);
    try {
      for (const server of [wrongKey, down]) {
        const response = await fetch(`${server.url}/host/token`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"userId":"a"}' });
        assert.equal(response.status, 502);
        const text = await response.text();
        assert.ok(!text.includes('wrong-key') && !text.includes(API_KEY));
      }
    } finally {
      console.error = original;
      for (const server of [wrongKey, down]) {
        server.server.close();
        server.server.closeAllConnections();
      }
    }
    assert.equal(errors.length, 2);
  });
});

describe('TokenMemory', () => {
  it('is bounded in size: the oldest entries go first', () => {
    const memory = new TokenMemory(2);
    memory.remember('a', 'u1');
    memory.remember('b', 'u2');
    memory.remember('c', 'u3');
    assert.equal(memory.size, 2);
    assert.equal(memory.userOf('a'), undefined);
    assert.equal(memory.userOf('c'), 'u3');
  });

  it('is bounded in time', () => {
    let now = 0;
    const memory = new TokenMemory(10, 1000, () => now);
    memory.remember('a', 'u1');
    now = 999;
    assert.equal(memory.userOf('a'), 'u1');
    now = 1000;
    assert.equal(memory.userOf('a'), undefined);
  });
});
