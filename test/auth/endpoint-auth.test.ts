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
    expect(request.body).to.equal(null);
  });

  it('keeps a type given beside the token', async () => {
    const h = host(() => Response.json({ token: 'T1', type: 'DPoP' }));
    const auth = endpointAuth({ tokenUrl: '/t', refreshUrl: '/r', fetch: h.fetch });
    expect(await auth.getToken('u')).to.deep.equal({ token: 'T1', type: 'DPoP' });
  });

  const bad: Array<[string, () => Response, string]> = [
    ['an HTTP error', () => new Response('no', { status: 500 }), 'answered HTTP 500'],
    ['not JSON', () => new Response('<html>'), 'did not answer JSON'],
    ['JSON without a token', () => Response.json({ access: 'x' }), 'without a token string'],
    ['a token that is not a string', () => Response.json({ token: 5 }), 'without a token string'],
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
