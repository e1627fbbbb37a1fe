import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { extname, join, normalize, sep } from 'node:path';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.wav': 'audio/wav',
  '.mp3': 'audio/mpeg',
  '.ico': 'image/x-icon',
};

/**
 * The strict Content-Security-Policy the demo pages run under: no inline script or style, no eval. The service
 * origin (the emulator, another port) is added to connect-src and media-src.
 */
export function demoCsp(serviceOrigin = ''): string {
  const service = serviceOrigin ? ` ${serviceOrigin}` : '';
  return [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self'",
    "img-src 'self' data: blob:",
    `media-src 'self' blob: data:${service}`,
    `connect-src 'self'${service}`,
    "worker-src 'self' blob:",
    "object-src 'none'",
    "base-uri 'none'",
    "frame-ancestors 'none'",
    "form-action 'none'",
  ].join('; ');
}

/**
 * The strictest policy the editor supports, for `/demo/strict.html`: the demo policy's `'self'` sources
 * without `blob:` or `data:`, plus Trusted Types. Only Lit's `lit-html` policy and the editor's own
 * `studio-editor` policy may be created; no `default` policy is needed.
 */
export function strictCsp(serviceOrigin = ''): string {
  const service = serviceOrigin ? ` ${serviceOrigin}` : '';
  return [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self'",
    "worker-src 'self'",
    `connect-src 'self'${service}`,
    `media-src 'self'${service}`,
    "require-trusted-types-for 'script'",
    'trusted-types lit-html studio-editor',
  ].join('; ');
}

/**
 * Serves files below `root` for the URL prefix `mount` (GET and HEAD only), refusing paths that climb out.
 * Returns false when the request is not for this mount, so the next handler can try.
 */
export async function serveStatic(
  request: IncomingMessage,
  response: ServerResponse,
  mount: string,
  root: string,
  csp = demoCsp(),
): Promise<boolean> {
  const url = new URL(request.url ?? '/', 'http://localhost');
  if (!url.pathname.startsWith(mount)) return false;
  if (request.method !== 'GET' && request.method !== 'HEAD') return false;
  let relative = decodeURIComponent(url.pathname.slice(mount.length));
  if (relative === '' || relative.endsWith('/')) relative += 'index.html';
  const file = normalize(join(root, relative));
  if (!file.startsWith(root.endsWith(sep) ? root : root + sep)) return false;
  const info = await stat(file).catch(() => undefined);
  if (!info?.isFile()) return false;
  response.writeHead(200, {
    'content-type': TYPES[extname(file)] ?? 'application/octet-stream',
    'content-length': info.size,
    'cache-control': 'no-cache',
    'x-content-type-options': 'nosniff',
    ...(extname(file) === '.html' ? { 'content-security-policy': csp } : {}),
  });
  if (request.method === 'HEAD') response.end();
  else createReadStream(file).pipe(response);
  return true;
}
