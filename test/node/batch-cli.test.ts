// `studio-batch render` (issue 43) on one machine, in this process against the service emulator (voice-overs
// with the account key) and the template's audio over HTTP: 10 rows to 2 destinations with 2 worker threads,
// one row missing its price; each delivered file read by ffprobe and FFmpeg against its destination's sheet;
// a second run skips every job without a voice-over; hostile input (a `javascript:` clip URL, a key with `../`,
// a wrong API key) and usage errors.
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { startEmulator, type Emulator } from '../../demo/server/emulator/server.js';
import type { DeliveryManifest } from '../../src/delivery/types.js';
import type { ProjectDocument } from '../../src/model/document.js';
import { validate } from './json-schema.js';
import { csvOf, filesUnder, runBatch, type BatchCliRun } from './support/batch-run.js';
import { servedTemplate, TEN_ROWS, type ServedTemplate } from './support/batch-template.js';
import { assertSheet, rowFile } from './support/ffmpeg-sheet.js';
import { QUICK_FEED_SECONDS } from './support/feed-template.js';
import { needTools } from './support/tools.js';
import { RAW_CONTROL } from './support/raw-controls.js';

const KEY = 'sk-batch-cli-3b7d2e91';
const DESTINATIONS = ['streaming', 'podcast'];
/**
 * The destination of the runs whose point is not the file (hostile input, escaping): a WAV one, since LAME makes a
 * job several times as long (the MP3s of both DESTINATIONS are read by FFmpeg above).
 */
const QUICK = 'broadcast-ebu-r128';
const GOOD = TEN_ROWS.map((row) => row[0]!).filter((key) => key !== 'WS-200');

