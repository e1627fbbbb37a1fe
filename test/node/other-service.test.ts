// The other service (test/support/other-service/server.ts) read through its adapters
// (test/fixtures/other-service-adapters.mjs) gives the editor what the emulator gives directly: every operation
// is called both ways, by two users doing the same things in the same order, and the results compared field by
// field (ids and URLs aside). Without adapters, the emulator's shapes fail on it.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import {
  DEFAULT_PATHS,
  type ApiOperation, type GenerateResult, type MixResult, type MusicLibrary, type RecommendResult, type VoiceLibrary, type VoiceoverResult,
} from '../../src/api/contract.js';
import type { Emulator } from '../../demo/server/emulator/server.js';
import { API_KEY, RECOMMEND, fastEmulator, get, mintToken, post, untilDone } from '../server/helpers.js';
import { startOtherService, type TaskDocument } from '../support/other-service/server.js';
import adapters from '../fixtures/other-service-adapters.mjs';

type Operation = Exclude<ApiOperation, 'job'>;
interface Adapter {
  method?: string;
  path?: string;
  request?: (input: never) => unknown;
  response?: (json: unknown, status: number) => unknown;
}

const PAGE_ORIGIN = 'http://127.0.0.1:9999';
const LIBRARY_READS = new Set<ApiOperation>(['voices', 'music', 'pricing']);
const TASK_STATES = ['WAITING', 'WORKING', 'DONE', 'ERROR', 'CANCELED'];

/**
 * `value` with what differs between two calls made the same on both sides: the origin, asset ids, and the length
 * of generated audio and the times of its words (eSpeak's output varies by a few ms from one synthesis to the
 * next). What must then be equal.
 */
function comparable(value: unknown, origin: string): unknown {
  if (typeof value === 'string') return value.replace(origin, '<origin>').replace(/asset_[A-Za-z0-9_-]+/g, 'asset_*');
  if (Array.isArray(value)) return value.map((item) => comparable(item, origin));
  if (typeof value !== 'object' || value === null) return value;
  const generated = 'asset_id' in value && 'duration_s' in value;
  const timed = (item: unknown) => (item as { text: string; start_s: number; end_s: number }[]).map(({ text, start_s, end_s }) => ({ text, start_s: typeof start_s, end_s: typeof end_s }));
  return Object.fromEntries(
    Object.entries(value).map(([key, item]) => [key, generated && key === 'duration_s' ? typeof item : generated && key === 'words' ? timed(item) : comparable(item, origin)]),
  );
}

