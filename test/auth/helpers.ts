import { AuthSession, type AuthSessionOptions } from '../../src/auth/session.js';
import { createAuthFetch } from '../../src/auth/auth-fetch.js';
import type { StudioAuthError } from '../../src/auth/errors.js';
import { messageTurn } from '../../src/internal/turn.js';

export const BASE = 'https://api.test.invalid';

/** A promise with its resolve and reject exposed, to freeze a callback mid-flight. */
export function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

/**
 * Advances sinon's fake clock by `ms`, in steps, letting a real task run between steps (a message to self, which
 * sinon does not fake), so browser-internal work (body reading) can finish. Its port is closed once the message
 * came: WebKit's every message slows with each entangled port a page keeps (a turn took 0.3 ms on a fresh page and
 * 11 ms after 400 left open).
 */
export async function advance(clock: { tickAsync(ms: number): Promise<unknown> }, ms: number, step = 250): Promise<void> {
  for (let done = 0; done < ms; done += step) {
    await clock.tickAsync(Math.min(step, ms - done));
    await messageTurn();
  }
}

/**
 * Advances sinon's fake clock as `advance` does until `promise` settles, at most `ms` of fake time. A busy
 * browser may read a response's body only after the steps of a fixed `advance` ran out, so a timer set after it
 * would never fire: here the clock goes on while the work is not done. Resolves when it settled or the time is up.
 */
export async function advanceUntil(clock: { tickAsync(ms: number): Promise<unknown> }, promise: Promise<unknown>, ms: number, step = 250): Promise<void> {
  let settled = false;
  void promise.then(
    () => (settled = true),
    () => (settled = true),
  );
  for (let done = 0; done < ms && !settled; done += step) {
    await clock.tickAsync(Math.min(step, ms - done));
    await messageTurn();
  }
}

/** The page's own `setTimeout`, taken before any test fakes it: a real wait beside a fake clock. */
const realSetTimeout = globalThis.setTimeout.bind(globalThis);
const realPause = (ms: number) => new Promise<void>((resolve) => realSetTimeout(resolve, ms));

/**
 * Advances the fake clock by `ms` (the time a flow is planned to take, backoffs included) as `advance` does, then
 * lets the flow end. A busy browser may read a response late and set its next timer (a retry's backoff) after the
 * planned time ran out; so while `promise` is unsettled the clock goes on, 100 ms of fake time per 50 ms of real time,
 * and only while a timer is pending. Fake time can then outrun real work at most twofold: a request's own timeout
 * fires early only if the browser sat on its answer for half of it. Rejects, naming `what`, if it has not settled
 * after `realLimitMs` of real time; resolves once it settled, whatever its outcome (await the promise for that).
 */
export async function settleOnFakeClock(
  clock: { tickAsync(ms: number): Promise<unknown>; countTimers(): number },
  promise: Promise<unknown>,
  what: string,
  ms: number,
  realLimitMs = 30_000,
): Promise<void> {
  let settled = false;
  void promise.then(
    () => (settled = true),
    () => (settled = true),
  );
  await advance(clock, ms, 100);
  const started = performance.now();
  for (let fake = 0; !settled; ) {
    if (performance.now() - started > realLimitMs) {
      throw new Error(`${what} did not end: ${ms} ms of the fake clock, then ${fake} ms more over ${realLimitMs} ms of real time; ${clock.countTimers()} timer(s) pending.`);
    }
    await realPause(50);
    if (settled || clock.countTimers() === 0) continue;
    await clock.tickAsync(100);
    fake += 100;
  }
}

/** Lets pending promise callbacks run. */
export const flush = async (rounds = 10) => {
  for (let i = 0; i < rounds; i++) await Promise.resolve();
};

export interface Call {
  url: string;
  method: string;
  authorization: string | null;
  body: ArrayBuffer | null;
  contentType: string | null;
}

/**
 * A stubbed fetch: records every call (with the exact Authorization header) and answers with `respond`.
 * The service accepts only the tokens in `valid`.
 */
export function fakeService(respond?: (call: Call, index: number) => Response | Promise<Response>) {
  const calls: Call[] = [];
  const valid = new Set<string>();
  const fetch = async (input: RequestInfo | URL, init: RequestInit = {}): Promise<Response> => {
    const request = new Request(String(input), { ...init, ...(init.body instanceof ReadableStream ? { duplex: 'half' } : {}) } as RequestInit);
    const call: Call = {
      url: request.url,
      method: request.method,
      authorization: request.headers.get('authorization'),
      body: init.body instanceof ReadableStream || init.body == null ? null : await request.arrayBuffer(),
      contentType: request.headers.get('content-type'),
    };
    calls.push(call);
    if (init.signal?.aborted) throw init.signal.reason;
    if (respond) return respond(call, calls.length - 1);
    const token = call.authorization?.replace(/^Bearer /, '') ?? '';
    return valid.has(token) ? Response.json({ ok: true }) : new Response('{}', { status: 401 });
  };
  return { calls, valid, fetch: fetch as typeof globalThis.fetch };
}

export function setup(options: Partial<AuthSessionOptions> & { respond?: Parameters<typeof fakeService>[0]; timeoutMs?: number } = {}) {
  const service = fakeService(options.respond);
  const errors: StudioAuthError[] = [];
  const session = new AuthSession({
    userId: 'user-1',
    getToken: async () => 'T1',
    refreshToken: async () => 'T2',
    timeoutMs: 5000,
    onError: (error) => errors.push(error),
    ...options,
  });
  const authFetch = createAuthFetch({ session, baseUrl: BASE, fetch: service.fetch });
  return { ...service, errors, session, authFetch };
}

export async function rejection(promise: Promise<unknown>): Promise<Error> {
  try {
    await promise;
  } catch (error) {
    return error as Error;
  }
  throw new Error('expected a rejection');
}
