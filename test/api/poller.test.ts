import { expect } from '@open-wc/testing';
import sinon from 'sinon';
import { StudioApiError, StudioJobTimeoutError } from '../../src/api/errors.js';
import { JobPoller, NETWORK_LOSS_DEADLINE_MS, POLL_CEILING_MS, POLL_FLOOR_MS, type JobProgress } from '../../src/api/poller.js';
import { backoffMs, boundedWaitMs, retryAfterMs, seededRandom } from '../../src/api/retry-after.js';
import { createAuthFetch } from '../../src/auth/auth-fetch.js';
import { StudioAuthError } from '../../src/auth/errors.js';
import { BASE, advance, advanceUntil, rejection, setup } from '../auth/helpers.js';
import { skipIn } from '../support/engine.js';

const POLL = `${BASE}/v1/jobs/j1`;
/** A Response look-alike whose body reads in microtasks only, so fake time is exact. */
const quick = (body: unknown, init: { status?: number; headers?: Record<string, string> } = {}) =>
  ({
    ok: (init.status ?? 200) < 300,
    status: init.status ?? 200,
    headers: new Headers(init.headers),
    body: null,
    json: async () => body,
  }) as unknown as Response;
const job = (status: string, extra: object = {}) => quick({ job_id: 'j1', status, ...extra });
const target = { operation: 'Recommendation', pollUrl: POLL, jobId: 'j1' };

/** Answers from a script, one per poll; records the fake time of each poll. */
function scripted(answers: Array<() => Response>) {
  const times: number[] = [];
  const t = setup({ respond: (_call, index) => (times.push(Date.now()), answers[Math.min(index, answers.length - 1)]!()) });
  return { ...t, times };
}

