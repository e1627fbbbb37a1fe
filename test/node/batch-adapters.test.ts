// The Node batch through a host's adapters (issue 44): `studio-batch render` (in this process) and `studio-batch
// worker` (a process, through Redis) against the other service (test/support/other-service/server.ts: a reshaping
// proxy in front of the emulator, its own paths, names and task states), with the adapters of
// test/fixtures/other-service-adapters.mjs given by a config file. Without them, or with hostile ones, each row
// fails in words that name the operation, and the API key is nowhere in what the command wrote.
import assert from 'node:assert/strict';
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { startEmulator, type Emulator } from '../../demo/server/emulator/server.js';
import { loadBatchConfig } from '../../src/batch/batch-config.js';
import { queueStatus } from '../../src/batch/queue/status.js';
import type { DeliveryManifest } from '../../src/delivery/types.js';
import { startOtherService, type OtherService } from '../support/other-service/server.js';
import { csvOf, filesUnder, runBatch, type BatchCliRun } from './support/batch-run.js';
import { servedTemplate, TEN_ROWS, type ServedTemplate } from './support/batch-template.js';
import { assertSheet, rowFile } from './support/ffmpeg-sheet.js';
import { QUICK_FEED_SECONDS } from './support/feed-template.js';
import { startRedis } from './support/redis.js';
import { needTools } from './support/tools.js';

const KEY = 'sk-batch-adapters-5c81e07d';
const ADAPTERS_FILE = fileURLToPath(new URL('../fixtures/other-service-adapters.mjs', import.meta.url));
const STUDIO_BATCH = fileURLToPath(new URL('./support/batch-child.ts', import.meta.url));
/** A WAV destination of an exact length: each file is checked to the sample. */
const DESTINATION = 'broadcast-ebu-r128';
/** Three rows whose Body differs from the template's sample: each needs a voice-over from the service. */
const ROWS = [TEN_ROWS[1]!, TEN_ROWS[3]!, TEN_ROWS[4]!];
const KEYS = ROWS.map((row) => row[0]!);

