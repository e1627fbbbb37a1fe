import assert from 'node:assert/strict';
import { after, afterEach, before, describe, it } from 'node:test';
import type { ApiErrorBody, JobAccepted } from '../../src/api/contract.js';
import { Faults } from '../../demo/server/emulator/faults.js';
import type { Emulator } from '../../demo/server/emulator/server.js';
import { RECOMMEND, fastEmulator, get, mintToken, post, untilDone } from './helpers.js';

describe('emulator: fault switches', () => {
  let emulator: Emulator;
  let token: string;
  before(async () => {
    emulator = await fastEmulator();
    token = await mintToken(emulator, 'alice');
  });
  after(() => emulator.close());
  afterEach(async () => {
    await admin('/__emulator/reset', {});
    token = await mintToken(emulator, 'alice');
  });

  const admin = (path: string, body?: unknown) =>
    fetch(`${emulator.url}${path}`, body === undefined ? {} : { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  const music = () => get(`${emulator.url}/v1/music`, token);

  it('unauthorized: N forces 401 on the next N /v1/ requests, then answers normally', async () => {
    assert.equal((await admin('/__emulator/faults', { unauthorized: 2 })).status, 200);
    const first = await music();
    assert.equal(first.status, 401);
    assert.equal(((await first.json()) as ApiErrorBody).error.code, 'token_invalid');
    assert.equal((await music()).status, 401);
    assert.equal((await music()).status, 200);
  });

  it('unauthorized: "all" until reset; minting tokens still works', async () => {
    await admin('/__emulator/faults', { unauthorized: 'all' });
    for (let i = 0; i < 3; i++) assert.equal((await music()).status, 401);
    assert.equal(typeof (await mintToken(emulator, 'bob')), 'string');
    await admin('/__emulator/reset', {});
    assert.equal((await mintToken(emulator, 'bob')).length > 0, true);
  });

  it('serverError: N answers 500', async () => {
    await admin('/__emulator/faults', { serverError: 1 });
    assert.equal((await music()).status, 500);
    assert.equal((await music()).status, 200);
  });

  it('unavailable and rateLimited answer 503 and 429 with Retry-After', async () => {
    await admin('/__emulator/faults', { unavailable: 1, rateLimited: 1, retryAfterS: 7 });
    const unavailable = await music();
    assert.equal(unavailable.status, 503);
    assert.equal(unavailable.headers.get('retry-after'), '7');
    const limited = await music();
    assert.equal(limited.status, 429);
    assert.equal(limited.headers.get('retry-after'), '7');
    assert.equal(((await limited.json()) as ApiErrorBody).error.code, 'rate_limited');
    assert.equal((await music()).status, 200);
  });

  it('failJobs: the next job ends failed with an error; the one after succeeds', async () => {
    await admin('/__emulator/faults', { failJobs: 1 });
    const failed = (await (await post(emulator, '/v1/recommend/url', RECOMMEND, token)).json()) as JobAccepted;
    const { record } = await untilDone(failed.poll_url, token);
    assert.equal(record.status, 'failed');
    assert.equal(record.error?.code, 'job_failed');
    assert.equal(record.result, undefined);
    const next = (await (await post(emulator, '/v1/recommend/url', RECOMMEND, token)).json()) as JobAccepted;
    assert.equal((await untilDone(next.poll_url, token)).record.status, 'succeeded');
  });

  it('slowFactor multiplies the job steps (more polls see the job pending)', async () => {
    const pendingPolls = async () => {
      const accepted = (await (await post(emulator, '/v1/recommend/url', RECOMMEND, token)).json()) as JobAccepted;
      return (await untilDone(accepted.poll_url, token)).seen.filter((r) => r.status !== 'succeeded').length;
    };
    await pendingPolls(); // warm the voice-rate cache, so only step timing differs
    const normal = await pendingPolls();
    await admin('/__emulator/faults', { slowFactor: 40 });
    const slow = await pendingPolls();
    assert.ok(slow > normal, `slow ${slow} <= normal ${normal}`);
  });

  it('GET /__emulator/faults and /__emulator/state show the settings; reset clears faults and state', async () => {
    await admin('/__emulator/faults', { serverError: 3 });
    const shown = (await (await admin('/__emulator/faults')).json()) as { faults: { serverError: number } };
    assert.equal(shown.faults.serverError, 3);
    const state = (await (await admin('/__emulator/state')).json()) as { faults: { serverError: number }; webhooks: unknown[] };
    assert.equal(state.faults.serverError, 3);
    assert.deepEqual(state.webhooks, []);
    await admin('/__emulator/reset', {});
    assert.equal((await music()).status, 401, 'tokens were forgotten');
    token = await mintToken(emulator, 'alice');
    assert.equal((await music()).status, 200);
  });

  it('scope: faults touch only the named user', async () => {
    const other = await mintToken(emulator, 'bystander');
    await admin('/__emulator/faults', { unauthorized: 'all', failJobs: 'all', scope: 'alice' });
    assert.equal((await music()).status, 401);
    assert.equal((await get(`${emulator.url}/v1/music`, other)).status, 200);
    assert.equal((await get(`${emulator.url}/v1/music`)).status, 200, 'the account key is not alice');
    const job = (await (await post(emulator, '/v1/recommend/url', RECOMMEND, other)).json()) as JobAccepted;
    assert.equal((await untilDone(job.poll_url, other)).record.status, 'succeeded');
    assert.equal((await admin('/__emulator/faults', { scope: '' })).status, 400);
  });

  it('scope: two users’ faults armed side by side are kept apart, as test files sharing one emulator arm them', async () => {
    const bob = await mintToken(emulator, 'bob');
    await admin('/__emulator/faults', { unauthorized: 1, scope: 'alice' });
    // Another file arms its own user's faults, then clears everyone's: alice's 401 is still armed.
    await admin('/__emulator/faults', { rateLimited: 1, scope: 'bob' });
    await admin('/__emulator/faults', { rateLimited: 0, lostAnswers: 0, scope: null });
    assert.equal((await get(`${emulator.url}/v1/music`, bob)).status, 429);
    assert.equal((await get(`${emulator.url}/v1/music`, bob)).status, 200);
    assert.equal((await music()).status, 401);
    assert.equal((await music()).status, 200);
  });

  it('rejects unknown faults and bad values with 400', async () => {
    for (const body of [{ explode: 1 }, { unauthorized: -1 }, { serverError: 'many' }, { slowFactor: 0 }]) {
      const response = await admin('/__emulator/faults', body);
      assert.equal(response.status, 400, JSON.stringify(body));
      assert.equal(((await response.json()) as ApiErrorBody).error.code, 'invalid_fault');
    }
  });

  it('reads the STUDIO_FAULT_* environment', () => {
    const patch = Faults.fromEnv({ STUDIO_FAULT_UNAUTHORIZED: 'all', STUDIO_FAULT_SERVER_ERROR: '2', STUDIO_FAULT_SLOW_FACTOR: '3', STUDIO_FAULT_SCOPE: 'u' });
    assert.deepEqual(patch, { unauthorized: 'all', serverError: 2, slowFactor: 3, scope: 'u' });
    const faults = new Faults();
    faults.set(patch);
    assert.equal(faults.settings.unauthorized, 'all');
  });
});
