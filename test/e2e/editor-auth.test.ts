// The editor's own auth and client against the running host application and service emulator, over HTTP:
// the token through the host endpoint, a forced 401 giving exactly one refresh and one retry, a real expiry,
// the `accessToken.token` host shape, and the token kept to /v1/ URLs.
import { expect } from '@open-wc/testing';
import sinon from 'sinon';
// @ts-expect-error: a virtual module served by scripts/lib/emulator-plugin.mjs
import { apiBaseUrl, emulatorAdmin } from '/__studio-env.js';
import { endpointAuth } from '../../src/auth/endpoint-auth.js';
import { create, type StudioHandle } from '../../src/create.js';
import { cleanupMounts, mountPoint } from '../support/auth.js';

interface Sent {
  url: string;
  method: string;
  authorization: string | null;
  status: number;
}

/** Calls through to the real fetch and records every request with the Authorization it carried. */
function recordFetch(): Sent[] {
  const sent: Sent[] = [];
  const real = window.fetch.bind(window);
  sinon.stub(window, 'fetch').callsFake(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input instanceof Request ? input.url : input);
    const headers = new Headers(init?.headers ?? (input instanceof Request ? input.headers : undefined));
    const response = await real(input, init);
    sent.push({ url, method: init?.method ?? 'GET', authorization: headers.get('authorization'), status: response.status });
    return response;
  });
  return sent;
}

async function admin(path: string, body: unknown): Promise<void> {
  const response = await fetch(`${emulatorAdmin as string}${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  expect(response.status).to.equal(200);
}

const urlRequest = (projectId: string) => ({
  project_id: projectId,
  url: 'https://www.northwind-bikes.com/products/trail-runner-2',
  duration: 30,
  max_recommendations: 2,
});

const path = (url: string) => new URL(url, location.href).pathname;

describe('the editor against the emulator (e2e)', () => {
  let handle: StudioHandle | undefined;
  let userId: string;

  beforeEach(() => {
    userId = `e2e-${Math.random().toString(36).slice(2)}`;
    mountPoint('editor');
  });

  afterEach(() => {
    handle?.destroy();
    handle = undefined;
    sinon.restore();
    cleanupMounts();
  });

  async function mount(shape?: 'accessToken'): Promise<StudioHandle> {
    const query = shape ? `?shape=${shape}` : '';
    handle = await create({
      target: '#editor',
      api: { baseUrl: apiBaseUrl as string },
      auth: { userId, ...endpointAuth({ tokenUrl: `/host/token${query}`, refreshUrl: `/host/refresh${query}` }) },
      project: { id: `project-${userId}` },
    });
    return handle;
  }

  it('gets one token through the host endpoint and sends it on /v1/ only', async () => {
    const sent = recordFetch();
    const editor = await mount();
    const voices = await editor.api!.voices();
    expect(voices.voices.length).to.be.greaterThan(0);
    await editor.api!.pricing();
    const tokenCalls = sent.filter((s) => path(s.url) === '/host/token');
    expect(tokenCalls.map((s) => [s.status, s.authorization])).to.deep.equal([[200, null]]);
    // The voices asked for here, and the price list the editor reads at start: each with the token.
    const v1 = sent.filter((s) => path(s.url).startsWith('/v1/'));
    expect(v1.map((s) => path(s.url)).sort()).to.deep.equal(['/v1/pricing', '/v1/voices']);
    for (const request of v1) expect(request.authorization).to.match(/^Bearer \S+$/);
    const track = (await editor.api!.music()).tracks[0]!;
    const bed = await editor.api!.fetch(track.url);
    expect(bed.status).to.equal(200);
    const cdn = sent.find((s) => s.url === new URL(track.url, apiBaseUrl as string).href)!;
    expect(cdn.authorization).to.equal(null);
  });

  it('answers a forced 401 with exactly one refresh and one retry, and the job completes', async () => {
    const sent = recordFetch();
    const editor = await mount();
    await editor.api!.voices();
    await admin('/faults', { unauthorized: 1, scope: userId });
    const progress: string[] = [];
    editor.on('job-progress', (detail) => progress.push(detail.state));
    const result = await editor.api!.recommendFromUrl(urlRequest(`project-${userId}`));
    expect(result.recommendations.length).to.equal(2);
    expect(result.recommendations[0]!.script.sections.length).to.be.greaterThan(0);
    const starts = sent.filter((s) => path(s.url) === '/v1/recommend/url');
    expect(starts.map((s) => s.status)).to.deep.equal([401, 202]);
    expect(starts[0]!.authorization).to.not.equal(starts[1]!.authorization);
    const refreshes = sent.filter((s) => path(s.url) === '/host/refresh');
    expect(refreshes.length).to.equal(1);
    expect(refreshes[0]!.authorization).to.equal(starts[0]!.authorization);
    expect(sent.filter((s) => path(s.url) === '/host/token').length).to.equal(1);
    expect(progress.at(-1)).to.equal('succeeded');
  });

  it('refreshes once when the token really expires, with the accessToken.token host shape', async () => {
    const sent = recordFetch();
    const editor = await mount('accessToken');
    await editor.api!.voices();
    await admin('/expire-tokens', { user_id: userId });
    await editor.api!.voices();
    const calls = sent.filter((s) => path(s.url) === '/v1/voices');
    expect(calls.map((s) => s.status)).to.deep.equal([200, 401, 200]);
    expect(calls[1]!.authorization).to.equal(calls[0]!.authorization);
    expect(calls[2]!.authorization).to.not.equal(calls[1]!.authorization);
    expect(sent.filter((s) => path(s.url) === '/host/refresh').length).to.equal(1);
  });

  it('a 401 on the retry is final: one refresh, an auth-error event, no loop', async () => {
    const sent = recordFetch();
    const editor = await mount();
    await editor.api!.voices();
    await admin('/faults', { unauthorized: 2, scope: userId });
    const authErrors: string[] = [];
    editor.on('auth-error', (detail) => authErrors.push(detail.code));
    let caught: unknown;
    try {
      await editor.api!.voices();
    } catch (error) {
      caught = error;
    }
    expect((caught as { code?: string }).code).to.equal('auth-rejected');
    expect(sent.filter((s) => path(s.url) === '/v1/voices').map((s) => s.status)).to.deep.equal([200, 401, 401]);
    expect(sent.filter((s) => path(s.url) === '/host/refresh').length).to.equal(1);
    expect(authErrors).to.deep.equal(['auth-rejected']);
    const serialised = JSON.stringify(caught);
    for (const s of sent) if (s.authorization) expect(serialised).to.not.include(s.authorization.slice(7));
  });

  it('fetches a voice-over asset with the token (same user) through the client', async () => {
    const sent = recordFetch();
    const editor = await mount();
    const voices = await editor.api!.voices();
    const result = await editor.api!.voiceover({ project_id: `project-${userId}`, text: 'Ride further.', voice_id: voices.voices[0]!.voice_id });
    expect(result.asset.kind).to.equal('voice');
    const asset = await editor.api!.fetch(result.asset.url);
    expect(asset.status).to.equal(200);
    expect(asset.headers.get('content-type')).to.equal('audio/wav');
    const assetCall = sent.find((s) => path(s.url) === path(result.asset.url))!;
    expect(assetCall.authorization).to.match(/^Bearer /);
  });
});
