import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { ApiErrorBody, AuthTokenResponse, JobAccepted } from '../../src/api/contract.js';
import { startEmulator, type Emulator } from '../../demo/server/emulator/server.js';
import { API_KEY, RECOMMEND, fastEmulator, get, mintToken, post, untilDone } from './helpers.js';

describe('emulator: POST /v1/auth/token', () => {
  let emulator: Emulator;
  before(async () => (emulator = await fastEmulator({ tokenTtlS: 42 })));
  after(() => emulator.close());

  const mint = (headers: Record<string, string>, body: unknown) =>
    fetch(`${emulator.url}/v1/auth/token`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) });

  it('mints an opaque token for one user with the API key', async () => {
    const response = await mint({ 'x-api-key': API_KEY }, { user_id: 'alice' });
    assert.equal(response.status, 200);
    const body = (await response.json()) as AuthTokenResponse;
    assert.equal(body.type, 'Bearer');
    assert.equal(body.expires_in, 42);
    assert.match(body.token, /^[A-Za-z0-9_-]{20,}$/);
    assert.ok(!body.token.includes('alice'));
  });

  it('answers 401 without the key and with a wrong key', async () => {
    const missing = await mint({}, { user_id: 'alice' });
    assert.equal(missing.status, 401);
    assert.equal(((await missing.json()) as ApiErrorBody).error.code, 'missing_api_key');
    const wrong = await mint({ 'x-api-key': 'nope' }, { user_id: 'alice' });
    assert.equal(wrong.status, 401);
    assert.equal(((await wrong.json()) as ApiErrorBody).error.code, 'invalid_api_key');
  });

  it('answers 400 naming user_id when it is missing or empty', async () => {
    for (const body of [{}, { user_id: '' }, { user_id: 7 }]) {
      const response = await mint({ 'x-api-key': API_KEY }, body);
      assert.equal(response.status, 400);
      assert.match(((await response.json()) as ApiErrorBody).error.message, /user_id/);
    }
  });

  it('answers 405 to GET', async () => {
    const response = await fetch(`${emulator.url}/v1/auth/token`, { headers: { 'x-api-key': API_KEY } });
    assert.equal(response.status, 405);
    assert.equal(response.headers.get('allow'), 'POST');
  });
});

describe('emulator: credentials on /v1/', () => {
  let emulator: Emulator;
  let clock = 1_000_000;
  before(async () => (emulator = await startEmulator({ apiKey: API_KEY, jobStepMs: 2, tokenTtlS: 60, now: () => clock })));
  after(() => emulator.close());

  const music = (headers: Record<string, string>) => fetch(`${emulator.url}/v1/music`, { headers });
  const code = async (response: Response) => ((await response.json()) as ApiErrorBody).error.code;

  it('accepts a bearer token and the API key', async () => {
    const token = await mintToken(emulator, 'bob');
    assert.equal((await music({ authorization: `Bearer ${token}` })).status, 200);
    assert.equal((await music({ 'x-api-key': API_KEY })).status, 200);
  });

  it('answers 401 with an ApiErrorBody without credentials, with a bad key, a malformed header, an unknown token', async () => {
    const none = await music({});
    assert.equal(none.status, 401);
    assert.equal(await code(none), 'missing_credentials');
    assert.equal(await code(await music({ 'x-api-key': 'wrong' })), 'invalid_api_key');
    assert.equal(await code(await music({ authorization: 'Basic abc' })), 'invalid_authorization');
    const unknown = await music({ authorization: 'Bearer not-a-token' });
    assert.equal(unknown.status, 401);
    assert.equal(await code(unknown), 'token_invalid');
  });

  it('answers 401 token_expired once the lifetime has passed', async () => {
    const token = await mintToken(emulator, 'carol');
    clock += 59_000;
    assert.equal((await music({ authorization: `Bearer ${token}` })).status, 200);
    clock += 2_000;
    const expired = await music({ authorization: `Bearer ${token}` });
    assert.equal(expired.status, 401);
    assert.equal(await code(expired), 'token_expired');
  });

  it("keeps users apart: another user's job and asset are 404; the account key reads its users' assets", async () => {
    const alice = await mintToken(emulator, 'alice');
    const mallory = await mintToken(emulator, 'mallory');
    const started = (await (await post(emulator, '/v1/voiceover', { project_id: 'p', text: 'Hi there.', voice_id: 'en-us-ava' }, alice)).json()) as JobAccepted;
    assert.equal((await get(started.poll_url, mallory)).status, 404);
    assert.equal((await get(started.poll_url)).status, 404, 'the account key is its own user');
    const { record } = await untilDone<{ asset: { url: string } }>(started.poll_url, alice);
    assert.equal(record.status, 'succeeded');
    const url = record.result!.asset.url;
    assert.equal((await get(url, alice)).status, 200);
    assert.equal((await get(url, mallory)).status, 404);
    assert.equal((await get(url)).status, 200, "the account key reads its users' assets (a batch render on the host's server)");
    assert.equal((await fetch(url)).status, 401, 'assets need the token');
  });

  it('expire-tokens ends the life of a user\'s tokens', async () => {
    const token = await mintToken(emulator, 'dave');
    const response = await fetch(`${emulator.url}/__emulator/expire-tokens`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ user_id: 'dave' }) });
    assert.equal(response.status, 200);
    assert.equal(await code(await music({ authorization: `Bearer ${token}` })), 'token_expired');
  });

  it('answers 404 for unknown routes and paths outside /v1/', async () => {
    const token = await mintToken(emulator, 'erin');
    assert.equal((await get(`${emulator.url}/v1/nothing`, token)).status, 404);
    assert.equal((await fetch(`${emulator.url}/elsewhere`)).status, 404);
    assert.equal((await post(emulator, '/v1/recommend/url', RECOMMEND, token)).status, 202);
  });
});
