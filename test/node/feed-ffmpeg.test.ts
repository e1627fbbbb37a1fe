// A feed delivered (issue 40) as FFmpeg reads it: a template with `{{product_name}}` and `{{price}}` in its Body
// and a locked Call to action, a feed of 6 rows (one missing a price, one name over its slot's length), delivered
// by the editor's feed run (`deliverFeed`, the pipeline's core on this thread, a scripted voice service) to a
// WAV and an MP3 destination. The 4 good rows make 8 files, each in its row's folder with its key in its name,
// each read by ffprobe and FFmpeg against its destination's sheet; the Body is voiced once a row, the Hook and
// the Call to action never again; the 2 bad rows are in the manifest with their reasons.
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { strFromU8, unzipSync } from 'fflate';
import { deliver, localDeliverDeps } from '../../src/audio/deliver/index.js';
import { mp3Frames } from '../../src/audio/dsp/mp3-frames.js';
import type { AudioEngine } from '../../src/audio/engine.js';
import type { VoiceoverRequest } from '../../src/api/contract.js';
import type { ServiceClient } from '../../src/api/client.js';
import { resolveConfig } from '../../src/config/validate.js';
import { BUILTIN_DESTINATIONS } from '../../src/delivery/destinations.js';
import type { DeliveryManifest } from '../../src/delivery/types.js';
import type { ProjectDocument, VoiceClip } from '../../src/model/document.js';
import { deliverFeed, type FeedHost } from '../../src/session/feed-deliver.js';
import { FeedTakes } from '../../src/session/feed-takes.js';
import { countSpokenWords } from '../../src/script/estimate.js';
import { syntheticSpeech } from '../audio/signals.js';
import { ffmpegDecode, sampleProject } from './delivery-make.js';
import { validate } from './json-schema.js';
import { analyse, expectedCodec, ffprobe } from './support/ffmpeg-sheet.js';
import { needTools } from './support/tools.js';

const SECONDS = 30;
const DESTINATIONS = ['streaming', 'broadcast-ebu-r128'];
const CSV_ROWS = [
  ['TR-100', 'Trail runner shoes', '59.99'],
  ['HJ-300', 'Hiking jacket', '189.00'],
  ['WS-200', 'Wool socks', ''],
  ['WB-600', 'Water bottle', '9.99'],
  ['TN-900', 'The ultralight four season mountaineering expedition tent', '899.00'],
  ['CM-050', 'Camp mug', '12.50'],
];
const GOOD = ['TR-100', 'HJ-300', 'WB-600', 'CM-050'];

/** Seconds a take of `text` lasts: 2.5 words a second, and a breath. */
const takeSeconds = (text: string): number => Math.round((countSpokenWords(text) / 2.5 + 0.3) * 100) / 100;

/** The template: Hook, Body with two slots, a locked Call to action, each voiced with the samples; a bed under them. */
function template(): { project: ProjectDocument; sources: Map<string, { channels: Float32Array[]; sampleRate: number }> } {
  const { project: base, sources } = sampleProject(SECONDS);
  const sections = [
    { id: 'hook', label: 'Hook', text: 'Ready for the trail?' },
    { id: 'body', label: 'Body', text: 'Get {{product_name}} for just {{price}} dollars at Acme Outdoors.' },
    { id: 'cta', label: 'Call to action', text: 'Visit acme outdoors dot com today.', locked: true as const },
  ];
  const spoken = ['Ready for the trail?', 'Get Trail runner shoes for just 59.99 dollars at Acme Outdoors.', 'Visit acme outdoors dot com today.'];
  let at = 0.5;
  const clips: VoiceClip[] = sections.map((section, i) => {
    const url = `mem:template-${section.id}`;
    const seconds = takeSeconds(spoken[i]!);
    sources.set(url, { channels: [syntheticSpeech(seconds, 48_000, i + 1)], sampleRate: 48_000 });
    const clip: VoiceClip = { id: `clip-${section.id}`, sectionId: section.id, assetId: `template-${section.id}`, url, start: at, gain: 0, trimIn: 0, trimOut: 0, fadeIn: 0.01, fadeOut: 0.05, source: { text: spoken[i]!, voice: 'v-anna', speed: 1 } };
    at += seconds + 0.3;
    return clip;
  });
  const project: ProjectDocument = {
    ...base,
    title: 'Summer gear',
    campaign: { advertiser: 'Acme Outdoors', campaign: 'Summer 2027', adId: '', isci: '' },
    voice: { ...base.voice, voice: 'v-anna' },
    script: { sections },
    clips,
    assets: clips.map((clip, i) => ({ asset_id: clip.assetId, kind: 'voice', url: clip.url, mime_type: 'audio/wav', duration_s: takeSeconds(spoken[i]!) })),
    slots: [
      { name: 'product_name', sample: 'Trail runner shoes', maxLength: 30 },
      { name: 'price', sample: '59.99' },
    ],
    feed: {
      columns: ['sku', 'product_name', 'price'],
      rows: CSV_ROWS,
      key: 'sku',
      mapping: [
        { column: 'product_name', slot: 'product_name' },
        { column: 'price', slot: 'price' },
      ],
    },
    delivery: { ...base.delivery, destinations: DESTINATIONS },
  };
  return { project, sources };
}

