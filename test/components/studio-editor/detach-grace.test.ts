import { expect } from '@open-wc/testing';
import sinon from 'sinon';
import { DetachGraceController, type DetachGraceHost, type GraceSession } from '../../../src/components/studio-editor/detach-grace.js';
import { DETACH_GRACE_MS } from '../../../src/internal/linger.js';

/** A host without an element: it says whether it is in the page. */
function setup(running = true) {
  const host = { isConnected: true, shadowRoot: null, addController: sinon.spy(), removeController: sinon.spy(), requestUpdate: sinon.spy(), updateComplete: Promise.resolve(true) };
  const calls: string[] = [];
  const session: GraceSession = {
    running,
    detach: (detached) => calls.push(detached ? 'detach' : 'attach'),
    pause: () => calls.push('pause'),
    release: () => calls.push('release'),
    resume: () => calls.push('resume'),
  };
  const grace = new DetachGraceController(host as unknown as DetachGraceHost, session);
  const leave = () => {
    host.isConnected = false;
    grace.hostDisconnected();
  };
  const enter = () => {
    host.isConnected = true;
    grace.hostConnected();
  };
  return { host, calls, grace, leave, enter };
}

describe('DetachGraceController', () => {
  let clock: sinon.SinonFakeTimers;
  beforeEach(() => (clock = sinon.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })));
  afterEach(() => sinon.restore());

  it('registers with its host', () => {
    const { host } = setup();
    expect(host.addController.callCount).to.equal(1);
  });

  it('out of the page: saves at once, pauses after the task, and releases only when the grace ran out', async () => {
    const { calls, leave, grace } = setup();
    leave();
    expect(calls).to.deep.equal(['detach']);
    await Promise.resolve();
    expect(calls).to.deep.equal(['detach', 'pause']);
    expect(grace.waiting).to.equal(true);
    clock.tick(DETACH_GRACE_MS - 1);
    expect(calls).to.not.include('release');
    clock.tick(1);
    expect(calls).to.deep.equal(['detach', 'pause', 'release']);
    expect(grace.waiting).to.equal(false);
  });

  it('a move in the same task neither pauses nor releases; the session resumes nothing it kept', async () => {
    const { calls, leave, enter } = setup();
    leave();
    enter();
    await Promise.resolve();
    clock.tick(DETACH_GRACE_MS * 2);
    expect(calls).to.deep.equal(['detach', 'attach', 'resume']);
  });

  it('back within the grace: no release, even when its timer would have fired', async () => {
    const { calls, leave, enter } = setup();
    leave();
    await Promise.resolve();
    clock.tick(DETACH_GRACE_MS / 2);
    enter();
    clock.tick(DETACH_GRACE_MS);
    expect(calls).to.deep.equal(['detach', 'pause', 'attach', 'resume']);
  });

  it('back after the grace ran out: the session is asked to start again', async () => {
    const { calls, leave, enter } = setup();
    leave();
    await Promise.resolve();
    clock.tick(DETACH_GRACE_MS);
    enter();
    expect(calls.slice(-3)).to.deep.equal(['release', 'attach', 'resume']);
  });

  it('with no session running, leaving keeps nothing and starts no timer', () => {
    const { calls, leave, grace } = setup(false);
    leave();
    expect(grace.waiting).to.equal(false);
    clock.tick(DETACH_GRACE_MS);
    expect(calls).to.deep.equal([]);
  });

  it('destroy() releases at once and cancels the grace: one release only', () => {
    const { calls, leave, grace } = setup();
    leave();
    grace.destroy();
    expect(calls).to.deep.equal(['detach', 'release']);
    clock.tick(DETACH_GRACE_MS);
    expect(calls.filter((call) => call === 'release').length).to.equal(1);
  });
});
