import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type {
  ApiErrorBody, FormatResult, GenerateResult, JobAccepted, MixResult, MusicLibrary, RecommendResult, VoiceLibrary, VoiceoverResult,
} from '../../src/api/contract.js';
import { decodeWav } from '../../demo/server/emulator/wav.js';
import type { Emulator } from '../../demo/server/emulator/server.js';
import { RECOMMEND, fastEmulator, get, mintToken, post, untilDone } from './helpers.js';

describe('emulator: operations', () => {
  let emulator: Emulator;
  let token: string;
  before(async () => {
    emulator = await fastEmulator();
    token = await mintToken(emulator, 'alice');
  });
  after(() => emulator.close());

  const start = async (path: string, body: unknown) => {
    const response = await post(emulator, path, body, token);
    assert.equal(response.status, 202, `${path} answered ${response.status}`);
    return (await response.json()) as JobAccepted;
  };
  const errorOf = async (response: Response) => ((await response.json()) as ApiErrorBody).error;

  it('recommend/url: 202 with an absolute poll_url, then N recommendations derived from the URL', async () => {
    const accepted = await start('/v1/recommend/url', RECOMMEND);
    assert.equal(accepted.status, 'queued');
    assert.equal(accepted.poll_url, `${emulator.url}/v1/jobs/${accepted.job_id}`);
    const { record } = await untilDone<RecommendResult>(accepted.poll_url, token);
    assert.equal(record.status, 'succeeded');
    const result = record.result!;
    assert.equal(result.recommendations.length, 3);
    for (const recommendation of result.recommendations) {
      assert.match(recommendation.title, /Cold Brew Kit/);
      assert.deepEqual(recommendation.script.sections.map((section) => section.id), ['hook', 'body', 'cta']);
      assert.ok(recommendation.script.sections.some((section) => section.text.includes('acme-coffee.com')));
      assert.equal(typeof recommendation.voice.voice_id, 'string');
      assert.equal(typeof recommendation.music.track_id, 'string');
      assert.ok(recommendation.duration_s > 0 && recommendation.duration_s <= 30);
    }
    assert.equal(result.usage?.credits_used, 3);
    assert.equal(result.usage?.credits_remaining, 997);
    assert.deepEqual(record.usage, result.usage);
  });

  it('recommend/url is deterministic for the same URL and differs for another', async () => {
    const run = async (url: string) =>
      (await untilDone<RecommendResult>((await start('/v1/recommend/url', { ...RECOMMEND, url })).poll_url, token)).record.result!.recommendations;
    const first = await run('https://shop.example/sneakers/trail-runner-x');
    const again = await run('https://shop.example/sneakers/trail-runner-x');
    assert.deepEqual(first, again);
    assert.match(first[0]!.title, /Trail Runner X/);
    const other = await run('https://www.cozy-home.com/sofa/velvet-corner');
    assert.notDeepEqual(other.map((r) => r.title), first.map((r) => r.title));
    assert.equal(other[0]!['category'], 'home');
  });

  it('recommend/url: the job advances queued -> running (progress, stage) -> succeeded', async () => {
    const slow = await fastEmulator({ jobStepMs: 30 });
    try {
      const slowToken = await mintToken(slow, 'u');
      const accepted = (await (await post(slow, '/v1/recommend/url', RECOMMEND, slowToken)).json()) as JobAccepted;
      const { seen } = await untilDone(accepted.poll_url, slowToken);
      const statuses = seen.map((record) => record.status).filter((status, i, all) => status !== all[i - 1]);
      assert.deepEqual(statuses, ['queued', 'running', 'succeeded']);
      const running = seen.filter((record) => record.status === 'running');
      assert.ok(running.every((record) => typeof record.stage === 'string' && record.progress! >= 0 && record.progress! < 1));
      const progress = running.map((record) => record.progress!);
      assert.deepEqual(progress, [...progress].sort((a, b) => a - b), 'progress never goes back');
      assert.ok(new Set(running.map((record) => record.stage)).size >= 2, 'several stages are shown');
    } finally {
      await slow.close();
    }
  });

  it('recommend/url: bad input is a 400 naming the field', async () => {
    const cases: Array<[Record<string, unknown>, RegExp]> = [
      [{ ...RECOMMEND, project_id: undefined }, /project_id/],
      [{ ...RECOMMEND, url: 'not a url' }, /url/],
      [{ ...RECOMMEND, url: 'ftp://x.example/a' }, /url/],
      [{ ...RECOMMEND, duration: 0 }, /duration/],
      [{ ...RECOMMEND, duration: '30' }, /duration/],
      [{ ...RECOMMEND, max_recommendations: 2.5 }, /max_recommendations/],
      [{ ...RECOMMEND, max_recommendations: 11 }, /max_recommendations/],
      [{ ...RECOMMEND, webhook: { url: 'https://example.com/hook' } }, /webhook\.url/],
      [{ ...RECOMMEND, webhook: 'http://127.0.0.1/x' }, /webhook/],
    ];
    for (const [body, field] of cases) {
      const response = await post(emulator, '/v1/recommend/url', body, token);
      assert.equal(response.status, 400, JSON.stringify(body));
      assert.match((await errorOf(response)).message, field);
    }
  });

  it('answers 415 to a non-JSON body, 400 to bad JSON, 413 to a body over the limit, 405 to GET', async () => {
    const raw = (body: string, type: string) =>
      fetch(`${emulator.url}/v1/recommend/url`, { method: 'POST', headers: { authorization: `Bearer ${token}`, 'content-type': type }, body });
    assert.equal((await raw('{}', 'text/plain')).status, 415);
    assert.equal((await raw('{nope', 'application/json')).status, 400);
    assert.equal((await raw('[1]', 'application/json')).status, 400);
    assert.equal((await raw(JSON.stringify({ pad: 'x'.repeat(1_100_000) }), 'application/json')).status, 413);
    const wrong = await get(`${emulator.url}/v1/recommend/url`, token);
    assert.equal(wrong.status, 405);
    assert.equal(wrong.headers.get('allow'), 'POST');
  });

  it('recommend/product: a job whose recommendations use the product name and description', async () => {
    const accepted = await start('/v1/recommend/product', {
      project_id: 'p2', product: { name: 'Sky Phone 3', description: 'A smart phone with a two-day battery' }, duration: 20, max_recommendations: 2,
    });
    const { record } = await untilDone<RecommendResult>(accepted.poll_url, token);
    assert.equal(record.result!.recommendations.length, 2);
    assert.match(record.result!.recommendations[0]!.script.sections[1]!.text, /two-day battery/);
    assert.equal(record.result!.recommendations[0]!['category'], 'tech');
    const bad = await post(emulator, '/v1/recommend/product', { project_id: 'p', product: { name: 'X' }, duration: 20, max_recommendations: 1 }, token);
    assert.equal(bad.status, 400);
    assert.match((await errorOf(bad)).message, /product\.description/);
  });

  it('format: fits sections to the duration and answers 200 at once', async () => {
    const long = 'This sentence has exactly seven words in it. '.repeat(20).trim();
    const response = await post(emulator, '/v1/format', {
      project_id: 'p', duration: 10, voice_id: 'en-gb-george',
      sections: [{ id: 'hook', label: 'Hook', text: 'Short hook.' }, { id: 'body', label: 'Body', text: long }],
    }, token);
    assert.equal(response.status, 200);
    const result = (await response.json()) as FormatResult;
    assert.deepEqual(result.sections.map((s) => s.id), ['hook', 'body']);
    assert.equal(result.sections[0]!.text, 'Short hook.');
    assert.ok(result.sections[1]!.text.length < long.length);
    assert.ok(result.estimated_duration_s <= 10 && result.estimated_duration_s > 5, String(result.estimated_duration_s));
    assert.equal(result.usage?.credits_used, 1);
    const bad = await post(emulator, '/v1/format', { project_id: 'p', duration: 10, sections: [], voice_id: 'en-gb-george' }, token);
    assert.match((await errorOf(bad)).message, /sections/);
    const unknownVoice = await post(emulator, '/v1/format', { project_id: 'p', duration: 10, sections: [{ id: 'a', text: 'x' }], voice_id: 'robot' }, token);
    assert.match((await errorOf(unknownVoice)).message, /voice_id/);
  });

  it('voiceover: real speech as a 22,050 Hz mono WAV asset, with voice details and usage', async () => {
    const accepted = await start('/v1/voiceover', { project_id: 'p', text: 'Fresh coffee, delivered to your door every morning.', voice_id: 'en-us-ava', speed: 1.2, section_id: 'hook' });
    const { record } = await untilDone<VoiceoverResult>(accepted.poll_url, token);
    assert.equal(record.status, 'succeeded');
    const { asset, section_id, usage } = record.result!;
    assert.equal(section_id, 'hook');
    assert.equal(asset.kind, 'voice');
    assert.equal(asset.mime_type, 'audio/wav');
    assert.equal(asset.sample_rate, 22_050);
    assert.equal(asset.voice?.voice_id, 'en-us-ava');
    assert.equal(asset.voice?.speed, 1.2);
    assert.ok(asset.url.startsWith(`${emulator.url}/v1/assets/`));
    assert.ok(usage!.credits_used >= 1);
    const response = await get(asset.url, token);
    assert.equal(response.headers.get('content-type'), 'audio/wav');
    const audio = decodeWav(Buffer.from(await response.arrayBuffer()));
    assert.equal(audio.sampleRate, 22_050);
    assert.equal(audio.channels.length, 1);
    const seconds = audio.channels[0]!.length / audio.sampleRate;
    assert.ok(Math.abs(seconds - asset.duration_s) < 0.01);
    assert.ok(seconds > 1 && seconds < 6, String(seconds));
    const rms = Math.sqrt(audio.channels[0]!.reduce((sum, x) => sum + x * x, 0) / audio.channels[0]!.length);
    assert.ok(rms > 0.01, 'the file holds sound, not silence');
  });

  it('voiceover: unknown voice and bad speed are 400', async () => {
    for (const [body, field] of [[{ voice_id: 'robot' }, /voice_id/], [{ voice_id: 'en-us-ava', speed: 3 }, /speed/], [{ voice_id: 'en-us-ava', text: '' }, /text/]] as const) {
      const response = await post(emulator, '/v1/voiceover', { project_id: 'p', text: 'Hello.', ...body }, token);
      assert.equal(response.status, 400);
      assert.match((await errorOf(response)).message, field);
    }
  });

  it('mix: voice assets over a library track into a 44.1 kHz stereo WAV of the asked duration', async () => {
    const voice = (await untilDone<VoiceoverResult>((await start('/v1/voiceover', { project_id: 'p', text: 'Hello.', voice_id: 'en-gb-olivia' })).poll_url, token)).record.result!.asset;
    const accepted = await start('/v1/mix', {
      project_id: 'p', duration: 6,
      voice: [{ asset_id: voice.asset_id, start_s: 1 }],
      music: { asset_id: 'calm-harbour', gain_db: -10 },
      ducking: { depth_db: 12, attack_ms: 50, release_ms: 300 },
    });
    const { record } = await untilDone<MixResult>(accepted.poll_url, token);
    const { asset } = record.result!;
    assert.equal(asset.kind, 'mix');
    assert.equal(asset.duration_s, 6);
    assert.equal(asset.music?.track_id, 'calm-harbour');
    const audio = decodeWav(Buffer.from(await (await get(asset.url, token)).arrayBuffer()));
    assert.equal(audio.sampleRate, 44_100);
    assert.equal(audio.channels.length, 2);
    const bad = await post(emulator, '/v1/mix', { project_id: 'p', duration: 6, voice: [{ asset_id: 'asset_nope', start_s: 0 }] }, token);
    assert.equal(bad.status, 400);
    assert.match((await errorOf(bad)).message, /voice\[0\]\.asset_id/);
  });

  it('generate: from a recommendation, every section voiced, music, a mixed ad, usage', async () => {
    const recommendations = (await untilDone<RecommendResult>((await start('/v1/recommend/url', { ...RECOMMEND, duration: 10, max_recommendations: 1 })).poll_url, token)).record.result!.recommendations;
    const chosen = recommendations[0]!;
    const accepted = await start('/v1/generate', { project_id: 'p1', recommendation_id: chosen.recommendation_id, mastering: { target_lufs: -16, true_peak_dbtp: -1 } });
    const { record } = await untilDone<GenerateResult>(accepted.poll_url, token);
    assert.equal(record.status, 'succeeded', JSON.stringify(record.error));
    const result = record.result!;
    assert.equal(result.voiceovers.length, chosen.script.sections.length);
    assert.deepEqual(result.voiceovers.map((a) => a['section_id']), chosen.script.sections.map((s) => s.id));
    assert.equal(result.music?.kind, 'music');
    assert.equal(result.music?.music?.track_id, chosen.music.track_id);
    assert.ok(!new URL(result.music!.url).pathname.startsWith('/v1/'), 'music beds are public files');
    assert.equal(result.asset.kind, 'ad');
    assert.equal(result.asset.voice?.voice_id, chosen.voice.voice_id);
    assert.ok(result.asset.duration_s >= chosen.duration_s, `${result.asset.duration_s} < ${chosen.duration_s}`);
    assert.equal(result.usage?.credits_used, 5 + chosen.script.sections.length);
    const audio = decodeWav(Buffer.from(await (await get(result.asset.url, token)).arrayBuffer()));
    const peak = Math.max(...audio.channels.map((c) => c.reduce((m, x) => Math.max(m, Math.abs(x)), 0)));
    assert.ok(peak <= 10 ** (-1 / 20) + 0.001, `peak ${peak}`);
  });

  it('generate: from a composition; bad input names the field', async () => {
    const accepted = await start('/v1/generate', {
      project_id: 'p', composition: { sections: [{ id: 'a', label: 'A', text: 'Bonjour à tous.' }], voice_id: 'fr-fr-lea', track_id: 'cinematic-horizon', duration: 5 },
    });
    const { record } = await untilDone<GenerateResult>(accepted.poll_url, token);
    assert.equal(record.result!.asset.voice?.language, 'fr-FR');
    const cases: Array<[unknown, RegExp]> = [
      [{ project_id: 'p' }, /recommendation_id or composition/],
      [{ project_id: 'p', recommendation_id: 'rec_unknown' }, /recommendation_id/],
      [{ project_id: 'p', composition: { sections: [{ id: 'a', text: 'x' }], voice_id: 'en-us-ava', track_id: 'polka', duration: 5 } }, /composition\.track_id/],
    ];
    for (const [body, field] of cases) {
      const response = await post(emulator, '/v1/generate', body, token);
      assert.equal(response.status, 400);
      assert.match((await errorOf(response)).message, field);
    }
  });

  it('GET /v1/jobs/{job_id} is the record of poll_url; an unknown job is 404', async () => {
    const accepted = await start('/v1/recommend/url', RECOMMEND);
    const { record } = await untilDone(accepted.poll_url, token);
    const byPath = await (await get(`${emulator.url}/v1/jobs/${accepted.job_id}`, token)).json();
    assert.deepEqual(byPath, record);
    assert.equal((await get(`${emulator.url}/v1/jobs/job_nope`, token)).status, 404);
  });

  it('voices: several languages and genders, a measured rate and a playable sample', async () => {
    const library = (await (await get(`${emulator.url}/v1/voices`, token)).json()) as VoiceLibrary;
    assert.ok(library.voices.length >= 6);
    assert.deepEqual(new Set(library.voices.map((v) => v.language)), new Set(['en-US', 'en-GB', 'fr-FR']));
    assert.deepEqual(new Set(library.voices.map((v) => v.gender)), new Set(['female', 'male']));
    for (const voice of library.voices) assert.ok(voice.words_per_minute > 100 && voice.words_per_minute < 300, `${voice.voice_id} ${voice.words_per_minute}`);
    const sample = await fetch(library.voices[0]!.sample_url);
    assert.equal(sample.status, 200, 'samples are public');
    const audio = decodeWav(Buffer.from(await sample.arrayBuffer()));
    assert.equal(audio.sampleRate, 22_050);
  });

  it('music: a library of styles with public, loopable 44.1 kHz stereo beds and previews', async () => {
    const library = (await (await get(`${emulator.url}/v1/music`, token)).json()) as MusicLibrary;
    assert.deepEqual(library.tracks.map((t) => t.style).sort(), ['calm', 'cinematic', 'corporate', 'upbeat']);
    for (const track of library.tracks) {
      assert.ok(track.loopable);
      assert.ok(track.tempo_bpm! > 0 && typeof track.mood === 'string');
      assert.ok(!new URL(track.url).pathname.startsWith('/v1/'));
    }
    const track = library.tracks[0]!;
    const response = await fetch(track.url);
    assert.equal(response.status, 200);
    assert.equal(response.headers.get('access-control-allow-origin'), null, 'no Origin, no CORS header');
    const audio = decodeWav(Buffer.from(await response.arrayBuffer()));
    assert.equal(audio.sampleRate, 44_100);
    assert.equal(audio.channels.length, 2);
    assert.ok(Math.abs(audio.channels[0]!.length / 44_100 - track.duration_s!) < 0.01);
    const preview = decodeWav(Buffer.from(await (await fetch(track.preview_url)).arrayBuffer()));
    assert.ok(preview.channels[0]!.length < audio.channels[0]!.length);
    assert.equal((await fetch(`${emulator.url}/cdn/music/polka.wav`)).status, 404);
  });

  it('402 when a user has no credits left', async () => {
    const poor = await fastEmulator({ creditsPerUser: 2 });
    try {
      const poorToken = await mintToken(poor, 'u');
      const response = await post(poor, '/v1/recommend/url', RECOMMEND, poorToken);
      assert.equal(response.status, 402);
      assert.equal((await errorOf(response)).code, 'insufficient_credits');
    } finally {
      await poor.close();
    }
  });
});
