// A two-version ad delivered to `vast-audio` (issue 41) by the editor's delivery (`deliverAd`), read back with the
// tools an ad server's team would use: each version's vast.xml is valid against the IAB's VAST 4.1 XSD (xmllint),
// and its Duration, fileSize and bitrate are each file's as ffprobe reads it, its UniversalAdId the version's Ad-ID,
// each MediaFile's URL the media base URL plus the file's name; the manifest lists each document as valid.
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { strFromU8, unzipSync } from 'fflate';
import type { DeliveryManifest } from '../../src/delivery/types.js';
import { vastDuration } from '../../src/delivery/vast.js';
import type { ProjectDocument, VersionContent } from '../../src/model/document.js';
import { projectReducer } from '../../src/model/reducer.js';
import { openContent } from '../../src/model/versions.js';
import { deliverAd } from '../../src/session/editor-deliver.js';
import { deliverFeed } from '../../src/session/feed-deliver.js';
import { FEED_ROWS, feedHost, GOOD_ROWS, QUICK_FEED_SECONDS } from './support/feed-template.js';
import { nodeDeliverHost, sampleProject } from './delivery-make.js';
import { validate } from './json-schema.js';
import { needTools } from './support/tools.js';

const run = promisify(execFile);
const XSD = fileURLToPath(new URL('../fixtures/vast_4.1.xsd', import.meta.url));
const BASE = 'https://cdn.example.com/ads/spring/';
const IMPRESSIONS = ['https://track.example.com/imp?ad=spring&v=1', 'https://other.example.net/i'];
const AD_ID = 'ACME0001000';
const ALT_AD_ID = 'ACME0002000';

/** The text of the first element `name` (in the VAST namespace) of `file`, by XPath. */
async function xpath(file: string, expression: string): Promise<string> {
  const { stdout } = await run('xmllint', ['--xpath', expression, file]);
  return stdout.trim();
}

/**
 * FFmpeg's figures of an audio file: its size (ffprobe), its encoded rate (ffprobe's stream bit rate, kbit/s) and its
 * length as a player hears it: ffprobe's for a WAV; for a gapless MP3 the samples FFmpeg decodes (its Info frame's
 * encoder delay and padding taken off), since ffprobe's stream duration counts those frames' samples too.
 */
async function probe(file: string): Promise<{ seconds: number; kbps: number; size: number }> {
  const { stdout } = await run('ffprobe', ['-v', 'error', '-show_entries', 'format=duration,size:stream=bit_rate,sample_rate', '-of', 'json', file]);
  const json = JSON.parse(stdout) as { format: { duration: string; size: string }; streams: Array<{ bit_rate: string; sample_rate: string }> };
  const rate = Number(json.streams[0]!.sample_rate);
  let seconds = Number(json.format.duration);
  if (file.endsWith('.mp3')) {
    const decoded = await run('ffmpeg', ['-v', 'error', '-i', file, '-f', 'f32le', '-ac', '1', 'pipe:1'], { encoding: 'buffer', maxBuffer: 1 << 28 });
    seconds = (decoded.stdout as Buffer).length / 4 / rate;
  }
  return { seconds, kbps: Math.round(Number(json.streams[0]!.bit_rate) / 1000), size: Number(json.format.size) };
}

