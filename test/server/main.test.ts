// The `npm start` process itself: prints where to go, serves, stops on SIGINT, names the env var of a busy port.
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../..', import.meta.url));

function startMain(env: Record<string, string>) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'demo/server/main.ts'], {
    cwd: root,
    env: { ...process.env, STUDIO_PORT: '0', STUDIO_API_PORT: '0', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk) => (stdout += chunk));
  child.stderr.on('data', (chunk) => (stderr += chunk));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const opened = new Promise<string>((resolve, reject) => {
    child.stdout.on('data', () => {
      const match = /Open (http:\/\/\S+\/demo\/)/.exec(stdout);
      if (match) resolve(match[1]!);
    });
    void exited.then(() => reject(new Error(`exited early: ${stderr}`)));
  });
  opened.catch(() => undefined); // awaited only by tests that expect the servers to start
  return { child, opened, exited, output: () => ({ stdout, stderr }) };
}

describe('npm start (demo/server/main.ts)', () => {
  it('prints the URL to open, serves the demo, and stops cleanly on SIGINT', async () => {
    const main = startMain({ STUDIO_API_KEY: 'secret-for-test', STUDIO_TOKEN_TTL_S: '5' });
    const url = await main.opened;
    assert.match(url, /^http:\/\/127\.0\.0\.1:\d+\/demo\/$/);
    assert.equal((await fetch(url)).status, 200);
    const env = await (await fetch(new URL('env.js', url))).text();
    assert.ok(!env.includes('secret-for-test'), 'the API key stays on the server');
    const apiBaseUrl = /"apiBaseUrl":"([^"]+)"/.exec(env)![1]!;
    const minted = await fetch(`${apiBaseUrl}/v1/auth/token`, {
      method: 'POST', headers: { 'content-type': 'application/json', 'x-api-key': 'secret-for-test' }, body: '{"user_id":"u"}',
    });
    assert.equal(((await minted.json()) as { expires_in: number }).expires_in, 5, 'STUDIO_TOKEN_TTL_S is read');
    main.child.kill('SIGINT');
    assert.equal(await main.exited, 0);
    assert.match(main.output().stdout, /Stopping the demo servers/);
  });

  it('names STUDIO_PORT when the port is busy, and exits with an error', async () => {
    const blocker = createServer();
    await new Promise<void>((resolve) => blocker.listen(0, '127.0.0.1', resolve));
    const port = (blocker.address() as { port: number }).port;
    try {
      const main = startMain({ STUDIO_PORT: String(port) });
      assert.equal(await main.exited, 1);
      assert.match(main.output().stderr, new RegExp(`Port ${port} is busy.*STUDIO_PORT=`));
    } finally {
      blocker.close();
    }
  });

  it('refuses a bad setting with a message naming it', async () => {
    const main = startMain({ STUDIO_API_PORT: 'eighty' });
    assert.equal(await main.exited, 2);
    assert.match(main.output().stderr, /STUDIO_API_PORT must be a port number/);
    const fault = startMain({ STUDIO_FAULT_SERVER_ERROR: 'lots' });
    assert.equal(await fault.exited, 2);
    assert.match(fault.output().stderr, /STUDIO_FAULT_\* setting is wrong: serverError/);
  });
});
