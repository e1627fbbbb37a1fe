import { expect } from '@open-wc/testing';
import sinon from 'sinon';
import { ServiceClient } from '../../src/api/client.js';
import { DEFAULT_PATHS } from '../../src/api/contract.js';
import type { StudioApiError } from '../../src/api/errors.js';
import { createJobLock } from '../../src/api/job-lock.js';
import { PendingJobs, PENDING_JOBS_KEY } from '../../src/api/pending-jobs.js';
import { BASE, rejection, setup, type Call } from '../auth/helpers.js';
import { TYPED_RESULTS, typedAnswerFor } from '../support/typed-results.js';

const quick = (body: unknown, status = 200) =>
  ({ ok: status < 300, status, headers: new Headers(), body: null, json: async () => body }) as unknown as Response;

const request = { project_id: 'p1', url: 'https://shop.example/item', duration: 30, max_recommendations: 3 };

function client(respond: (call: Call, index: number) => Response | Promise<Response>, storage: Storage = sessionStorage) {
  const t = setup({ respond });
  const progress: string[] = [];
  const api = new ServiceClient({
    fetch: t.authFetch,
    baseUrl: BASE,
    paths: { ...DEFAULT_PATHS },
    timeoutMs: 30_000,
    jobDeadlineMs: 600_000,
    userId: () => t.session.userId(),
    onProgress: (p) => progress.push(p.state),
    jobs: new PendingJobs(storage),
    poller: { firstDelayMs: 1, baseDelayMs: 1, maxDelayMs: 2, minDelayMs: 1, random: () => 0 },
    readRetry: { floorMs: 1, baseDelayMs: 1, random: () => 0 },
  });
  return { ...t, api, progress };
}

