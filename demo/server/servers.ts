// Starts the two local servers behind `npm start` (and the browser tests): the host application (demo pages,
// built editor, reference host backend) and the service emulator, each on its own loopback port.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { startEmulator, type Emulator } from './emulator/server.js';
import type { EmulatorOptions } from './emulator/options.js';
import { hostHandler } from './host/handler.js';
import { demoCsp, serveStatic, strictCsp } from './static.js';

const root = fileURLToPath(new URL('../..', import.meta.url));

export interface ServersOptions {
  host?: string;
  /** Port of the host application (STUDIO_PORT); 0 picks a free one. */
  hostPort?: number;
  /** Port of the emulator (STUDIO_API_PORT); 0 picks a free one. */
  apiPort?: number;
  /** Origins allowed by the emulator's CORS besides the host application's own. */
  extraOrigins?: string[];
  /** Default answer shape of the host endpoints. */
  shape?: 'token' | 'accessToken';
  emulator?: Partial<EmulatorOptions>;
}

export interface RunningServers {
  /** The host application's origin, e.g. `http://127.0.0.1:8080`. */
  hostUrl: string;
  emulator: Emulator;
  close(): Promise<void>;
}

/** A port that could not be had, with the env var that picks another. */
export class PortBusyError extends Error {
  constructor(
    readonly port: number,
    readonly envVar: string,
  ) {
    super(`Port ${port} is busy. Stop what uses it, or pick another: ${envVar}=${port + 10} npm start`);
  }
}

function listen(server: Server, port: number, host: string, envVar: string): Promise<number> {
  return new Promise((resolve, reject) => {
    server.once('error', (error: NodeJS.ErrnoException) => reject(error.code === 'EADDRINUSE' ? new PortBusyError(port, envVar) : error));
    server.listen(port, host, () => resolve((server.address() as AddressInfo).port));
  });
}

export async function startServers(options: ServersOptions = {}): Promise<RunningServers> {
  const host = options.host ?? '127.0.0.1';
  const apiKey = options.emulator?.apiKey ?? 'local-dev-key';
  let emulator: Emulator | undefined;
  const apiBaseUrl = () => emulator?.url ?? '';
  const handleHost = hostHandler({ apiBaseUrl, apiKey, shape: options.shape });

  const server = createServer(async (request, response) => {
    try {
      const path = new URL(request.url ?? '/', 'http://host').pathname;
      if (path === '/' || path === '') {
        response.writeHead(302, { location: '/demo/' }).end();
        return;
      }
      if (path === '/favicon.ico') {
        response.writeHead(204).end();
        return;
      }
      if (path === '/demo/env.js') {
        // What the demo pages need to know, as a script (the CSP forbids inline script).
        const script = `window.STUDIO_DEMO = Object.freeze(${JSON.stringify({ apiBaseUrl: apiBaseUrl() })});\n`;
        response.writeHead(200, { 'content-type': 'text/javascript; charset=utf-8', 'cache-control': 'no-store', 'x-content-type-options': 'nosniff' });
        response.end(script);
        return;
      }
      if (await handleHost(request, response)) return;
      // /demo/strict.html: the same demo under Trusted Types and no blob: or data: sources.
      const csp = path === '/demo/strict.html' ? strictCsp(apiBaseUrl()) : demoCsp(apiBaseUrl());
      if (await serveStatic(request, response, '/demo/', `${root}demo`, csp)) return;
      if (await serveStatic(request, response, '/dist/', `${root}dist`, csp)) return;
      response.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' }).end('Not found\n');
    } catch (error) {
      console.error('host: request failed:', error);
      if (!response.headersSent) response.writeHead(500, { 'content-type': 'text/plain; charset=utf-8' });
      response.end('Internal error\n');
    }
  });

  const hostPort = await listen(server, options.hostPort ?? 8080, host, 'STUDIO_PORT');
  const hostUrl = `http://${host}:${hostPort}`;
  const origins = [hostUrl, `http://localhost:${hostPort}`, ...(options.extraOrigins ?? [])];
  const closeHost = () =>
    new Promise<void>((resolve) => {
      server.close(() => resolve());
      server.closeAllConnections();
    });
  try {
    emulator = await startEmulator({ ...options.emulator, allowedOrigins: origins, host, port: options.apiPort ?? 8081 });
  } catch (error) {
    await closeHost();
    throw (error as NodeJS.ErrnoException).code === 'EADDRINUSE' ? new PortBusyError(options.apiPort ?? 8081, 'STUDIO_API_PORT') : error;
  }
  const running = emulator;
  return {
    hostUrl,
    emulator: running,
    close: async () => {
      await Promise.all([closeHost(), running.close()]);
    },
  };
}
