import { describe, it, afterEach } from 'node:test';
import { expect } from '../support/expect.js';
import sinon from 'sinon';
import { endpointAuth } from '../../../src/auth/endpoint-auth.js';
import { StudioAuthError } from '../../../src/auth/errors.js';
import { readToken } from '../../../src/auth/token.js';
import { StudioError } from '../../../src/errors.js';
import { BASE, rejection, setup } from '../../auth/helpers.js';

const SECRET = 'SECRET-abc123';

/** A Proxy every trap of which throws an error carrying the secret. */
const allTrapsThrow = () =>
  new Proxy(
    {},
    new Proxy(
      {},
      {
        get: () => () => {
          throw new Error(`trap ${SECRET}`);
        },
      },
    ),
  );
const revoked = () => {
  const { proxy, revoke } = Proxy.revocable({ token: SECRET }, {});
  revoke();
  return proxy;
};
const throwingGetter = () => ({
  get token(): string {
    throw new Error(`getter ${SECRET}`);
  },
});
const throwingTypeGetter = () => ({
  token: 'tok',
  get type(): string {
    throw new TypeError(`type getter ${SECRET}`);
  },
});
const trapOnToken = () =>
  new Proxy({ token: 'tok' }, {
    get: (target, key) => {
      if (key === 'token') throw new RangeError(`get trap ${SECRET}`);
      return Reflect.get(target, key);
    },
  });
/** A result whose `then` getter throws: the promise machinery reads it before our code does. */
const throwingThen = () => ({
  get then(): unknown {
    throw new Error(`then ${SECRET}`);
  },
});

const results: Array<[string, () => unknown, string]> = [
  ['an object whose token getter throws', throwingGetter, 'auth-invalid-token'],
  ['an object whose type getter throws', throwingTypeGetter, 'auth-invalid-token'],
  ['a Proxy whose get trap throws for token', trapOnToken, 'auth-invalid-token'],
  // The promise machinery reads `then` of these before readToken does: a failed callback, still typed.
  ['a Proxy every trap of which throws', allTrapsThrow, 'auth-callback-failed'],
  ['a revoked Proxy', revoked, 'auth-callback-failed'],
  ['an object whose then getter throws', throwingThen, 'auth-callback-failed'],
];

class SecretNamed extends Error {
  override name = `Named${SECRET}`;
}
const thrown: Array<[string, () => unknown]> = [
  ['an Error whose message holds the secret', () => new Error(`failed for ${SECRET}`)],
  ['an Error whose name holds the secret', () => new SecretNamed('x')],
  ['a StudioError made by the host, message holding the secret', () => new StudioError('auth-endpoint', `leak ${SECRET}`)],
  ['a string holding the secret', () => SECRET],
  ['a Proxy every trap of which throws', allTrapsThrow],
  ['a revoked Proxy', revoked],
];

/** Everything an observer could see of a failure, as text. */
const seen = (error: Error, reported: StudioAuthError[]) =>
  [error.message, error.stack, String(error), JSON.stringify(error), ...reported.map((e) => `${e.message} ${JSON.stringify(e)}`)].join('\n');

describe('auth callbacks: hostile results and errors', () => {
  afterEach(() => sinon.restore());

  for (const source of ['getToken', 'refreshToken'] as const) {
    for (const [name, make, code] of results) {
      it(`${source} returning ${name}: a typed, reported ${code} with none of its text, nothing sent`, async () => {
        const t = setup(
          source === 'getToken'
            ? { getToken: async () => make() as string }
            : { refreshToken: async () => make() as string, respond: () => new Response(null, { status: 401 }) },
        );
        const error = await rejection(t.authFetch(`${BASE}/v1/voices`));
        expect(error).to.be.instanceOf(StudioAuthError);
        expect((error as StudioAuthError).code).to.equal(code);
        expect(error.message).to.contain(`auth.${source}`);
        expect(t.errors.map((e) => e.code)).to.deep.equal([code]);
        expect(seen(error, t.errors)).not.to.contain(SECRET);
        // getToken: nothing sent; refreshToken: only the first request, never a retry.
        expect(t.calls.length).to.equal(source === 'getToken' ? 0 : 1);
      });
    }

    for (const [name, make] of thrown) {
      it(`${source} throwing ${name}: auth-callback-failed with none of its text`, async () => {
        const fail = () => {
          throw make();
        };
        const t = setup(source === 'getToken' ? { getToken: fail } : { refreshToken: fail, respond: () => new Response(null, { status: 401 }) });
        const error = await rejection(t.authFetch(`${BASE}/v1/voices`));
        expect((error as StudioAuthError).code).to.equal('auth-callback-failed');
        expect(t.errors.length).to.equal(1);
        expect(seen(error, t.errors)).not.to.contain(SECRET);
        expect(seen(error, t.errors)).not.to.contain('Named');
      });
    }
  }

  it('a rejection with a hostile value is handled the same way', async () => {
    const t = setup({ getToken: () => Promise.reject(allTrapsThrow()) });
    const error = await rejection(t.authFetch(`${BASE}/v1/voices`));
    expect((error as StudioAuthError).code).to.equal('auth-callback-failed');
    expect(t.errors.length).to.equal(1);
  });

  it('readToken throws only StudioAuthErrors, whatever it is given', () => {
    for (const [, make] of results.slice(0, 5)) {
      let caught: unknown;
      try {
        readToken(make(), 'getToken');
      } catch (error) {
        caught = error;
      }
      expect(caught).to.be.instanceOf(StudioAuthError);
      expect((caught as Error).message).not.to.contain(SECRET);
    }
  });

  it('a getter is read once: it cannot pass the check with one value and send another', async () => {
    let reads = 0;
    const value = {
      get token() {
        reads += 1;
        return reads === 1 ? 'good' : 'bad value with spaces';
      },
    };
    const t = setup({ getToken: async () => value as unknown as string, respond: () => Response.json({}) });
    await t.authFetch(`${BASE}/v1/voices`);
    expect(reads).to.equal(1);
    expect(t.calls[0]!.authorization).to.equal('Bearer good');
  });

  it("endpointAuth's own message passes through; a callback that rewrites it does not", async () => {
    const fetch = (async () => new Response('', { status: 500 })) as typeof globalThis.fetch;
    const auth = endpointAuth({ tokenUrl: '/host/token', refreshUrl: '/host/refresh', fetch });
    const plain = setup({ getToken: auth.getToken });
    const error = await rejection(plain.authFetch(`${BASE}/v1/voices`));
    expect(error.message).to.contain('answered HTTP 500');

    const rewriting = setup({
      getToken: async (userId: string) => {
        try {
          return await auth.getToken(userId);
        } catch (caught) {
          (caught as Error).message = `rewritten ${SECRET}`;
          throw caught;
        }
      },
    });
    const second = await rejection(rewriting.authFetch(`${BASE}/v1/voices`));
    expect((second as StudioAuthError).code).to.equal('auth-callback-failed');
    expect(second.message).to.contain('answered HTTP 500');
    expect(second.message).not.to.contain(SECRET);
  });
});
