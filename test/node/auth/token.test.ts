import { describe, it, afterEach } from 'node:test';
import { TEST_TIMERS } from '../support/clock.js';
import { expect } from '../support/expect.js';
import sinon from 'sinon';
import { StudioAuthError } from '../../../src/auth/errors.js';
import { readToken } from '../../../src/auth/token.js';
import { BASE, flush, rejection, setup } from '../../auth/helpers.js';

describe('auth callback results', () => {
  afterEach(() => sinon.restore());

  const valid: Array<[string, unknown, string]> = [
    ['a string', 'abc.def-ghi_123', 'Bearer abc.def-ghi_123'],
    ['{ token }', { token: 'tok' }, 'Bearer tok'],
    ['{ token, type: Bearer }', { token: 'tok', type: 'Bearer' }, 'Bearer tok'],
    ['{ token, type: DPoP }', { token: 'tok', type: 'DPoP' }, 'DPoP tok'],
    ['a JWT with = padding', { token: 'eyJ.eyJ.sig==' }, 'Bearer eyJ.eyJ.sig=='],
  ];
  for (const [name, value, header] of valid) {
    it(`accepts ${name} and sends it as the exact header`, async () => {
      const t = setup({ getToken: async () => value, respond: () => Response.json({}) });
      await t.authFetch(`${BASE}/v1/voices`);
      expect(t.calls.length).to.equal(1);
      expect(t.calls[0]!.authorization).to.equal(header);
      expect(t.errors.length).to.equal(0);
    });
  }

  const invalid: Array<[string, unknown]> = [
    ['null', null],
    ['undefined', undefined],
    ['a number', 42],
    ['a boolean', true],
    ['an array', ['tok']],
    ['{}', {}],
    ['{ token: "" }', { token: '' }],
    ['an empty string', ''],
    ['a string with a space', 'abc def'],
    ['only whitespace', '   '],
    ['a newline (header injection)', 'tok\r\nX-Evil: 1'],
    ['a control character', 'tok\u0000'],
    ['non-ASCII', 'tøken'],
    ['{ token: 5 }', { token: 5 }],
    ['{ token, type: "" }', { token: 'tok', type: '' }],
    ['{ token, type: "Bearer x" }', { token: 'tok', type: 'Bearer x' }],
    ['{ token, type: null }', { token: 'tok', type: null }],
    ['{ token, type: 7 }', { token: 'tok', type: 7 }],
    ['a String object', new String('tok')],
  ];
  for (const [name, value] of invalid) {
    it(`refuses ${name} as an auth failure, sending nothing`, async () => {
      const t = setup({ getToken: async () => value });
      const error = await rejection(t.authFetch(`${BASE}/v1/voices`));
      expect(error).to.be.instanceOf(StudioAuthError);
      expect((error as StudioAuthError).code).to.equal('auth-invalid-token');
      expect(error.message).to.contain('auth.getToken returned');
      expect(t.calls.length).to.equal(0);
      expect(t.errors.length).to.equal(1);
    });
  }

  it('readToken never puts the value in its message', () => {
    for (const value of ['secret value', { token: 'secret\n' }, { token: 'secretTok', type: 'bad type' }]) {
      let message = '';
      try {
        readToken(value, 'refreshToken');
      } catch (error) {
        message = (error as Error).message;
      }
      expect(message).to.contain('auth.refreshToken returned');
      expect(message).not.to.contain('secret');
    }
  });

  it('a callback that throws synchronously is an auth failure, not a raw error', async () => {
    const t = setup({
      getToken: () => {
        throw new TypeError('boom secretTok');
      },
    });
    const error = await rejection(t.authFetch(`${BASE}/v1/voices`));
    expect((error as StudioAuthError).code).to.equal('auth-callback-failed');
    expect(error.message).to.contain('auth.getToken failed');
    expect(error.message).not.to.contain('secretTok');
    expect(error.message).not.to.contain('TypeError');
    expect(t.calls.length).to.equal(0);
  });

  it('a callback that rejects is an auth failure', async () => {
    const t = setup({ getToken: () => Promise.reject(new Error('nope')) });
    const error = await rejection(t.authFetch(`${BASE}/v1/voices`));
    expect((error as StudioAuthError).code).to.equal('auth-callback-failed');
    expect(t.errors.map((e) => e.code)).to.deep.equal(['auth-callback-failed']);
  });

  it('a callback that hangs past auth.timeoutMs is an auth failure; a later answer is ignored', async () => {
    const clock = sinon.useFakeTimers({ toFake: TEST_TIMERS });
    let answer!: (value: string) => void;
    const t = setup({ timeoutMs: 15_000, getToken: () => new Promise<string>((resolve) => (answer = resolve)) });
    const pending = rejection(t.authFetch(`${BASE}/v1/voices`));
    await clock.tickAsync(14_999);
    expect(t.errors.length).to.equal(0);
    await clock.tickAsync(1);
    const error = await pending;
    expect((error as StudioAuthError).code).to.equal('auth-timeout');
    answer('late');
    await flush();
    expect(t.calls.length).to.equal(0);
  });

  it('after a failed getToken the next request calls getToken again', async () => {
    const getToken = sinon.stub();
    getToken.onFirstCall().rejects(new Error('down'));
    getToken.onSecondCall().resolves('T1');
    const t = setup({ getToken });
    t.valid.add('T1');
    await rejection(t.authFetch(`${BASE}/v1/voices`));
    const response = await t.authFetch(`${BASE}/v1/voices`);
    expect(response.status).to.equal(200);
    expect(getToken.callCount).to.equal(2);
    expect(getToken.firstCall.args).to.deep.equal(['user-1']);
  });
});
