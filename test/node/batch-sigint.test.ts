// `studio-batch render` stopped by Ctrl-C (SIGINT) in a child process, mid-run: it exits 130 saying how to
// resume, leaves no temporary or partial file (every file a job recorded is whole, to its hash), and the same
// command run again completes the run, skipping what was done.
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { startEmulator, type Emulator } from '../../demo/server/emulator/server.js';
import type { RowRecord } from '../../src/batch/row-record.js';
import { csvOf, filesUnder, runBatch } from './support/batch-run.js';
import { servedTemplate, TEN_ROWS, type ServedTemplate } from './support/batch-template.js';
import { needTools } from './support/tools.js';

const KEY = 'sk-batch-sigint-6f4a0c';
const CHILD = fileURLToPath(new URL('./support/batch-child.ts', import.meta.url));

/** Runs the command in a child process and sends it SIGINT once it has delivered its first job. */
function interrupted(args: string[]): Promise<{ code: number | null; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', CHILD, ...args], { env: { ...process.env, STUDIO_API_KEY: KEY }, stdio: ['ignore', 'pipe', 'pipe'] });
    let stderr = '';
    let sent = false;
    child.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
      if (!sent && /^delivered /m.test(stderr)) {
        sent = true;
        child.kill('SIGINT');
      }
    });
    child.stdout.resume();
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stderr }));
  });
}

describe('studio-batch render stopped by SIGINT', () => {
  let emulator: Emulator;
  let served: ServedTemplate;
  let dir = '';

  before(async () => {
    needTools('ffmpeg');
    emulator = await startEmulator({ apiKey: KEY, jobStepMs: 2, testRoutes: true });
    served = await servedTemplate();
    dir = mkdtempSync(join(tmpdir(), 'batch-sigint-'));
  });
  after(async () => {
    await emulator?.close();
    await served?.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('exits 130 with no temporary or partial file, and a run again completes it', async () => {
    needTools('ffmpeg');
    const project = join(dir, 'ad.json');
    const feed = join(dir, 'rows.csv');
    const out = join(dir, 'out');
    writeFileSync(project, JSON.stringify(served.template));
    writeFileSync(feed, csvOf(TEN_ROWS));
    // A WAV destination: the stop is the point, and the MP3 encoder would make each job four times as long.
    const args = ['render', '--project', project, '--feed', feed, '--destinations', 'broadcast-ebu-r128', '--out', out, '--base-url', emulator.url, '--workers', '1'];
    const stopped = await interrupted(args);
    assert.equal(stopped.code, 130, stopped.stderr);
    assert.match(stopped.stderr, /Stopped: \d+ of 10 jobs finished, no file half-written\. Run the same command again to resume/);
    const left = filesUnder(out);
    assert.deepEqual(left.filter((name) => name.endsWith('.tmp')), [], 'no temporary file');
    assert.ok(!left.includes('manifest.json'), 'no manifest for a run that did not finish');
    const records = left.filter((name) => name.startsWith('rows/')).map((name) => JSON.parse(readFileSync(join(out, name), 'utf8')) as RowRecord);
    const done = records.filter((record) => record.result.status === 'delivered');
    assert.ok(done.length >= 1 && done.length < 9, `${done.length} jobs delivered before the stop`);
    for (const { result } of done) {
      for (const file of result.files) assert.equal(createHash('sha256').update(readFileSync(join(out, file.path))).digest('hex'), file.sha256, `${file.path} is whole`);
    }
    // The audio, its captions and its transcript: every file in a row's folder is one a finished job listed.
    const made = left.filter((name) => !name.startsWith('rows/') && !name.startsWith('templates/'));
    assert.deepEqual(made, done.flatMap(({ result }) => result.files.map((file) => file.path)).sort(), 'every file is one a job finished');
    assert.ok(made.some((name) => name.endsWith('.wav')), 'audio among them');

    const resumed = await runBatch(args, { STUDIO_API_KEY: KEY });
    assert.equal(resumed.code, 1, 'WS-200 has no price');
    assert.match(resumed.stdout, new RegExp(`${9 - done.length} delivered, ${done.length} already done, 1 failed, of 10 jobs`));
    assert.deepEqual(filesUnder(out).filter((name) => name.endsWith('.tmp')), []);
  });
});
