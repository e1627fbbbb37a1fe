// The emulator's price list (an assumed endpoint, PriceList in src/api/contract.ts) is the one it charges
// by: what GET /v1/pricing says an operation costs is what its usage record reports.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { estimateCredits, type JobAccepted, type PriceList, type RecommendResult, type VoiceoverResult } from '../../src/api/contract.js';
import type { Emulator } from '../../demo/server/emulator/server.js';
import { RECOMMEND, fastEmulator, get, mintToken, post, untilDone } from './helpers.js';

describe('emulator: prices', () => {
  let emulator: Emulator;
  let token: string;
  before(async () => {
    emulator = await fastEmulator();
    token = await mintToken(emulator, 'payer');
  });
  after(() => emulator.close());

  it('answers GET /v1/pricing to a user, and charges what it says', async () => {
    const response = await get(`${emulator.url}/v1/pricing`, token);
    assert.equal(response.status, 200);
    const prices = (await response.json()) as PriceList;
    const text = 'Fresh coffee, delivered to your door every single morning, roasted the day before, ground just the way you like it, and never stale again: try Brewline free for a month today.';
    const words = text.split(/\s+/).length;
    const voice = (await (await post(emulator, '/v1/voiceover', { project_id: 'p', text, voice_id: 'en-us-ava' }, token)).json()) as JobAccepted;
    const voiced = await untilDone<VoiceoverResult>(voice.poll_url, token);
    assert.equal(voiced.record.result!.usage!.credits_used, estimateCredits(prices.operations.voiceover!, { words }));
    assert.equal(estimateCredits(prices.operations.voiceover!, { words }), 2, `${words} words cost two started blocks of 25`);
    const ideas = (await (await post(emulator, '/v1/recommend/url', { ...RECOMMEND, max_recommendations: 4 }, token)).json()) as JobAccepted;
    const recommended = await untilDone<RecommendResult & { usage?: { credits_used: number } }>(ideas.poll_url, token);
    assert.equal(recommended.record.result!.usage?.credits_used ?? recommended.record.usage?.credits_used, estimateCredits(prices.operations.recommendUrl!, { recommendations: 4 }));
  });

  it('refuses GET /v1/pricing without credentials', async () => {
    assert.equal((await fetch(`${emulator.url}/v1/pricing`)).status, 401);
  });
});