describe('ServiceClient', () => {
  beforeEach(() => sessionStorage.clear());
  afterEach(() => {
    sinon.restore();
    sessionStorage.clear();
  });

  it('recommendFromUrl POSTs the known fields with the token, follows 202 + poll_url and resolves the result', async () => {
    const c = client((_call, i) =>
      i === 0 ? quick({ poll_url: '/v1/jobs/j1', job_id: 'j1' }, 202) : i === 1 ? quick({ job_id: 'j1', status: 'running' }) : quick({ job_id: 'j1', status: 'succeeded', result: { recommendations: [] } }),
    );
    const result = await c.api.recommendFromUrl(request);
    expect(result).to.deep.equal({ recommendations: [] });
    expect(c.calls.map((x) => [x.method, new URL(x.url).pathname, x.authorization])).to.deep.equal([
      ['POST', '/v1/recommend/url', 'Bearer T1'],
      ['GET', '/v1/jobs/j1', 'Bearer T1'],
      ['GET', '/v1/jobs/j1', 'Bearer T1'],
    ]);
    expect(JSON.parse(new TextDecoder().decode(c.calls[0]!.body!))).to.deep.equal(request);
    expect(c.calls[0]!.contentType).to.equal('application/json');
    expect(c.progress).to.deep.equal(['running', 'succeeded']);
    expect(sessionStorage.getItem(PENDING_JOBS_KEY)).to.equal(null);
  });

  it('recommendFromUrl requires 202', async () => {
    const c = client(() => quick({ recommendations: [] }, 200));
    const error = (await rejection(c.api.recommendFromUrl(request))) as StudioApiError;
    expect(error.code).to.equal('bad-response');
    expect(error.message).to.contain('not 202 Accepted');
  });

  it('a 202 without poll_url is a clear error', async () => {
    const c = client(() => quick({ job_id: 'x' }, 202));
    const error = (await rejection(c.api.recommendFromUrl(request))) as StudioApiError;
    expect(error.code).to.equal('bad-response');
    expect(error.message).to.contain('poll_url');
  });

  it('other operations take 200 with the result as it is', async () => {
    const c = client(() => quick(TYPED_RESULTS.voiceover));
    expect(await c.api.voiceover({ project_id: 'p1', text: 'Hi', voice_id: 'v1' })).to.deep.equal(TYPED_RESULTS.voiceover);
    expect(new URL(c.calls[0]!.url).pathname).to.equal('/v1/voiceover');
  });

  it('every operation uses its configured path', async () => {
    const c = client((call) => quick(typedAnswerFor(new URL(call.url).pathname)));
    await c.api.recommendFromProduct({ project_id: 'p', product: { name: 'n', description: 'd' }, duration: 30, max_recommendations: 1 });
    await c.api.format({ project_id: 'p', sections: [], duration: 30 });
    await c.api.mix({ project_id: 'p', duration: 30, voice: [] });
    await c.api.generate({ project_id: 'p' });
    await c.api.job('a/b');
    await c.api.voices();
    await c.api.music();
    expect(c.calls.map((x) => `${x.method} ${new URL(x.url).pathname}`)).to.deep.equal([
      'POST /v1/recommend/product',
      'POST /v1/format',
      'POST /v1/mix',
      'POST /v1/generate',
      'GET /v1/jobs/a%2Fb',
      'GET /v1/voices',
      'GET /v1/music',
    ]);
  });

  it('maps an error body to { code, status, message, recoverable } and serialises without headers', async () => {
    const c = client(() => quick({ error: { code: 'duration_range', message: 'duration must be 5 to 120' } }, 422));
    const error = (await rejection(c.api.format({ project_id: 'p', sections: [], duration: 3 }))) as StudioApiError;
    expect(error.toJSON()).to.deep.equal({
      name: 'StudioApiError',
      code: 'bad-request',
      status: 422,
      recoverable: false,
      message: 'Formatting failed: the service answered 422 (duration_range: duration must be 5 to 120). Check the values sent and try again.',
    });
  });

  it('a network failure is a recoverable network error', async () => {
    const c = client(() => {
      throw new TypeError('Failed to fetch');
    });
    const error = (await rejection(c.api.voices())) as StudioApiError;
    expect(error.code).to.equal('network');
    expect(error.recoverable).to.equal(true);
  });

  for (const library of ['voices', 'music'] as const) {
    it(`${library}() reads again after a 503 and resolves with the second answer`, async () => {
      const c = client((_call, i) => (i === 0 ? quick({ error: { code: 'unavailable', message: 'later' } }, 503) : quick(TYPED_RESULTS[library])));
      expect(await c.api[library]()).to.deep.equal(TYPED_RESULTS[library]);
      expect(c.calls.map((x) => `${x.method} ${new URL(x.url).pathname}`)).to.deep.equal([`GET /v1/${library}`, `GET /v1/${library}`]);
      expect(c.progress).to.deep.equal([]);
    });

    it(`${library}() reports a second failure, after two attempts`, async () => {
      const c = client((_call, i) => (i === 0 ? quick({}, 503) : quick({}, 502)));
      const error = (await rejection(c.api[library]())) as StudioApiError;
      expect(error.code).to.equal('server-error');
      expect(error.status).to.equal(502);
      expect(error.recoverable).to.equal(true);
      expect(c.calls.length).to.equal(2);
    });

    it(`${library}() reads again after a lost answer`, async () => {
      const c = client((_call, i) => {
        if (i === 0) throw new TypeError('Failed to fetch');
        return quick(TYPED_RESULTS[library]);
      });
      expect(await c.api[library]()).to.deep.equal(TYPED_RESULTS[library]);
      expect(c.calls.length).to.equal(2);
    });

    it(`${library}() does not read again after a 404`, async () => {
      const c = client(() => quick({}, 404));
      expect(((await rejection(c.api[library]())) as StudioApiError).code).to.equal('not-found');
      expect(c.calls.length).to.equal(1);
    });
  }

  const hostile: Array<[string, string]> = [
    ['javascript:', 'javascript:alert(1)'],
    ['data:', 'data:text/plain,hi'],
    ['ftp:', 'ftp://api.test.invalid/v1/jobs/1'],
    ['a foreign origin', 'https://evil.example/v1/jobs/1'],
    ['a path outside /v1/', '/host/token'],
    ['a protocol-relative foreign URL', '//evil.example/v1/jobs/1'],
  ];
  for (const [name, pollUrl] of hostile) {
    it(`refuses a ${name} poll_url and sends nothing to it`, async () => {
      const c = client(() => quick({ poll_url: pollUrl }, 202));
      const error = (await rejection(c.api.recommendFromUrl(request))) as StudioApiError;
      expect(error.code).to.equal('unsafe-poll-url');
      expect(c.calls.length).to.equal(1);
    });
  }

  it('keeps a pending job per user and project (never the token) and resumes it after a reload', async () => {
    const controller = new AbortController();
    const first = client((_call, i) => (i === 0 ? quick({ poll_url: 'v1/jobs/j7', job_id: 'j7' }, 202) : quick({ status: 'running' })));
    const pending = rejection(first.api.recommendFromUrl(request, { signal: controller.signal }));
    await new Promise((r) => setTimeout(r, 30));
    controller.abort();
    expect((await pending).name).to.equal('AbortError');
    const stored = sessionStorage.getItem(PENDING_JOBS_KEY)!;
    expect(stored).not.to.contain('T1');
    const saved = await first.api.pendingJobs('p1');
    expect(saved.map((j) => [j.userId, j.projectId, j.operation, j.jobId, j.pollUrl])).to.deep.equal([
      ['user-1', 'p1', 'recommendUrl', 'j7', `${BASE}/v1/jobs/j7`],
    ]);
    expect(await first.api.pendingJobs('other-project')).to.deep.equal([]);

    // "Reload": a new client over the same storage.
    const second = client(() => quick({ status: 'succeeded', result: TYPED_RESULTS.recommendUrl }));
    const [job] = await second.api.pendingJobs('p1');
    expect(await second.api.resumeJob(job!)).to.deep.equal(TYPED_RESULTS.recommendUrl);
    expect(second.calls.map((x) => [new URL(x.url).pathname, x.authorization])).to.deep.equal([['/v1/jobs/j7', 'Bearer T1']]);
    expect(await second.api.pendingJobs()).to.deep.equal([]);
  });

  it('a storage that throws keeps pending jobs in memory', async () => {
    const broken = { getItem: () => { throw new Error('denied'); }, setItem: () => { throw new Error('denied'); }, removeItem: () => { throw new Error('denied'); } } as unknown as Storage;
    const jobs = new PendingJobs(broken);
    jobs.add({ userId: 'u', projectId: 'p', operation: 'generate', jobId: 'j', pollUrl: `${BASE}/v1/jobs/j`, startedAt: 1 });
    expect(jobs.list('u').length).to.equal(1);
    jobs.remove(`${BASE}/v1/jobs/j`);
    expect(jobs.list('u').length).to.equal(0);
  });
});

