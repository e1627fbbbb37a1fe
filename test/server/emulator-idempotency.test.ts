import assert from 'node:assert/strict';
import { after, afterEach, before, describe, it } from 'node:test';
import type { ApiErrorBody, JobAccepted, RecommendResult } from '../../src/api/contract.js';
import type { Emulator } from '../../demo/server/emulator/server.js';
import { RECOMMEND, fastEmulator, mintToken, post, untilDone } from './helpers.js';

describe('emulator: Idempotency-Key on job starts', () => {
  let emulator: Emulator;
  let token: string;
  before(async () => {
    emulator = await fastEmulator({ testRoutes: false });
  });
  after(() => emulator.close());
  afterEach(() => emulator.state.reset());

  const start = (key: string | undefined, body: object = RECOMMEND, as = token) =>
    post(emulator, '/v1/recommend/url', body, as, key === undefined ? {} : { 'idempotency-key': key });
  const accepted = async (response: Response) => {
    assert.equal(response.status, 202);
    return (await response.json()) as JobAccepted;
  };

  it('the same key, user and body give the same job; credits are charged once', async () => {
    token = await mintToken(emulator, 'alice');
    const first = await accepted(await start('key-1'));
    const again = await accepted(await start('key-1'));
    assert.equal(again.job_id, first.job_id);
    assert.equal(again.poll_url, first.poll_url);
    const { record } = await untilDone<RecommendResult>(first.poll_url, token);
    assert.equal(record.status, 'succeeded');
    // After the job ended too: still the same job, nothing new started.
    assert.equal((await accepted(await start('key-1'))).job_id, first.job_id);
    await new Promise((resolve) => setTimeout(resolve, 50));
    assert.equal(emulator.state.credits.remaining('alice'), 1000 - RECOMMEND.max_recommendations);
  });

  it('without a key, two starts are two jobs and two charges (what the key prevents)', async () => {
    token = await mintToken(emulator, 'alice');
    const a = await accepted(await start(undefined));
    const b = await accepted(await start(undefined));
    assert.notEqual(a.job_id, b.job_id);
    await untilDone(a.poll_url, token);
    await untilDone(b.poll_url, token);
    assert.equal(emulator.state.credits.remaining('alice'), 1000 - 2 * RECOMMEND.max_recommendations);
  });

  it('the same key with another body is refused with 422 idempotency_key_reused', async () => {
    token = await mintToken(emulator, 'alice');
    await accepted(await start('key-2'));
    const other = await start('key-2', { ...RECOMMEND, duration: 15 });
    assert.equal(other.status, 422);
    assert.equal(((await other.json()) as ApiErrorBody).error.code, 'idempotency_key_reused');
  });

  it('the same key from another user is another job', async () => {
    token = await mintToken(emulator, 'alice');
    const bob = await mintToken(emulator, 'bob');
    const a = await accepted(await start('shared'));
    const b = await accepted(await start('shared', RECOMMEND, bob));
    assert.notEqual(a.job_id, b.job_id);
  });

  it('concurrent starts with one key give one job', async () => {
    token = await mintToken(emulator, 'alice');
    const answers = await Promise.all([start('key-3'), start('key-3'), start('key-3')]);
    const ids = new Set(await Promise.all(answers.map(async (r) => (await accepted(r)).job_id)));
    assert.equal(ids.size, 1);
  });

  it('lostAnswers: the start is carried out but answered 500; the retry with the key gets that job', async () => {
    token = await mintToken(emulator, 'alice');
    emulator.state.faults.set({ lostAnswers: 1 });
    const lost = await start('key-4');
    assert.equal(lost.status, 500);
    const retried = await accepted(await start('key-4'));
    await untilDone(retried.poll_url, token);
    await new Promise((resolve) => setTimeout(resolve, 50));
    assert.equal(emulator.state.credits.remaining('alice'), 1000 - RECOMMEND.max_recommendations);
  });

  it('a start that failed (402) is not remembered: the key can be retried', async () => {
    token = await mintToken(emulator, 'carol');
    const costly = { ...RECOMMEND, max_recommendations: 10 };
    emulator.state.credits.charge('carol', 995, 'test', 'p');
    assert.equal((await start('key-5', costly)).status, 402);
    emulator.state.credits.clear();
    assert.equal((await start('key-5', costly)).status, 202);
  });
});
