// A PulseAudio server of our own with one null sink: an audio device for headless Firefox, whose tab crashes on
// `new AudioContext()` when the machine has none. Nothing is heard; the audio clock runs as on a real device.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { killOnExit } from './kill-on-exit.mjs';

export const pulseaudioPath = () => ['/usr/bin/pulseaudio'].find((path) => existsSync(path));

/**
 * Starts `pulseaudio` (not as a daemon, no D-Bus, no login session) with a 48 kHz null sink and a socket in a
 * fresh directory; resolves once the socket is there.
 * @returns {Promise<{ server: string, stop: () => void }>} `server` is the PULSE_SERVER value for clients.
 */
export async function startNullSink() {
  const dir = mkdtempSync(join(tmpdir(), 'studio-pulse-'));
  const socket = join(dir, 'native');
  const child = spawn(
    pulseaudioPath(),
    [
      '-n', '--daemonize=no', '--exit-idle-time=-1', '--use-pid-file=false', '--disable-shm=true', '--log-target=stderr',
      '--load=module-null-sink sink_name=studio_null rate=48000',
      `--load=module-native-protocol-unix socket=${socket} auth-anonymous=1`,
    ],
    { stdio: ['ignore', 'ignore', 'pipe'], env: { ...process.env, HOME: dir, PULSE_RUNTIME_PATH: dir, XDG_RUNTIME_DIR: dir } },
  );
  killOnExit(child);
  let log = '';
  child.stderr.on('data', (chunk) => (log += chunk));
  const stop = () => {
    child.kill();
    rmSync(dir, { recursive: true, force: true });
  };
  for (let tries = 0; tries < 100; tries += 1) {
    if (child.exitCode !== null) break;
    if (existsSync(socket)) return { server: `unix:${socket}`, stop };
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  stop();
  throw new Error(`pulseaudio did not start: ${log.trim().split('\n').slice(-3).join(' / ')}`);
}
