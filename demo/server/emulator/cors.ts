// CORS: the emulator is another origin than the page. Allowed origins (the demo pages) may send Authorization
// Content-Type and Idempotency-Key, and read Retry-After. `x-api-key` is deliberately not allowed: browsers never hold it.
// `/cdn/` files are public, to any origin.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { HttpError } from '../http.js';

const ALLOWED_HEADERS = ['authorization', 'content-type', 'idempotency-key'];
const ALLOWED_METHODS = ['GET', 'HEAD', 'POST'];

/**
 * Adds the CORS headers of `request` to `response`. Answers a preflight (returns true) or throws 403 when the
 * preflight asks for an origin, method or header that is not allowed. Returns false for other requests.
 */
export function cors(request: IncomingMessage, response: ServerResponse, allowedOrigins: readonly string[]): boolean {
  const origin = request.headers.origin;
  const path = (request.url ?? '/').split('?')[0]!;
  const isPublic = path.startsWith('/cdn/');
  const allowed = origin !== undefined && (isPublic || allowedOrigins.includes(origin));
  if (allowed) {
    response.setHeader('access-control-allow-origin', isPublic ? '*' : origin);
    response.setHeader('access-control-expose-headers', 'Retry-After, WWW-Authenticate');
  }
  if (!isPublic) response.setHeader('vary', 'Origin');
  const method = request.headers['access-control-request-method'];
  if (request.method !== 'OPTIONS' || method === undefined) return false;
  if (!allowed) {
    throw new HttpError(403, 'cors_origin_not_allowed', `Origin ${origin ?? '(none)'} is not allowed; set STUDIO_ALLOWED_ORIGINS to add it.`);
  }
  if (!ALLOWED_METHODS.includes(method)) throw new HttpError(403, 'cors_method_not_allowed', `Method ${method} is not allowed.`);
  const headers = (request.headers['access-control-request-headers'] ?? '').split(',').map((name) => name.trim().toLowerCase()).filter(Boolean);
  const refused = headers.find((name) => !ALLOWED_HEADERS.includes(name));
  if (refused) throw new HttpError(403, 'cors_header_not_allowed', `Header ${refused} is not allowed from a browser.`);
  response.writeHead(204, {
    'access-control-allow-methods': ALLOWED_METHODS.join(', '),
    'access-control-allow-headers': 'Authorization, Content-Type, Idempotency-Key',
    'access-control-max-age': '600',
    'content-length': 0,
  });
  response.end();
  return true;
}
