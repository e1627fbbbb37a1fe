// The failure flows of issue 14 through a real editor (create()), with a stubbed service: a redirect, 429/503/500
// and a lost network on job starts, a network gone for good while polling, a refresh callback that throws text
// holding the token. Afterwards every place the token could reach is scanned for it.
import { expect } from '@open-wc/testing';
import sinon from 'sinon';
import { create, type StudioHandle } from '../../src/create.js';
import { settleOnFakeClock } from '../auth/helpers.js';
import { cleanupMounts, mountPoint } from '../support/auth.js';

const SECRET = 'SECRET-TOKEN-leak-9f3a';

/** Everything in IndexedDB this page can reach: database and store names, keys and values. */
async function indexedDbDump(): Promise<string[]> {
  const out: string[] = [];
  for (const info of await indexedDB.databases()) {
    if (!info.name) continue;
    out.push(`db ${info.name}`);
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      const open = indexedDB.open(info.name!);
      open.onsuccess = () => resolve(open.result);
      open.onerror = () => reject(open.error);
    });
    for (const store of [...db.objectStoreNames]) {
      const tx = db.transaction(store, 'readonly');
      const [keys, values] = await Promise.all(
        [tx.objectStore(store).getAllKeys(), tx.objectStore(store).getAll()].map(
          (request) => new Promise<unknown[]>((resolve) => ((request.onsuccess = () => resolve(request.result as unknown[])), (request.onerror = () => resolve([])))),
        ),
      );
      out.push(`store ${store} ${JSON.stringify(keys)} ${JSON.stringify(values, (_k, v: unknown) => (v instanceof Blob ? `blob ${v.size}` : v))}`);
    }
    db.close();
  }
  return out;
}