describe('vast-audio: a two-version ad, its vast.xml read by xmllint and its files by ffprobe', () => {
  let dir = '';
  let manifest: DeliveryManifest;
  let files: Record<string, Uint8Array>;

  before(async () => {
    needTools('ffmpeg', 'xmllint'); // Missing, each test below fails saying so.
    dir = mkdtempSync(join(tmpdir(), 'studio-vast-'));
    const { project: base, sources } = sampleProject(30);
    const main = projectReducer({ ...base, title: 'Cold brew "at home" <today>', campaign: { advertiser: 'Acme & Co', campaign: 'Spring ]]> 2027', adId: AD_ID, isci: 'ACME1234' } }, { type: 'version/set', id: 'v1', label: ':30 main' });
    const content = openContent(main);
    const cutdown: VersionContent = { ...content, duration: 15, clips: [{ ...content.clips[0]!, start: 0.5 }] };
    let project: ProjectDocument = projectReducer(main, { type: 'version/add', version: { id: 'v2', label: ':15 cut', adId: ALT_AD_ID }, content: cutdown });
    project = projectReducer(project, { type: 'version/open', id: 'v1' });
    const host = nodeDeliverHost(() => project, sources);
    const result = await deliverAd(host, { destinations: ['vast-audio'], stems: false, vast: { mediaBaseUrl: BASE, impressionUrls: IMPRESSIONS } });
    manifest = result.manifest;
    files = unzipSync(new Uint8Array(await result.zip.arrayBuffer()));
    for (const [name, bytes] of Object.entries(files)) writeFileSync(join(dir, name), bytes);
  });
  after(() => rmSync(dir, { recursive: true, force: true }));

  it('makes each version three MP3s (192, 128, 64 kbit/s, 44.1 kHz) and a WAV Mezzanine, all passing, and a vast.xml each', () => {
    assert.equal(manifest.files.length, 8);
    assert.ok(manifest.files.every((file) => file.pass), manifest.files.filter((file) => !file.pass).map((file) => file.fileName).join(', '));
    for (const version of ['v1', 'v2']) {
      const own = manifest.files.filter((file) => file.version === version);
      assert.deepEqual(own.map((file) => file.destination.rendition), ['192k', '128k', '64k', 'mezzanine']);
      assert.ok(own.every((file) => file.figures.sampleRate === 44100));
    }
    assert.deepEqual(Object.keys(files).filter((name) => name.endsWith('.xml')).sort(), ['vast_v1.xml', 'vast_v2.xml']);
    assert.deepEqual(
      manifest.vast?.map((entry) => [entry.fileName, entry.version, entry.written, entry.valid, entry.problems.length]),
      [
        ['vast_v1.xml', 'v1', true, true, 0],
        ['vast_v2.xml', 'v2', true, true, 0],
      ],
    );
    const schema = JSON.parse(readFileSync(fileURLToPath(new URL('../../docs/delivery-manifest.schema.json', import.meta.url)), 'utf8')) as Parameters<typeof validate>[1];
    assert.deepEqual(validate(JSON.parse(strFromU8(files['manifest.json']!)), schema), [], 'manifest.json validates against its schema');
    assert.match(strFromU8(files['report.html']!), /<h2>VAST<\/h2>/);
  });

  for (const [version, adId] of [
    ['v1', AD_ID],
    ['v2', ALT_AD_ID],
  ] as const) {
    it(`${version}: vast.xml is valid against the VAST 4.1 XSD, and says what ffprobe reads of each file`, async () => {
      const xml = join(dir, `vast_${version}.xml`);
      const { stderr } = await run('xmllint', ['--noout', '--schema', XSD, xml]);
      assert.match(stderr, /validates/);
      const ns = (path: string) => path.replace(/\/(\w+)/g, "/*[local-name()='$1']");
      assert.equal(await xpath(xml, `string(${ns('/VAST/Ad/InLine/Creatives/Creative/UniversalAdId')})`), adId);
      assert.equal(await xpath(xml, `string(${ns('/VAST/Ad/InLine/Creatives/Creative/UniversalAdId')}/@idRegistry)`), 'ad-id.org');
      assert.equal(await xpath(xml, `string(${ns('/VAST/Ad/InLine/AdTitle')})`), `Cold brew "at home" <today>: ${version === 'v1' ? ':30 main' : ':15 cut'}`);
      assert.equal(await xpath(xml, `count(${ns('/VAST/Ad/InLine/Impression')})`), String(IMPRESSIONS.length));
      assert.equal(await xpath(xml, `string(${ns('/VAST/Ad/InLine/Impression')}[1])`), IMPRESSIONS[0]);
      const duration = await xpath(xml, `string(${ns('/VAST/Ad/InLine/Creatives/Creative/Linear/Duration')})`);
      const own = manifest.files.filter((file) => file.version === version);
      const count = Number(await xpath(xml, `count(${ns('/VAST/Ad/InLine/Creatives/Creative/Linear/MediaFiles/MediaFile')})`));
      assert.equal(count, 3);
      for (const [index, file] of own.entries()) {
        const element = file.destination.rendition === 'mezzanine' ? ns('/VAST/Ad/InLine/Creatives/Creative/Linear/MediaFiles/Mezzanine') : `${ns('/VAST/Ad/InLine/Creatives/Creative/Linear/MediaFiles/MediaFile')}[${index + 1}]`;
        const probed = await probe(join(dir, file.fileName));
        assert.equal(duration, vastDuration(probed.seconds), `${file.fileName}: Duration ${duration} against ${probed.seconds} s`);
        assert.equal(Number(await xpath(xml, `string(${element}/@fileSize)`)), probed.size, `${file.fileName}: fileSize`);
        assert.equal(probed.size, files[file.fileName]!.length);
        assert.equal(await xpath(xml, `string(${element})`), `${BASE}${encodeURIComponent(file.fileName)}`);
        if (file.destination.rendition !== 'mezzanine') {
          const bitrate = Number(await xpath(xml, `string(${element}/@bitrate)`));
          assert.equal(bitrate, probed.kbps, `${file.fileName}: bitrate against the encoded rate`);
          assert.equal(bitrate, file.destination.codec.container === 'mp3' ? file.destination.codec.bitrateKbps : 0);
        }
      }
    });
  }
});

