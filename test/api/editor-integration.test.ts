import { expect } from '@open-wc/testing';
import sinon from 'sinon';
import { create, type StudioHandle } from '../../src/create.js';
import type { StudioErrorDetail } from '../../src/events/studio-error.js';
import type { StudioJobProgressDetail } from '../../src/events/studio-job-progress.js';
import { cleanupMounts, mountPoint } from '../support/auth.js';
import { deferred, rejection } from '../auth/helpers.js';

const SECRET = 'SECRET-TOKEN-abc123';
const SECRET2 = 'SECRET-TOKEN-def456';

interface Seen {
  url: string;
  authorization: string | null;
}

/** Stubs window.fetch with a tiny service that accepts only `valid` tokens. */
function stubService(route: (url: URL, authorization: string | null, index: number) => Response | Promise<Response>) {
  const seen: Seen[] = [];
  sinon.stub(window, 'fetch').callsFake(async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = new Request(input, init);
    // The price list, asked for at start, is no part of these sequences: a service without one.
    if (new URL(request.url).pathname === '/v1/pricing') return new Response(null, { status: 404 });
    seen.push({ url: request.url, authorization: request.headers.get('authorization') });
    return route(new URL(request.url), request.headers.get('authorization'), seen.length - 1);
  });
  return seen;
}

