// A Redis of a test's own: Debian's `redis-server` on a free loopback port, nothing written to disk (no RDB
// snapshot, no append-only file, no config file), stopped after. `npm test` installs it (scripts/lib/system-tools.mjs).
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { createServer, connect } from 'node:net';
import { killOnExit } from '../../../scripts/lib/kill-on-exit.mjs';
import { needTools } from './tools.js';

/** A running redis-server. */
export interface TestRedis {
  /** `redis://127.0.0.1:<port>`, as `studio-batch --queue` takes it. */
  readonly url: string;
  readonly port: number;
  /** Stops it (SIGTERM, then SIGKILL after 3 s) and resolves once it has exited. Idempotent. */
  stop(): Promise<void>;
}

/** Starts a redis-server and resolves once it answers PING. Throws, naming the package, without one. */
export async function startRedis(): Promise<TestRedis> {
  needTools('redis');
  const port = await freePort();
  const child = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--dir', '/tmp'], { stdio: ['ignore', 'ignore', 'pipe'] });
  // However the test run ends (a failed assertion, Ctrl-C), no redis-server is left behind.
  killOnExit(child);
  const exited = once(child, 'exit');
  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), 3000);
    await exited;
    clearTimeout(timer);
  };
  try {
    await untilAnswers(port, () => child.exitCode !== null);
  } catch (error) {
    await stop();
    throw error;
  }
  return { url: `redis://127.0.0.1:${port}`, port, stop };
}

/** A port nothing listens on now (the OS picks it; a race with another process is possible but rare). */
async function freePort(): Promise<number> {
  const server = createServer();
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as { port: number };
  server.close();
  await once(server, 'close');
  return port;
}

/** Resolves once Redis on `port` answers PING with PONG; rejects after 10 s or when the server has exited. */
async function untilAnswers(port: number, exited: () => boolean): Promise<void> {
  const deadline = Date.now() + 10_000;
  while (Date.now() < deadline) {
    if (exited()) throw new Error(`redis-server exited on start (port ${port} taken?).`);
    if (await pings(port)) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`redis-server did not answer on port ${port} within 10 s.`);
}

function pings(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.setTimeout(1000);
    let answer = '';
    socket.on('connect', () => socket.write('PING\r\n'));
    socket.on('data', (data) => {
      answer += data.toString();
      if (answer.includes('\r\n')) {
        socket.destroy();
        resolve(answer.startsWith('+PONG'));
      }
    });
    socket.on('error', () => resolve(false));
    socket.on('timeout', () => {
      socket.destroy();
      resolve(false);
    });
  });
}
