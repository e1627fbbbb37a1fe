import { expect } from '@open-wc/testing';
import sinon from 'sinon';
import { ServiceClient } from '../../src/api/client.js';
import { DEFAULT_PATHS } from '../../src/api/contract.js';
import { createJobLock } from '../../src/api/job-lock.js';
import { StudioApiError } from '../../src/api/errors.js';
import type { JobProgress } from '../../src/api/poller.js';
import { PendingJobs } from '../../src/api/pending-jobs.js';
import { START_MAX_ATTEMPTS, START_RETRY_CEILING_MS, START_RETRY_FLOOR_MS } from '../../src/api/start-retry.js';
import { BASE, advance, rejection, setup, type Call } from '../auth/helpers.js';
import { skipIn } from '../support/engine.js';

const request = { project_id: 'p1', url: 'https://shop.example/item', duration: 30, max_recommendations: 3 };
const accepted = () => Response.json({ poll_url: '/v1/jobs/j1', job_id: 'j1' }, { status: 202 });
const done = () => Response.json({ job_id: 'j1', status: 'succeeded', result: { recommendations: [] } });

/** A client over a stubbed service; records the Idempotency-Key and fake time of every start. */
function client(startAnswers: Array<() => Response>, options: { idempotencyHeader?: string | null } = {}) {
  const starts: Array<{ key: string | null; at: number; body: string }> = [];
  const keys: Array<string | null> = [];
  const t = setup({
    respond: (call: Call) => {
      if (new URL(call.url).pathname !== '/v1/recommend/url') return done();
      const answer = startAnswers[Math.min(starts.length, startAnswers.length - 1)]!;
      starts.push({ key: keys.shift() ?? null, at: Date.now(), body: new TextDecoder().decode(call.body!) });
      return answer();
    },
  });
  // The stub records no custom headers: read them off the init the client passes down.
  const fetch: typeof t.authFetch = (input, init) => {
    if (String(input).includes('recommend')) keys.push(new Headers(init?.headers).get(options.idempotencyHeader ?? 'Idempotency-Key'));
    return t.authFetch(input, init);
  };
  const progress: JobProgress[] = [];
  const api = new ServiceClient({
    fetch,
    baseUrl: BASE,
    paths: { ...DEFAULT_PATHS },
    timeoutMs: 30_000,
    jobDeadlineMs: 600_000,
    userId: () => t.session.userId(),
    onProgress: (p) => progress.push(p),
    jobs: new PendingJobs(sessionStorage),
    // A lock of this client's own: a poll left hanging by another test (fake timers) must not hold this one up.
    lock: createJobLock(null),
    startRetry: { random: () => 0 },
    ...(options.idempotencyHeader === undefined ? {} : { idempotencyHeader: options.idempotencyHeader }),
  });
  return { ...t, api, starts, progress };
}

const networkDown = () => {
  throw new TypeError('Failed to fetch');
};

