// Three origins, as a host that embeds the editor from a public CDN has them: the host's page and backend
// (http://127.0.0.1:A: a page that loads the CDN's script tag under the CSP docs/browsers.md lists, the
// demo's token endpoints, and where cdn-page.js posts what it exported), the CDN (http://localhost:B: dist/
// with `Access-Control-Allow-Origin: *` as jsDelivr and unpkg send, nothing else), and the service emulator
// (http://127.0.0.1:C). The CDN logs each request with its Origin header.
import { readFile } from 'node:fs/promises';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { startEmulator } from '../../../demo/server/emulator/server.js';
import { hostHandler } from '../../../demo/server/host/handler.js';
import { serveStatic } from '../../../demo/server/static.js';

const dist = fileURLToPath(new URL('../../../dist', import.meta.url));
const pageScript = fileURLToPath(new URL('./cdn-page.js', import.meta.url));

/** What one page run posted: its summary (see cdn-page.js) and the exported files by format. */
export interface PageRun {
  summary: {
    violations: string[];
    errors: string[];
    warnings: string[];
    exports: Array<{ format: string; type: string; size: number; preset?: string; integrated: number }>;
    step: string;
    failure: string;
  };
  files: Map<string, Buffer>;
}

export interface CdnOrigins {
  pageOrigin: string;
  cdnOrigin: string;
  apiOrigin: string;
  /** The page's URL for one run (`run` names it; `formats` are the exports it makes). */
  pageUrl(run: string, formats: string[]): string;
  /** Resolves when the run's page has posted its summary. */
  result(run: string): Promise<PageRun>;
  /** The CDN's requests: `path origin` (origin `-` when the request had none). */
  readonly cdnLog: string[];
  close(): Promise<void>;
}

/** The Content-Security-Policy docs/browsers.md asks of a host that loads the editor from `cdn`. */
export function cdnCsp(cdn: string, api: string): string {
  return [
    "default-src 'self'",
    `script-src 'self' ${cdn}`,
    `worker-src 'self' blob: ${cdn}`,
    `connect-src 'self' ${api}`,
    `media-src 'self' ${api}`,
    "style-src 'self'",
    "require-trusted-types-for 'script'",
    'trusted-types lit-html studio-editor',
  ].join('; ');
}

const listen = (server: Server, host: string, port = 0) =>
  new Promise<number>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve((server.address() as AddressInfo).port));
  });

const stop = (server: Server) =>
  new Promise<void>((resolve) => {
    server.close(() => resolve());
    server.closeAllConnections();
  });

async function body(request: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

export async function startCdnOrigins(): Promise<CdnOrigins> {
  const runs = new Map<string, { files: Map<string, Buffer>; resolve: (run: PageRun) => void; done: Promise<PageRun> }>();
  const runOf = (name: string) => {
    let entry = runs.get(name);
    if (entry === undefined) {
      let resolve!: (run: PageRun) => void;
      const done = new Promise<PageRun>((settle) => (resolve = settle));
      entry = { files: new Map(), resolve, done };
      runs.set(name, entry);
    }
    return entry;
  };

  // (b) The CDN: dist/ and nothing else, CORS open to every origin. On localhost, IPv4 and IPv6 (an engine
  // may try either for the name).
  const cdnLog: string[] = [];
  const cdnHandler = async (request: IncomingMessage, response: ServerResponse) => {
    cdnLog.push(`${new URL(request.url ?? '/', 'http://cdn').pathname} ${request.headers.origin ?? '-'}`);
    response.setHeader('access-control-allow-origin', '*');
    if (!(await serveStatic(request, response, '/dist/', dist))) response.writeHead(404).end();
  };
  const cdn = createServer((request, response) => void cdnHandler(request, response));
  const cdnPort = await listen(cdn, '127.0.0.1');
  const cdn6 = createServer((request, response) => void cdnHandler(request, response));
  const cdn6Listening = await listen(cdn6, '::1', cdnPort).then(
    () => true,
    () => false,
  );
  const cdnOrigin = `http://localhost:${cdnPort}`;

  // (a) The host: its page, its token endpoints (the demo's host backend) and the results.
  let apiOrigin = '';
  const handleHost = hostHandler({ apiBaseUrl: () => apiOrigin, apiKey: 'local-dev-key' });
  const pageHandler = async (request: IncomingMessage, response: ServerResponse) => {
    const url = new URL(request.url ?? '/', 'http://page');
    if (await handleHost(request, response)) return;
    const result = /^\/result\/([\w-]+)\/([\w-]+)$/.exec(url.pathname);
    if (result && request.method === 'POST') {
      const entry = runOf(result[1]!);
      const bytes = await body(request);
      if (result[2] === 'summary') entry.resolve({ summary: JSON.parse(bytes.toString('utf8')) as PageRun['summary'], files: entry.files });
      else entry.files.set(result[2]!, bytes);
      response.writeHead(204).end();
      return;
    }
    if (url.pathname === '/page.js') {
      response.writeHead(200, { 'content-type': 'text/javascript; charset=utf-8' }).end(await readFile(pageScript));
      return;
    }
    if (url.pathname === '/') {
      const csp = cdnCsp(cdnOrigin, apiOrigin);
      const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>From a CDN</title></head>
<body data-api="${apiOrigin}"><div id="editor"></div>
<script src="${cdnOrigin}/dist/studio-editor.iife.js"></script>
<script src="/page.js"></script></body></html>`;
      response.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'content-security-policy': csp, 'cache-control': 'no-store' }).end(html);
      return;
    }
    if (url.pathname === '/favicon.ico') {
      response.writeHead(204).end();
      return;
    }
    response.writeHead(404).end();
  };
  const page = createServer((request, response) => void pageHandler(request, response));
  const pagePort = await listen(page, '127.0.0.1');
  const pageOrigin = `http://127.0.0.1:${pagePort}`;

  // (c) The service, answering CORS for the page's origin only.
  const emulator = await startEmulator({ host: '127.0.0.1', port: 0, allowedOrigins: [pageOrigin], jobStepMs: 20 });
  apiOrigin = emulator.url;

  return {
    pageOrigin,
    cdnOrigin,
    apiOrigin,
    pageUrl: (run, formats) => `${pageOrigin}/?run=${run}&formats=${formats.join(',')}`,
    result: (run) => runOf(run).done,
    cdnLog,
    close: async () => {
      await Promise.all([stop(page), stop(cdn), cdn6Listening ? stop(cdn6) : undefined, emulator.close()]);
    },
  };
}