describe('job lock', () => {
  it('with Web Locks, a second follower of the same job waits until the first is done', async () => {
    expect(typeof navigator.locks).to.equal('object');
    const lock = createJobLock();
    const order: string[] = [];
    let release!: () => void;
    let firstHolds!: () => void;
    const holding = new Promise<void>((r) => (firstHolds = r));
    const first = lock('job-a', () => new Promise<void>((r) => ((release = () => (order.push('first done'), r())), firstHolds())));
    const second = lock('job-a', async () => void order.push('second runs'));
    // Wait on the conditions themselves: the first callback holds the lock, and the second request is queued.
    await holding;
    while (!(await navigator.locks.query()).pending?.some((request) => request.name === 'studio-editor:job:job-a')) {
      await new Promise((r) => setTimeout(r, 5));
    }
    expect(order).to.deep.equal([]);
    release();
    await Promise.all([first, second]);
    expect(order).to.deep.equal(['first done', 'second runs']);
  });

  it('without Web Locks, the fallback serialises followers in the page and honours abort', async () => {
    const lock = createJobLock(null);
    const order: string[] = [];
    let release!: () => void;
    const first = lock('job-b', () => new Promise<void>((r) => (release = () => (order.push('first'), r()))));
    const controller = new AbortController();
    const aborted = lock('job-b', async () => void order.push('never'), controller.signal).catch((e: Error) => e.name);
    const third = lock('job-b', async () => void order.push('third'));
    controller.abort();
    expect(await aborted).to.equal('AbortError');
    await new Promise((r) => setTimeout(r, 10));
    release();
    await Promise.all([first, third]);
    expect(order).to.deep.equal(['first', 'third']);
  });
});

describe('request timeout (api.timeoutMs)', () => {
  afterEach(() => sinon.restore());

  it('a request with no answer within api.timeoutMs fails with a recoverable timeout error', async () => {
    const clock = sinon.useFakeTimers();
    const { AuthSession } = await import('../../src/auth/session.js');
    const { createAuthFetch } = await import('../../src/auth/auth-fetch.js');
    const hanging = (_input: RequestInfo | URL, init?: RequestInit) =>
      new Promise<Response>((_resolve, reject) => init?.signal?.addEventListener('abort', () => reject(init.signal!.reason)));
    const session = new AuthSession({ userId: 'u', getToken: async () => 'T1', refreshToken: async () => 'T2', timeoutMs: 5000 });
    const fetch = createAuthFetch({ session, baseUrl: BASE, timeoutMs: 30_000, fetch: hanging as typeof globalThis.fetch });
    const api = new ServiceClient({ fetch, baseUrl: BASE, paths: { ...DEFAULT_PATHS }, timeoutMs: 30_000, jobDeadlineMs: 60_000, userId: async () => 'u' });
    // job() is a single read (voices() and music() are read again after a timeout, see above).
    const pending = rejection(api.job('j1'));
    await clock.tickAsync(29_999);
    let settled = false;
    void pending.then(() => (settled = true));
    await clock.tickAsync(0);
    expect(settled).to.equal(false);
    await clock.tickAsync(1);
    const error = (await pending) as StudioApiError;
    expect(error.code).to.equal('timeout');
    expect(error.recoverable).to.equal(true);
    expect(error.message).to.contain('30000 ms');
  });
});
