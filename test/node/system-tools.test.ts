// A test that needs ffmpeg, espeak-ng or unzip fails without it, naming the package: never a skip.
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { describe, it } from 'node:test';
import { promisify } from 'node:util';
import { needTools } from './support/tools.js';

const run = promisify(execFile);

describe('needTools', () => {
  it('passes where the tools are (npm test installs them as root)', () => {
    assert.doesNotThrow(() => needTools('ffmpeg', 'espeakNg', 'unzip'));
  });

  it('throws, naming the missing tool and its package, on a machine without it', async () => {
    const script = "import('./test/node/support/tools.ts').then((m) => m.needTools('ffmpeg', 'unzip')).catch((e) => { console.log(e.message); process.exit(3); })";
    const child = run(process.execPath, ['--import', 'tsx', '-e', script], { env: { ...process.env, PATH: '/nonexistent' } });
    const error = (await child.then(() => undefined, (failure: { code?: number; stdout?: string }) => failure)) as { code?: number; stdout?: string } | undefined;
    assert.equal(error?.code, 3);
    assert.match(error?.stdout ?? '', /FFmpeg \(ffmpeg, ffprobe\) and Info-ZIP unzip not installed: apt-get install -y ffmpeg unzip/);
  });
});
