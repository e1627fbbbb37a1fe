// Shared helpers of the server tests: an emulator on port 0 with fast jobs, and small fetch wrappers.
import type { JobRecord } from '../../src/api/contract.js';
import { startEmulator, type Emulator } from '../../demo/server/emulator/server.js';
import type { EmulatorOptions } from '../../demo/server/emulator/options.js';

export const API_KEY = 'test-key';

export function fastEmulator(options: Partial<EmulatorOptions> = {}): Promise<Emulator> {
  return startEmulator({ apiKey: API_KEY, jobStepMs: 2, webhookRetryMs: [10, 10], allowedOrigins: ['http://127.0.0.1:9999'], ...options });
}

export async function mintToken(emulator: Emulator, userId: string): Promise<string> {
  const response = await fetch(`${emulator.url}/v1/auth/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-api-key': API_KEY },
    body: JSON.stringify({ user_id: userId }),
  });
  if (response.status !== 200) throw new Error(`mint answered ${response.status}`);
  return ((await response.json()) as { token: string }).token;
}

/** POSTs JSON with a bearer token (or the API key when `token` is undefined). */
export function post(emulator: Emulator, path: string, body: unknown, token?: string, headers: Record<string, string> = {}): Promise<Response> {
  return fetch(`${emulator.url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : { 'x-api-key': API_KEY }), ...headers },
    body: JSON.stringify(body),
  });
}

export function get(url: string, token?: string): Promise<Response> {
  return fetch(url, { headers: token ? { authorization: `Bearer ${token}` } : { 'x-api-key': API_KEY } });
}

/** Polls `pollUrl` until the job ends; returns the terminal record and every status seen. */
export async function untilDone<R>(pollUrl: string, token?: string, limit = 2000): Promise<{ record: JobRecord<R>; seen: JobRecord[] }> {
  const seen: JobRecord[] = [];
  for (let i = 0; i < limit; i++) {
    const response = await get(pollUrl, token);
    if (response.status !== 200) throw new Error(`poll answered ${response.status}`);
    const record = (await response.json()) as JobRecord<R>;
    seen.push(record);
    if (record.status === 'succeeded' || record.status === 'failed') return { record, seen };
    await new Promise((resolve) => setTimeout(resolve, 3));
  }
  throw new Error('the job did not end');
}

export const RECOMMEND = {
  project_id: 'p1',
  url: 'https://www.acme-coffee.com/products/cold-brew-kit',
  duration: 30,
  max_recommendations: 3,
};

/** A tiny HTTP receiver on port 0 that records JSON bodies and answers with `statuses` in turn (then 200). */
export async function webhookReceiver(statuses: number[] = []) {
  const { createServer } = await import('node:http');
  const bodies: unknown[] = [];
  let calls = 0;
  const waiters: Array<() => void> = [];
  const server = createServer((request, response) => {
    let text = '';
    request.on('data', (chunk) => (text += chunk));
    request.on('end', () => {
      const status = statuses[calls] ?? 200;
      calls += 1;
      if (status < 300) bodies.push(JSON.parse(text));
      response.writeHead(status).end();
      waiters.splice(0).forEach((wake) => wake());
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address() as { port: number };
  return {
    url: `http://127.0.0.1:${address.port}/hook`,
    bodies,
    calls: () => calls,
    /** Resolves once `count` bodies have been accepted. */
    async received(count: number) {
      while (bodies.length < count) await new Promise<void>((resolve) => waiters.push(resolve));
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
