import { describe, it, afterEach } from 'node:test';
import { TEST_TIMERS } from '../support/clock.js';
import { expect } from '../support/expect.js';
import sinon from 'sinon';
import { StudioAuthError } from '../../../src/auth/errors.js';
import { BASE, deferred, flush, rejection, setup } from '../../auth/helpers.js';

const URL_A = `${BASE}/v1/voices`;

describe('auth fetch: startup, 401, refresh', () => {
  afterEach(() => sinon.restore());

  it('a startup burst of 10 requests waits for one getToken, then all carry it', async () => {
    const gate = deferred<string>();
    const getToken = sinon.stub().returns(gate.promise);
    const t = setup({ getToken });
    t.valid.add('T1');
    const all = Promise.all(Array.from({ length: 10 }, () => t.authFetch(URL_A)));
    await flush();
    expect(t.calls.length).to.equal(0);
    gate.resolve('T1');
    const responses = await all;
    expect(getToken.callCount).to.equal(1);
    expect(responses.map((r) => r.status)).to.deep.equal(Array(10).fill(200));
    expect(t.calls.map((c) => c.authorization)).to.deep.equal(Array(10).fill('Bearer T1'));
  });

  it('a 401 gives one refresh with the expired token and one retry with the new token', async () => {
    const refreshToken = sinon.stub().resolves('T2');
    const t = setup({ refreshToken });
    t.valid.add('T2');
    const response = await t.authFetch(URL_A);
    expect(response.status).to.equal(200);
    expect(refreshToken.callCount).to.equal(1);
    expect(refreshToken.firstCall.args).to.deep.equal(['T1']);
    expect(t.calls.map((c) => c.authorization)).to.deep.equal(['Bearer T1', 'Bearer T2']);
  });

  it('20 concurrent 401s share 1 refresh and give 20 retries', async () => {
    const gate = deferred<string>();
    const refreshToken = sinon.stub().returns(gate.promise);
    const t = setup({ refreshToken });
    t.valid.add('T2');
    const all = Promise.all(Array.from({ length: 20 }, () => t.authFetch(URL_A)));
    await flush(50);
    expect(t.calls.length).to.equal(20);
    gate.resolve('T2');
    const responses = await all;
    expect(refreshToken.callCount).to.equal(1);
    expect(t.calls.length).to.equal(40);
    expect(t.calls.slice(0, 20).map((c) => c.authorization)).to.deep.equal(Array(20).fill('Bearer T1'));
    expect(t.calls.slice(20).map((c) => c.authorization)).to.deep.equal(Array(20).fill('Bearer T2'));
    expect(responses.every((r) => r.status === 200)).to.equal(true);
  });

  it('a straggler 401 with the old token after the refresh is retried with the new token, no second refresh', async () => {
    const straggler = deferred<Response>();
    const refreshToken = sinon.stub().resolves('T2');
    const t = setup({
      refreshToken,
      respond: (call, index) => (index === 1 ? straggler.promise : call.authorization === 'Bearer T2' ? Response.json({}) : new Response(null, { status: 401 })),
    });
    await t.session.credential();
    const fast = t.authFetch(URL_A);
    const slow = t.authFetch(URL_A); // its first answer (call 1) is held back
    expect((await fast).status).to.equal(200);
    expect(refreshToken.callCount).to.equal(1);
    straggler.resolve(new Response(null, { status: 401 }));
    expect((await slow).status).to.equal(200);
    expect(refreshToken.callCount).to.equal(1);
    expect(t.calls.map((c) => c.authorization)).to.deep.equal(['Bearer T1', 'Bearer T1', 'Bearer T2', 'Bearer T2']);
  });

  it('always 401: 2 fetches, 1 refresh, then a final StudioAuthError (401)', async () => {
    const refreshToken = sinon.stub().resolves('T2');
    const t = setup({ refreshToken });
    const error = await rejection(t.authFetch(URL_A));
    expect(error).to.be.instanceOf(StudioAuthError);
    expect((error as StudioAuthError).code).to.equal('auth-rejected');
    expect((error as StudioAuthError).status).to.equal(401);
    expect(t.calls.length).to.equal(2);
    expect(refreshToken.callCount).to.equal(1);
    expect(t.errors.map((e) => e.code)).to.deep.equal(['auth-rejected']);
  });

  it('a refresh that rejects fails all 5 waiters at once with one typed error; a later request starts over', async () => {
    const gate = deferred<string>();
    const refreshToken = sinon.stub();
    refreshToken.onFirstCall().returns(gate.promise);
    const getToken = sinon.stub();
    getToken.onFirstCall().resolves('T1');
    getToken.onSecondCall().resolves('T3');
    const t = setup({ getToken, refreshToken });
    t.valid.add('T3');
    const settled: string[] = [];
    const waiters = Array.from({ length: 5 }, (_, i) => rejection(t.authFetch(URL_A)).then((e) => (settled.push(`${i}`), e)));
    await flush(50);
    expect(refreshToken.callCount).to.equal(1);
    gate.reject(new Error('refresh down'));
    await flush(20);
    expect(settled.length).to.equal(5);
    const errors = await Promise.all(waiters);
    expect(new Set(errors).size).to.equal(1);
    expect((errors[0] as StudioAuthError).code).to.equal('auth-callback-failed');
    expect(t.errors.length).to.equal(1);
    expect(t.calls.length).to.equal(5);
    const later = await t.authFetch(URL_A);
    expect(later.status).to.equal(200);
    expect(getToken.callCount).to.equal(2);
    expect(t.calls.at(-1)!.authorization).to.equal('Bearer T3');
  });

  it('a refresh that returns an invalid value is an auth failure; no retry is sent', async () => {
    const t = setup({ refreshToken: async () => ({ nope: true }) });
    const error = await rejection(t.authFetch(URL_A));
    expect((error as StudioAuthError).code).to.equal('auth-invalid-token');
    expect(error.message).to.contain('auth.refreshToken');
    expect(t.calls.length).to.equal(1);
  });

  it('a refresh that returns the same token is an auth failure; no retry is sent', async () => {
    const t = setup({ refreshToken: async () => 'T1' });
    const error = await rejection(t.authFetch(URL_A));
    expect((error as StudioAuthError).code).to.equal('auth-same-token');
    expect(t.calls.length).to.equal(1);
  });

  it('a refresh that hangs fails after auth.timeoutMs', async () => {
    const clock = sinon.useFakeTimers({ toFake: TEST_TIMERS });
    const t = setup({ timeoutMs: 2000, refreshToken: () => new Promise(() => {}) });
    const pending = rejection(t.authFetch(URL_A));
    await clock.tickAsync(2000);
    const error = await pending;
    expect((error as StudioAuthError).code).to.equal('auth-timeout');
    expect(t.calls.length).to.equal(1);
  });

  for (const status of [400, 403, 404, 500]) {
    it(`a ${status} does not trigger a refresh`, async () => {
      const refreshToken = sinon.stub().resolves('T2');
      const t = setup({ refreshToken, respond: () => new Response(null, { status }) });
      const response = await t.authFetch(URL_A);
      expect(response.status).to.equal(status);
      expect(refreshToken.callCount).to.equal(0);
      expect(t.calls.length).to.equal(1);
    });
  }

  it('a network error does not trigger a refresh', async () => {
    const refreshToken = sinon.stub().resolves('T2');
    const t = setup({
      refreshToken,
      respond: () => {
        throw new TypeError('Failed to fetch');
      },
    });
    const error = await rejection(t.authFetch(URL_A));
    expect(error).to.be.instanceOf(TypeError);
    expect(refreshToken.callCount).to.equal(0);
  });

  it('a request issued during a refresh waits for it and goes out with the new token', async () => {
    const gate = deferred<string>();
    const t = setup({ refreshToken: () => gate.promise });
    t.valid.add('T2');
    const first = t.authFetch(URL_A);
    await flush(50);
    expect(t.calls.length).to.equal(1);
    const second = t.authFetch(URL_A);
    await flush(50);
    expect(t.calls.length).to.equal(1);
    gate.resolve('T2');
    await Promise.all([first, second]);
    expect(t.calls.map((c) => c.authorization)).to.deep.equal(['Bearer T1', 'Bearer T2', 'Bearer T2']);
  });

  it('destroy while a refresh is pending: waiters abort, nothing is sent or reported afterwards', async () => {
    const gate = deferred<string>();
    const t = setup({ refreshToken: () => gate.promise });
    t.valid.add('T2');
    const pending = rejection(t.authFetch(URL_A));
    await flush(50);
    t.session.dispose();
    const error = await pending;
    expect(error.name).to.equal('AbortError');
    expect(error).not.to.be.instanceOf(StudioAuthError);
    gate.resolve('T2');
    await flush(50);
    expect(t.calls.length).to.equal(1);
    expect(t.errors.length).to.equal(0);
    const after = await rejection(t.authFetch(URL_A));
    expect(after.name).to.equal('AbortError');
    expect(t.calls.length).to.equal(1);
  });

  it("a caller's abort while waiting for a refresh does not cancel it for the others", async () => {
    const gate = deferred<string>();
    const t = setup({ refreshToken: () => gate.promise });
    t.valid.add('T2');
    const controller = new AbortController();
    const aborted = rejection(t.authFetch(URL_A, { signal: controller.signal }));
    const other = t.authFetch(URL_A);
    await flush(50);
    controller.abort();
    expect((await aborted).name).to.equal('AbortError');
    gate.resolve('T2');
    expect((await other).status).to.equal(200);
  });
});

