// The host's adapters (`api.operations`) in the service client, with a stubbed service: what is sent, how answers
// are read, the check of every result against its typed shape, and hostile adapters. The whole flow against a
// differently shaped service over HTTP is test/e2e/other-service.test.ts.
import { expect } from '@open-wc/testing';
import sinon from 'sinon';
import { ServiceClient, type ServiceClientOptions } from '../../src/api/client.js';
import { DEFAULT_PATHS, type ApiOperation } from '../../src/api/contract.js';
import type { StudioApiError } from '../../src/api/errors.js';
import { resolveConfig } from '../../src/config/validate.js';
import { PendingJobs } from '../../src/api/pending-jobs.js';
import { BASE, rejection, setup, type Call } from '../auth/helpers.js';
import { testAuth } from '../support/auth.js';
import { TYPED_RESULTS, asset } from '../support/typed-results.js';

const quick = (body: unknown, status = 200) => ({ ok: status < 300, status, headers: new Headers(), body: null, json: async () => body }) as unknown as Response;
const bodyOf = (call: Call) => JSON.parse(new TextDecoder().decode(call.body!)) as unknown;
// Long and unlike anything else on the page: a short one ('T1') once turned up in the test runner's session id,
// in a stack trace's URL.
const TOKEN = 'SECRET-TOKEN-adapters-5e0d';

function client(respond: (call: Call, index: number) => Response | Promise<Response>, options: Partial<ServiceClientOptions> = {}) {
  const t = setup({ respond, getToken: async () => TOKEN });
  const api = new ServiceClient({
    fetch: t.authFetch,
    baseUrl: BASE,
    paths: { ...DEFAULT_PATHS, ...options.paths },
    timeoutMs: 1000,
    jobDeadlineMs: 600_000,
    userId: () => t.session.userId(),
    jobs: new PendingJobs(sessionStorage),
    poller: { firstDelayMs: 1, baseDelayMs: 1, maxDelayMs: 2, minDelayMs: 1, random: () => 0 },
    readRetry: { floorMs: 1, baseDelayMs: 1, random: () => 0 },
    ...options,
  });
  return { ...t, api };
}

/** The message and JSON of a rejection, to be searched for the token. */
const said = (error: StudioApiError) => `${error.message} ${JSON.stringify(error)} ${error.stack ?? ''}`;

