import { describe, it, afterEach } from 'node:test';
import { expect } from '../support/expect.js';
import { waitUntil } from '../support/wait.js';
import sinon from 'sinon';
import type { ServiceClient } from '../../../src/api/client.js';
import { resolveBedUrls } from '../../../src/session/resolve-bed.js';
import { createEditorStore } from '../../../src/model/editor-state.js';

const track = (id: string) => ({ track_id: id, title: id, style: 'pop', url: `https://cdn.example.test/${id}.wav`, preview_url: `https://cdn.example.test/${id}-preview.mp3` });

describe('resolveBedUrls', () => {
  afterEach(() => sinon.restore());

  const setup = (music: sinon.SinonStub) => {
    const store = createEditorStore();
    const controller = new AbortController();
    const errors: unknown[] = [];
    const off = resolveBedUrls(store, { music } as unknown as ServiceClient, controller.signal, (error) => errors.push(error));
    const setBed = (trackId: string) =>
      store.dispatch({ type: 'music/set', music: { track: { track_id: trackId, title: trackId, style: 'pop' }, assetId: null, url: null, gain: -6, offset: 0, loop: true, fadeIn: 1, fadeOut: 2 } });
    return { store, controller, errors, off, setBed };
  };

  it('gives a bed named by a recommendation the URL of its track, with no undo step, reading the library once', async () => {
    const music = sinon.stub().resolves({ tracks: [track('t1'), track('t2')] });
    const { store, setBed } = setup(music);
    setBed('t2');
    const steps = store.getState().history.pastDepth;
    await waitUntil(() => store.getState().project.music?.url === 'https://cdn.example.test/t2.wav', 'the URL is recorded');
    expect(store.getState().history.pastDepth).to.equal(steps);
    setBed('t1');
    await waitUntil(() => store.getState().project.music?.url === 'https://cdn.example.test/t1.wav', 'the second URL is recorded');
    expect(music.callCount).to.equal(1);
    // Undo goes back to t2's bed, which keeps its URL: the fact applies to the history too.
    store.dispatch({ type: 'history/undo' });
    expect(store.getState().project.music?.url).to.equal('https://cdn.example.test/t2.wav');
  });

  it('leaves a track the library does not hold, and reports a failed library read (then tries again)', async () => {
    const music = sinon.stub();
    music.onFirstCall().rejects(new Error('offline'));
    music.resolves({ tracks: [track('t1')] });
    const { store, errors, setBed } = setup(music);
    setBed('t1');
    await waitUntil(() => errors.length === 1, 'the failure is reported');
    setBed('gone');
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(store.getState().project.music?.url).to.equal(null);
    setBed('t1');
    await waitUntil(() => store.getState().project.music?.url !== null, 'resolved on the next try');
    expect(music.callCount).to.equal(2);
  });

  it('stops when told', async () => {
    const music = sinon.stub().resolves({ tracks: [track('t1')] });
    const { store, off, setBed } = setup(music);
    off();
    setBed('t1');
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(music.callCount).to.equal(0);
    expect(store.getState().project.music?.url).to.equal(null);
  });
});
