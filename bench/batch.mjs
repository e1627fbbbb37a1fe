// The batch across processes against one machine's pool: `npm run bench:batch -- [rows]` (default 12 rows, to
// 2 destinations: streaming and podcast). From the sources (tsx), against the service emulator started here (job
// steps of 2 ms: the render is measured, not the emulator's pacing) and a redis-server of its own on a free port.
// For each setup, a fresh output folder and an empty Redis:
//   - `studio-batch worker` as 1, then 2 processes (each --concurrency 1: one sandboxed render at a time), the
//     run enqueued once; timed from the enqueue until the run's manifest.json is written (the run's parent job
//     ran), so a worker's start-up counts, as it does on a real machine;
//   - the peer: `renderBatch` (studio-batch render's in-process pool) with 1, then 2 worker threads;
// and prints jobs (rows × destinations, one file each) per minute, the Redis commands sent per job (counted with
// MONITOR over the run, every client: workers, the enqueue, blocking reads, lock renewals, progress; not those a
// Lua script runs inside Redis; each is at most a round trip, fewer when pipelined; the five most sent named), and
// each worker process's peak memory (the peak resident set, VmHWM, of the worker and of its sandboxed process,
// read before it stops).
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Redis } from 'ioredis';
import { startEmulator } from '../demo/server/emulator/server.ts';
import { redisOptionsOf } from '../src/batch/queue/connection.ts';
import { enqueueRun } from '../src/batch/queue/enqueue.ts';
import { renderBatch } from '../src/batch/run.ts';
import { servedTemplate } from '../test/node/support/batch-template.ts';
import { startRedis } from '../test/node/support/redis.ts';

const ROWS = Number(process.argv[2] ?? 12);
const DESTINATIONS = ['streaming', 'podcast'];
const KEY = 'bench-batch-key';
const STUDIO_BATCH = fileURLToPath(new URL('../test/node/support/batch-child.ts', import.meta.url));
const PRODUCTS = ['Trail runner shoes', 'Hiking jacket', 'Wool socks', 'Water bottle', 'Camp mug', 'Head torch'];
const rows = Array.from({ length: ROWS }, (_, i) => [`B${String(i + 1).padStart(3, '0')}`, `${PRODUCTS[i % PRODUCTS.length]} ${i + 1}`, `${10 + i}.99`]);
const jobs = ROWS * DESTINATIONS.length;

const redis = await startRedis();
const emulator = await startEmulator({ apiKey: KEY, jobStepMs: 2 });
const served = await servedTemplate(rows, DESTINATIONS);
const client = new Redis(redisOptionsOf(redis.url));

/** Counts the commands clients send (MONITOR; those a Lua script runs inside Redis are not sent, so not counted). */
async function countCommands() {
  const connection = new Redis(redisOptionsOf(redis.url));
  const monitor = await connection.monitor();
  const calls = new Map();
  monitor.on('monitor', (_time, args, source) => {
    if (source === 'lua') return;
    const name = String(args[0]).toLowerCase();
    calls.set(name, (calls.get(name) ?? 0) + 1);
  });
  return async () => {
    await new Promise((resolve) => setTimeout(resolve, 200));
    monitor.disconnect();
    connection.disconnect();
    return [...calls].sort((a, b) => b[1] - a[1]);
  };
}
const perMinute = (ms) => (jobs / (ms / 60_000)).toFixed(1);
const mb = (kb) => (kb / 1024).toFixed(0);

/** VmHWM (kB) of `pid` and of each of its children. */
function peaks(pid) {
  const hwm = (p) => Number(/VmHWM:\s+(\d+)/.exec(readFileSync(`/proc/${p}/status`, 'utf8'))?.[1] ?? 0);
  const children = readdirSync(`/proc/${pid}/task`).flatMap((task) => readFileSync(`/proc/${pid}/task/${task}/children`, 'utf8').trim().split(/\s+/).filter(Boolean));
  return { worker: hwm(pid), sandboxes: children.map(hwm) };
}

async function queueRun(processes) {
  await client.flushall();
  emulator.state.reset();
  const out = await mkdtemp(join(tmpdir(), 'bench-batch-'));
  const counted = await countCommands();
  const started = performance.now();
  await enqueueRun({ queue: redis.url, template: served.template, destinations: DESTINATIONS, out });
  const workers = Array.from({ length: processes }, () =>
    spawn(process.execPath, ['--import', 'tsx', STUDIO_BATCH, 'worker', '--queue', redis.url, '--base-url', emulator.url, '--concurrency', '1'], { env: { ...process.env, STUDIO_API_KEY: KEY }, stdio: 'ignore', detached: true }),
  );
  while (!existsSync(join(out, 'manifest.json'))) await new Promise((resolve) => setTimeout(resolve, 100));
  const ms = performance.now() - started;
  const calls = await counted();
  const used = calls.reduce((sum, [, n]) => sum + n, 0);
  const memory = workers.map((worker) => peaks(worker.pid));
  await Promise.all(workers.map(async (worker) => {
    const exited = once(worker, 'exit');
    worker.kill('SIGTERM');
    await exited;
  }));
  const delivered = JSON.parse(readFileSync(join(out, 'manifest.json'), 'utf8')).files.length;
  await rm(out, { recursive: true, force: true });
  return { ms, used, calls, memory, delivered };
}

async function poolRun(threads) {
  emulator.state.reset();
  const out = await mkdtemp(join(tmpdir(), 'bench-batch-'));
  const started = performance.now();
  const run = await renderBatch({ template: served.template, service: { baseUrl: emulator.url, apiKey: KEY }, destinations: DESTINATIONS, out, workers: threads });
  const ms = performance.now() - started;
  await rm(out, { recursive: true, force: true });
  return { ms, delivered: run.results.filter((result) => result.status === 'delivered').length };
}

console.log(`batch: ${ROWS} rows × ${DESTINATIONS.length} destinations = ${jobs} jobs (30 s ad, MP3 out), ${availableParallelism()} cores, Node ${process.version}`);
try {
  for (const processes of [1, 2]) {
    const run = await queueRun(processes);
    console.log(`  queue, ${processes} worker process${processes === 1 ? '' : 'es'}: ${(run.ms / 1000).toFixed(1)} s, ${perMinute(run.ms)} jobs/min (${run.delivered} of ${jobs} files delivered); Redis ${(run.used / jobs).toFixed(1)} commands sent per job (${run.calls.slice(0, 5).map(([name, n]) => `${name} ${(n / jobs).toFixed(1)}`).join(', ')})`);
    run.memory.forEach((m, i) => console.log(`    worker ${i + 1}: peak ${mb(m.worker)} MB (worker) + ${m.sandboxes.map(mb).join(' + ') || 0} MB (sandboxed render process${m.sandboxes.length === 1 ? '' : 'es'})`));
  }
  for (const threads of [1, 2]) {
    const run = await poolRun(threads);
    console.log(`  peer, in-process pool (renderBatch), ${threads} thread${threads === 1 ? '' : 's'}: ${(run.ms / 1000).toFixed(1)} s, ${perMinute(run.ms)} jobs/min (${run.delivered} of ${jobs} files delivered)`);
  }
} finally {
  client.disconnect();
  await served.close();
  await emulator.close();
  await redis.stop();
}