describe('the other service, through its adapters', () => {
  let emulator: Emulator;
  let other: { url: string; close(): Promise<void> };
  /** The user who calls the emulator directly, and the one who calls the other service. */
  let direct: string;
  let proxied: string;
  /** Every task document polled on the other service. */
  const tasks: TaskDocument[] = [];

  before(async () => {
    emulator = await fastEmulator({ jobStepMs: 20, allowedOrigins: [PAGE_ORIGIN] });
    other = await startOtherService({ emulatorUrl: emulator.url });
    direct = await mintToken(emulator, 'direct');
  });
  after(async () => {
    await other?.close();
    await emulator?.close();
  });

  /** What the editor does with an operation's adapter, against the other service. */
  async function throughAdapters<R>(operation: Operation, input: object): Promise<R> {
    const adapter = adapters.operations[operation] as Adapter;
    const method = adapter.method ?? (LIBRARY_READS.has(operation) ? 'GET' : 'POST');
    const sent = adapter.request ? adapter.request(input as never) : method === 'GET' ? undefined : input;
    const url = new URL(`${other.url}${adapter.path ?? DEFAULT_PATHS[operation]}`);
    if (method === 'GET') for (const [name, value] of Object.entries(sent ?? {})) url.searchParams.set(name, String(value));
    const response = await fetch(url, {
      method,
      headers: { authorization: `Bearer ${proxied}`, ...(method === 'GET' ? {} : { 'content-type': 'application/json' }) },
      body: method === 'GET' ? undefined : JSON.stringify(sent),
    });
    assert.ok(response.ok, `${operation} answered ${response.status}: ${await response.clone().text()}`);
    const answer = await adapter.response!(await response.json(), response.status);
    if (typeof answer !== 'object' || answer === null || !('poll_url' in answer)) return answer as R;
    const { poll_url: pollUrl, job_id: jobId } = answer as { poll_url: string; job_id?: string };
    assert.equal(pollUrl, `${other.url}${adapters.operations.job.path.replace('{job_id}', jobId!)}`, 'the poll link is the task, on the other service');
    for (;;) {
      const poll = await get(pollUrl, proxied);
      assert.equal(poll.status, 200);
      const json = (await poll.json()) as TaskDocument;
      tasks.push(json);
      const status = adapters.operations.job.response(json);
      if (status.state === 'succeeded') return (await adapter.response!(status.result, 200)) as R;
      assert.equal(status.state, 'pending', `the ${operation} task ended ${JSON.stringify(json)}`);
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
  }

  /** The same call on the emulator, in its own shapes. */
  async function onEmulator<R>(operation: Operation, input: object, token = direct): Promise<R> {
    const response = LIBRARY_READS.has(operation) ? await get(`${emulator.url}${DEFAULT_PATHS[operation]}`, token) : await post(emulator, DEFAULT_PATHS[operation], input, token);
    assert.ok(response.ok, `${operation} answered ${response.status} on the emulator`);
    if (response.status !== 202) return (await response.json()) as R;
    const { record } = await untilDone<R>(((await response.json()) as { poll_url: string }).poll_url, token);
    assert.equal(record.status, 'succeeded');
    return record.result!;
  }

  /** Calls `operation` both ways; asserts the results are the same but for ids and origins; returns both. */
  async function bothWays<R>(operation: Operation, input: (side: 'direct' | 'proxied') => object): Promise<{ mine: R; theirs: R }> {
    const theirs = await onEmulator<R>(operation, input('direct'));
    const mine = await throughAdapters<R>(operation, input('proxied'));
    assert.deepEqual(comparable(mine, other.url), comparable(theirs, emulator.url));
    assert.ok(!JSON.stringify(mine).includes(emulator.url), 'no URL of the emulator reaches the editor');
    return { mine, theirs };
  }

  it('POST /v1/auth/token is forwarded unchanged (x-api-key, server to server)', async () => {
    const response = await fetch(`${other.url}/v1/auth/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-api-key': API_KEY },
      body: JSON.stringify({ user_id: 'proxied' }),
    });
    assert.equal(response.status, 200);
    const minted = (await response.json()) as { token: string; type: string; expires_in: number };
    assert.deepEqual(Object.keys(minted).sort(), ['expires_in', 'token', 'type']);
    assert.equal(minted.type, 'Bearer');
    proxied = minted.token;
    const wrongKey = await fetch(`${other.url}/v1/auth/token`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-api-key': 'nope' }, body: '{"user_id":"x"}' });
    assert.equal(wrongKey.status, 401);
  });

  let ideas: { direct: RecommendResult; proxied: RecommendResult };
  it('recommendUrl: a task polled at its self link, WAITING/WORKING (percent 0..100) to DONE, the same ideas', async () => {
    const { mine, theirs } = await bothWays<RecommendResult>('recommendUrl', () => RECOMMEND);
    ideas = { direct: theirs, proxied: mine };
    assert.equal(mine.recommendations.length, 3);
    assert.equal(typeof mine.recommendations[0]!.target_duration_s, 'number');
    assert.equal(mine.usage?.credits_used, 3);
    const states = tasks.map(({ data }) => data.task.state);
    assert.ok(states.every((state) => TASK_STATES.includes(state)), states.join());
    assert.equal(states.at(-1), 'DONE');
    assert.ok(states.includes('WORKING'), `a running task is WORKING: ${states.join()}`);
    const percents = tasks.map(({ data }) => data.task.percent);
    assert.ok(percents.every((percent) => Number.isInteger(percent) && percent! >= 0 && percent! <= 100), percents.join());
    assert.equal(percents.at(-1), 100);
    const working = tasks.find(({ data }) => data.task.state === 'WORKING')!;
    const status = adapters.operations.job.response(working);
    assert.equal(status.state, 'pending');
    assert.ok('progress' in status && status.progress === working.data.task.percent! / 100 && status.progress < 1);
    assert.ok('stage' in status && typeof status.stage === 'string');
  });

  it('recommendProduct: the same ideas', async () => {
    const product = { name: 'Cold Brew Kit', description: 'Smooth coffee at home, in twelve hours.', url: 'https://www.acme-coffee.com/kit', price: '$29' };
    const { mine } = await bothWays<RecommendResult>('recommendProduct', () => ({ project_id: 'p1', product, duration: 20, max_recommendations: 2 }));
    assert.equal(mine.recommendations.length, 2);
  });

  it('format: answered at once, the same fit (sections, changes, summary, usage), keep_section_ids kept', async () => {
    const { mine } = await bothWays<{ sections: Array<{ id: string; text: string }>; changes?: unknown[]; summary?: string }>('format', (side) => ({
      project_id: 'p1',
      sections: ideas[side].recommendations[0]!.script.sections,
      duration: 12,
      voice_id: 'en-us-sam',
      speed: 1.1,
      keep_section_ids: ['cta'],
    }));
    assert.ok(mine.changes!.length > 0, 'the script was shortened, so changes are compared');
    assert.match(mine.summary!, /^shortened/);
    assert.equal(mine.sections.find((section) => section.id === 'cta')!.text, ideas.proxied.recommendations[0]!.script.sections.find((section) => section.id === 'cta')!.text);
  });

  let speech: { direct: VoiceoverResult; proxied: VoiceoverResult };
  it('voiceover at /v1/speech: the same asset (section id, voice, duration), pronunciations carried', async () => {
    const request = { project_id: 'p1', text: 'Try Acme Brew today.', voice_id: 'en-gb-olivia', speed: 0.9, section_id: 'cta', pronunciations: [{ text: 'Acme', say: 'Ack me, the all capitals company', case_sensitive: true }] };
    const { mine, theirs } = await bothWays<VoiceoverResult>('voiceover', () => request);
    speech = { direct: theirs, proxied: mine };
    assert.equal(mine.section_id, 'cta');
    assert.equal(mine.asset.section_id, 'cta');
    assert.equal(mine.asset.voice?.speed, 0.9);
    assert.match(mine.asset.url, new RegExp(`^${other.url}/v1/assets/asset_`));
    assert.ok(Math.abs(mine.asset.duration_s - theirs.asset.duration_s) < 0.1, 'the same speech');
    // By a third user, so the two compared keep the same credits.
    const plain = await onEmulator<VoiceoverResult>('voiceover', { ...request, pronunciations: undefined }, await mintToken(emulator, 'third'));
    assert.ok(mine.asset.duration_s - plain.asset.duration_s > 0.5, 'the pronunciation reached the emulator: the audio changed');
  });

  it('mix: the same mixed asset', async () => {
    const { mine } = await bothWays<MixResult>('mix', (side) => ({
      project_id: 'p1',
      duration: 6,
      voice: [{ asset_id: speech[side].asset.asset_id, start_s: 0.5, gain_db: -1 }],
      music: { asset_id: 'calm-harbour', gain_db: -10, fade_in_s: 0.2, fade_out_s: 1 },
      ducking: { depth_db: 8, attack_ms: 50, release_ms: 300 },
    }));
    assert.equal(mine.asset.kind, 'mix');
    assert.equal(mine.asset.music?.track_id, 'calm-harbour');
  });

  let ad: GenerateResult;
  it('generate at /v1/ads: the same ad, voice-overs and bed', async () => {
    ({ mine: ad } = await bothWays<GenerateResult>('generate', (side) => ({ project_id: 'p1', recommendation_id: ideas[side].recommendations[0]!.recommendation_id })));
    assert.equal(ad.voiceovers.length, 3);
    assert.deepEqual(ad.voiceovers.map((voiceover) => voiceover.section_id), ['hook', 'body', 'cta']);
    assert.equal(ad.music?.asset_id, ideas.proxied.recommendations[0]!.music.track_id);
    assert.ok(ad.usage!.credits_remaining! < 1000);
  });

  it('generate from a composition, with mastering: the same ad', async () => {
    await bothWays<GenerateResult>('generate', () => ({
      project_id: 'p2',
      composition: { sections: [{ id: 'only', label: 'Only', text: 'Hello there.' }], voice_id: 'en-us-ava', track_id: 'upbeat-sunrise', duration: 5 },
      mastering: { target_lufs: -18, true_peak_dbtp: -2 },
    }));
  });

  it('voices (GET /v1/catalog/voices?limit=100), music and pricing: the same libraries and prices', async () => {
    const { mine: voices } = await bothWays<VoiceLibrary>('voices', () => ({}));
    assert.ok(voices.voices.length > 2 && voices.voices.every((voice) => voice.sample_url.startsWith(`${other.url}/cdn/`)));
    const { mine: music } = await bothWays<MusicLibrary>('music', () => ({}));
    assert.ok(music.tracks.length > 2 && music.tracks.every((track) => track.preview_url.startsWith(`${other.url}/cdn/`)));
    await bothWays('pricing', () => ({}));
  });

  it('assets and library audio are fetched through it, bytes and headers as the emulator sends them', async () => {
    /** The file at `url` (on the other service), fetched through it and from the emulator. */
    const fetchBoth = async (url: string, method = 'GET') => {
      const init = { method, headers: { authorization: `Bearer ${proxied}` } };
      const [mine, theirs] = await Promise.all([fetch(url, init), fetch(url.replace(other.url, emulator.url), init)]);
      assert.equal(mine.status, 200);
      for (const header of ['content-type', 'content-length', 'accept-ranges', 'cache-control']) assert.equal(mine.headers.get(header), theirs.headers.get(header), header);
      assert.deepEqual(Buffer.from(await mine.arrayBuffer()), Buffer.from(await theirs.arrayBuffer()));
      return mine;
    };
    const wav = await fetchBoth(speech.proxied.asset.url);
    assert.equal(wav.headers.get('content-type'), 'audio/wav');
    assert.ok(Number(wav.headers.get('content-length')) > 1000);
    assert.equal((await fetchBoth(speech.proxied.asset.url, 'HEAD')).headers.get('content-length'), wav.headers.get('content-length'));
    await fetchBoth(ad.asset.url);
    assert.match(ad.music!.url, /\/cdn\/music\//);
    await fetchBoth(ad.music!.url);
    assert.equal((await fetch(speech.proxied.asset.url)).status, 401, 'an asset still needs the token');
  });

  it('CORS: preflights answered by the emulator, its headers on answers, its own refusals included', async () => {
    const preflight = (origin: string) =>
      fetch(`${other.url}/v1/speech`, {
        method: 'OPTIONS',
        headers: { origin, 'access-control-request-method': 'POST', 'access-control-request-headers': 'authorization, content-type, idempotency-key' },
      });
    const allowed = await preflight(PAGE_ORIGIN);
    assert.equal(allowed.status, 204);
    assert.equal(allowed.headers.get('access-control-allow-origin'), PAGE_ORIGIN);
    assert.match(allowed.headers.get('access-control-allow-headers') ?? '', /Idempotency-Key/);
    assert.equal((await preflight('http://elsewhere.example')).status, 403);
    const read = await fetch(`${other.url}/v1/catalog/music`, { headers: { origin: PAGE_ORIGIN, authorization: `Bearer ${proxied}` } });
    assert.equal(read.headers.get('access-control-allow-origin'), PAGE_ORIGIN);
    const refused = await fetch(`${other.url}/v1/catalog/voices`, { headers: { origin: PAGE_ORIGIN, authorization: `Bearer ${proxied}` } });
    assert.equal(refused.status, 422);
    assert.equal(refused.headers.get('access-control-allow-origin'), PAGE_ORIGIN, 'a page can read why');
  });

  it('the emulator\'s shapes, sent without adapters, fail with the missing field named or find nothing', async () => {
    const send = (path: string, body: unknown) => fetch(`${other.url}${path}`, { method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${proxied}` }, body: JSON.stringify(body) });
    const missing = async (response: Response) => {
      assert.equal(response.status, 422);
      return ((await response.json()) as { error: { code: string; message: string } }).error;
    };
    assert.deepEqual(await missing(await send(DEFAULT_PATHS.recommendUrl, RECOMMEND)), { code: 'missing_field', message: 'projectId is required.' });
    assert.match((await missing(await send(DEFAULT_PATHS.recommendUrl, { projectId: 'p1', url: RECOMMEND.url }))).message, /^page\.url is required/);
    assert.match((await missing(await send(DEFAULT_PATHS.mix, { project_id: 'p1', duration: 5, voice: [] }))).message, /^projectId is required/);
    assert.match((await missing(await send('/v1/ads', { projectId: 'p1', recommendation_id: 'rec_x' }))).message, /^ideaId or composition is required/);
    assert.match((await missing(await fetch(`${other.url}/v1/catalog/voices`, { headers: { authorization: `Bearer ${proxied}` } }))).message, /^limit is required/);
    for (const path of [DEFAULT_PATHS.voiceover, DEFAULT_PATHS.generate, DEFAULT_PATHS.format, DEFAULT_PATHS.voices, DEFAULT_PATHS.music, '/v1/jobs/job_x']) {
      assert.equal((await fetch(`${other.url}${path}`, { method: 'POST', headers: { authorization: `Bearer ${proxied}` } })).status, 404, path);
    }
    const prices = (await (await get(`${other.url}${DEFAULT_PATHS.pricing}`, proxied)).json()) as Record<string, unknown>;
    assert.equal(prices['operations'], undefined, 'the price list read as the emulator\'s has no operations');
  });

  it('error answers pass through unchanged; a repeated idempotency key gives the same task', async () => {
    const bad = { project_id: 'p1', text: 'Hi.', voice_id: 'nobody' };
    const [mine, theirs] = await Promise.all([
      fetch(`${other.url}/v1/speech`, { method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${proxied}` }, body: JSON.stringify(adapters.operations.voiceover.request(bad)) }),
      post(emulator, DEFAULT_PATHS.voiceover, bad, direct),
    ]);
    assert.equal(mine.status, 400);
    assert.deepEqual(await mine.json(), await theirs.json());
    const anonymous = await fetch(`${other.url}/v1/catalog/music`);
    assert.equal(anonymous.status, 401);
    assert.equal(anonymous.headers.get('www-authenticate'), 'Bearer');
    const start = () =>
      fetch(`${other.url}/v1/speech`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${proxied}`, 'idempotency-key': 'same-key-1' },
        body: JSON.stringify(adapters.operations.voiceover.request({ project_id: 'p1', text: 'Once.', voice_id: 'en-us-ava' })),
      }).then(async (response) => ((await response.json()) as TaskDocument).data.task.id);
    assert.equal(await start(), await start());
  });
});