describe('vast-audio for a feed: each delivered row gets its vast.xml in its folder, valid against the XSD', () => {
  // Two good rows and one without its price (four files a row: the MP3 encoder makes every row count).
  const ROWS = ['TR-100', 'HJ-300', 'WS-200'];
  const GOOD = GOOD_ROWS.filter((key) => ROWS.includes(key));
  let dir = '';
  let manifest: DeliveryManifest;
  let files: Record<string, Uint8Array>;

  before(async () => {
    needTools('ffmpeg', 'xmllint');
    dir = mkdtempSync(join(tmpdir(), 'studio-vast-feed-'));
    // Each row's Ad-ID from the feed's Ad-ID column of the open version (ACME8000100 for the first row...).
    const made = feedHost({
      seconds: QUICK_FEED_SECONDS,
      change: (project) => ({
        ...project,
        feed: {
          ...project.feed!,
          columns: [...project.feed!.columns, 'ad_id'],
          rows: project.feed!.rows.map((row, index) => [...row, `ACME80001${String(index).padStart(2, '0')}`]),
          mapping: [...project.feed!.mapping, { column: 'ad_id', slot: `__ad_id__${project.openVersion}` }],
        },
      }),
    });
    const result = await deliverFeed(made.host, { destinations: ['vast-audio'], vast: { mediaBaseUrl: BASE, impressionUrls: IMPRESSIONS }, rows: ROWS });
    manifest = result.manifest;
    files = unzipSync(new Uint8Array(await result.zip.arrayBuffer()));
    for (const [name, bytes] of Object.entries(files)) writeFileSync(join(dir, name.replace(/\//g, '__')), bytes);
  });
  after(() => rmSync(dir, { recursive: true, force: true }));

  it('writes <key>/vast.xml for each good row, pointing at <base><key>/<file>, each valid and listed in the manifest and the row', async () => {
    assert.deepEqual(manifest.vast?.map((entry) => [entry.fileName, entry.row, entry.valid]).sort(), GOOD.map((key) => [`${key}/vast.xml`, key, true]).sort());
    assert.equal(GOOD.length, 2);
    assert.deepEqual(Object.keys(files).filter((name) => name.startsWith('WS-200/')), [], 'the row without its price: no file, no vast.xml');
    for (const key of GOOD) {
      const xml = join(dir, `${key}__vast.xml`);
      const { stderr } = await run('xmllint', ['--noout', '--schema', XSD, xml]);
      assert.match(stderr, /validates/);
      const urls = (await xpath(xml, "//*[local-name()='MediaFile' or local-name()='Mezzanine']/text()")).split('\n').map((url) => url.replace(/^<!\[CDATA\[|\]\]>$/g, '').trim()).filter(Boolean);
      assert.equal(urls.length, 4);
      for (const url of urls) {
        assert.ok(url.startsWith(`${BASE}${encodeURIComponent(key)}/`), url);
        assert.ok(files[decodeURIComponent(url.slice(BASE.length))], `${url} is in the ZIP`);
      }
      assert.ok(manifest.feed!.rows.find((row) => row.key === key)!.files.includes(`${key}/vast.xml`));
      // The row's own Ad-ID, and only the impression URLs given (no placeholder).
      const own = `ACME80001${String(FEED_ROWS.findIndex((row) => row[0] === key)).padStart(2, '0')}`;
      assert.equal(await xpath(xml, "string(//*[local-name()='UniversalAdId'])"), own);
      assert.equal(await xpath(xml, "string(//*[local-name()='UniversalAdId']/@idRegistry)"), 'ad-id.org');
      assert.ok(!readFileSync(xml, 'utf8').includes('about:blank'));
    }
  });
});
