// The output store in an S3-compatible bucket (issue 43): s3rver on a free port behind a front that verifies each
// SigV4 signature (test/node/support/s3.ts). A write, read and has round trip with the body's hash signed, 404s,
// a missing bucket, a wrong secret refused without the secret in the error, the paths and URLs refused, and a
// `studio-batch render` whose `--out s3://…` lands every file and the manifest in the bucket, then skips them.
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { once } from 'node:events';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { startEmulator, type Emulator } from '../../../demo/server/emulator/server.js';
import { s3LocationOf, s3Store } from '../../../src/batch/s3-store.js';
import { folderStore, storeOf } from '../../../src/batch/store.js';
import type { DeliveryManifest } from '../../../src/delivery/types.js';
import { csvOf, runBatch } from '../support/batch-run.js';
import { servedTemplate, TEN_ROWS, type ServedTemplate } from '../support/batch-template.js';
import { S3_ACCESS_KEY, S3_SECRET, startS3, type TestS3 } from '../support/s3.js';
import { needTools } from '../support/tools.js';

const BUCKET = 'studio-runs';
const CREDENTIALS = { AWS_ACCESS_KEY_ID: S3_ACCESS_KEY, AWS_SECRET_ACCESS_KEY: S3_SECRET };
const bytes = (text: string) => new TextEncoder().encode(text);

let s3: TestS3;
before(async () => {
  s3 = await startS3([BUCKET]);
});
after(async () => {
  await s3?.close();
});