describe('JobPoller', () => {
  let clock: sinon.SinonFakeTimers;
  beforeEach(() => {
    clock = sinon.useFakeTimers({ now: 1_000_000 });
  });
  afterEach(() => sinon.restore());

  it('polls soon, then backs off exponentially with seeded jitter up to a cap, and reports each poll', async () => {
    const s = scripted([...Array(7).fill(() => job('running', { progress: 0.5, stage: 'writing' })), () => job('succeeded', { result: { ok: 1 } })]);
    const progress: JobProgress[] = [];
    const poller = new JobPoller({ fetch: s.authFetch, deadlineMs: 600_000, random: seededRandom(42), maxDelayMs: 8000 });
    const done = poller.poll(target, { onProgress: (p) => progress.push(p) });
    await advance(clock, 120_000);
    const record = await done;
    expect(record.result).to.deep.equal({ ok: 1 });
    const waits = s.times.map((time, i) => time - (i === 0 ? 1_000_000 : s.times[i - 1]!));
    const random = seededRandom(42);
    const expected = [250, ...Array.from({ length: 7 }, (_, n) => backoffMs(n, { baseMs: 1000, maxMs: 8000, random }))];
    expect(waits).to.deep.equal(expected);
    expect(waits.slice(1).every((w, n) => w >= Math.min(8000, 1000 * 2 ** n) / 2 && w <= Math.min(8000, 1000 * 2 ** n))).to.equal(true);
    expect(progress.length).to.equal(8);
    expect(progress[0]).to.deep.equal({ operation: 'Recommendation', jobId: 'j1', pollUrl: POLL, state: 'running', progress: 0.5, stage: 'writing', poll: 1 });
    expect(progress.at(-1)!.state).to.equal('succeeded');
  });

  it('counts unknown states as pending', async () => {
    const s = scripted([() => job('warming-up'), () => job('???'), () => job('succeeded', { result: 1 })]);
    const done = new JobPoller({ fetch: s.authFetch, deadlineMs: 60_000, random: () => 0 }).poll(target);
    await advance(clock, 10_000);
    expect((await done).result).to.equal(1);
    expect(s.calls.length).to.equal(3);
  });

  it('Retry-After in seconds wins over the backoff', async function () {
    skipIn(this, 'fake-clock-fetch');
    const s = scripted([() => new Response(null, { status: 503, headers: { 'Retry-After': '7' } }), () => job('succeeded', { result: 1 })]);
    const done = new JobPoller({ fetch: s.authFetch, deadlineMs: 60_000, random: () => 0 }).poll(target);
    await advance(clock, 20_000);
    await done;
    expect(s.times[1]! - s.times[0]!).to.equal(7000);
  });

  it('Retry-After as an HTTP date wins over the backoff, also on a pending answer', async function () {
    skipIn(this, 'fake-clock-fetch');
    const retryAt = new Date(Date.now() + 13_000).toUTCString();
    const s = scripted([
      () => new Response(JSON.stringify({ status: 'running' }), { headers: { 'Retry-After': retryAt } }),
      () => job('succeeded', { result: 1 }),
    ]);
    const done = new JobPoller({ fetch: s.authFetch, deadlineMs: 60_000, random: () => 0 }).poll(target);
    await advance(clock, 30_000);
    await done;
    expect(s.times[1]).to.equal(Date.parse(retryAt));
    expect(s.times[1]! - s.times[0]!).to.be.greaterThan(4000);
  });

  it('retryAfterMs reads both forms and ignores junk', () => {
    expect(retryAfterMs('3', 0)).to.equal(3000);
    expect(retryAfterMs('Thu, 01 Jan 1970 00:00:05 GMT', 0)).to.equal(5000);
    expect(retryAfterMs('Thu, 01 Jan 1970 00:00:05 GMT', 10_000)).to.equal(0);
    expect(retryAfterMs('-1', 0)).to.equal(undefined);
    expect(retryAfterMs('soon', 0)).to.equal(undefined);
    expect(retryAfterMs(null, 0)).to.equal(undefined);
  });

  it('retries network errors and 408/429/5xx up to the limit, then gives up with a recoverable error', async function () {
    skipIn(this, 'fake-clock-fetch');
    const answers = [
      () => {
        throw new TypeError('Failed to fetch');
      },
      () => new Response(null, { status: 408 }),
      () => new Response(null, { status: 429 }),
      () => new Response(null, { status: 502 }),
    ];
    const s = scripted(answers as Array<() => Response>);
    const done = rejection(new JobPoller({ fetch: s.authFetch, deadlineMs: 600_000, random: () => 0, maxTransientErrors: 3 }).poll(target));
    await advance(clock, 120_000);
    const error = (await done) as StudioApiError;
    expect(error).to.be.instanceOf(StudioApiError);
    expect(error.code).to.equal('server-error');
    expect(error.recoverable).to.equal(true);
    expect(s.calls.length).to.equal(4);
  });

  it('a transient error then success keeps going', async () => {
    const s = scripted([() => new Response(null, { status: 500 }), () => job('succeeded', { result: 2 })]);
    const done = new JobPoller({ fetch: s.authFetch, deadlineMs: 60_000, random: () => 0 }).poll(target);
    await advanceUntil(clock, done, 30_000);
    expect((await done).result).to.equal(2);
  });

  for (const status of [400, 403, 404, 410]) {
    it(`a ${status} ends polling at once`, async () => {
      const s = scripted([() => Response.json({ error: { code: 'nope', message: 'Job unknown.' } }, { status })]);
      const done = rejection(new JobPoller({ fetch: s.authFetch, deadlineMs: 60_000 }).poll(target));
      await advanceUntil(clock, done, 10_000);
      const error = (await done) as StudioApiError;
      expect(error.status).to.equal(status);
      expect(error.serviceCode).to.equal('nope');
      expect(error.message).to.contain('Job unknown.');
      expect(s.calls.length).to.equal(1);
    });
  }

  it('a failed job ends with job-failed carrying the service message', async () => {
    const s = scripted([() => job('failed', { error: { code: 'bad_url', message: 'The page could not be read.' } })]);
    const done = rejection(new JobPoller({ fetch: s.authFetch, deadlineMs: 60_000 }).poll(target));
    await advance(clock, 1000);
    const error = (await done) as StudioApiError;
    expect(error.code).to.equal('job-failed');
    expect(error.serviceCode).to.equal('bad_url');
    expect(error.message).to.contain('The page could not be read.');
  });

  it('a 401 during polling goes through refresh and the poll is retried with the new token', async () => {
    const refreshToken = sinon.stub().resolves('T2');
    const t = setup({
      refreshToken,
      respond: (call) => (call.authorization === 'Bearer T2' ? job('succeeded', { result: 3 }) : new Response(null, { status: 401 })),
    });
    const done = new JobPoller({ fetch: t.authFetch, deadlineMs: 60_000 }).poll(target);
    await advance(clock, 1000);
    expect((await done).result).to.equal(3);
    expect(refreshToken.callCount).to.equal(1);
    expect(t.calls.map((c) => c.authorization)).to.deep.equal(['Bearer T1', 'Bearer T2']);
  });

  it('a final 401 during polling ends it with a StudioAuthError', async () => {
    const t = setup();
    const done = rejection(new JobPoller({ fetch: t.authFetch, deadlineMs: 60_000 }).poll(target));
    await advance(clock, 1000);
    expect(await done).to.be.instanceOf(StudioAuthError);
    expect(t.calls.length).to.equal(2);
  });

  it('abort during a sleep stops at once with an AbortError and nothing more is sent', async () => {
    const s = scripted([() => job('running')]);
    const controller = new AbortController();
    const done = rejection(new JobPoller({ fetch: s.authFetch, deadlineMs: 600_000, random: () => 0 }).poll(target, { signal: controller.signal }));
    await advance(clock, 300);
    expect(s.calls.length).to.equal(1);
    controller.abort();
    const error = await done;
    expect(error.name).to.equal('AbortError');
    expect(error).not.to.be.instanceOf(StudioApiError);
    await advance(clock, 60_000);
    expect(s.calls.length).to.equal(1);
  });

  it('the deadline ends in a typed timeout that keeps the job identity', async () => {
    const s = scripted([() => job('running')]);
    const done = rejection(new JobPoller({ fetch: s.authFetch, deadlineMs: 30_000, random: () => 0.5 }).poll(target));
    await advance(clock, 31_000);
    const error = (await done) as StudioJobTimeoutError;
    expect(error).to.be.instanceOf(StudioJobTimeoutError);
    expect(error.code).to.equal('job-timeout');
    expect(error.jobId).to.equal('j1');
    expect(error.pollUrl).to.equal(POLL);
    expect(JSON.parse(JSON.stringify(error))).to.deep.include({ code: 'job-timeout', job_id: 'j1', poll_url: POLL, recoverable: true });
    const last = s.times.at(-1)!;
    expect(last - 1_000_000).to.be.at.most(30_000);
  });

  it('a Retry-After beyond the deadline is cut at the deadline', async () => {
    const s = scripted([() => new Response(null, { status: 429, headers: { 'Retry-After': '3600' } })]);
    const done = rejection(new JobPoller({ fetch: s.authFetch, deadlineMs: 20_000 }).poll(target));
    await advance(clock, 21_000);
    expect((await done) as StudioJobTimeoutError).to.be.instanceOf(StudioJobTimeoutError);
    expect(s.calls.length).to.equal(1);
  });

  describe('every wait has a floor and a ceiling', () => {
    const pastDate = () => new Date(Date.now() - 60_000).toUTCString();
    const cases: Array<[string, () => Response]> = [
      ['a pending answer with Retry-After: 0', () => quick({ job_id: 'j1', status: 'running' }, { headers: { 'Retry-After': '0' } })],
      ['a pending answer with Retry-After: an HTTP date in the past', () => quick({ job_id: 'j1', status: 'running' }, { headers: { 'Retry-After': pastDate() } })],
      ['a 503 with Retry-After: 0', () => quick(null, { status: 503, headers: { 'Retry-After': '0' } })],
      ['a 429 with Retry-After: an HTTP date in the past', () => quick(null, { status: 429, headers: { 'Retry-After': pastDate() } })],
    ];
    for (const [name, answer] of cases) {
      it(`${name}: no two polls closer than the floor (${POLL_FLOOR_MS} ms); at most 6 polls in 3 s`, async () => {
        const s = scripted([answer]);
        const done = rejection(new JobPoller({ fetch: s.authFetch, deadlineMs: 3000, maxTransientErrors: 1000, random: () => 0 }).poll(target));
        await advance(clock, 3500, 50);
        expect(await done).to.be.instanceOf(StudioJobTimeoutError);
        const gaps = s.times.slice(1).map((time, i) => time - s.times[i]!);
        expect(Math.min(...gaps)).to.equal(POLL_FLOOR_MS);
        // First poll at 250 ms, then one every 500 ms: 250, 750, ..., 2750.
        expect(s.calls.length).to.equal(6);
      });
    }

    it('Retry-After can lengthen a wait up to the ceiling, not beyond', async () => {
      const s = scripted([() => quick({ job_id: 'j1', status: 'running' }, { headers: { 'Retry-After': '86400' } }), () => job('succeeded', { result: 1 })]);
      const done = new JobPoller({ fetch: s.authFetch, deadlineMs: 600_000 }).poll(target);
      await advance(clock, POLL_CEILING_MS + 1000, 1000);
      expect((await done).result).to.equal(1);
      expect(s.times[1]! - s.times[0]!).to.equal(POLL_CEILING_MS);
    });

    it('boundedWaitMs clamps any value, and its floor is never 0', () => {
      const bounds = { floorMs: 500, ceilingMs: 60_000 };
      expect([0, -5, 499, 500, 7000, 60_001, Infinity, NaN].map((ms) => boundedWaitMs(ms, bounds))).to.deep.equal([500, 500, 500, 500, 7000, 60_000, 60_000, 500]);
      expect(boundedWaitMs(0, { floorMs: 0, ceilingMs: 0 })).to.equal(1);
    });
  });

  for (const result of [undefined, null]) {
    it(`a succeeded job with ${String(result)} result is a bad-response error, not a resolved ${String(result)}`, async () => {
      const s = scripted([() => job('succeeded', result === null ? { result: null } : {})]);
      const done = rejection(new JobPoller({ fetch: s.authFetch, deadlineMs: 60_000 }).poll(target));
      await advance(clock, 1000);
      const error = (await done) as StudioApiError;
      expect(error).to.be.instanceOf(StudioApiError);
      expect(error.code).to.equal('bad-response');
      expect(error.recoverable).to.equal(false);
      expect(error.message).to.contain('no result');
    });
  }

  describe(`a network gone for good ends the job within NETWORK_LOSS_DEADLINE_MS (${NETWORK_LOSS_DEADLINE_MS} ms)`, () => {
    before(function () {
      skipIn(this, 'fake-clock-fetch');
    });

    it('fetch failing at once: a recoverable network error at most 20 s after the first failure', async () => {
      const s = scripted([
        () => {
          throw new TypeError('Failed to fetch');
        },
      ]);
      const poller = new JobPoller({ fetch: s.authFetch, deadlineMs: 600_000, maxTransientErrors: 1000, random: () => 0.99 });
      let settledAt: number | undefined;
      const done = rejection(poller.poll(target)).finally(() => (settledAt = Date.now()));
      await advance(clock, 60_000, 100);
      const error = (await done) as StudioApiError;
      expect(error).to.be.instanceOf(StudioApiError);
      expect(error).not.to.be.instanceOf(StudioJobTimeoutError);
      expect(error.code).to.equal('network');
      expect(error.recoverable).to.equal(true);
      const firstFailure = s.times[0]!;
      expect(settledAt! - firstFailure).to.be.at.most(NETWORK_LOSS_DEADLINE_MS);
      expect(settledAt! - firstFailure).to.be.at.least(NETWORK_LOSS_DEADLINE_MS - 1);
      expect(s.times.every((time) => time - firstFailure <= NETWORK_LOSS_DEADLINE_MS)).to.equal(true);
    });

    it('requests hanging until api.timeoutMs: the error within api.timeoutMs + 20 s', async () => {
      const t = setup();
      const times: number[] = [];
      const hanging = ((_input: RequestInfo | URL, init?: RequestInit) =>
        new Promise<Response>((_resolve, reject) => {
          times.push(Date.now());
          init?.signal?.addEventListener('abort', () => reject(init.signal!.reason));
        })) as typeof fetch;
      const authFetch = createAuthFetch({ session: t.session, baseUrl: BASE, timeoutMs: 5000, fetch: hanging });
      let settledAt: number | undefined;
      const done = rejection(new JobPoller({ fetch: authFetch, deadlineMs: 600_000, requestTimeoutMs: 5000, maxTransientErrors: 1000 }).poll(target)).finally(
        () => (settledAt = Date.now()),
      );
      await advance(clock, 60_000, 100);
      const error = (await done) as StudioApiError;
      expect(error.code).to.equal('network');
      expect(settledAt! - times[0]!).to.be.at.most(5000 + NETWORK_LOSS_DEADLINE_MS);
    });

    it('an answer in between starts the count again', async () => {
      let fail = true;
      const s = scripted([
        () => {
          if (fail) throw new TypeError('Failed to fetch');
          return job('running');
        },
      ]);
      const done = rejection(new JobPoller({ fetch: s.authFetch, deadlineMs: 600_000, maxTransientErrors: 1000, random: () => 0 }).poll(target));
      await advance(clock, 15_000, 100);
      fail = false;
      await advance(clock, 2000, 100);
      fail = true;
      const recovered = Date.now();
      await advance(clock, 60_000, 100);
      expect(((await done) as StudioApiError).code).to.equal('network');
      expect(s.times.at(-1)! - recovered).to.be.greaterThan(10_000);
    });
  });
});
