import { describe, it } from 'node:test';
import { expect } from '../support/expect.js';
import { StudioRedirectError } from '../../../src/auth/errors.js';
import { BASE, rejection, setup } from '../../auth/helpers.js';

describe('auth fetch: a redirect answer (stubbed fetch that exposes the 3xx)', () => {
  for (const status of [301, 302, 303, 307, 308]) {
    it(`a ${status} on a /v1/ request is refused with a StudioRedirectError, never followed`, async () => {
      const t = setup({ respond: () => new Response(null, { status, headers: { location: 'https://evil.example/v1/x' } }) });
      const error = await rejection(t.authFetch(`${BASE}/v1/jobs/j1`));
      expect(error).to.be.instanceOf(StudioRedirectError);
      expect(JSON.parse(JSON.stringify(error))).to.deep.include({ code: 'redirect-refused', recoverable: false });
      expect(error.message).not.to.contain('T1');
      expect(t.calls.length).to.equal(1);
      expect(t.errors).to.deep.equal([]);
    });
  }

  it('asks fetch not to follow (redirect: manual) on token-bearing requests only', async () => {
    const modes: Array<[string, RequestRedirect | undefined]> = [];
    const t = setup({ respond: () => Response.json({}) });
    const { createAuthFetch } = await import('../../../src/auth/auth-fetch.js');
    const authFetch = createAuthFetch({
      session: t.session,
      baseUrl: BASE,
      fetch: (async (input: RequestInfo | URL, init?: RequestInit) => (modes.push([new URL(String(input)).pathname, init?.redirect]), Response.json({}))) as typeof fetch,
    });
    await authFetch(`${BASE}/v1/voices`, { redirect: 'follow' });
    await authFetch('https://cdn.example/file.wav');
    expect(modes).to.deep.equal([
      ['/v1/voices', 'manual'],
      ['/file.wav', undefined],
    ]);
  });
});