describe('studio-batch render', () => {
  let emulator: Emulator;
  let served: ServedTemplate;
  let dir = '';
  let out = '';
  const env = { STUDIO_API_KEY: KEY };
  const voiceovers = () => emulator.state.requests.entries.filter((entry) => entry.path === '/v1/voiceover').length;
  /** Writes `template` (default: the served one, without rows: they come from --feed) and `rows`; the command's flags for them. */
  const files = (name: string, rows: readonly (readonly string[])[] = TEN_ROWS, template: ProjectDocument = served.template): string[] => {
    const project = join(dir, `${name}.json`);
    const feed = join(dir, `${name}.csv`);
    writeFileSync(project, JSON.stringify({ ...template, feed: { ...template.feed!, rows: [] } }));
    writeFileSync(feed, csvOf(rows));
    return ['--project', project, '--feed', feed, '--base-url', emulator.url];
  };
  let first: BatchCliRun;
  let manifest: DeliveryManifest;

  before(async () => {
    needTools('ffmpeg');
    emulator = await startEmulator({ apiKey: KEY, jobStepMs: 2, testRoutes: true });
    served = await servedTemplate();
    dir = mkdtempSync(join(tmpdir(), 'batch-cli-'));
    out = join(dir, 'out');
    first = await runBatch(['render', ...files('ad'), '--destinations', DESTINATIONS.join(','), '--out', out, '--workers', '2'], env);
    manifest = JSON.parse(readFileSync(join(out, 'manifest.json'), 'utf8')) as DeliveryManifest;
  });
  after(async () => {
    await emulator?.close();
    await served?.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('delivers the 9 good rows to both destinations, lists the row missing its price as failed with its reason, and exits 1', () => {
    needTools('ffmpeg');
    assert.equal(first.code, 1, first.stdout + first.stderr);
    assert.match(first.stdout, /18 delivered, 0 already done, 2 failed, of 20 jobs/);
    assert.match(first.stderr, /failed {5}WS-200 → streaming: price: "price" is empty/);
    const rows = manifest.feed!.rows;
    assert.deepEqual(rows.map((row) => [row.key, row.status]), [['WS-200', 'failed'], ...GOOD.map((key) => [key, 'delivered'])], 'failed rows first, then feed order');
    assert.match(rows[0]!.reasons.join(' '), /price/);
    const audio = filesUnder(out).filter((name) => /\.(mp3|wav)$/.test(name));
    assert.equal(audio.length, GOOD.length * DESTINATIONS.length, audio.join(', '));
    for (const key of GOOD) assert.equal(audio.filter((name) => name.startsWith(`${key}/${key}_`)).length, 2, key);
    assert.deepEqual(manifest.files.map((file) => `${file.row}/${file.fileName}`).sort(), audio);
    assert.deepEqual(manifest.feed!.takes, { voiced: 8, reused: 9 * 3 - 8 }, 'the Body of each good row but the samples\' one, once for both destinations');
    assert.equal(voiceovers(), 8);
    const schema = JSON.parse(readFileSync(new URL('../../docs/delivery-manifest.schema.json', import.meta.url), 'utf8')) as Record<string, unknown>;
    assert.deepEqual(validate(JSON.parse(readFileSync(join(out, 'manifest.json'), 'utf8')), schema), [], 'manifest.json validates against its schema');
    const report = readFileSync(join(out, 'report.html'), 'utf8');
    assert.ok(report.indexOf('WS-200') < report.indexOf('TR-100'), 'the report lists the failed row first');
    assert.ok(filesUnder(out).every((name) => !name.endsWith('.tmp')));
    assert.ok(!(first.stdout + first.stderr).includes(KEY));
  });

  for (const key of GOOD) {
    for (const id of DESTINATIONS) {
      it(`${key} to ${id}: ffprobe and FFmpeg read its destination's sheet`, async (t) => {
        needTools('ffmpeg');
        const { destination, file } = rowFile(manifest, key, id);
        const path = join(out, key, file.fileName);
        const bytes = readFileSync(path).length;
        const { probe, ref } = await assertSheet(path, destination, bytes, QUICK_FEED_SECONDS, dir);
        t.diagnostic(`${key}/${file.fileName}: ${probe.codec} ${probe.sampleRate} Hz ${probe.channels} ch, I ${ref.integrated.toFixed(2)} LUFS, TP ${ref.truePeak.toFixed(2)} dBTP`);
        assert.equal(file.figures.bytes, bytes);
        assert.ok(file.pass);
      });
    }
  }

  it('skips every delivered job when run again, without a voice-over request', async () => {
    needTools('ffmpeg');
    const before = voiceovers();
    const again = await runBatch(['render', ...files('ad'), '--destinations', DESTINATIONS.join(','), '--out', out, '--workers', '2'], env);
    assert.equal(again.code, 1, 'WS-200 still fails');
    assert.match(again.stdout, /0 delivered, 18 already done, 2 failed, of 20 jobs/);
    assert.equal(voiceovers(), before, 'no voice-over the second time');
    const rows = (JSON.parse(readFileSync(join(out, 'manifest.json'), 'utf8')) as DeliveryManifest).feed!.rows;
    assert.equal(rows.filter((row) => row.status === 'delivered').length, GOOD.length, 'the manifest of the second run still lists every row');
  });

  it('refuses a clip at a javascript: URL, naming the clip, and fetches nothing for it', async () => {
    const hostile = { ...served.template, clips: served.template.clips.map((clip) => (clip.sectionId === 'cta' ? { ...clip, url: 'javascript:alert(document.cookie)' } : clip)) };
    const run = await runBatch(['render', ...files('js', TEN_ROWS.slice(0, 2), hostile), '--destinations', QUICK, '--out', join(dir, 'js-out'), '--workers', '1'], env);
    assert.equal(run.code, 1);
    assert.match(run.stderr, /the clip of "Call to action" \(clip-cta\) has a javascript: URL: its audio is only in the browser/);
    assert.deepEqual(filesUnder(join(dir, 'js-out')).filter((name) => !name.startsWith('rows/') && !name.startsWith('templates/')), ['manifest.json', 'report.html']);
  });

  it('keeps a row whose key holds ../ inside the out folder (with a progress bar on a terminal)', async () => {
    const target = join(dir, 'dots', 'out');
    const run = await runBatch(['render', ...files('dots', [['../../escape', 'Camp mug', '12.50']]), '--destinations', QUICK, '--out', target, '--workers', '1'], env, true);
    assert.equal(run.code, 0, run.stdout + run.stderr);
    assert.match(run.stderr, /\r\[#{40}\] 1\/1 jobs, 0 failed, 0 skipped /, 'the bar, full at the end');
    assert.doesNotMatch(run.stderr, /^delivered /m, 'no log lines on a terminal');
    const inside = filesUnder(join(dir, 'dots'));
    assert.ok(inside.every((name) => name.startsWith('out/')), inside.join(', '));
    assert.ok(inside.some((name) => /^out\/escape\/escape_.*\.wav$/.test(name)), inside.join(', '));
    assert.deepEqual(filesUnder(dirname(target)).length, inside.length);
  });

  it('prints keys and values with control, ANSI and bidi characters escaped, on a log and on a terminal', async () => {
    // A right-to-left override, isolates, a screen clear with a title set (ESC and BEL), other C0 controls, C1's CSI.
    const hostile = [
      ['ok\u202Eevil', 'Camp mug', '12.50'],
      ['\x1b[2J\x1b]0;pwned\x07title', 'Camp mug', '12.50'],
      ['iso\u2066late\u2069d', 'Camp\u202Emug\x08\x7f', '12.50'],
      ['TR-1', 'Bell\x07 mug\x9b31m', '12.50'],
    ];
    for (const tty of [false, true]) {
      const run = await runBatch(['render', ...files(`hostile-${tty}`, hostile), '--destinations', QUICK, '--out', join(dir, `hostile-${tty}`), '--workers', '1'], env, tty);
      // A terminal's bar starts with a carriage return, to draw over itself: the one raw control character allowed.
      const printed = run.stdout + run.stderr.replace(/\r\[/g, '[');
      assert.doesNotMatch(printed, RAW_CONTROL, JSON.stringify(printed));
      assert.ok(run.stderr.includes(`ok\\u202eevil → ${QUICK}`), `the key, escaped where it is named: ${run.stderr}`);
      assert.ok(run.stderr.includes(`\\u001b[2J\\u001b]0;pwned\\u0007title → ${QUICK}`), run.stderr);
      // The run's report.html shows the keys and values written out too: a U+202E turns no cell of it around.
      const report = readFileSync(join(dir, `hostile-${tty}`, 'report.html'), 'utf8');
      assert.doesNotMatch(report, RAW_CONTROL);
      assert.match(report, /<td>ok\\u202eevil<\/td>/);
    }
  });

  it('keeps a line feed, carriage return or separator in an argument or a file name inside its value: no forged line', async () => {
    const forged = 'FAKE: 9 delivered';
    const lf = `\n${forged}\r\u2028`;
    const [, project, , feed, , baseUrl] = files('lf', TEN_ROWS.slice(1, 2));
    const runs = [
      // A run that delivers, to a folder whose name holds the line feed: the summary names it.
      await runBatch(['render', '--project', project!, '--feed', feed!, '--base-url', baseUrl!, '--destinations', QUICK, '--out', join(dir, `lf${lf}`), '--workers', '1'], env),
      await runBatch(['render', '--project', `${project}${lf}`, '--out', join(dir, 'lf-usage'), '--base-url', baseUrl!], env),
      await runBatch(['render', '--project', project!, '--feed', `${feed}${lf}`, '--out', join(dir, 'lf-usage'), '--base-url', baseUrl!], env),
      await runBatch(['render', '--project', project!, '--out', join(dir, 'lf-usage'), '--base-url', baseUrl!, '--workers', `2${lf}`], env),
      await runBatch([`render${lf}`], env),
    ];
    assert.deepEqual(runs.map((run) => run.code), [0, 2, 2, 2, 2]);
    for (const run of runs) {
      const printed = run.stdout + run.stderr;
      assert.doesNotMatch(printed, RAW_CONTROL, printed);
      assert.doesNotMatch(printed, /[\r\u2028\u2029]/, printed);
      assert.doesNotMatch(printed, /^FAKE/m, `a line an argument started: ${printed}`);
      assert.match(printed, /\\u000aFAKE: 9 delivered\\u000d\\u2028/, printed);
    }
  });

  it('says a wrong API key was refused (401) without printing it, and exits 1', async () => {
    const wrong = 'sk-not-the-key-0a1b2c3d';
    const target = join(dir, 'wrong-key');
    const run = await runBatch(['render', ...files('wrong', TEN_ROWS.slice(1, 2)), '--destinations', QUICK, '--out', target, '--workers', '1'], { STUDIO_API_KEY: wrong });
    assert.equal(run.code, 1);
    assert.match(run.stderr, /The service refused the API key \(401\) for \/v1\/voiceover: check --api-key or STUDIO_API_KEY/);
    for (const text of [run.stdout, run.stderr, readFileSync(join(target, 'manifest.json'), 'utf8'), readFileSync(join(target, 'report.html'), 'utf8')]) assert.ok(!text.includes(wrong));
  });

  it('exits 2 with words on usage errors, before any request', async () => {
    const before = emulator.state.requests.entries.length;
    const noKey = await runBatch(['render', ...files('usage'), '--out', join(dir, 'usage')]);
    assert.equal(noKey.code, 2);
    assert.match(noKey.stderr, /No API key: set STUDIO_API_KEY/);
    const noProject = await runBatch(['render', '--out', join(dir, 'usage'), '--base-url', emulator.url], env);
    assert.equal(noProject.code, 2);
    assert.match(noProject.stderr, /--project is required/);
    const unknown = await runBatch(['render', ...files('usage'), '--out', join(dir, 'usage'), '--destinations', 'radio'], env);
    assert.equal(unknown.code, 2);
    assert.match(unknown.stderr, /No destination "radio"/);
    const args = files('usage');
    writeFileSync(args[3]!, 'sku,product_name,cost\nTR-100,Trail runner shoes,59.99\n');
    const column = await runBatch(['render', ...args, '--out', join(dir, 'usage')], env);
    assert.equal(column.code, 2);
    assert.match(column.stderr, /has no column "price" \(mapped to \{\{price\}\}\)/);
    assert.equal(emulator.state.requests.entries.length, before, 'nothing was sent');
  });
});
