// A /v1/ answer that redirects, over real HTTP in Chromium: the token-bearing request must not follow it,
// for every redirect status and every kind of target, and must fail with a typed error naming no token.
import { expect } from '@open-wc/testing';
// @ts-expect-error: a virtual module served by scripts/lib/emulator-plugin.mjs
import { apiBaseUrl, emulatorAdmin } from '/__studio-env.js';
import { createAuthFetch } from '../../src/auth/auth-fetch.js';
import { endpointAuth } from '../../src/auth/endpoint-auth.js';
import { StudioRedirectError } from '../../src/auth/errors.js';
import { AuthSession } from '../../src/auth/session.js';
import { rejection } from '../auth/helpers.js';

interface SeenRequest {
  seq: number;
  method: string;
  host: string;
  path: string;
  authorization: boolean;
}

const base = apiBaseUrl as string;
const port = new URL(base).port;
/** The same emulator under another loopback name: another origin, whose requests the log still sees. */
const otherHost = `localhost:${port}`;

async function requests(): Promise<SeenRequest[]> {
  return ((await (await fetch(`${emulatorAdmin as string}/requests`)).json()) as { requests: SeenRequest[] }).requests;
}

/** Paths no other test requests: the log is shared with test files running at the same time. */
const unique = Math.random().toString(36).slice(2);
const targets: Array<[string, string, string]> = [
  // name, Location as sent, the path it resolves to
  ['another path of the same origin', `/elsewhere/steal-${unique}`, `/elsewhere/steal-${unique}`],
  ['another /v1/ path of the same origin', `/v1/__test/sink-${unique}`, `/v1/__test/sink-${unique}`],
  ['another origin', `http://${otherHost}/v1/__test/sink-${unique}`, `/v1/__test/sink-${unique}`],
  ['/v1/../x (dot segments)', `/v1/../x-${unique}`, `/x-${unique}`],
  ['//host/v1 (protocol-relative)', `//${otherHost}/v1`, '/v1'],
];

describe('auth fetch: redirects of token-bearing requests (Chromium, emulator)', () => {
  let session: AuthSession;
  let authFetch: ReturnType<typeof createAuthFetch>;
  let errors: unknown[];

  before(async () => {
    errors = [];
    session = new AuthSession({
      userId: `redirect-${Math.random().toString(36).slice(2)}`,
      ...endpointAuth({ tokenUrl: '/host/token', refreshUrl: '/host/refresh' }),
      timeoutMs: 10_000,
      onError: (error) => errors.push(error),
    });
    authFetch = createAuthFetch({ session, baseUrl: base });
    // The token works: a plain /v1/ request succeeds.
    expect((await authFetch('/v1/music')).status).to.equal(200);
  });
  after(() => session.dispose());

  for (const status of [301, 302, 303, 307, 308]) {
    for (const [name, location, resolved] of targets) {
      for (const method of ['GET', 'POST']) {
        it(`${status} to ${name} (${method}): refused with a typed error, nothing sent there`, async () => {
          const before = (await requests()).at(-1)?.seq ?? 0;
          const redirect = `/v1/__test/redirect/${status}?to=${encodeURIComponent(location)}`;
          const error = await rejection(authFetch(redirect, method === 'POST' ? { method, body: '{"a":1}', headers: { 'content-type': 'application/json' } } : { method }));
          expect(error).to.be.instanceOf(StudioRedirectError);
          expect((error as StudioRedirectError).code).to.equal('redirect-refused');
          expect(error.message).to.contain('/v1/__test/redirect/');
          const mine = [`/v1/__test/redirect/${status}`, resolved];
          const seen = (await requests()).filter((r) => r.seq > before).filter((r) => mine.includes(r.path));
          // The redirecting request itself went out, with the token; nothing went to the target.
          expect(seen.map((r) => [r.path, r.authorization])).to.deep.equal([[`/v1/__test/redirect/${status}`, true]]);
          expect(errors).to.deep.equal([]);
        });
      }
    }
  }

  it('the emulator route does redirect (a plain fetch without the auth fetch follows it)', async () => {
    const before = (await requests()).at(-1)?.seq ?? 0;
    const followedPath = `/elsewhere/followed-${unique}`;
    const response = await fetch(`${base}/v1/__test/redirect/302?to=${encodeURIComponent(followedPath)}`, { headers: { authorization: 'Bearer not-a-token' } });
    expect(response.status).to.equal(401);
    // Unauthenticated: the emulator refuses before redirecting. With a real token the browser follows:
    const token = await session.credential();
    const followed = await fetch(`${base}/v1/__test/redirect/302?to=${encodeURIComponent(followedPath)}`, { headers: { authorization: `Bearer ${token.token}` } });
    expect(followed.redirected).to.equal(true);
    const seen = (await requests()).filter((r) => r.seq > before);
    // Same-origin redirect: the browser sends the token on to the new path. This is what the auth fetch prevents.
    expect(seen.filter((r) => r.path === followedPath).map((r) => r.authorization)).to.deep.equal([true]);
  });
});
