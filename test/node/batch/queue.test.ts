// The many-machines batch (issue 43): `studio-batch enqueue | worker | status` on BullMQ and a real redis-server,
// worker PROCESSES, the emulator counting voice-over requests. The row renderer is the test double
// (../support/row-processor-double.ts): one voice-over request and one small file per job, through the store.
import assert from 'node:assert/strict';
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { after, afterEach, before, beforeEach, describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { Redis } from 'ioredis';
import { startEmulator, type Emulator } from '../../../demo/server/emulator/server.js';
import { runQueueCli } from '../../../src/batch/queue/cli.js';
import { redisOptionsOf } from '../../../src/batch/queue/connection.js';
import { enqueueRun } from '../../../src/batch/queue/enqueue.js';
import { queueStatus, type QueueStatus } from '../../../src/batch/queue/status.js';
import type { ProjectDocument } from '../../../src/model/document.js';
import { sampleProject } from '../delivery-make.js';
import { startRedis, type TestRedis } from '../support/redis.js';

const KEY = 'batch-queue-test-key';
const WORKER = fileURLToPath(new URL('../support/queue-worker-process.ts', import.meta.url));
const PRODUCTS = ['Trail runner shoes', 'Hiking jacket', 'Wool socks', 'Water bottle', 'Camp mug', 'Head torch', 'Rain cover', 'Map case', 'Gaiters', 'Sun hat'];

/** The sample project with a feed of `rows` rows (keys R01…), key column `id`. */
function template(rows: number): ProjectDocument {
  const { project } = sampleProject(30);
  const values = Array.from({ length: rows }, (_, i) => [`R${String(i + 1).padStart(2, '0')}`, `${PRODUCTS[i % PRODUCTS.length]} ${i + 1}`, `${10 + i}.99`]);
  return { ...project, feed: { columns: ['id', 'product_name', 'price'], rows: values, key: 'id', mapping: [] } };
}

/** Every file under `root`, relative, '/'-separated. */
async function listing(root: string): Promise<string[]> {
  const entries = await readdir(root, { recursive: true, withFileTypes: true });
  return entries.filter((entry) => entry.isFile()).map((entry) => relative(root, join(entry.parentPath, entry.name)).split('\\').join('/')).sort();
}

/** The row files (not the template, manifest or report). */
const rowFiles = (files: readonly string[]) => files.filter((file) => /^R\d\d\//.test(file));

describe('studio-batch enqueue | worker | status (BullMQ on redis-server)', { timeout: 180_000 }, () => {
  let redis: TestRedis;
  let emulator: Emulator;
  let out: string;
  const workers: ChildProcess[] = [];

  before(async () => {
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
    await rm(out, { recursive: true, force: true });
  });

  /** Starts a worker process (its own process group) rendering with the test double. */
  function startWorker(...flags: string[]): ChildProcess {
    const worker = spawn(process.execPath, ['--import', 'tsx', WORKER, '--queue', redis.url, '--base-url', emulator.url, '--lock-ms', '2000', ...flags], {
      env: { ...process.env, STUDIO_API_KEY: KEY },
      stdio: ['ignore', 'ignore', 'pipe'],
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

  /** Polls the queue until `done(status)`, failing after 120 s with the last status. */
  async function until(done: (status: QueueStatus) => boolean): Promise<QueueStatus> {
    const deadline = Date.now() + 120_000;
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
    const doc = template(20);
    const first = await enqueueRun({ queue: redis.url, template: doc, destinations: ['streaming', 'podcast'], out });
    const second = await enqueueRun({ queue: redis.url, template: doc, destinations: ['streaming', 'podcast'], out });
    assert.equal(first.jobs, 40);
    assert.equal(second.run, first.run);
    assert.deepEqual((await queueStatus(redis.url)).rows, { done: 0, failed: 0, waiting: 40, active: 0 }, 'the second enqueue added no job');

    const a = startWorker('--concurrency', '2');
    const b = startWorker('--concurrency', '2');
    const status = await until((s) => s.runs.done === 1);
    assert.deepEqual(status.rows, { done: 40, failed: 0, waiting: 0, active: 0 });
    assert.equal(voiceovers(), 40, 'one render (one voice-over) per row×destination');

    // A third enqueue of the finished run does nothing: no job, no render.
    await enqueueRun({ queue: redis.url, template: doc, destinations: ['streaming', 'podcast'], out });
    await new Promise((resolve) => setTimeout(resolve, 1000));
    assert.deepEqual((await queueStatus(redis.url)).rows, { done: 40, failed: 0, waiting: 0, active: 0 });
    assert.equal(voiceovers(), 40);

    const files = await listing(out);
    const rows = rowFiles(files);
    assert.equal(rows.length, 40);
    assert.equal(new Set(rows).size, 40);
    for (const row of doc.feed!.rows) for (const destination of ['streaming', 'podcast']) assert.ok(rows.includes(`${row[0]}/${row[0]}_${destination}.txt`), `${row[0]} ${destination}`);
    assert.ok(files.includes(`templates/${first.template}.json`), 'the template is stored once');
    assert.ok(files.includes('manifest.json'));
    assert.deepEqual(files.filter((file) => file.endsWith('.tmp')), []);

    // SIGTERM: each worker closes gracefully and exits 0.
    for (const worker of [a, b]) {
      const exited = once(worker, 'exit');
      worker.kill('SIGTERM');
      assert.deepEqual(await exited, [0, null]);
    }
  });

  it('loses nothing when a worker is killed (SIGKILL) mid-run: every job completes, no duplicate or partial file', async () => {
    emulator.state.faults.set({ slowFactor: 40 });
    const doc = template(20);
    await enqueueRun({ queue: redis.url, template: doc, destinations: ['streaming', 'podcast'], out });
    const victim = startWorker('--concurrency', '2');
    const survivor = startWorker('--concurrency', '2');
    // Kill one while it holds jobs: some rows done, more to go.
    await until((s) => s.rows.done >= 4 && s.rows.active > 0);
    await stop(victim, 'SIGKILL');
    const status = await until((s) => s.runs.done === 1);
    assert.deepEqual(status.rows, { done: 40, failed: 0, waiting: 0, active: 0 });
    const files = await listing(out);
    assert.equal(rowFiles(files).length, 40);
    assert.deepEqual(files.filter((file) => file.endsWith('.tmp')), [], 'no partial file');
    for (const file of rowFiles(files)) assert.match(await readFile(join(out, file), 'utf8'), /^[0-9a-f]{64} R\d\d \w+ Get .* today\.\n$/, `${file} is whole`);
    assert.equal(survivor.exitCode, null);
  });

  it('reports a row whose voice-over fails with its reason (status and the run manifest); the other rows complete', async () => {
    emulator.state.faults.set({ failVoiceoverText: 'Water bottle 4' });
    const doc = template(10);
    await enqueueRun({ queue: redis.url, template: doc, destinations: ['streaming', 'podcast'], out });
    startWorker('--concurrency', '2');
    const status = await until((s) => s.runs.done === 1);
    assert.deepEqual(status.rows, { done: 18, failed: 2, waiting: 0, active: 0 });
    assert.deepEqual(status.failures.map((failure) => `${failure.job.row} ${failure.job.destination} ${failure.attempts}`).sort(), ['R04 podcast 3', 'R04 streaming 3']);

    let printed = '';
    const code = await runQueueCli(['status', '--queue', redis.url], { stdout: { write: (text: string) => (printed += text) }, stderr: { write: () => true }, env: {}, loadTemplate: () => Promise.reject(new Error('none')), stopped: new Promise(() => {}) });
    assert.equal(code, 0);
    assert.match(printed, /^Rows: 18 done, 2 failed, 0 waiting, 0 active$/m);
    assert.match(printed, /^Failed: row R04 to streaming after 3 attempts: The voice-over of row R04 failed: The voice could not speak this text \(forced by the emulator: failVoiceoverText\)\.$/m);

    const manifest = await readFile(join(out, 'manifest.json'), 'utf8');
    assert.match(manifest, /R04/);
    assert.match(manifest, /The voice could not speak this text/);
    assert.equal(rowFiles(await listing(out)).length, 18);
  });

  it('holds the voice-over rate across workers: the emulator never counts more than --voice-rate in a second', async () => {
    const doc = template(16);
    await enqueueRun({ queue: redis.url, template: doc, destinations: ['streaming'], out });
    startWorker('--concurrency', '2', '--voice-rate', '3/s');
    startWorker('--concurrency', '2', '--voice-rate', '3/s');
    await until((s) => s.runs.done === 1);
    const counts = Object.values(emulator.state.voiceoverRate.counts);
    assert.equal(counts.reduce((sum, n) => sum + n, 0), 16);
    assert.ok(Math.max(...counts) <= 3, `per second: ${counts.join(', ')}`);
  });
});