describe('studio-batch through adapters, against the other service', { timeout: 300_000 }, () => {
  let emulator: Emulator;
  let other: OtherService;
  let served: ServedTemplate;
  let dir = '';
  const env = { STUDIO_API_KEY: KEY };

  /** Writes `text` as `name` in the test's folder; its path. */
  const write = (name: string, text: string) => {
    writeFileSync(join(dir, name), text);
    return join(dir, name);
  };
  /** A config file that imports the adapters and exports `body` (JavaScript, with `o` the adapters' operations). */
  const configFile = (name: string, body: string) =>
    write(name, `import adapters from ${JSON.stringify(ADAPTERS_FILE)};\nconst o = adapters.operations;\nexport default ${body};\n`);
  /** The project file (exported without rows) and the feed of ROWS. */
  const inputs = (name: string) => {
    const project = write(`${name}.json`, JSON.stringify({ ...served.template, feed: { ...served.template.feed!, rows: [] } }));
    return { project, feed: write(`${name}.csv`, csvOf(ROWS)) };
  };
  /** `studio-batch render` of ROWS to DESTINATION against the other service, into `<dir>/<name>`. */
  const render = (name: string, ...more: string[]) => {
    const { project, feed } = inputs(name);
    return runBatch(['render', '--project', project, '--feed', feed, '--base-url', other.url, '--destinations', DESTINATION, '--out', join(dir, name), '--workers', '2', ...more], env);
  };
  const manifestOf = (name: string) => JSON.parse(readFileSync(join(dir, name, 'manifest.json'), 'utf8')) as DeliveryManifest;

  /** The key in none of what a run wrote: its output (nothing even scrubbed from it) and every file of its folder. */
  const assertKeyNowhere = (run: BatchCliRun, name: string) => {
    for (const [where, text] of [['stdout', run.stdout], ['stderr', run.stderr]]) {
      assert.ok(!text!.includes(KEY), `the key on ${where}`);
      assert.ok(!text!.includes('<redacted>'), `the key reached ${where} and was scrubbed from it`);
    }
    const files = filesUnder(join(dir, name));
    assert.ok(files.includes('manifest.json') && files.includes('report.html') && files.some((file) => file.startsWith('rows/')), files.join(', '));
    for (const file of files) assert.ok(!readFileSync(join(dir, name, file), 'latin1').includes(KEY), `the key in ${file}`);
  };

  /** Each row failed, its reason (in the manifest, as on stderr) matching `reason`; exit 1; no audio written. */
  const assertEveryRowFailed = (run: BatchCliRun, name: string, reason: RegExp) => {
    assert.equal(run.code, 1, run.stdout + run.stderr);
    assert.match(run.stdout, /^0 delivered, 0 already done, 3 failed, of 3 jobs/);
    const rows = manifestOf(name).feed!.rows;
    assert.deepEqual(rows.map((row) => [row.key, row.status]).sort(), KEYS.map((key) => [key, 'failed']).sort());
    for (const row of rows) assert.match(row.reasons.join(' '), reason, row.key);
    for (const key of KEYS) assert.match(run.stderr, new RegExp(`^failed {5}${key} → ${DESTINATION}: .*${reason.source}`, 'm'));
    assert.deepEqual(filesUnder(join(dir, name)).filter((file) => /\.(wav|mp3)$/.test(file)), []);
    assertKeyNowhere(run, name);
  };

  before(async () => {
    needTools('ffmpeg');
    emulator = await startEmulator({ apiKey: KEY, jobStepMs: 2, testRoutes: true });
    other = await startOtherService({ emulatorUrl: emulator.url });
    served = await servedTemplate(ROWS, [DESTINATION]);
    dir = mkdtempSync(join(tmpdir(), 'batch-adapters-'));
  });
  after(async () => {
    await other?.close();
    await emulator?.close();
    await served?.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('render with a config that re-exports the adapters: every row delivered, its WAV the ad to the sample, the emulator reached only through the other service', async () => {
    needTools('ffmpeg');
    const seen = emulator.state.requests.entries.at(-1)?.seq ?? 0;
    const sent = other.forwarded().length;
    const run = await render('adapted', '--config', configFile('adapted.mjs', '{ api: { operations: o } }'));
    assert.equal(run.code, 0, run.stdout + run.stderr);
    assert.match(run.stdout, /^3 delivered, 0 already done, 0 failed, of 3 jobs/);
    const manifest = manifestOf('adapted');
    assert.deepEqual(manifest.feed!.rows.map((row) => [row.key, row.status]).sort(), KEYS.map((key) => [key, 'delivered']).sort());
    assert.deepEqual(manifest.feed!.takes, { voiced: 3, reused: 6 }, 'each row\'s Body voiced by the service; Hook and Call to action the template\'s');
    for (const key of KEYS) {
      const { destination, file } = rowFile(manifest, key, DESTINATION);
      const path = join(dir, 'adapted', key, file.fileName);
      await assertSheet(path, destination, readFileSync(path).length, QUICK_FEED_SECONDS, dir);
      assert.ok(file.pass, `${key} meets its sheet`);
    }
    // What the emulator received is what the other service sent it, request for request: nothing came directly.
    const received = emulator.state.requests.entries.filter((entry) => entry.seq > seen).map((entry) => `${entry.method} ${entry.path}`);
    const forwarded = other.forwarded().slice(sent).filter((request) => !request.startsWith('OPTIONS '));
    assert.deepEqual([...received].sort(), [...forwarded].sort());
    assert.equal(received.filter((request) => request === 'POST /v1/voiceover').length, 3, 'the voice-overs, asked at /v1/speech');
    assert.ok(received.some((request) => request.startsWith('GET /v1/jobs/')), 'the tasks, polled at /v1/tasks/{id}');
    assert.equal(received.filter((request) => request.startsWith('GET /v1/assets/')).length, 3, 'the takes, fetched through it');
    assertKeyNowhere(run, 'adapted');
  });

  it('render without a config: each row fails with the missing operation named (404 at /v1/voiceover), exit 1, the key nowhere', async () => {
    const run = await render('bare');
    assertEveryRowFailed(run, 'bare', /the service answered 404 \(not_found: No operation at \/v1\/voiceover\.\)\. Check api\.baseUrl and api\.paths/);
  });

  it('render with the requests adapted but not the answers: each row fails with a contract reason naming the operation and the field', async () => {
    // A host's adapters half written: the job is found and followed, its result read as the editor assumes.
    const halfway = configFile('halfway.mjs', '{ api: { operations: { voiceover: { ...o.voiceover, response: (json, status) => (status === 202 ? o.voiceover.response(json, status) : json) }, job: o.job } } }');
    const run = await render('halfway', '--config', halfway);
    assertEveryRowFailed(run, 'halfway', /voiceover: result\.asset: expected an object, got undefined/);
  });

  it('render with hostile adapters: one that throws the key, one that hangs: a contract failure a row, within api.timeoutMs, and the run ends', async () => {
    const throwing = configFile('throwing.mjs', `{ api: { timeoutMs: 1000, operations: { ...o, voiceover: { ...o.voiceover, request: () => { throw new Error('the key is ${KEY}'); } } } } }`);
    assertEveryRowFailed(await render('throwing', '--config', throwing), 'throwing', /voiceover: the request adapter threw an Error\. Fix api\.operations\.voiceover\.request/);
    const hanging = configFile('hanging.mjs', '{ api: { timeoutMs: 1000, operations: { ...o, voiceover: { ...o.voiceover, response: () => new Promise(() => {}) } } } }');
    assertEveryRowFailed(await render('hanging', '--config', hanging), 'hanging', /voiceover: the response adapter gave no answer within 1000 ms\. Fix api\.operations\.voiceover\.response/);
  });

  it('takes the adapters file itself (as studio-contract-check --config does) as its api; refuses it mixed with api, and an api.baseUrl', async () => {
    const config = await loadBatchConfig(ADAPTERS_FILE);
    assert.deepEqual(Object.keys(config), ['api']);
    assert.deepEqual(Object.keys(config.api!), ['operations']);
    const mixed = configFile('mixed.mjs', '{ operations: o, api: { timeoutMs: 5000 } }');
    await assert.rejects(loadBatchConfig(mixed), /mixed\.mjs: operations: give it inside api/);
    const based = configFile('based.mjs', '{ ...adapters, baseUrl: "https://elsewhere.example" }');
    await assert.rejects(loadBatchConfig(based), /based\.mjs: api\.baseUrl: a batch takes the service's address from --base-url/);
    // What the editor refuses in config.api is refused before anything is sent.
    const before = other.forwarded().length;
    const slow = configFile('slow.mjs', '{ operations: o, timeoutMs: 5 }');
    const run = await render('slow', '--config', slow);
    assert.equal(run.code, 2, run.stdout + run.stderr);
    assert.match(run.stderr, /config\.api\.timeoutMs: /);
    const worker = await runBatch(['worker', '--queue', 'redis://127.0.0.1:9', '--base-url', other.url, '--config', slow], env);
    assert.equal(worker.code, 2, 'a worker refuses it before it takes a job');
    assert.match(worker.stderr, /config\.api\.timeoutMs: /);
    assert.equal(other.forwarded().length, before);
  });

  it('worker --config <the adapters file>: 2 rows through Redis, both delivered through the other service', async () => {
    needTools('ffmpeg', 'redis');
    const redis = await startRedis();
    let worker: ChildProcess | undefined;
    try {
      const { project } = inputs('queued');
      const feed = write('queued.csv', csvOf(ROWS.slice(0, 2)));
      const out = join(dir, 'queued');
      const enqueued = await runBatch(['enqueue', '--queue', redis.url, '--project', project, '--feed', feed, '--destinations', DESTINATION, '--out', out]);
      assert.equal(enqueued.code, 0, enqueued.stderr);
      worker = spawn(process.execPath, ['--import', 'tsx', STUDIO_BATCH, 'worker', '--queue', redis.url, '--base-url', other.url, '--config', ADAPTERS_FILE, '--lock-ms', '2000'], {
        env: { ...process.env, STUDIO_API_KEY: KEY },
        stdio: ['ignore', 'ignore', 'pipe'],
        detached: true,
      });
      let stderr = '';
      worker.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
      for (let status = await queueStatus(redis.url); status.runs.done + status.runs.failed === 0; status = await queueStatus(redis.url)) {
        assert.equal(worker.exitCode, null, `the worker ended: ${stderr}`);
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
      const status = await queueStatus(redis.url);
      assert.deepEqual(status.rows, { done: 2, failed: 0, waiting: 0, active: 0 }, JSON.stringify(status.failures));
      const manifest = JSON.parse(readFileSync(join(out, 'manifest.json'), 'utf8')) as DeliveryManifest;
      assert.deepEqual(manifest.feed!.rows.map((row) => [row.key, row.status]).sort(), KEYS.slice(0, 2).map((key) => [key, 'delivered']).sort());
      for (const key of KEYS.slice(0, 2)) {
        const { file } = rowFile(manifest, key, DESTINATION);
        assert.ok(file.pass && readFileSync(join(out, key, file.fileName)).length === file.figures.bytes, key);
      }
      assert.ok(!stderr.includes(KEY));
      const exited = once(worker, 'exit');
      worker.kill('SIGTERM');
      assert.deepEqual(await exited, [0, null]);
    } finally {
      if (worker?.exitCode === null && worker.signalCode === null) process.kill(-worker.pid!, 'SIGKILL');
      await redis.stop();
    }
  });
});
