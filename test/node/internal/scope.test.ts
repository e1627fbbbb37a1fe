import { describe, it, afterEach } from 'node:test';
import { TEST_TIMERS } from '../support/clock.js';
import { expect } from '../support/expect.js';
import sinon from 'sinon';
import { DisposalScope } from '../../../src/internal/scope.js';

describe('DisposalScope', () => {
  afterEach(() => sinon.restore());

  it('runs cleanups in reverse order, once, and aborts its signal', () => {
    const scope = new DisposalScope();
    const order: number[] = [];
    scope.add(() => order.push(1));
    scope.add(() => order.push(2));
    scope.dispose();
    scope.dispose();
    expect(order).to.deep.equal([2, 1]);
    expect(scope.signal.aborted).to.equal(true);
    expect((scope.signal.reason as DOMException).name).to.equal('AbortError');
  });

  it('runs a registration made after disposal at once', () => {
    const scope = new DisposalScope();
    scope.dispose();
    const cleanup = sinon.spy();
    scope.add(cleanup);
    expect(cleanup.callCount).to.equal(1);
  });

  it('clears timers and removes listeners', () => {
    const clock = sinon.useFakeTimers({ toFake: TEST_TIMERS });
    const scope = new DisposalScope();
    const timer = sinon.spy();
    const listener = sinon.spy();
    const target = new EventTarget();
    scope.timeout(timer, 100);
    scope.listen(target, 'ping', listener);
    scope.dispose();
    clock.tick(200);
    target.dispatchEvent(new Event('ping'));
    expect(timer.called).to.equal(false);
    expect(listener.called).to.equal(false);
  });

  it('aborts child controllers and keeps running when one cleanup throws', () => {
    const scope = new DisposalScope();
    const child = scope.controller();
    const after = sinon.spy();
    scope.add(after);
    scope.add(() => {
      throw new Error('boom');
    });
    sinon.stub(console, 'error');
    scope.dispose();
    expect(child.signal.aborted).to.equal(true);
    expect(after.callCount).to.equal(1);
  });

  it('an early cleanup runs once and is not run again on dispose', () => {
    const scope = new DisposalScope();
    const cleanup = sinon.spy();
    const early = scope.add(cleanup);
    early();
    scope.dispose();
    expect(cleanup.callCount).to.equal(1);
  });
});