describe('api.operations adapters', () => {
  afterEach(() => {
    sinon.restore();
    sessionStorage.clear();
  });

  it('sends the request adapter’s body at its method and path, and reads the answer with the response adapter', async () => {
    const c = client(() => quick({ data: { audio: { link: 'https://cdn.example/a.wav', id: 'x1', seconds: 2 } } }), {
      paths: { ...DEFAULT_PATHS, voiceover: '/v1/speech' },
      operations: {
        voiceover: {
          method: 'PUT',
          request: (input: never) => ({ script: (input as { text: string }).text, voice: { id: (input as { voice_id: string }).voice_id } }),
          response: (json) => {
            const audio = (json as { data: { audio: { link: string; id: string; seconds: number } } }).data.audio;
            return { asset: { asset_id: audio.id, kind: 'voice', url: audio.link, mime_type: 'audio/wav', duration_s: audio.seconds } };
          },
        },
      },
    });
    const result = await c.api.voiceover({ project_id: 'p', text: 'Hello', voice_id: 'v9' });
    expect(result).to.deep.equal({ asset: { asset_id: 'x1', kind: 'voice', url: 'https://cdn.example/a.wav', mime_type: 'audio/wav', duration_s: 2 } });
    expect([c.calls[0]!.method, new URL(c.calls[0]!.url).pathname, c.calls[0]!.authorization]).to.deep.equal(['PUT', '/v1/speech', `Bearer ${TOKEN}`]);
    expect(bodyOf(c.calls[0]!)).to.deep.equal({ script: 'Hello', voice: { id: 'v9' } });
  });

  it('a GET request adapter gives the query; a wrong query is a contract error', async () => {
    const c = client(() => quick({ items: [] }), {
      operations: {
        voices: { request: () => ({ limit: 100, lang: 'en', all: true }), response: (json) => ({ voices: (json as { items: unknown[] }).items }) },
        music: { request: () => ({ nested: { no: 1 } }) },
      },
    });
    expect(await c.api.voices()).to.deep.equal({ voices: [] });
    expect(new URL(c.calls[0]!.url).search).to.equal('?limit=100&lang=en&all=true');
    const error = (await rejection(c.api.music())) as StudioApiError;
    expect(error.code).to.equal('contract');
    expect(error.message).to.match(/^music: the request adapter gave a query parameter nested that is not a string, number or boolean/);
    expect(c.calls.length).to.equal(1);
  });

  it('follows a job the response adapter names, reads polls with job.response, and reads the result with the operation’s response at 200', async () => {
    const statuses: number[] = [];
    const answers = [
      quick({ task: { id: 't1', links: { self: `${BASE}/v1/tasks/t1` } } }, 201),
      quick({ task: { state: 'WORKING', percent: 40 } }),
      quick({ task: { state: 'DONE', output: { ideas: [] } } }),
    ];
    const progress: string[] = [];
    const c = client((_call, i) => answers[i]!, {
      onProgress: (p) => progress.push(`${p.state}:${p.progress ?? '-'}`),
      operations: {
        recommendUrl: {
          response: (json, status) => {
            statuses.push(status);
            const task = (json as { task?: { id: string; links: { self: string } } }).task;
            return task === undefined ? { recommendations: (json as { ideas: unknown[] }).ideas } : { poll_url: task.links.self, job_id: task.id };
          },
        },
        job: {
          response: (json) => {
            const task = (json as { task: { state: string; percent?: number; output?: unknown } }).task;
            return task.state === 'DONE' ? { state: 'succeeded', result: task.output } : { state: 'pending', progress: (task.percent ?? 0) / 100 };
          },
        },
      },
    });
    expect(await c.api.recommendFromUrl({ project_id: 'p', url: 'https://shop.example', duration: 30, max_recommendations: 1 })).to.deep.equal({ recommendations: [] });
    expect(statuses).to.deep.equal([201, 200]);
    expect(c.calls.map((x) => `${x.method} ${new URL(x.url).pathname}`)).to.deep.equal(['POST /v1/recommend/url', 'GET /v1/tasks/t1', 'GET /v1/tasks/t1']);
    expect(progress).to.deep.equal(['pending:0.4', 'succeeded:-']);
  });

  it('a failed job read by job.response fails with the service’s message', async () => {
    const c = client((_call, i) => (i === 0 ? quick({ poll_url: '/v1/jobs/j' }, 202) : quick({ s: 'ERROR', why: 'voice unavailable' })), {
      operations: { job: { response: (json) => ({ state: 'failed', message: (json as { why: string }).why }) } },
    });
    const error = (await rejection(c.api.generate({ project_id: 'p' }))) as StudioApiError;
    expect(error.code).to.equal('job-failed');
    expect(error.message).to.contain('voice unavailable');
  });

  it('names the operation and the path of each wrong field, from the service as it is or through an adapter', async () => {
    const wrong = client(() => quick({ data: { audio_url: 'https://cdn.example/a.wav' } }));
    const error = (await rejection(wrong.api.voiceover({ project_id: 'p', text: 'Hi', voice_id: 'v' }))) as StudioApiError;
    expect(error.code).to.equal('contract');
    expect(error.recoverable).to.equal(false);
    expect(error.message).to.match(/^voiceover: result\.asset: expected an object, got undefined\. The service answers otherwise .* api\.operations\.voiceover\.response/);
    expect(error.toJSON()).to.deep.include({ code: 'contract', operation: 'voiceover' });

    const adapted = client(() => quick({ data: {} }), {
      operations: { voiceover: { response: () => ({ asset: { ...asset(), url: undefined } }) } },
    });
    const second = (await rejection(adapted.api.voiceover({ project_id: 'p', text: 'Hi', voice_id: 'v' }))) as StudioApiError & { fields: unknown[] };
    expect(second.message).to.equal('voiceover: result.asset.url: expected an absolute http(s) URL, got undefined. Fix api.operations.voiceover.response (see docs/contract.md).');
    expect(second.fields).to.deep.equal([{ path: 'result.asset.url', expected: 'an absolute http(s) URL', got: 'undefined' }]);
  });

  it('checks every operation’s typed result: each least answer passes, and each with a field taken away fails naming it', async () => {
    for (const operation of ['recommendProduct', 'format', 'voiceover', 'mix', 'generate', 'voices', 'music'] as const) {
      const good = client(() => quick(TYPED_RESULTS[operation]));
      const call = (api: ServiceClient) => callOf(api, operation);
      expect(await call(good.api), operation).to.deep.equal(TYPED_RESULTS[operation]);
      const [field] = Object.keys(TYPED_RESULTS[operation]);
      const bad = client(() => quick({ ...TYPED_RESULTS[operation], [field!]: 'wrong' }));
      const error = (await rejection(call(bad.api))) as StudioApiError;
      expect(error.message, operation).to.match(new RegExp(`^${operation}: result\\.${field}: expected .*, got a string of 5 characters`));
    }
  });

  it('a price list of the wrong shape is no price list (prices are a courtesy)', async () => {
    const c = client(() => quick({ operations: { voiceover: { base: 'one' } } }));
    expect(await c.api.pricing()).to.equal(undefined);
  });

  describe('hostile adapters', () => {
    const voiceover = (api: ServiceClient) => api.voiceover({ project_id: 'p', text: 'Hi', voice_id: 'v' });

    it('one that throws with the token in its words: a contract error without the token', async () => {
      const c = client(() => quick(TYPED_RESULTS.voiceover), {
        operations: {
          voiceover: {
            response: () => {
              throw new TypeError(`refused for Bearer ${TOKEN}`);
            },
          },
        },
      });
      const error = (await rejection(voiceover(c.api))) as StudioApiError;
      expect(error.code).to.equal('contract');
      expect(error.message).to.equal('voiceover: the response adapter threw a TypeError. Fix api.operations.voiceover.response (see docs/contract.md).');
      expect(said(error)).not.to.contain(TOKEN);
      expect(error.cause).to.equal(undefined);
    });

    it('one that rejects with an error whose name carries the token: the name is not repeated', async () => {
      class Leaky extends Error {}
      Object.defineProperty(Leaky, 'name', { value: `Leaky${TOKEN}` });
      const c = client(() => quick(TYPED_RESULTS.voiceover), { operations: { voiceover: { request: async () => Promise.reject(new Leaky(TOKEN)) } } });
      const error = (await rejection(voiceover(c.api))) as StudioApiError;
      expect(error.message).to.equal('voiceover: the request adapter threw something. Fix api.operations.voiceover.request (see docs/contract.md).');
      expect(said(error)).not.to.contain(TOKEN);
      expect(c.calls.length).to.equal(0);
    });

    it('one that hangs: a contract error after api.timeoutMs (1 s here)', async () => {
      const c = client(() => quick(TYPED_RESULTS.voiceover), { operations: { voiceover: { response: () => new Promise(() => {}) } } });
      const error = (await rejection(voiceover(c.api))) as StudioApiError;
      expect(error.message).to.equal('voiceover: the response adapter gave no answer within 1000 ms. Fix api.operations.voiceover.response (see docs/contract.md).');
    });

    it('an abort while an adapter hangs rejects with an AbortError at once', async () => {
      const controller = new AbortController();
      const c = client(() => quick(TYPED_RESULTS.voiceover), { operations: { voiceover: { response: () => new Promise(() => {}) } } });
      const pending = rejection(c.api.voiceover({ project_id: 'p', text: 'Hi', voice_id: 'v' }, { signal: controller.signal }));
      await new Promise((r) => setTimeout(r, 20));
      controller.abort();
      expect(((await pending) as Error).name).to.equal('AbortError');
    });

    it('a Proxy whose traps throw, or that answers each read otherwise: read once, as plain data', async () => {
      const throwing = new Proxy({}, { get: () => { throw new Error(TOKEN); }, ownKeys: () => { throw new Error(TOKEN); } });
      const c = client(() => quick(TYPED_RESULTS.voiceover), { operations: { voiceover: { response: () => throwing } } });
      const error = (await rejection(voiceover(c.api))) as StudioApiError;
      expect(error.code).to.equal('contract');
      expect(said(error)).not.to.contain(TOKEN);

      // A result that changes between reads: what the editor gets is the copy that was checked, never the Proxy.
      let reads = 0;
      const shifting = new Proxy(
        { asset: asset() },
        { get: (target, key, receiver) => (key === 'asset' && ++reads > 1 ? { url: 'javascript:alert(1)' } : Reflect.get(target, key, receiver)) },
      );
      const d = client(() => quick(TYPED_RESULTS.voiceover), { operations: { voiceover: { response: () => shifting } } });
      const result = await voiceover(d.api);
      expect(result.asset.url).to.equal(asset().url);
      expect(reads).to.equal(1);
      expect(result).not.to.equal(shifting);
    });

    it('a value that is not data (a cycle, a BigInt, a function for the result): a contract error', async () => {
      const cycle: Record<string, unknown> = {};
      cycle['self'] = cycle;
      for (const value of [cycle, { asset: 1n }, () => TOKEN]) {
        const c = client(() => quick(TYPED_RESULTS.voiceover), { operations: { voiceover: { response: () => value } } });
        const error = (await rejection(voiceover(c.api))) as StudioApiError;
        expect(error.code).to.equal('contract');
        expect(said(error)).not.to.contain(TOKEN);
      }
    });

    it('a returned field holding the token is named, never repeated', async () => {
      const c = client(() => quick(TYPED_RESULTS.voiceover), { operations: { voiceover: { response: () => ({ asset: { ...asset(), url: `Bearer ${TOKEN}` } }) } } });
      const error = (await rejection(voiceover(c.api))) as StudioApiError;
      expect(error.message).to.contain(`result.asset.url: expected an absolute http(s) URL, got a string of ${`Bearer ${TOKEN}`.length} characters`);
      expect(said(error)).not.to.contain(TOKEN);
    });

    it('a job.response that throws counts as a failed poll: polled again, then the contract error', async () => {
      let polls = 0;
      const c = client((_call, i) => (i === 0 ? quick({ poll_url: '/v1/jobs/j' }, 202) : (polls++, quick({}))), {
        operations: {
          job: {
            response: () => {
              throw new Error(TOKEN);
            },
          },
        },
        poller: { firstDelayMs: 1, baseDelayMs: 1, maxDelayMs: 2, minDelayMs: 1, random: () => 0, maxTransientErrors: 2 },
      });
      const error = (await rejection(c.api.generate({ project_id: 'p' }))) as StudioApiError;
      expect(error.message).to.equal('job: the response adapter threw an Error. Fix api.operations.job.response (see docs/contract.md).');
      expect(polls).to.equal(3);
    });
  });

  describe('config.api.operations', () => {
    const origin = { origin: 'https://host.example' };
    const auth = testAuth();
    const refused = (operations: unknown) => {
      try {
        resolveConfig({ auth, api: { operations: operations as never } }, origin);
      } catch (error) {
        return (error as Error).message;
      }
      throw new Error('expected a refusal');
    };

    it('keeps each override’s functions and method, and its path in api.paths', () => {
      const response = () => ({ voices: [] });
      const config = resolveConfig({ auth, api: { operations: { voices: { method: 'POST', path: '/v1/catalog/voices', response }, job: { path: '/v1/tasks/{job_id}' } } } }, origin);
      expect(config.api.operations.voices).to.deep.equal({ method: 'POST', response });
      expect(config.api.paths.voices).to.equal('/v1/catalog/voices');
      expect(config.api.paths.job).to.equal('/v1/tasks/{job_id}');
    });

    it('names each wrong key by its path', () => {
      expect(refused({ voicover: {} })).to.match(/config\.api\.operations\.voicover: unknown key; did you mean "voiceover"\?/);
      expect(refused({ voiceover: { method: 'DELETE' } })).to.contain('config.api.operations.voiceover.method: expected one of "GET", "POST", "PUT", "PATCH"');
      expect(refused({ voiceover: { request: 'body' } })).to.contain('config.api.operations.voiceover.request: expected a function');
      expect(refused({ voiceover: { path: 'https://evil.example/v1/x' } })).to.contain('config.api.operations.voiceover.path: expected a path under /v1/');
      expect(refused({ job: { path: '/v1/tasks' } })).to.contain('config.api.operations.job.path: expected a path containing {job_id}');
      expect(refused({ job: { request: () => ({}) } })).to.contain('config.api.operations.job.request: unknown key');
      expect(refused([])).to.contain('config.api.operations: expected an object');
    });
  });
});

function callOf(api: ServiceClient, operation: Exclude<ApiOperation, 'job' | 'recommendUrl' | 'pricing'>): Promise<unknown> {
  switch (operation) {
    case 'recommendProduct':
      return api.recommendFromProduct({ project_id: 'p', product: { name: 'n', description: 'd' }, duration: 30, max_recommendations: 1 });
    case 'format':
      return api.format({ project_id: 'p', sections: [], duration: 30 });
    case 'voiceover':
      return api.voiceover({ project_id: 'p', text: 'Hi', voice_id: 'v' });
    case 'mix':
      return api.mix({ project_id: 'p', duration: 30, voice: [] });
    case 'generate':
      return api.generate({ project_id: 'p' });
    case 'voices':
      return api.voices();
    case 'music':
      return api.music();
  }
}
