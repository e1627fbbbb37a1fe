import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { JobAccepted, JobRecord, RecommendResult } from '../../src/api/contract.js';
import type { Emulator } from '../../demo/server/emulator/server.js';
import type { DeliveryLog } from '../../demo/server/emulator/webhooks.js';
import { RECOMMEND, fastEmulator, mintToken, post, untilDone, webhookReceiver } from './helpers.js';

describe('emulator: webhooks', () => {
  let emulator: Emulator;
  let token: string;
  before(async () => {
    emulator = await fastEmulator();
    token = await mintToken(emulator, 'alice');
  });
  after(() => emulator.close());

  it('POSTs the terminal JobRecord as JSON to the webhook URL', async () => {
    const receiver = await webhookReceiver();
    try {
      const accepted = (await (await post(emulator, '/v1/recommend/url', { ...RECOMMEND, webhook: { url: receiver.url } }, token)).json()) as JobAccepted;
      await receiver.received(1);
      const delivered = receiver.bodies[0] as JobRecord<RecommendResult>;
      assert.equal(delivered.job_id, accepted.job_id);
      assert.equal(delivered.status, 'succeeded');
      assert.equal(delivered.result?.recommendations.length, 3);
      assert.deepEqual(delivered, (await untilDone(accepted.poll_url, token)).record);
    } finally {
      await receiver.close();
    }
  });

  it('delivers failed jobs too', async () => {
    const receiver = await webhookReceiver();
    try {
      emulator.state.faults.set({ failJobs: 1 });
      await post(emulator, '/v1/recommend/url', { ...RECOMMEND, webhook: { url: receiver.url } }, token);
      await receiver.received(1);
      assert.equal((receiver.bodies[0] as JobRecord).status, 'failed');
    } finally {
      await receiver.close();
    }
  });

  it('retries a failed delivery a bounded number of times', async () => {
    const receiver = await webhookReceiver([500, 503]);
    try {
      await post(emulator, '/v1/recommend/url', { ...RECOMMEND, webhook: { url: receiver.url } }, token);
      await receiver.received(1);
      assert.equal(receiver.calls(), 3);
    } finally {
      await receiver.close();
    }
    const always = await webhookReceiver([500, 500, 500, 500, 500]);
    try {
      const accepted = (await (await post(emulator, '/v1/recommend/url', { ...RECOMMEND, webhook: { url: always.url } }, token)).json()) as JobAccepted;
      // The retries' end is the state waited for; 30 s is a backstop for a busy machine, named if reached.
      const deadline = Date.now() + 30_000;
      let entry: DeliveryLog | undefined;
      while (!(entry && entry.attempts === 3 && entry.last_status === 500)) {
        if (Date.now() > deadline) assert.fail(`the webhook's third failed attempt was not logged within 30 s (log: ${JSON.stringify(entry)})`);
        await new Promise((resolve) => setTimeout(resolve, 5));
        entry = emulator.state.webhooks.log.find((log) => log.job_id === accepted.job_id);
      }
      assert.equal(entry?.attempts, 3);
      assert.equal(entry?.delivered, false);
      await new Promise((resolve) => setTimeout(resolve, 50));
      assert.equal(always.calls(), 3, 'no attempt after the last retry');
    } finally {
      await always.close();
    }
  });

  it('accepts only loopback webhook URLs', async () => {
    for (const url of ['http://example.com/hook', 'http://10.0.0.1/hook', 'file:///etc/passwd', 'http://user:pw@127.0.0.1/x']) {
      const response = await post(emulator, '/v1/recommend/url', { ...RECOMMEND, webhook: { url } }, token);
      assert.equal(response.status, 400, url);
    }
    for (const url of ['http://localhost:1/hook', 'http://[::1]:1/hook', 'http://127.0.0.2:1/hook']) {
      const response = await post(emulator, '/v1/recommend/url', { ...RECOMMEND, webhook: { url } }, token);
      assert.equal(response.status, 202, url);
    }
  });
});
