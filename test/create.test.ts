import { expect } from '@open-wc/testing';
import sinon from 'sinon';
import { create } from '../src/create.js';
import { StudioConfigError } from '../src/errors.js';
import { cleanupMounts, mountPoint, testAuth } from './support/auth.js';
import { rejection } from './support/async.js';

describe('create()', () => {
  // Without project.id the editor reopens the project remembered for the user (and its draft): a fresh
  // one per test, and none left behind for other test files.
  beforeEach(() => localStorage.clear());
  after(() => localStorage.clear());
  afterEach(() => {
    sinon.restore();
    cleanupMounts();
  });

  it('mounts into the target and resolves a handle once ready', async () => {
    const host = mountPoint('editor-a');
    const handle = await create({ target: '#editor-a', auth: testAuth() });
    expect(handle.element.parentElement).to.equal(host);
    expect(handle.element.localName).to.equal('studio-editor');
    expect(handle.element.hasAttribute('ready')).to.equal(true);
    handle.destroy();
    expect(host.children.length).to.equal(0);
  });

  it('rejects a wrong config with a StudioConfigError naming the key path', async () => {
    mountPoint('editor-a');
    const error = await rejection(create({ target: '#editor-a', auth: testAuth(), layout: { height: 'tall' } }));
    expect(error).to.be.instanceOf(StudioConfigError);
    expect(error.message).to.equal('config.layout.height: expected a CSS length like "640px" or "80vh", got "tall"');
    expect(document.querySelector('studio-editor')).to.equal(null);
  });

  const targets: Array<[string, string, string]> = [
    ['matches nothing', '#nowhere', 'config.target: expected a selector that matches exactly one element, got "#nowhere", which matches no element'],
    ['matches two', '.twice', 'config.target: expected a selector that matches exactly one element, got ".twice", which matches 2 elements'],
    ['is not a selector', '#[', 'config.target: expected a valid CSS selector like "#editor", got "#["'],
  ];
  for (const [name, target, message] of targets) {
    it(`rejects a target that ${name}`, async () => {
      mountPoint('one').className = 'twice';
      mountPoint('two').className = 'twice';
      const error = await rejection(create({ target, auth: testAuth() }));
      expect(error).to.be.instanceOf(StudioConfigError);
      expect(error.message).to.equal(message);
    });
  }

  it('refuses to mount a second editor into the same target', async () => {
    mountPoint('editor-a');
    const handle = await create({ target: '#editor-a', auth: testAuth() });
    const error = await rejection(create({ target: '#editor-a', auth: testAuth() }));
    expect(error.message).to.equal('config.target: "#editor-a" already holds an editor; call destroy() on its handle before creating another there');
    handle.destroy();
  });

  it('on() passes detail and event, and its off() stops delivery', async () => {
    mountPoint('editor-a');
    const handle = await create({ target: '#editor-a', auth: testAuth() });
    const listener = sinon.spy();
    const off = handle.on('error', listener);
    const detail = { code: 'network', message: 'offline', recoverable: true };
    handle.element.dispatchEvent(new CustomEvent('studio-error', { detail }));
    expect(listener.callCount).to.equal(1);
    expect(listener.firstCall.args[0]).to.deep.equal(detail);
    expect(listener.firstCall.args[1].type).to.equal('studio-error');
    off();
    handle.element.dispatchEvent(new CustomEvent('studio-error', { detail }));
    expect(listener.callCount).to.equal(1);
    handle.destroy();
  });

  it('destroy() is idempotent and releases every listener', async () => {
    mountPoint('editor-a');
    const handle = await create({ target: '#editor-a', auth: testAuth() });
    const listener = sinon.spy();
    handle.on('error', listener);
    const removed = sinon.spy(handle.element, 'removeEventListener');
    handle.destroy();
    const removals = removed.withArgs('studio-error').callCount;
    expect(removals).to.be.greaterThan(0);
    handle.destroy();
    expect(removed.withArgs('studio-error').callCount).to.equal(removals);
    handle.element.dispatchEvent(new CustomEvent('studio-error', { detail: {} }));
    expect(listener.called).to.equal(false);
    expect(handle.element.isConnected).to.equal(false);
    const late = sinon.spy();
    handle.on('error', late)();
    handle.element.dispatchEvent(new CustomEvent('studio-error', { detail: {} }));
    expect(late.called).to.equal(false);
  });

  it('runs two editors on one page without interference', async () => {
    mountPoint('editor-a');
    mountPoint('editor-b');
    const [a, b] = await Promise.all([
      create({ target: '#editor-a', auth: testAuth(), project: { title: 'A' }, theme: { accent: '#ff0000' } }),
      create({ target: '#editor-b', auth: testAuth(), project: { title: 'B' }, theme: { mode: 'dark' } }),
    ]);
    expect(a.element.store).to.not.equal(b.element.store);
    a.element.store.dispatch({ type: 'project/rename', title: 'A2' });
    expect(b.element.store.getState().project.title).to.equal('B');
    const onA = sinon.spy();
    const onB = sinon.spy();
    a.on('error', onA);
    b.on('error', onB);
    a.element.dispatchEvent(new CustomEvent('studio-error', { detail: {} }));
    expect(onA.callCount).to.equal(1);
    expect(onB.callCount).to.equal(0);
    expect(b.element.style.getPropertyValue('--studio-accent')).to.equal('');
    a.destroy();
    expect(b.element.isConnected).to.equal(true);
    expect(b.element.hasAttribute('ready')).to.equal(true);
    b.destroy();
  });
});
