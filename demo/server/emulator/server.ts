// Starts one service emulator on loopback.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { emulatorHandler } from './routes.js';
import { resolveOptions, type EmulatorOptions } from './options.js';
import { EmulatorState } from './state.js';

/** A running emulator. */
export interface Emulator {
  /** Its origin, e.g. `http://127.0.0.1:8081` (the `api.baseUrl` of the editor). */
  url: string;
  state: EmulatorState;
  server: Server;
  close(): Promise<void>;
}

/** Starts an emulator on `host:port` (port 0 picks a free one). Rejects with the listen error (e.g. EADDRINUSE). */
export async function startEmulator(options: Partial<EmulatorOptions> & { host?: string; port?: number } = {}): Promise<Emulator> {
  const state = new EmulatorState(resolveOptions(options));
  const server = createServer(emulatorHandler(state));
  // Speech is synthesised on this thread (eSpeak in WebAssembly): loading it and a long synthesis can hold
  // the thread for seconds on a busy machine. A kept-alive connection must outlive that, or a request
  // sent meanwhile meets a socket the server closes as it wakes ("other side closed").
  server.keepAliveTimeout = 30_000;
  const host = options.host ?? '127.0.0.1';
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const { port } = server.address() as AddressInfo;
  state.baseUrl = `http://${host.includes(':') ? `[${host}]` : host}:${port}`;
  return {
    url: state.baseUrl,
    state,
    server,
    close: () =>
      new Promise<void>((resolve) => {
        state.reset();
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
