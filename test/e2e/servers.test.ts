// From Chromium, with plain fetch: the host token endpoint, a cross-origin URL recommendation at the emulator,
// polling to success, and a forced 401 answered by a host refresh.
import { expect } from '@open-wc/testing';
// @ts-expect-error: a virtual module served by scripts/lib/emulator-plugin.mjs
import { apiBaseUrl, emulatorAdmin, hostUrl } from '/__studio-env.js';
import type { JobAccepted, JobRecord, RecommendResult } from '../../src/api/contract.js';

const env = { hostUrl: hostUrl as string, apiBaseUrl: apiBaseUrl as string, emulatorAdmin: emulatorAdmin as string };

async function hostToken(path: string, init: RequestInit): Promise<string> {
  const response = await fetch(`${env.hostUrl}${path}`, { method: 'POST', ...init });
  expect(response.status).to.equal(200);
  const body = (await response.json()) as { token?: string };
  expect(body.token).to.be.a('string');
  return body.token!;
}

const getToken = (userId: string) =>
  hostToken('/host/token', { headers: { 'content-type': 'application/json' }, body: JSON.stringify({ userId }) });
const refreshToken = (expired: string) => hostToken('/host/refresh', { headers: { authorization: `Bearer ${expired}` } });

async function admin(path: string, body: unknown): Promise<void> {
  const response = await fetch(`${env.emulatorAdmin}${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  expect(response.status).to.equal(200);
}

async function recommend(token: string): Promise<Response> {
  return fetch(`${env.apiBaseUrl}/v1/recommend/url`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ project_id: 'e2e', url: 'https://www.acme-coffee.com/products/cold-brew-kit', duration: 30, max_recommendations: 2 }),
  });
}

describe('host application and service emulator (e2e, Chromium)', () => {
  // Faults are scoped to one user of this file each (and consumed by the test), so other test files that share
  // the emulator are not touched; nothing is reset afterwards for the same reason.

  it('the emulator is another origin than the page', () => {
    expect(new URL(env.apiBaseUrl).origin).to.not.equal(location.origin);
    expect(env.hostUrl).to.equal(location.origin);
  });

  it('gets a token from the host, starts a recommendation with Bearer (CORS) and polls it to success', async () => {
    const token = await getToken('e2e-user');
    const started = await recommend(token);
    expect(started.status).to.equal(202);
    const accepted = (await started.json()) as JobAccepted;
    expect(accepted.poll_url.startsWith(`${env.apiBaseUrl}/v1/jobs/`)).to.equal(true);
    let record: JobRecord<RecommendResult> | undefined;
    for (let i = 0; i < 200; i++) {
      const polled = await fetch(accepted.poll_url, { headers: { authorization: `Bearer ${token}` } });
      expect(polled.status).to.equal(200);
      record = (await polled.json()) as JobRecord<RecommendResult>;
      if (record.status === 'succeeded' || record.status === 'failed') break;
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    expect(record?.status).to.equal('succeeded');
    const result = record!.result!;
    expect(result.recommendations.length).to.equal(2);
    const first = result.recommendations[0]!;
    expect(first.title).to.contain('Cold Brew Kit');
    expect(first.script.sections.length).to.equal(3);
    expect(first.voice.voice_id).to.be.a('string');
    expect(first.music.track_id).to.be.a('string');
    expect(result.usage?.credits_used).to.equal(2);
  });

  it('a forced 401 is answered by a host refresh; the retry with the new token succeeds', async () => {
    const token = await getToken('e2e-refresh');
    await admin('/faults', { unauthorized: 1, scope: 'e2e-refresh' });
    const denied = await recommend(token);
    expect(denied.status).to.equal(401);
    const body = (await denied.json()) as { error: { code: string } };
    expect(body.error.code).to.equal('token_invalid');
    const fresh = await refreshToken(token);
    expect(fresh).to.not.equal(token);
    expect((await recommend(fresh)).status).to.equal(202);
  });

  it('Retry-After is readable cross-origin on a 503', async () => {
    const token = await getToken('e2e-retry');
    await admin('/faults', { unavailable: 1, retryAfterS: 3, scope: 'e2e-retry' });
    const response = await recommend(token);
    expect(response.status).to.equal(503);
    expect(response.headers.get('retry-after')).to.equal('3');
  });
});
