// Small HTTP helpers shared by the host backend and the emulator: JSON answers and bounded JSON bodies.
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { ApiErrorBody } from '../../src/api/contract.js';

/** A failure with an HTTP status and a stable code, answered as an `ApiErrorBody`. */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
  }
}

/** Writes `body` as JSON with `status`. */
export function sendJson(response: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  const text = JSON.stringify(body);
  response.writeHead(status, {
    ...headers,
    'content-type': 'application/json; charset=utf-8',
    'content-length': Buffer.byteLength(text),
    'cache-control': 'no-store',
  });
  response.end(text);
}

/** Writes an `ApiErrorBody`. */
export function sendError(response: ServerResponse, error: HttpError): void {
  const body: ApiErrorBody = { error: { code: error.code, message: error.message } };
  sendJson(response, error.status, body, error.headers);
}

/**
 * Reads a JSON object body of at most `limit` bytes. 415 when the content type is not JSON, 413 when the body
 * is too large (the rest is not read), 400 when it is not a JSON object.
 */
export async function readJsonObject(request: IncomingMessage, limit: number): Promise<Record<string, unknown>> {
  const type = (request.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase();
  if (type !== 'application/json') {
    throw new HttpError(415, 'unsupported_media_type', 'Send the body as JSON with "Content-Type: application/json".');
  }
  const declared = Number(request.headers['content-length'] ?? 0);
  if (declared > limit) throw tooLarge(limit);
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > limit) throw tooLarge(limit);
    chunks.push(chunk);
  }
  let value: unknown;
  try {
    value = JSON.parse(Buffer.concat(chunks).toString('utf8'));
  } catch {
    throw new HttpError(400, 'invalid_json', 'The body is not valid JSON.');
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new HttpError(400, 'invalid_body', 'The body must be a JSON object.');
  }
  return value as Record<string, unknown>;
}

function tooLarge(limit: number): HttpError {
  return new HttpError(413, 'payload_too_large', `The body is larger than ${limit} bytes.`, { connection: 'close' });
}

/** Reads the token of an `Authorization: Bearer <token>` header, or undefined when absent or malformed. */
export function bearerToken(request: IncomingMessage): string | undefined {
  const match = /^Bearer ([A-Za-z0-9._~+/=-]+)$/.exec(request.headers.authorization ?? '');
  return match?.[1];
}

/** True when the peer is on the loopback interface. */
export function isLoopbackPeer(request: IncomingMessage): boolean {
  const address = request.socket.remoteAddress ?? '';
  return address === '::1' || address.startsWith('127.') || address.startsWith('::ffff:127.');
}

/** True when `hostname` (from a URL) names the loopback interface. */
export function isLoopbackHostname(hostname: string): boolean {
  return hostname === 'localhost' || hostname === '[::1]' || hostname === '::1' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(hostname);
}