describe('the token never leaks in the failure flows (redirect, start retries, lost network, hostile refresh)', () => {
  let handle: StudioHandle | undefined;
  afterEach(() => {
    handle?.destroy();
    handle = undefined;
    sinon.restore();
    cleanupMounts();
    localStorage.removeItem('studio-editor:pending-jobs');
  });

  it('scans errors, events, console, storage, IndexedDB, caches, the DOM and every URL', async function () {
    const logs: string[] = [];
    for (const level of ['log', 'info', 'warn', 'error', 'debug', 'trace'] as const) {
      sinon.stub(console, level).callsFake((...args: unknown[]) => void logs.push(args.map((a) => (a instanceof Error ? `${a.message} ${a.stack}` : String(a))).join(' ')));
    }
    const urls: string[] = [];
    const authorizations: Array<[string, string | null]> = [];
    const answers: Record<string, Array<() => Response>> = {
      '/v1/voices': [() => new Response(null, { status: 302, headers: { location: `/elsewhere?t=${SECRET}` } })],
      '/v1/recommend/url': [
        () => new Response(null, { status: 429, headers: { 'Retry-After': '0' } }),
        () => new Response(null, { status: 503 }),
        () => Response.json({ error: { code: 'boom', message: 'down' } }, { status: 500 }),
        () => Response.json({ poll_url: '/v1/jobs/j1', job_id: 'j1' }, { status: 202 }),
      ],
      '/v1/generate': [
        () => {
          throw new TypeError('Failed to fetch');
        },
      ],
      '/v1/jobs/j1': [
        () => Response.json({ job_id: 'j1', status: 'running' }),
        () => {
          throw new TypeError('Failed to fetch');
        },
      ],
      '/v1/format': [() => new Response(null, { status: 401 })],
      '/v1/music': [() => Response.json({ job_id: 'j9', status: 'succeeded' })],
    };
    const seen: Record<string, number> = {};
    sinon.stub(window, 'fetch').callsFake(async (input: RequestInfo | URL, init?: RequestInit) => {
      const request = new Request(input, init);
      urls.push(request.url);
      const path = new URL(request.url).pathname;
      authorizations.push([path, request.headers.get('authorization')]);
      const list = answers[path] ?? [() => new Response(null, { status: 404 })];
      const index = seen[path] ?? 0;
      seen[path] = index + 1;
      return list[Math.min(index, list.length - 1)]!();
    });

    mountPoint('ed');
    const events: unknown[] = [];
    const listening = new AbortController();
    for (const type of ['studio-auth-error', 'studio-error', 'studio-job-progress', 'studio-change']) {
      document.addEventListener(type, (e) => events.push({ type, detail: (e as CustomEvent).detail }), { signal: listening.signal });
    }
    handle = await create({
      target: '#ed',
      auth: {
        userId: 'leak-user',
        getToken: async () => SECRET,
        refreshToken: async (expired: string) => {
          throw new Error(`refresh failed for ${expired}`);
        },
      },
    });
    const clock = sinon.useFakeTimers({ now: Date.now(), toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    const errors: unknown[] = [];
    const settle = async (what: string, p: Promise<unknown>, ms: number) => {
      const caught = p.catch((e: unknown) => errors.push(e));
      await settleOnFakeClock(clock, caught, what, ms);
      await caught;
    };
    await settle('voices()', handle.api.voices(), 100); // a redirect: refused
    await settle('recommendFromUrl()', handle.api.recommendFromUrl({ project_id: 'p', url: 'https://x.example', duration: 30, max_recommendations: 1 }), 60_000); // 429, 503, 500, 202, then the network goes
    await settle('generate()', handle.api.generate({ project_id: 'p' }), 60_000); // the network is gone on the start
    await settle('format()', handle.api.format({ project_id: 'p', sections: [], duration: 30 }), 100); // 401, the refresh throws the token
    await settle('resumeJob()', handle.api.resumeJob({ operation: 'generate', pollUrl: 'https://api.invalid/v1/jobs/j9', jobId: undefined }), 1000); // refused poll URL
    clock.restore();
    listening.abort();

    const codes = errors.map((e) => (e as { code?: string }).code);
    expect(codes).to.deep.equal(['redirect-refused', 'network', 'network', 'auth-callback-failed', 'unsafe-poll-url']);
    expect(events.some((e) => (e as { detail: { state?: string } }).detail?.state === 'retrying')).to.equal(true);
    expect(events.some((e) => (e as { type: string }).type === 'studio-auth-error')).to.equal(true);

    const storage = [localStorage, sessionStorage].flatMap((s) => Object.keys(s).map((k) => `${k}=${s.getItem(k)}`));
    const cacheKeys = typeof caches === 'undefined' ? [] : await caches.keys();
    const dom = `${handle.element.outerHTML} ${handle.element.shadowRoot?.innerHTML ?? ''} ${document.documentElement.outerHTML}`;
    const haystack = [
      ...errors.map((e) => `${JSON.stringify(e)} ${(e as Error).message} ${(e as Error).stack} ${String((e as Error).cause)}`),
      ...events.map((e) => JSON.stringify(e)),
      ...logs,
      ...storage,
      ...(await indexedDbDump()),
      ...cacheKeys,
      dom,
      ...urls,
      ...performance.getEntriesByType('resource').map((entry) => entry.name),
      location.href,
      document.cookie,
    ].join('\n');
    expect(haystack.includes(SECRET)).to.equal(false);
    // The scan can fail: the token did travel, in Authorization headers of /v1/ requests and nowhere else.
    expect(authorizations.some(([, value]) => value === `Bearer ${SECRET}`)).to.equal(true);
    expect(authorizations.filter(([, value]) => value !== null).every(([path]) => path.startsWith('/v1/'))).to.equal(true);
    // And the flows did run: the redirect target and the foreign poll URL were never requested.
    expect(urls.some((url) => url.includes('/elsewhere') || url.includes('api.invalid'))).to.equal(false);
    expect(seen['/v1/recommend/url']).to.equal(4);
    expect(seen['/v1/generate']).to.equal(4);
  });
});