describe('auth fetch: token scope', () => {
  afterEach(() => sinon.restore());

  const cases: Array<[string, string, boolean]> = [
    ['a /v1/ path on the base origin', `${BASE}/v1/voices`, true],
    ['a relative /v1/ path', 'v1/music', true],
    ['another origin', 'https://cdn.example.invalid/v1/voices', false],
    ['a look-alike origin', 'https://api.test.invalid.evil.invalid/v1/x', false],
    ['http instead of https', 'http://api.test.invalid/v1/voices', false],
    ['another port', 'https://api.test.invalid:8443/v1/voices', false],
    ['a path outside /v1/', `${BASE}/v2/voices`, false],
    ['/v1 without slash', `${BASE}/v1`, false],
    ['/v1x/', `${BASE}/v1x/voices`, false],
    ['a dot-segment escape', `${BASE}/v1/../host/token`, false],
    ['an encoded dot-segment escape', `${BASE}/v1/%2e%2e/host/token`, false],
    ['/v1/ only in the query', `${BASE}/music.mp3?p=/v1/`, false],
  ];
  for (const [name, url, scoped] of cases) {
    it(`${scoped ? 'sends' : 'does not send'} the token to ${name}`, async () => {
      const t = setup({ respond: () => Response.json({}) });
      await t.authFetch(url);
      expect(t.calls.length).to.equal(1);
      expect(t.calls[0]!.authorization).to.equal(scoped ? 'Bearer T1' : null);
    });
  }

  it('a base URL with a path scopes the token to <base path>/v1/', async () => {
    const { AuthSession } = await import('../../../src/auth/session.js');
    const { createAuthFetch } = await import('../../../src/auth/auth-fetch.js');
    const t = setup({ respond: () => Response.json({}) });
    const session = new AuthSession({ getToken: async () => 'T1', refreshToken: async () => 'T2', timeoutMs: 5000, userId: 'u' });
    const authFetch = createAuthFetch({ session, baseUrl: `${BASE}/studio`, fetch: t.fetch });
    await authFetch('v1/voices');
    await authFetch(`${BASE}/v1/voices`);
    expect(t.calls.map((c) => [new URL(c.url).pathname, c.authorization])).to.deep.equal([
      ['/studio/v1/voices', 'Bearer T1'],
      ['/v1/voices', null],
    ]);
  });

  it('a caller-supplied Authorization header on a /v1/ request is replaced by the session token', async () => {
    const t = setup({ respond: () => Response.json({}) });
    await t.authFetch(URL_A, { headers: { Authorization: 'Bearer forged' } });
    expect(t.calls[0]!.authorization).to.equal('Bearer T1');
  });
});