describe('editor integration: handle.api, studio-auth-error, studio-job-progress', () => {
  let handle: StudioHandle | undefined;
  afterEach(() => {
    handle?.destroy();
    handle = undefined;
    sinon.restore();
    cleanupMounts();
    localStorage.removeItem('studio-editor:pending-jobs');
  });

  it('calls getToken once at startup with the resolved user id; handle.api sends the token', async () => {
    const seen = stubService(() => Response.json({ voices: [] }));
    const getToken = sinon.stub().resolves(SECRET);
    mountPoint('ed');
    handle = await create({ target: '#ed', auth: { userId: 'host-user', getToken, refreshToken: async () => SECRET2 } });
    expect(await handle.api.voices()).to.deep.equal({ voices: [] });
    expect(getToken.callCount).to.equal(1);
    expect(getToken.firstCall.args).to.deep.equal(['host-user']);
    expect(seen.map((s) => [new URL(s.url).pathname, s.authorization])).to.deep.equal([['/v1/voices', `Bearer ${SECRET}`]]);
  });

  it('an invalid getToken result fires studio-auth-error (bubbling, composed) and handle.on("auth-error")', async () => {
    stubService(() => Response.json({}));
    mountPoint('ed');
    const events: Event[] = [];
    const onDocument = (event: Event) => events.push(event);
    document.addEventListener('studio-auth-error', onDocument);
    const details: StudioErrorDetail[] = [];
    const gate = deferred<unknown>();
    handle = await create({ target: '#ed', auth: { userId: 'u', getToken: () => gate.promise as Promise<string>, refreshToken: async () => SECRET2 } });
    handle.on('auth-error', (detail) => details.push(detail));
    gate.resolve({ token: 42 });
    await new Promise((r) => setTimeout(r, 0));
    document.removeEventListener('studio-auth-error', onDocument);
    expect(events.length).to.equal(1);
    expect(events[0]!.bubbles).to.equal(true);
    expect(events[0]!.composed).to.equal(true);
    expect(details.length).to.equal(1);
    expect(details[0]!.code).to.equal('auth-invalid-token');
    expect(details[0]!.recoverable).to.equal(true);
    expect(Object.keys(details[0]!).sort()).to.deep.equal(['code', 'message', 'recoverable']);
  });

  it('reports every poll as studio-job-progress', async () => {
    stubService((url, _auth, index) =>
      url.pathname === '/v1/recommend/url'
        ? Response.json({ poll_url: '/v1/jobs/j1', job_id: 'j1' }, { status: 202 })
        : Response.json(index < 2 ? { job_id: 'j1', status: 'running', progress: 0.4, stage: 'reading' } : { job_id: 'j1', status: 'succeeded', result: { recommendations: [] } }),
    );
    mountPoint('ed');
    handle = await create({ target: '#ed', auth: { userId: 'u', getToken: async () => SECRET, refreshToken: async () => SECRET2 } });
    const progress: StudioJobProgressDetail[] = [];
    handle.on('job-progress', (detail) => progress.push(detail));
    await handle.api.recommendFromUrl({ project_id: 'p1', url: 'https://shop.example/x', duration: 30, max_recommendations: 2 });
    expect(progress.map((p) => [p.state, p.progress, p.stage, p.jobId])).to.deep.equal([
      ['running', 0.4, 'reading', 'j1'],
      ['succeeded', undefined, undefined, 'j1'],
    ]);
  });

  it('destroy while a refresh is pending: nothing is sent or emitted afterwards', async () => {
    const seen = stubService((_url, authorization) => (authorization === `Bearer ${SECRET2}` ? Response.json({}) : new Response(null, { status: 401 })));
    mountPoint('ed');
    const gate = deferred<string>();
    const refreshToken = sinon.stub().returns(gate.promise);
    handle = await create({ target: '#ed', auth: { userId: 'u', getToken: async () => SECRET, refreshToken } });
    const element = handle.element;
    const emitted: string[] = [];
    for (const type of ['studio-auth-error', 'studio-error', 'studio-job-progress']) element.addEventListener(type, () => emitted.push(type));
    const api = handle.api;
    const pending = rejection(api.voices());
    while (refreshToken.callCount === 0) await new Promise((r) => setTimeout(r, 1));
    handle.destroy();
    handle = undefined;
    const error = await pending;
    expect(error.name).to.equal('AbortError');
    gate.resolve(SECRET2);
    await new Promise((r) => setTimeout(r, 20));
    expect(seen.length).to.equal(1);
    expect(emitted).to.deep.equal([]);
    expect((await rejection(api.voices())).name).to.equal('AbortError');
    expect(seen.length).to.equal(1);
  });

  it('the token never leaks into errors, events, console, storage, attributes or URLs', async () => {
    const logs: string[] = [];
    for (const level of ['log', 'info', 'warn', 'error', 'debug'] as const) {
      sinon.stub(console, level).callsFake((...args: unknown[]) => void logs.push(args.map((a) => (a instanceof Error ? `${a.message} ${a.stack}` : String(a))).join(' ')));
    }
    let phase = 0;
    const seen = stubService((url, authorization) => {
      if (url.pathname === '/v1/recommend/url') return Response.json({ poll_url: 'https://evil.example/v1/jobs/1' }, { status: 202 });
      if (url.pathname === '/v1/jobs/j2') return Response.json({ status: 'failed', error: { code: 'x', message: 'failed' } });
      if (url.pathname === '/v1/generate') return Response.json({ poll_url: '/v1/jobs/j2', job_id: 'j2' }, { status: 202 });
      if (url.pathname === '/v1/format') return Response.json({ error: { code: 'bad', message: 'nope' } }, { status: 400 });
      return authorization === `Bearer ${SECRET2}` && phase === 0 ? Response.json({}) : new Response(null, { status: 401 });
    });
    mountPoint('ed');
    const events: unknown[] = [];
    const listening = new AbortController();
    for (const type of ['studio-auth-error', 'studio-error', 'studio-job-progress']) {
      document.addEventListener(type, (e) => events.push((e as CustomEvent).detail), { signal: listening.signal });
    }
    let refreshes = 0;
    handle = await create({
      target: '#ed',
      auth: {
        getToken: async () => SECRET,
        refreshToken: async () => (++refreshes === 1 ? SECRET2 : ({ token: `${SECRET} bad` } as unknown as string)),
      },
    });
    const errors: unknown[] = [];
    const attempt = (p: Promise<unknown>) => p.catch((e: unknown) => errors.push(e));
    await attempt(handle.api.voices()); // 401 -> refresh -> ok
    phase = 1;
    await attempt(handle.api.voices()); // 401 -> refresh returns an invalid token -> auth error
    await attempt(handle.api.voices()); // getToken again, 401, refresh...
    await attempt(handle.api.recommendFromUrl({ project_id: 'p', url: 'https://x.example', duration: 30, max_recommendations: 1 }));
    await attempt(handle.api.generate({ project_id: 'p' }));
    await attempt(handle.api.format({ project_id: 'p', sections: [], duration: 30 }));
    listening.abort();
    expect(errors.length).to.be.greaterThan(3);
    expect(events.length).to.be.greaterThan(0);

    const storage = [localStorage, sessionStorage].flatMap((s) => Object.keys(s).map((k) => `${k}=${s.getItem(k)}`));
    const dom = `${handle.element.outerHTML} ${handle.element.shadowRoot?.innerHTML ?? ''} ${[...handle.element.attributes].map((a) => a.value).join(' ')}`;
    const haystack = [
      ...errors.map((e) => `${JSON.stringify(e)} ${(e as Error).message} ${(e as Error).stack} ${String((e as Error).cause)}`),
      ...events.map((d) => JSON.stringify(d)),
      ...logs,
      ...storage,
      dom,
      ...seen.map((s) => s.url),
      location.href,
      document.cookie,
    ].join('\n');
    expect(haystack.includes('SECRET-TOKEN')).to.equal(false);
    // The token did go where it belongs: only in the Authorization header of /v1/ requests.
    expect(seen.some((s) => s.authorization === `Bearer ${SECRET}`)).to.equal(true);
    expect(seen.filter((s) => s.authorization !== null).every((s) => new URL(s.url).pathname.startsWith('/v1/'))).to.equal(true);
  });
});
