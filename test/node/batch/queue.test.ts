// The many-machines batch (issue 43): `studio-batch enqueue | worker | status` on BullMQ and a real redis-server,
// worker PROCESSES rendering with the editor's row renderer (sandboxed), the template's audio served over HTTP,
// the emulator speaking the voice-overs (with the account key) and counting them per second.
import assert from 'node:assert/strict';
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { access, mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { createHash } from 'node:crypto';
import { join, relative } from 'node:path';
import { after, afterEach, before, beforeEach, describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { Queue } from 'bullmq';
import { Redis } from 'ioredis';
import { startEmulator, type Emulator } from '../../../demo/server/emulator/server.js';
import { runQueueCli } from '../../../src/batch/queue/cli.js';
import { redisOptionsOf } from '../../../src/batch/queue/connection.js';
import { enqueueRun } from '../../../src/batch/queue/enqueue.js';
import { queueStatus, type QueueStatus } from '../../../src/batch/queue/status.js';
import { ARRIVAL_SLACK_MS, VOICE_RATE_KEY } from '../../../src/batch/queue/voice-rate.js';
import { ROWS_QUEUE, RUNS_QUEUE } from '../../../src/batch/queue/connection.js';
import type { RunSummary } from '../../../src/batch/queue/run-processor.js';
import type { RowJobResult } from '../../../src/batch/row-job.js';
import type { DeliveryManifest } from '../../../src/delivery/types.js';
import { servedTemplate, type ServedTemplate } from '../support/batch-template.js';
import { csvOf, runBatch } from '../support/batch-run.js';
import { RAW_BREAK, RAW_CONTROL } from '../support/raw-controls.js';
import { startRedis, type TestRedis } from '../support/redis.js';
import { needTools } from '../support/tools.js';

const KEY = 'batch-queue-test-key';
const STUDIO_BATCH = fileURLToPath(new URL('../support/batch-child.ts', import.meta.url));
const PRODUCTS = ['Trail runner shoes', 'Hiking jacket', 'Wool socks', 'Water bottle', 'Camp mug', 'Head torch', 'Rain cover', 'Map case', 'Gaiters', 'Sun hat'];

/**
 * Two WAV destinations: the queue is what these tests are about, and the editor's MP3 encoder would make each job
 * four times as long (the MP3 files of a batch are read by FFmpeg in batch-cli.test.ts).
 */
const DESTINATIONS = ['broadcast-ebu-r128', 'broadcast-atsc-a85'];
/** How a file of each destination is named (`…_ebu-r128.wav`). */
const SUFFIX: Record<string, string> = { 'broadcast-ebu-r128': 'ebu-r128', 'broadcast-atsc-a85': 'atsc-a85' };

/** `count` rows of the feed template (sku R01…, product_name, price), every one deliverable. */
const feedRows = (count: number) => Array.from({ length: count }, (_, i) => [`R${String(i + 1).padStart(2, '0')}`, `${PRODUCTS[i % PRODUCTS.length]} ${i + 1}`, `${10 + i}.99`]);

/** Every file under `root`, relative, '/'-separated. */
async function listing(root: string): Promise<string[]> {
  const entries = await readdir(root, { recursive: true, withFileTypes: true });
  return entries.filter((entry) => entry.isFile()).map((entry) => relative(root, join(entry.parentPath, entry.name)).split('\\').join('/')).sort();
}

/** The delivered audio files of rows (not the template, the rows' records, the manifest or the report). */
/** A row's audio files: its captions and transcript are the same for each of its jobs, written by both. */
const rowFiles = (files: readonly string[]) => files.filter((file) => /^R\d\d\/.*\.(mp3|wav)$/.test(file));
/** The audio files the jobs say they made. */
const madeAudio = (results: readonly { files: readonly { path: string }[] }[]) => rowFiles(results.flatMap((result) => result.files.map((file) => file.path))).sort();
/** Each row's captions, once in the store however many of its jobs wrote them. */
const rowCaptions = (files: readonly string[]) => files.filter((file) => /^R\d\d\/.*_captions\.vtt$/.test(file));

describe('studio-batch enqueue | worker | status (BullMQ on redis-server)', { timeout: 1_200_000 }, () => {
  let redis: TestRedis;
  let emulator: Emulator;
  let out: string;
  let served: ServedTemplate | undefined;
  const workers: ChildProcess[] = [];

  before(async () => {
    needTools('ffmpeg', 'redis');
    redis = await startRedis();
    emulator = await startEmulator({ apiKey: KEY, jobStepMs: 2, testRoutes: true });
  });
  after(async () => {
    await emulator?.close();
    await redis?.stop();
  });
  beforeEach(async () => {
    out = await mkdtemp(join(tmpdir(), 'studio-batch-queue-'));
    const client = new Redis(redisOptionsOf(redis.url));
    await client.flushall();
    client.disconnect();
    emulator.state.reset();
  });
  afterEach(async () => {
    // A failed test leaves no worker behind (each is its own process group: its sandboxed processes go with it).
    await Promise.all(workers.splice(0).map((worker) => stop(worker, 'SIGKILL')));
    await served?.close();
    await rm(out, { recursive: true, force: true });
  });

  /** The feed template with `rows` rows, its audio served over HTTP for this test. */
  async function template(rows: number) {
    served = await servedTemplate(feedRows(rows));
    return served.template;
  }

  /** The row jobs' return values, and the run's. */
  async function returned(): Promise<{ rows: RowJobResult[]; run: RunSummary | undefined }> {
    const connection = redisOptionsOf(redis.url);
    const rows = new Queue(ROWS_QUEUE, { connection });
    const runs = new Queue(RUNS_QUEUE, { connection });
    try {
      return { rows: (await rows.getCompleted(0, -1)).map((job) => job.returnvalue as RowJobResult), run: (await runs.getCompleted(0, -1))[0]?.returnvalue as RunSummary | undefined };
    } finally {
      await Promise.all([rows.close(), runs.close()]);
    }
  }

  /** Starts a worker process (its own process group) rendering with the test double. */
  function startWorker(...flags: string[]): ChildProcess {
    const worker = spawn(process.execPath, ['--import', 'tsx', STUDIO_BATCH, 'worker', '--queue', redis.url, '--base-url', emulator.url, '--lock-ms', '2000', ...flags], {
      env: { ...process.env, STUDIO_API_KEY: KEY },
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true,
    });
    workers.push(worker);
    return worker;
  }

  async function stop(worker: ChildProcess, signal: NodeJS.Signals): Promise<void> {
    if (worker.exitCode !== null || worker.signalCode !== null) return;
    const exited = once(worker, 'exit');
    process.kill(signal === 'SIGKILL' ? -worker.pid! : worker.pid!, signal);
    await exited;
  }

  /** Polls the queue until `done(status)`, failing after 8 minutes (a row renders in seconds) with the last status. */
  async function until(done: (status: QueueStatus) => boolean): Promise<QueueStatus> {
    const deadline = Date.now() + 480_000;
    let status = await queueStatus(redis.url);
    while (!done(status)) {
      if (Date.now() > deadline) assert.fail(`The queue did not get there: ${JSON.stringify(status)}`);
      await new Promise((resolve) => setTimeout(resolve, 200));
      status = await queueStatus(redis.url);
    }
    return status;
  }

  const voiceovers = () => Object.values(emulator.state.voiceoverRate.counts).reduce((sum, n) => sum + n, 0);

  it('renders 20 rows × 2 destinations, enqueued twice, with 2 worker processes: 40 files, each rendered once', async () => {
    const doc = await template(20);
    // `studio-batch enqueue`, twice: the project file (exported without rows) and the feed file, as render reads them.
    await mkdir(join(out, 'input'));
    const project = join(out, 'input', 'ad.json');
    const feed = join(out, 'input', 'rows.csv');
    await writeFile(project, JSON.stringify({ ...doc, feed: { ...doc.feed!, rows: [] } }));
    await writeFile(feed, csvOf(doc.feed!.rows));
    const enqueue = () => runBatch(['enqueue', '--queue', redis.url, '--project', project, '--feed', feed, '--destinations', DESTINATIONS.join(','), '--out', out]);
    const first = await enqueue();
    const second = await enqueue();
    assert.equal(first.code, 0, first.stderr);
    assert.match(first.stdout, /^Enqueued run run-[0-9a-f]{64}: 40 jobs \(rows × destinations\)/);
    assert.equal(second.stdout, first.stdout, 'the same run');
    assert.deepEqual((await queueStatus(redis.url)).rows, { done: 0, failed: 0, waiting: 40, active: 0 }, 'the second enqueue added no job');

    const a = startWorker('--concurrency', '2');
    const b = startWorker('--concurrency', '2');
    const status = await until((s) => s.runs.done === 1);
    assert.deepEqual(status.rows, { done: 40, failed: 0, waiting: 0, active: 0 });
    const { rows: results, run } = await returned();
    assert.equal(results.filter((result) => result.status === 'delivered').length, 40, 'each job rendered once, none skipped');
    assert.deepEqual(run, { delivered: 40, skipped: 0, failed: 0 });
    const spoken = voiceovers();
    assert.ok(spoken >= 20 && spoken <= 40, `${spoken} voice-overs: one per row, or two when its destinations went to two processes`);

    // A third enqueue of the finished run does nothing: no job, no render.
    assert.equal((await enqueue()).stdout, first.stdout);
    await new Promise((resolve) => setTimeout(resolve, 1000));
    assert.deepEqual((await queueStatus(redis.url)).rows, { done: 40, failed: 0, waiting: 0, active: 0 });
    assert.equal(voiceovers(), spoken);

    const files = await listing(out);
    const rows = rowFiles(files);
    assert.equal(rows.length, 40);
    assert.deepEqual(rows, madeAudio(results), 'the store holds exactly the files the jobs made');
    assert.equal(rowCaptions(files).length, 20, 'and each row\'s captions');
    for (const row of doc.feed!.rows) for (const destination of DESTINATIONS) assert.equal(rows.filter((file) => file.startsWith(`${row[0]}/`) && file.includes(`_${SUFFIX[destination]}.`)).length, 1, `${row[0]} ${destination}`);
    assert.equal(files.filter((file) => file.startsWith('templates/')).length, 1, 'the template is stored once');
    assert.ok(files.includes('manifest.json') && files.includes('report.html'));
    assert.deepEqual(files.filter((file) => file.endsWith('.tmp')), []);

    // SIGTERM: each worker closes gracefully and exits 0.
    for (const worker of [a, b]) {
      const exited = once(worker, 'exit');
      worker.kill('SIGTERM');
      assert.deepEqual(await exited, [0, null]);
    }
  });

  it('loses nothing when a worker is killed (SIGKILL) mid-run: every job completes, no duplicate or partial file', async () => {
    const doc = await template(5);
    await enqueueRun({ queue: redis.url, template: doc, destinations: DESTINATIONS, out });
    const victim = startWorker('--concurrency', '2');
    const survivor = startWorker('--concurrency', '2');
    // Kill one while it holds jobs: some rows done, more to go.
    await until((s) => s.rows.done >= 1 && s.rows.active > 0);
    await stop(victim, 'SIGKILL');
    const status = await until((s) => s.runs.done === 1);
    assert.deepEqual(status.rows, { done: 10, failed: 0, waiting: 0, active: 0 });
    const { rows: results } = await returned();
    const files = await listing(out);
    assert.equal(rowFiles(files).length, 10);
    assert.deepEqual(rowFiles(files), madeAudio(results), 'no duplicate: the files the jobs made, once');
    assert.equal(rowCaptions(files).length, 5, 'and each row\'s captions');
    assert.deepEqual(files.filter((file) => file.endsWith('.tmp')), [], 'no partial file');
    for (const result of results) {
      for (const file of result.files) {
        const bytes = await readFile(join(out, file.path));
        assert.equal(createHash('sha256').update(bytes).digest('hex'), file.sha256, `${file.path} is whole`);
      }
    }
    assert.equal(survivor.exitCode, null);
  });

  it('reports a row whose voice-over fails with its reason (status and the run manifest); the other rows complete', async () => {
    emulator.state.faults.set({ failVoiceoverText: 'Water bottle 4' });
    const doc = await template(4);
    await enqueueRun({ queue: redis.url, template: doc, destinations: DESTINATIONS, out });
    startWorker('--concurrency', '2');
    const status = await until((s) => s.runs.done === 1);
    assert.deepEqual(status.rows, { done: 6, failed: 2, waiting: 0, active: 0 });
    assert.deepEqual(status.failures.map((failure) => `${failure.job.row} ${failure.job.destination} ${failure.attempts}`).sort(), ['R04 broadcast-atsc-a85 3', 'R04 broadcast-ebu-r128 3']);

    let printed = '';
    const code = await runQueueCli(['status', '--queue', redis.url], { stdout: { write: (text: string) => (printed += text) }, stderr: { write: () => true }, env: {}, loadTemplate: () => Promise.reject(new Error('none')) });
    assert.equal(code, 0);
    assert.match(printed, /^Rows: 6 done, 2 failed, 0 waiting, 0 active$/m);
    assert.match(printed, /^Failed: row R04 to broadcast-ebu-r128 after 3 attempts: .*The voice could not speak this text/m);
    assert.match(printed, /^Failed: row R04 to broadcast-atsc-a85 after 3 attempts: .*The voice could not speak this text/m);

    const manifest = JSON.parse(await readFile(join(out, 'manifest.json'), 'utf8')) as DeliveryManifest;
    const failed = manifest.feed!.rows.filter((row) => row.status === 'failed');
    assert.deepEqual(failed.map((row) => row.key), ['R04']);
    assert.deepEqual(failed[0]!.reasons.map((reason) => /^([\w-]+): .*The voice could not speak this text/.exec(reason)?.[1]).sort(), ['broadcast-atsc-a85', 'broadcast-ebu-r128']);
    assert.deepEqual(manifest.feed!.rows.filter((row) => row.status === 'delivered').map((row) => row.key).sort(), ['R01', 'R02', 'R03']);
    assert.match(await readFile(join(out, 'report.html'), 'utf8'), /R04/);
    assert.equal(rowFiles(await listing(out)).length, 6);
  });

  it('writes each row\'s vast.xml for vast-audio with --vast-base-url carried in the jobs; other settings make a new run', async () => {
    needTools('xmllint');
    const doc = await template(2);
    await mkdir(join(out, 'input'));
    const project = join(out, 'input', 'ad.json');
    const feed = join(out, 'input', 'rows.csv');
    await writeFile(project, JSON.stringify({ ...doc, feed: { ...doc.feed!, rows: [] } }));
    await writeFile(feed, csvOf(doc.feed!.rows));
    const base = 'https://cdn.example.com/queue/';
    const impression = 'https://track.example.com/queue/imp';
    const enqueue = (url: string) => runBatch(['enqueue', '--queue', redis.url, '--project', project, '--feed', feed, '--destinations', 'vast-audio', '--out', out, '--vast-base-url', url, '--vast-impression', impression]);
    const first = await enqueue(base);
    assert.equal(first.code, 0, first.stderr);
    assert.equal((await enqueue(base)).stdout, first.stdout, 'the same settings: the same run, nothing added');
    const worker = startWorker();
    await until((s) => s.runs.done === 1);
    const { rows: results } = await returned();
    assert.deepEqual(results.map((result) => [result.job.row, result.status, result.job.vast]).sort(), [['R01', 'delivered', { mediaBaseUrl: base, impressionUrls: [impression] }], ['R02', 'delivered', { mediaBaseUrl: base, impressionUrls: [impression] }]]);
    const manifest = JSON.parse(await readFile(join(out, 'manifest.json'), 'utf8')) as DeliveryManifest;
    assert.deepEqual(manifest.vast?.map((entry) => [entry.fileName, entry.written, entry.valid]).sort(), [['R01/vast.xml', true, true], ['R02/vast.xml', true, true]]);
    const xsd = fileURLToPath(new URL('../../fixtures/vast_4.1.xsd', import.meta.url));
    for (const key of ['R01', 'R02']) {
      const xml = join(out, key, 'vast.xml');
      const { stderr } = await promisify(execFile)('xmllint', ['--noout', '--schema', xsd, xml]);
      assert.match(stderr, /validates/);
      assert.ok(!(await readFile(xml, 'utf8')).includes('about:blank'), 'no placeholder impression');
      const urls = [...(await readFile(xml, 'utf8')).matchAll(/<(?:MediaFile|Mezzanine) [^>]*><!\[CDATA\[([^\]]*)\]\]>/g)].map((match) => match[1]!);
      assert.equal(urls.length, 4);
      for (const url of urls) {
        assert.ok(url.startsWith(`${base}${key}/`), url);
        await access(join(out, decodeURIComponent(url.slice(base.length))));
      }
    }
    await stop(worker, 'SIGTERM');
    const moved = await enqueue('https://media.example.org/queue/');
    assert.notEqual(moved.stdout.split(':')[0], first.stdout.split(':')[0], 'a new run id');
    assert.equal((await queueStatus(redis.url)).rows.waiting, 2, 'a new job a row: its vast.xml differs');
  });

  it('prints a feed\'s hostile keys and values escaped through enqueue, worker and status: no raw control, bidi or line feed', async () => {
    // Overrides, isolates, a screen clear with a title set (ESC and BEL), a line feed that would start a line.
    // A key holding any of them fails its jobs, with a reason that quotes it; a clean key's values are rendered.
    const hostile = [
      ['ok\u202Eevil', 'Camp\u2066mug\u2069', '12.50'],
      ['\x1b[2J\x1b]0;pwned\x07title', 'Bell\x07 mug\x1b[31m', '12.50'],
      ['lf\nRows: 9 done', 'Wool\u2067 socks\u2068\n', '12.50'],
      ['R01', 'Mug\u202E\x1b]0;p\x07\nRows: 9 done', '12.50'],
    ];
    served = await servedTemplate(hostile);
    const doc = served.template;
    await mkdir(join(out, 'input'));
    const project = join(out, 'input', 'ad.json');
    const feed = join(out, 'input', 'rows.csv');
    await writeFile(project, JSON.stringify({ ...doc, feed: { ...doc.feed!, rows: [] } }));
    await writeFile(feed, csvOf(hostile));
    const enqueued = await runBatch(['enqueue', '--queue', redis.url, '--project', project, '--feed', feed, '--destinations', DESTINATIONS[0]!, '--out', out]);
    assert.equal(enqueued.code, 0, enqueued.stderr);
    // A file name is a value too: a feed that cannot be read is named on its one line.
    const unread = await runBatch(['enqueue', '--queue', redis.url, '--project', project, '--feed', `${feed}\nRows: 9 done\u202E`, '--out', out]);
    assert.equal(unread.code, 2);
    assert.match(unread.stderr, /rows\.csv\\u000aRows: 9 done\\u202e could not be read/);
    const worker = startWorker();
    let printed = '';
    for (const stream of [worker.stdout!, worker.stderr!]) stream.on('data', (chunk: Buffer) => (printed += chunk.toString('utf8')));
    const status = await until((s) => s.runs.done === 1);
    assert.deepEqual(status.rows, { done: 1, failed: 3, waiting: 0, active: 0 }, JSON.stringify(status.failures));
    const shown = await runBatch(['status', '--queue', redis.url]);
    assert.equal(shown.code, 0, shown.stderr);
    await stop(worker, 'SIGTERM');
    for (const [what, text] of [['enqueue', enqueued.stdout + enqueued.stderr + unread.stdout + unread.stderr], ['worker', printed], ['status', shown.stdout + shown.stderr]] as const) {
      assert.doesNotMatch(text, RAW_CONTROL, `${what}: ${JSON.stringify(text)}`);
      assert.doesNotMatch(text, RAW_BREAK, `${what}: ${JSON.stringify(text)}`);
      assert.doesNotMatch(text, /^Rows: 9 done/m, `${what}: a forged line`);
    }
    assert.match(printed, /^Worker on redis:/m, 'the worker said what it did');
    assert.match(shown.stdout, /^Rows: 1 done, 3 failed, 0 waiting, 0 active$/m);
    assert.match(shown.stdout, /^Failed: row lf\\u000aRows: 9 done to broadcast-ebu-r128 after 3 attempts: sku: The key /m, 'the key escaped where it is named');
    assert.match(shown.stdout, /^Failed: row ok\\u202eevil to /m);
  });

  it('holds the voice-over rate across workers: --voice-rate 2/s gives at most 2 permits in any 1.25 s of Redis\' clock, and every voice-over reaches the emulator', async () => {
    // The permits, as Redis takes them: MONITOR streams each command a script runs, the limiter's ZADD with its
    // score (Redis' clock, in µs) among them, so none is missed however late this process reads them. The emulator's
    // count per second is not the measure: a request reaches it a scheduling delay after its permit (two busy
    // processes, unbounded on a loaded machine), and a late one can share a second with the next two. The slack of
    // the window makes that rare; a service that counts strictly answers it 429, and the start is sent again after
    // Retry-After (start-retry.test.ts).
    const client = new Redis(redisOptionsOf(redis.url));
    const monitor = await client.monitor();
    const permits: number[] = [];
    monitor.on('monitor', (_time: string, args: string[]) => {
      if (args[0]?.toUpperCase() === 'ZADD' && args[1] === VOICE_RATE_KEY) permits.push(Number(args[2]));
    });
    try {
      const doc = await template(8);
      await enqueueRun({ queue: redis.url, template: doc, destinations: [DESTINATIONS[0]!], out });
      startWorker('--concurrency', '2', '--voice-rate', '2/s');
      startWorker('--concurrency', '2', '--voice-rate', '2/s');
      await until((s) => s.runs.done === 1);
    } finally {
      monitor.disconnect();
      client.disconnect();
    }
    assert.equal(voiceovers(), 8, 'one voice-over a row (its Body)');
    assert.equal(permits.length, 8, `a permit for each: ${permits.join(', ')}`);
    const windowUs = (1000 + ARRIVAL_SLACK_MS) * 1000;
    const gaps = permits.slice(2).map((at, i) => at - permits[i]!);
    assert.ok(gaps.every((gap) => gap >= windowUs), `µs from each permit to the second after it, each at least ${windowUs}: ${gaps.join(', ')}`);
  });
});