describe('ServiceClient: retrying the request that starts a job', () => {
  before(async function () {
    skipIn(this, 'fake-clock-fetch');
    // Starts and following a job are a module of their own, fetched by the first call (src/api/calls.ts): its
    // first fetch takes real time, which the fake clock below does not wait for.
    await import('../../src/api/calls.js');
  });
  let clock: sinon.SinonFakeTimers;
  beforeEach(() => {
    clock = sinon.useFakeTimers({ now: 1_000_000 });
    sessionStorage.clear();
  });
  afterEach(() => {
    sinon.restore();
    sessionStorage.clear();
  });

  for (const status of [429, 503]) {
    it(`a ${status} with Retry-After: 3 is retried after 3 s, reported as "retrying" with retryInMs`, async () => {
      const c = client([() => new Response(null, { status, headers: { 'Retry-After': '3' } }), accepted]);
      const result = c.api.recommendFromUrl(request);
      await advance(clock, 10_000, 100);
      expect(await result).to.deep.equal({ recommendations: [] });
      expect(c.starts.length).to.equal(2);
      expect(c.starts[1]!.at - c.starts[0]!.at).to.equal(3000);
      expect(c.progress[0]).to.deep.equal({
        operation: 'Recommendation from a URL',
        jobId: undefined,
        pollUrl: '',
        state: 'retrying',
        progress: undefined,
        stage: undefined,
        poll: 0,
        retryInMs: 3000,
      });
      expect(c.progress.at(-1)!.state).to.equal('succeeded');
    });

    it(`a ${status} without Retry-After is retried after a backoff within the floor and ceiling`, async () => {
      const c = client([() => new Response(null, { status }), accepted]);
      const result = c.api.recommendFromUrl(request);
      await advance(clock, 10_000, 100);
      await result;
      const wait = c.starts[1]!.at - c.starts[0]!.at;
      expect(wait).to.be.within(START_RETRY_FLOOR_MS, START_RETRY_CEILING_MS);
    });

    it(`a ${status} with Retry-After: 0 still waits the floor (${START_RETRY_FLOOR_MS} ms)`, async () => {
      const c = client([() => new Response(null, { status, headers: { 'Retry-After': '0' } }), accepted]);
      const result = c.api.recommendFromUrl(request);
      await advance(clock, 5000, 50);
      await result;
      expect(c.starts[1]!.at - c.starts[0]!.at).to.equal(START_RETRY_FLOOR_MS);
    });

    it(`a ${status} for ever gives up after ${START_MAX_ATTEMPTS} attempts with a recoverable error`, async () => {
      const c = client([() => new Response(null, { status, headers: { 'Retry-After': '1' } })]);
      const result = rejection(c.api.recommendFromUrl(request));
      await advance(clock, 60_000, 250);
      const error = (await result) as StudioApiError;
      expect(error).to.be.instanceOf(StudioApiError);
      expect(error.status).to.equal(status);
      expect(error.recoverable).to.equal(true);
      expect(c.starts.length).to.equal(START_MAX_ATTEMPTS);
    });
  }

  it('a Retry-After of a day is cut to the ceiling', async () => {
    const c = client([() => new Response(null, { status: 503, headers: { 'Retry-After': '86400' } }), accepted]);
    const result = c.api.recommendFromUrl(request);
    await advance(clock, START_RETRY_CEILING_MS + 1000, 500);
    await result;
    expect(c.starts[1]!.at - c.starts[0]!.at).to.equal(START_RETRY_CEILING_MS);
  });

  for (const [name, answer] of [
    ['a 500', () => new Response(null, { status: 500 })],
    ['a 502', () => new Response(null, { status: 502 })],
    ['a network error', networkDown],
  ] as Array<[string, () => Response]>) {
    it(`${name} is retried with the same Idempotency-Key and the same body`, async () => {
      const c = client([answer, answer, accepted]);
      const result = c.api.recommendFromUrl(request);
      await advance(clock, 20_000, 100);
      await result;
      expect(c.starts.length).to.equal(3);
      const key = c.starts[0]!.key!;
      expect(key).to.match(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
      expect(c.starts.map((s) => s.key)).to.deep.equal([key, key, key]);
      expect(new Set(c.starts.map((s) => s.body)).size).to.equal(1);
      expect(c.progress.filter((p) => p.state === 'retrying').length).to.equal(2);
    });
  }

  it('each start has a key of its own', async () => {
    const c = client([accepted]);
    const both = Promise.all([c.api.recommendFromUrl(request), c.api.recommendFromUrl(request)]);
    await advance(clock, 5000, 100);
    await both;
    expect(c.starts.length).to.equal(2);
    expect(c.starts[0]!.key).not.to.equal(c.starts[1]!.key);
  });

  it('with api.idempotencyHeader null: no key is sent, a 500 is not re-sent, a 429 still is', async () => {
    const c = client([() => new Response(null, { status: 500 }), accepted], { idempotencyHeader: null });
    const failed = rejection(c.api.recommendFromUrl(request));
    await advance(clock, 5000, 100);
    expect(((await failed) as StudioApiError).status).to.equal(500);
    expect(c.starts.length).to.equal(1);

    const d = client([() => new Response(null, { status: 429 }), accepted], { idempotencyHeader: null });
    const ok = d.api.recommendFromUrl(request);
    await advance(clock, 5000, 100);
    await ok;
    expect(d.starts.map((s) => s.key)).to.deep.equal([null, null]);
  });

  it('a custom api.idempotencyHeader carries the key', async () => {
    const c = client([() => new Response(null, { status: 500 }), accepted], { idempotencyHeader: 'X-Request-Key' });
    const ok = c.api.recommendFromUrl(request);
    await advance(clock, 5000, 100);
    await ok;
    expect(c.starts[0]!.key).to.be.a('string');
    expect(c.starts[1]!.key).to.equal(c.starts[0]!.key);
  });

  for (const status of [400, 402, 409, 422]) {
    it(`a ${status} is not retried`, async () => {
      const c = client([() => new Response(null, { status }), accepted]);
      const failed = rejection(c.api.recommendFromUrl(request));
      await advance(clock, 5000, 100);
      expect(((await failed) as StudioApiError).status).to.equal(status);
      expect(c.starts.length).to.equal(1);
    });
  }

  it('an abort during the wait stops at once with an AbortError; nothing more is sent', async () => {
    const c = client([() => new Response(null, { status: 503, headers: { 'Retry-After': '10' } }), accepted]);
    const controller = new AbortController();
    const failed = rejection(c.api.recommendFromUrl(request, { signal: controller.signal }));
    await advance(clock, 1000, 100);
    controller.abort();
    expect((await failed).name).to.equal('AbortError');
    await advance(clock, 20_000, 500);
    expect(c.starts.length).to.equal(1);
  });
});
