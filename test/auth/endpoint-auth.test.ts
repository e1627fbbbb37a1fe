import { expect } from '@open-wc/testing';
import sinon from 'sinon';
import { endpointAuth } from '../../src/auth/endpoint-auth.js';
import { StudioConfigError } from '../../src/errors.js';

function host(answer: () => Response) {
  const requests: Request[] = [];
  const fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
    requests.push(new Request(String(new URL(String(input), location.href)), init));
    return answer();
  };
  return { requests, fetch: fetch as typeof globalThis.fetch };
}

describe('endpointAuth()', () => {
  afterEach(() => sinon.restore());

  it('getToken POSTs JSON { userId } with Content-Type application/json and reads token', async () => {
    const h = host(() => Response.json({ token: 'T1' }));
    const auth = endpointAuth({ tokenUrl: '/host/token', refreshUrl: '/host/refresh', fetch: h.fetch });
    expect(await auth.getToken('user-9')).to.equal('T1');
    const request = h.requests[0]!;
    expect(request.method).to.equal('POST');
    expect(new URL(request.url).pathname).to.equal('/host/token');
    expect(request.headers.get('content-type')).to.equal('application/json');
    expect(await request.text()).to.equal('{"userId":"user-9"}');
  });

  it('refreshToken POSTs with Authorization: Bearer <EXPIRED_TOKEN> and no body', async () => {
    const h = host(() => Response.json({ accessToken: { token: 'T2' } }));
    const auth = endpointAuth({ tokenUrl: '/host/token', refreshUrl: '/host/refresh', fetch: h.fetch });
    expect(await auth.refreshToken('OLD')).to.equal('T2');
    const request = h.requests[0]!;
    expect(request.method).to.equal('POST');
    expect(new URL(request.url).pathname).to.equal('/host/refresh');
    expect(request.headers.get('authorization')).to.equal('Bearer OLD');
    // Firefox has no Request.prototype.body: there, an empty text says the same.
    if ('body' in Request.prototype) expect(request.body).to.equal(null);
    expect(await request.text()).to.equal('');
  });

  it('keeps a type given beside the token', async () => {
    const h = host(() => Response.json({ token: 'T1', type: 'DPoP' }));
    const auth = endpointAuth({ tokenUrl: '/t', refreshUrl: '/r', fetch: h.fetch });
    expect(await auth.getToken('u')).to.deep.equal({ token: 'T1', type: 'DPoP' });
  });

  const html = (status: number) => () => new Response('<html>Sign in</html>', { status, headers: { 'Content-Type': 'text/html; charset=utf-8' } });
  const bad: Array<[string, () => Response, string]> = [
    ['an HTTP error', () => new Response(null, { status: 500 }), 'The token endpoint (/t) answered HTTP 500. Check'],
    ['an HTTP error with a page', html(401), 'The token endpoint (/t) answered HTTP 401 (text/html). Check'],
    ['a page instead of JSON', html(200), 'The token endpoint (/t) answered text/html, not JSON (HTTP 200). It must answer JSON'],
    ['no Content-Type and not JSON', () => new Response(new Blob(['<html>'])), 'answered without a Content-Type, not JSON (HTTP 200)'],
    ['JSON that does not parse', () => new Response('{"token":', { headers: { 'Content-Type': 'application/json' } }), 'answered application/json that does not parse (HTTP 200)'],
    ['a Content-Type that is not a media type', () => new Response('x', { headers: { 'Content-Type': 'text/html <b>' } }), 'answered an unreadable Content-Type, not JSON'],
    ['JSON without a token', () => Response.json({ access: 'x' }), 'answered JSON without a token string (HTTP 200)'],
    ['a token that is not a string', () => Response.json({ token: 5 }), 'answered JSON without a token string'],
  ];
  for (const [name, answer, text] of bad) {
    it(`gives a clear error for ${name}`, async () => {
      const auth = endpointAuth({ tokenUrl: '/t', refreshUrl: '/r', fetch: host(answer).fetch });
      let message = '';
      try {
        await auth.getToken('u');
      } catch (error) {
        message = (error as Error).message;
      }
      expect(message).to.contain(text);
    });
  }

  it('reads JSON sent under another Content-Type, as before', async () => {
    const h = host(() => new Response('{"token":"T3"}', { headers: { 'Content-Type': 'text/plain' } }));
    const auth = endpointAuth({ tokenUrl: '/t', refreshUrl: '/r', fetch: h.fetch });
    expect(await auth.getToken('u')).to.equal('T3');
  });

  const secretAnswers: Array<[string, () => Response]> = [
    ['an HTTP error', () => new Response('BODY-SECRET tk_live_123', { status: 403, headers: { 'Content-Type': 'text/plain' } })],
    ['a page', () => new Response('<p>BODY-SECRET tk_live_123</p>', { headers: { 'Content-Type': 'text/html' } })],
    ['JSON without a token', () => Response.json({ error: 'BODY-SECRET', hint: 'tk_live_123' })],
  ];
  for (const [name, answer] of secretAnswers) {
    it(`repeats neither the body nor the expired token on ${name}`, async () => {
      const auth = endpointAuth({ tokenUrl: '/t', refreshUrl: '/r', fetch: host(answer).fetch });
      let message = '';
      try {
        await auth.refreshToken('EXPIRED-SECRET');
      } catch (error) {
        message = (error as Error).message;
      }
      expect(message).to.contain('The refresh endpoint (/r) answered');
      expect(message).not.to.contain('BODY-SECRET');
      expect(message).not.to.contain('tk_live_123');
      expect(message).not.to.contain('EXPIRED-SECRET');
    });
  }

  for (const missing of ['tokenUrl', 'refreshUrl'] as const) {
    it(`requires ${missing}, naming it`, () => {
      const options = { tokenUrl: '/t', refreshUrl: '/r', [missing]: undefined } as unknown as Parameters<typeof endpointAuth>[0];
      let error: unknown;
      try {
        endpointAuth(options);
      } catch (caught) {
        error = caught;
      }
      expect(error).to.be.instanceOf(StudioConfigError);
      expect((error as Error).message).to.match(new RegExp(`^endpointAuth\\.${missing}: is required`));
    });
  }
});