describe('s3Store', () => {
  const url = (prefix = 'runs/summer') => `s3://${BUCKET}/${prefix}?endpoint=${s3.endpoint}`;
  const store = (env: NodeJS.ProcessEnv = CREDENTIALS, at = url()) => s3Store(s3LocationOf(at), env);

  it('writes an object with one signed PUT carrying its length and hash, reads it back and finds it', async () => {
    const body = bytes('RIFF… a whole take');
    const count = s3.seen.length;
    await store().write('TR-100/TR-100_Acme 30s.wav', body);
    const puts = s3.seen.slice(count);
    assert.deepEqual(puts.map((request) => [request.method, request.path]), [['PUT', `/${BUCKET}/runs/summer/TR-100/TR-100_Acme%2030s.wav`]]);
    assert.equal(puts[0]!.headers['content-length'], String(body.byteLength));
    assert.equal(puts[0]!.headers['x-amz-content-sha256'], createHash('sha256').update(body).digest('hex'));
    assert.ok(puts[0]!.signed.includes('x-amz-content-sha256'), puts[0]!.signed.join(';'));
    assert.deepEqual(await store().read('TR-100/TR-100_Acme 30s.wav'), body);
    assert.equal(await store().has('TR-100/TR-100_Acme 30s.wav'), true);
    assert.equal(await store(CREDENTIALS, url('runs')).has('summer/TR-100/TR-100_Acme 30s.wav'), true, 'the key is the prefix plus the path');
  });

  it('creates an object only where none is: a conditional PUT (If-None-Match: *), the first kept', async () => {
    const count = s3.seen.length;
    assert.equal(await store().create('R05/R05_captions.vtt', bytes('first')), true);
    assert.equal(await store().create('R05/R05_captions.vtt', bytes('second')), false);
    const puts = s3.seen.slice(count);
    assert.deepEqual(puts.map((request) => [request.method, request.headers['if-none-match']]), [['PUT', '*'], ['PUT', '*']]);
    assert.ok(puts[0]!.signed.includes('if-none-match'), 'the condition is signed');
    assert.deepEqual(await store().read('R05/R05_captions.vtt'), bytes('first'));
  });

  it('answers undefined and false for an object that is not there', async () => {
    assert.equal(await store().read('TR-100/none.wav'), undefined);
    assert.equal(await store().has('TR-100/none.wav'), false);
  });

  it('refuses a bucket that does not exist, naming it', async () => {
    const missing = s3Store(s3LocationOf(`s3://no-such-bucket/runs?endpoint=${s3.endpoint}`), CREDENTIALS);
    await assert.rejects(missing.write('a.json', bytes('{}')), /PUT s3:\/\/no-such-bucket\/runs\/a\.json .*404 NoSuchBucket; check the bucket/);
    await assert.rejects(missing.read('a.json'), /404 NoSuchBucket/);
  });

  it('fails a request signed with a wrong secret with a 403 that says what to check, never the secret', async () => {
    const secret = 'wrong-secret-8d1f4c7a';
    const wrong = store({ ...CREDENTIALS, AWS_SECRET_ACCESS_KEY: secret });
    const count = s3.seen.length;
    // One request at a time: three begun at once would reject before the loop awaits the second.
    const attempts = [() => wrong.write('TR-100/x.wav', bytes('x')), () => wrong.read('TR-100/TR-100_Acme 30s.wav'), () => wrong.has('TR-100/TR-100_Acme 30s.wav')];
    for (const attempt of attempts) {
      await assert.rejects(attempt(), (error: Error) => {
        assert.match(error.message, new RegExp(`s3://${BUCKET}/runs/summer/TR-100/.* failed: 403.*check AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY and that the bucket's policy`));
        assert.ok(!error.message.includes(secret) && !/Signature=|[0-9a-f]{64}/.test(error.message), error.message);
        return true;
      });
    }
    assert.equal(s3.seen.length, count, 'nothing signed with the wrong secret reached the bucket');
  });

  it('refuses a path that could leave the prefix, as the folder store does, before any request', async () => {
    const count = s3.seen.length;
    const folder = folderStore(mkdtempSync(join(tmpdir(), 'store-paths-')));
    for (const path of ['', '../x.wav', 'TR-100/../../x.wav', 'a//b.wav', './a.wav', 'a\\b.wav', '/abs.wav']) {
      const refusal = /The store refuses the path .*plain names separated by '\/'/;
      await assert.rejects(store().write(path, bytes('x')), refusal, JSON.stringify(path));
      await assert.rejects(store().has(path), refusal, JSON.stringify(path));
      await assert.rejects(folder.write(path, bytes('x')), refusal, `folder ${JSON.stringify(path)}`);
    }
    assert.throws(() => s3LocationOf(`s3://${BUCKET}/runs/../other?endpoint=${s3.endpoint}`), /refuses the path/);
    assert.equal(s3.seen.length, count);
  });

  it('reads the URL: endpoint and region, AWS by default; refuses credentials in it without echoing them', () => {
    assert.deepEqual(s3LocationOf('s3://my.bucket-1/a/b/?endpoint=http://minio.local:9000/&region=eu-west-1'), { bucket: 'my.bucket-1', prefix: 'a/b', endpoint: 'http://minio.local:9000', region: 'eu-west-1' });
    assert.equal(s3LocationOf('s3://runs/summer%20sale/').prefix, 'summer sale', 'the prefix is percent-decoded once');
    assert.deepEqual(s3LocationOf('s3://runs'), { bucket: 'runs', prefix: '', endpoint: 'https://s3.us-east-1.amazonaws.com', region: 'us-east-1' });
    assert.equal(s3LocationOf('s3://runs?region=eu-central-1').endpoint, 'https://s3.eu-central-1.amazonaws.com');
    for (const url of ['s3://AKIAEXAMPLE:hunter2secret@runs/x', `s3://runs/x?endpoint=http://AKIAEXAMPLE:hunter2secret@127.0.0.1:9000`]) {
      assert.throws(() => s3LocationOf(url), (error: Error) => /Credentials in .* are refused: set AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY/.test(error.message) && !/hunter2|AKIAEXAMPLE/.test(error.message));
      assert.throws(() => storeOf(url), (error: Error) => !/hunter2|AKIAEXAMPLE/.test(error.message));
    }
    assert.throws(() => s3LocationOf('s3://Runs_1/x'), /is not an S3 bucket name/);
    assert.throws(() => s3LocationOf('s3://runs/x?endpoint=ftp://host'), /must be an http\(s\) origin/);
    assert.throws(() => s3LocationOf('s3://runs/x?endpiont=http://host'), /takes only \?endpoint= and &region=, not "endpiont"/);
    assert.throws(() => storeOf('ftp://host/runs'), /No store for "ftp:\/\/host\/runs": give a folder .* or a bucket \(s3:\/\/bucket\/prefix\)/);
  });

  it('says which endpoint it could not reach', async () => {
    const server = createServer().listen(0, '127.0.0.1');
    await once(server, 'listening');
    const { port } = server.address() as AddressInfo;
    await new Promise((resolve) => server.close(resolve));
    const closed = s3Store(s3LocationOf(`s3://${BUCKET}/runs?endpoint=http://127.0.0.1:${port}`), CREDENTIALS);
    await assert.rejects(closed.has('a.json'), new RegExp(`Could not reach s3://studio-runs/runs/a\\.json at http://127\\.0\\.0\\.1:${port}: connect ECONNREFUSED .*Check the endpoint and that the service is running\\.`));
  });

  it('names the missing credential variables', () => {
    assert.throws(() => store({}), /needs credentials: set AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY \(and AWS_SESSION_TOKEN for temporary credentials\) in the environment/);
    assert.throws(() => store({ AWS_ACCESS_KEY_ID: S3_ACCESS_KEY }), /needs credentials: set AWS_SECRET_ACCESS_KEY \(/);
  });
});

describe('studio-batch render --out s3://…', () => {
  const KEY = 'sk-batch-s3-6e2a91c4';
  const ROWS = TEN_ROWS.filter((row) => row[2]).slice(0, 2);
  let emulator: Emulator;
  let served: ServedTemplate;
  let dir = '';
  let args: string[] = [];
  const saved = Object.fromEntries(Object.keys(CREDENTIALS).map((name) => [name, process.env[name]]));

  before(async () => {
    needTools('ffmpeg');
    // The render's worker threads build their store from the environment they inherit.
    Object.assign(process.env, CREDENTIALS);
    emulator = await startEmulator({ apiKey: KEY, jobStepMs: 2, testRoutes: true });
    served = await servedTemplate(ROWS, ['streaming']);
    dir = mkdtempSync(join(tmpdir(), 'batch-s3-'));
    const project = join(dir, 'ad.json');
    const feed = join(dir, 'rows.csv');
    writeFileSync(project, JSON.stringify({ ...served.template, feed: { ...served.template.feed!, rows: [] } }));
    writeFileSync(feed, csvOf(ROWS));
    args = ['render', '--project', project, '--feed', feed, '--base-url', emulator.url, '--destinations', 'streaming', '--out', `s3://${BUCKET}/cli/run-1?endpoint=${s3.endpoint}`, '--workers', '1'];
  });
  after(async () => {
    for (const [name, value] of Object.entries(saved)) {
      if (value === undefined) delete process.env[name];
      else process.env[name] = value;
    }
    await emulator?.close();
    await served?.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('lands every row\'s file, the manifest and the report in the bucket, then skips them on a second run', async () => {
    needTools('ffmpeg');
    const env = { STUDIO_API_KEY: KEY };
    const first = await runBatch(args, env);
    assert.equal(first.code, 0, first.stdout + first.stderr);
    assert.match(first.stdout, /2 delivered, 0 already done, 0 failed, of 2 jobs\. Manifest and report: s3:\/\/studio-runs\/cli\/run-1\/manifest\.json, report\.html\n/);
    const bucket = s3Store(s3LocationOf(`s3://${BUCKET}/cli/run-1?endpoint=${s3.endpoint}`), CREDENTIALS);
    const manifest = JSON.parse(new TextDecoder().decode(await bucket.read('manifest.json'))) as DeliveryManifest;
    assert.deepEqual(manifest.feed!.rows.map((row) => [row.key, row.status]), ROWS.map((row) => [row[0], 'delivered']));
    assert.equal(manifest.files.length, ROWS.length);
    for (const file of manifest.files) {
      const audio = await bucket.read(`${file.row}/${file.fileName}`);
      assert.ok(audio && audio.byteLength > 1000, `${file.row}/${file.fileName} is in the bucket`);
      assert.ok(ROWS.some((row) => file.fileName.startsWith(`${row[0]}_`)), file.fileName);
    }
    assert.equal(await bucket.has('report.html'), true);
    const voiceovers = () => emulator.state.requests.entries.filter((entry) => entry.path === '/v1/voiceover').length;
    const before = voiceovers();
    const again = await runBatch(args, env);
    assert.equal(again.code, 0, again.stdout + again.stderr);
    assert.match(again.stdout, /0 delivered, 2 already done, 0 failed, of 2 jobs/);
    assert.equal(voiceovers(), before, 'no voice-over the second time');
  });
});
