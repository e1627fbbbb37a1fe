import { describe, it } from 'node:test';
import { expect } from '../support/expect.js';
import { StudioApiError, StudioJobTimeoutError } from '../../../src/api/errors.js';
import { StudioAuthError } from '../../../src/auth/errors.js';
import { StudioConfigError, StudioError } from '../../../src/errors.js';
import { StudioProjectError } from '../../../src/model/validate.js';

/**
 * An error as another copy of the editor makes it (the script-tag loader and the modules it loads hold
 * different classes): an Error carrying the kinds of its class, not made by these classes.
 */
function fromAnotherCopy(...kinds: string[]): Error {
  const error = new Error('from the other copy');
  Object.defineProperty(error, Symbol.for('service-studio-editor.error-kinds'), { value: Object.freeze(kinds) });
  return error;
}

describe('error classes', () => {
  it('name each error by its class, minified or not', () => {
    expect(new StudioError('x', 'm').name).to.equal('StudioError');
    expect(new StudioConfigError([{ path: 'config.a', message: 'b' }]).name).to.equal('StudioConfigError');
    expect(new StudioJobTimeoutError('Recommend', { pollUrl: '/v1/jobs/1' }, 1000).name).to.equal('StudioJobTimeoutError');
    expect(new StudioProjectError('project-invalid', [{ path: 'project.a', message: 'b' }]).name).to.equal('StudioProjectError');
  });

  it('keep instanceof by prototype, subclasses included', () => {
    const timeout = new StudioJobTimeoutError('Recommend', { pollUrl: '/v1/jobs/1' }, 1000);
    expect(timeout).to.be.instanceOf(StudioJobTimeoutError);
    expect(timeout).to.be.instanceOf(StudioApiError);
    expect(timeout).to.be.instanceOf(StudioError);
    expect(timeout).to.be.instanceOf(Error);
    expect(timeout instanceof StudioConfigError).to.equal(false);
    expect(timeout instanceof StudioAuthError).to.equal(false);
  });

  it("recognise another copy's errors by kind, and only by their own kinds", () => {
    const config = fromAnotherCopy('StudioConfigError', 'StudioError');
    expect(config instanceof StudioConfigError).to.equal(true);
    expect(config instanceof StudioError).to.equal(true);
    expect(config instanceof StudioApiError).to.equal(false);
    const timeout = fromAnotherCopy('StudioJobTimeoutError', 'StudioApiError', 'StudioError');
    expect(timeout instanceof StudioApiError).to.equal(true);
    expect(timeout instanceof StudioJobTimeoutError).to.equal(true);
    expect(timeout instanceof StudioConfigError).to.equal(false);
  });

  it('are not fooled by look-alikes: a plain object, a name, a thrown string', () => {
    expect({ name: 'StudioConfigError' } instanceof StudioConfigError).to.equal(false);
    expect(Object.assign(new Error('x'), { name: 'StudioError' }) instanceof StudioError).to.equal(false);
    expect(('StudioError' as unknown) instanceof StudioError).to.equal(false);
    expect((null as unknown) instanceof StudioError).to.equal(false);
    // A getter is not run; a Proxy that throws on every look is not an error of ours (and does not throw).
    let ran = false;
    const getter = Object.defineProperty(new Error('x'), Symbol.for('service-studio-editor.error-kinds'), { get: () => ((ran = true), ['StudioError']) });
    expect(getter instanceof StudioError).to.equal(false);
    expect(ran).to.equal(false);
    const hostile = new Proxy(new Error('x'), {
      get: () => {
        throw new Error('get');
      },
      getOwnPropertyDescriptor: () => {
        throw new Error('descriptor');
      },
    });
    expect(hostile instanceof StudioError).to.equal(false);
  });

  it('record the kinds of the class chain on each error, out of its JSON', () => {
    const kinds = (new StudioJobTimeoutError('Recommend', { pollUrl: '/v1/jobs/1' }, 1000) as unknown as Record<symbol, unknown>)[Symbol.for('service-studio-editor.error-kinds')];
    expect(kinds).to.deep.equal(['StudioJobTimeoutError', 'StudioApiError', 'StudioError']);
    expect(Object.keys(JSON.parse(JSON.stringify(new StudioError('x', 'm'))))).to.deep.equal(['name', 'code', 'message', 'recoverable']);
  });
});