describe('a feed of 6 rows delivered to 2 destinations, read by FFmpeg', () => {
  let dir = '';
  let manifest: DeliveryManifest;
  let entries: Record<string, Uint8Array>;
  const requests: VoiceoverRequest[] = [];
  const events: Event[] = [];

  before(async () => {
    needTools('ffmpeg'); // Missing, each test below fails saying so.
    dir = mkdtempSync(join(tmpdir(), 'studio-feed-'));
    const { project, sources } = template();
    const client = {
      voiceover: async (request: VoiceoverRequest) => {
        requests.push(request);
        const n = requests.length;
        const seconds = takeSeconds(request.text);
        sources.set(`mem:take-${n}`, { channels: [syntheticSpeech(seconds, 48_000, 10 + n)], sampleRate: 48_000 });
        return { asset: { asset_id: `take-${n}`, kind: 'voice' as const, url: `mem:take-${n}`, mime_type: 'audio/wav', duration_s: seconds } };
      },
      pricing: async () => undefined,
    } as unknown as ServiceClient;
    const decodeMp3 = (bytes: Uint8Array): Promise<Float32Array[]> => ffmpegDecode(bytes, mp3Frames(bytes)!.channelCount);
    const engine = { deliver: (view: ProjectDocument, options: Parameters<typeof deliver>[2]) => deliver(localDeliverDeps((url) => sources.get(url), decodeMp3), view, options) } as unknown as AudioEngine;
    const takes = new FeedTakes({ client, projectId: () => project.project_id, dispatch: () => undefined });
    const host: FeedHost = {
      config: () => resolveConfig({ api: { baseUrl: 'https://api.example.com' }, auth: { getToken: () => 't', refreshToken: () => 't' } }),
      engine: async () => engine,
      project: () => project,
      client: () => client,
      takes: () => takes,
      dispatch: (event) => void events.push(event),
      emitError: (error) => {
        throw error;
      },
    };
    const result = await deliverFeed(host, {});
    manifest = result.manifest;
    entries = unzipSync(new Uint8Array(await result.zip.arrayBuffer()));
    for (const [name, bytes] of Object.entries(entries)) writeFileSync(join(dir, name.replace(/\//g, '__')), bytes);
  });
  after(() => {
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it("voices the Body once for each good row but the one whose values are the samples, the Hook and the locked Call to action never again", () => {
    needTools('ffmpeg');
    assert.equal(requests.length, GOOD.length - 1, requests.map((request) => request.text).join(' | '));
    assert.ok(requests.every((request) => request.section_id === 'body'));
    assert.deepEqual(requests.map((request) => request.text), [
      'Get Hiking jacket for just 189.00 dollars at Acme Outdoors.',
      'Get Water bottle for just 9.99 dollars at Acme Outdoors.',
      'Get Camp mug for just 12.50 dollars at Acme Outdoors.',
    ]);
    assert.deepEqual(manifest.feed?.takes, { voiced: 3, reused: 4 * 3 - 3 }, 'TR-100 (the samples) reuses the template\'s Body');
  });

  it('holds a folder per good row with one file per destination, each named with its key, and a valid manifest listing every row', () => {
    needTools('ffmpeg');
    const audio = Object.keys(entries).filter((name) => name.includes('/')).sort();
    assert.equal(audio.length, GOOD.length * DESTINATIONS.length, audio.join(', '));
    for (const key of GOOD) {
      const mine = audio.filter((name) => name.startsWith(`${key}/`));
      assert.equal(mine.length, DESTINATIONS.length, `${key}: ${mine.join(', ')}`);
      for (const name of mine) assert.ok(name.slice(key.length + 1).startsWith(`${key}_`), `${name} carries its key`);
    }
    assert.ok(entries['manifest.json'] && entries['report.html']);
    const schema = JSON.parse(readFileSync(new URL('../../docs/delivery-manifest.schema.json', import.meta.url), 'utf8')) as Record<string, unknown>;
    assert.deepEqual(validate(JSON.parse(strFromU8(entries['manifest.json']!)), schema), [], 'manifest.json validates against its schema');
    const rows = manifest.feed!.rows;
    assert.deepEqual(rows.map((row) => [row.key, row.status]), [
      ['WS-200', 'failed'],
      ['TN-900', 'failed'],
      ['TR-100', 'delivered'],
      ['HJ-300', 'delivered'],
      ['WB-600', 'delivered'],
      ['CM-050', 'delivered'],
    ], 'failed rows first');
    assert.match(rows[0]!.reasons.join(' '), /price/);
    assert.match(rows[1]!.reasons.join(' '), /product_name/);
    assert.match(rows[1]!.reasons.join(' '), /30/);
    for (const row of rows.slice(2)) {
      assert.deepEqual(row.reasons, []);
      assert.equal(row.files.length, DESTINATIONS.length);
      assert.equal(row.assets.length, 3, 'Hook, Body and Call to action');
      assert.ok(row.wordsPerSecond !== null && row.wordsPerSecond <= 3, `${row.key}: ${row.wordsPerSecond} words a second`);
    }
    assert.deepEqual(manifest.files.map((file) => file.row).filter((row, i, all) => all.indexOf(row) === i), GOOD);
    assert.equal(events.length, 1, 'studio-deliver fired once');
    const report = strFromU8(entries['report.html']!);
    assert.ok(report.indexOf('WS-200') < report.indexOf('TR-100'), 'the report lists the failed rows first');
  });

  for (const key of GOOD) {
    for (const id of DESTINATIONS) {
      it(`${key} to ${id}: ffprobe and FFmpeg read its destination's sheet`, async (t) => {
        needTools('ffmpeg');
        const destination = BUILTIN_DESTINATIONS.find((d) => d.id === id)!;
        const file = manifest.files.find((f) => f.row === key && f.destination.id === id);
        assert.ok(file, `${key} is delivered to ${id}`);
        const path = join(dir, `${key}__${file.fileName}`);
        const bytes = entries[`${key}/${file.fileName}`]!;
        const [probe, ref] = await Promise.all([ffprobe(path), analyse(path, dir)]);
        t.diagnostic(`${key}/${file.fileName}: ${probe.codec} ${probe.sampleRate} Hz ${probe.channels} ch, ${ref.samples} samples, I ${ref.integrated.toFixed(2)} LUFS, TP ${ref.truePeak.toFixed(2)} dBTP, tail ${ref.tailSilence.toFixed(2)} s`);
        assert.equal(probe.codec, expectedCodec(destination));
        assert.equal(probe.sampleRate, destination.sampleRate);
        assert.equal(probe.channels, destination.channels);
        if (destination.codec.container === 'wav') assert.equal(probe.bitsPerSample, destination.codec.bitDepth);
        else assert.equal(probe.bitRate, destination.codec.bitrateKbps * 1000, 'CBR at the bitrate');
        if (destination.length.kind === 'exact') assert.equal(ref.samples, SECONDS * destination.sampleRate, 'exactly the ad, to the sample');
        else assert.ok(ref.samples <= destination.length.maxSeconds * destination.sampleRate);
        assert.ok(Math.abs(ref.integrated - destination.loudness) <= destination.tolerance, `ffmpeg: ${ref.integrated} LUFS for ${destination.loudness} ±${destination.tolerance}`);
        assert.ok(ref.truePeak <= destination.truePeak + 0.2, `ffmpeg: true peak ${ref.truePeak} dBTP, ceiling ${destination.truePeak}`);
        assert.ok(ref.tailSilence >= destination.minTailSilence, `ffmpeg: ${ref.tailSilence} s of silence at the end`);
        if (destination.maxBytes !== undefined) assert.ok(bytes.length <= destination.maxBytes);
        assert.equal(file.figures.bytes, bytes.length);
        assert.ok(file.pass && file.rules.every((rule) => rule.pass));
      });
    }
  }
});
