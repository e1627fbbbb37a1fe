// EditorSession without an element: fakes for the services, the audio module, the autosave and the draft read.
import { expect } from '@open-wc/testing';
import { waitUntil } from '../support/wait.js';
import sinon from 'sinon';
import type { ServiceClient } from '../../src/api/client.js';
import type { EditorServices } from '../../src/api/create-services.js';
import type { AudioEngine } from '../../src/audio/engine.js';
import type { MixPreview } from '../../src/audio/mix-preview.js';
import { keepJournal } from '../../src/session/autosave-ahead.js';
import { EditorSession } from '../../src/session/editor-session.js';
import type { SessionHooks, SessionOptions } from '../../src/session/session-hooks.js';
import type { ResolvedConfig, StudioConfig } from '../../src/config/types.js';
import type { StudioError } from '../../src/errors.js';
import type { DisposalScope } from '../../src/internal/scope.js';
import { createEditorStore } from '../../src/model/editor-state.js';
import type { Autosave, AutosaveOptions } from '../../src/model/persistence/autosave.js';
import type { DraftPrefetch } from '../../src/model/persistence/draft-prefetch.js';
import type { DraftRecord } from '../../src/model/persistence/idb.js';
import { previewState } from '../support/fake-preview.js';
import { testAuth } from '../support/auth.js';

const auth = testAuth();
/** A config on user u1 and project p1; the same auth callbacks unless `over` gives others. */
const config = (over: Partial<StudioConfig> = {}): StudioConfig => ({
  api: { baseUrl: 'https://api.example' },
  ...over,
  auth: { ...auth, userId: 'u1', ...over.auth },
  project: { id: 'p1', ...over.project },
});

/** A session with fakes, and what it did. */
function setup(options: { userId?: () => Promise<string>; firstPaint?: () => Promise<unknown>; loadAudio?: SessionOptions['loadAudio']; stored?: boolean } = {}) {
  const store = createEditorStore();
  const events: string[] = [];
  const errors: string[] = [];
  const services: Array<{ config: ResolvedConfig; dispose: sinon.SinonSpy; client: ServiceClient }> = [];
  const autosaves: Array<{ options: AutosaveOptions; flush: sinon.SinonStub; detach: sinon.SinonSpy }> = [];
  const drafts: Array<{ key: string; close: sinon.SinonSpy }> = [];
  const audio = { engine: { export: sinon.stub() } as unknown as AudioEngine, preview: { getState: () => previewState(), subscribe: () => () => undefined, pause: sinon.spy() } as unknown as MixPreview, released: 0 };
  let connected = true;
  const hooks: SessionHooks = {
    changed: sinon.spy(),
    dispatch: (event) => events.push(event.type),
    error: (error: StudioError) => errors.push(error.code),
    firstPaint: options.firstPaint ?? (() => Promise.resolve()),
    rendered: () => Promise.resolve(),
    ready: sinon.spy((_config: ResolvedConfig, _scope: DisposalScope) => undefined),
    untitled: () => 'Untitled',
    connected: () => connected,
  };
  const session = new EditorSession({
    store,
    hooks,
    createServices: (resolved) => {
      const made = { config: resolved, dispose: sinon.spy(), client: { music: sinon.stub().resolves({ tracks: [] }) } as unknown as ServiceClient };
      services.push(made);
      return { session: { userId: options.userId ?? (() => Promise.resolve(resolved.auth.userId!)) }, client: made.client, dispose: made.dispose } as unknown as EditorServices;
    },
    loadAudio:
      options.loadAudio ??
      (() =>
        Promise.resolve({
          startAudio: ({ scope }: { scope: DisposalScope }) => {
            scope.add(() => (audio.released += 1));
            return { engine: audio.engine, preview: audio.preview };
          },
        } as unknown as Awaited<ReturnType<NonNullable<SessionOptions['loadAudio']>>>)),
    startAutosave: (autosaveOptions) => {
      const made = { options: autosaveOptions, flush: sinon.stub().resolves(), detach: sinon.spy() };
      autosaves.push(made);
      return { ready: Promise.resolve(), flush: made.flush, detach: made.detach, dismiss: sinon.spy() } as unknown as Autosave;
    },
    prefetchDraft: (target) => {
      const entry = { key: '', close: sinon.spy() };
      drafts.push(entry);
      const draft = target.then(({ userId, projectId }) => {
        entry.key = `${userId}/${projectId}`;
        const record = options.stored ? ({ key: `${userId}\u0000${projectId}`, revision: 1 } as unknown as DraftRecord) : undefined;
        return { key: `${userId}\u0000${projectId}`, record };
      });
      return { db: Promise.resolve({ close: entry.close } as unknown as IDBDatabase), draft } satisfies DraftPrefetch;
    },
  });
  return { session, store, hooks, events, errors, services, autosaves, drafts, audio, setConnected: (on: boolean) => (connected = on) };
}

describe('EditorSession', () => {
  afterEach(() => sinon.restore());

  it('starts: services on the config, the project of its user, its draft, studio-ready, then the audio', async () => {
    const t = setup();
    expect(t.session.apply(config()).kind).to.equal('started');
    expect(t.session.running).to.equal(true);
    expect(t.services.length).to.equal(1);
    expect(t.session.client === t.services[0]!.client).to.equal(true);
    await waitUntil(() => t.session.ready, 'ready');
    expect(t.events).to.deep.equal(['studio-ready']);
    expect(t.store.getState().project.project_id).to.equal('p1');
    expect(t.store.getState().project.title).to.equal('Untitled');
    expect(t.drafts.map((draft) => draft.key)).to.deep.equal(['u1/p1']);
    // Nothing stored for the project: ready came without the autosave's module, which starts then.
    await waitUntil(() => t.autosaves.length === 1, 'the autosave started once ready');
    expect((await t.autosaves[0]!.options.prefetched?.draft)?.key).to.equal('u1\u0000p1');
    expect((t.hooks.ready as sinon.SinonSpy).callCount).to.equal(1);
    await waitUntil(() => t.session.preview !== undefined, 'the audio started after ready');
    expect(t.session.engine === t.audio.engine).to.equal(true);
  });

  it('opens the drafts at once, reads the draft while the first paint is on its way, and starts the project only after it', async () => {
    let paint!: () => void;
    const t = setup({ firstPaint: () => new Promise<void>((resolve) => (paint = resolve)) });
    t.session.apply(config());
    expect(t.drafts.length).to.equal(1);
    await waitUntil(() => t.drafts[0]!.key === 'u1/p1', 'the draft is read early');
    expect(t.autosaves.length).to.equal(0);
    expect(t.session.ready).to.equal(false);
    paint();
    await waitUntil(() => t.session.ready, 'ready after the first paint');
    await waitUntil(() => t.autosaves.length === 1, 'the autosave started once ready');
  });

  it('with a draft stored for the project, starts the autosave before ready (it restores or offers the draft), and only then is ready', async () => {
    const t = setup({ stored: true });
    let readyWith = -1;
    const { dispatch } = t.hooks;
    t.hooks.dispatch = (event) => {
      if (event.type === 'studio-ready') readyWith = t.autosaves.length;
      dispatch(event);
    };
    t.session.apply(config());
    await waitUntil(() => t.session.ready, 'ready');
    expect(readyWith).to.equal(1);
  });

  it('saveNow() waits for an autosave on its way, so that an edit made meanwhile is saved', async () => {
    const t = setup();
    t.session.apply(config());
    await waitUntil(() => t.session.ready, 'ready');
    t.store.dispatch({ type: 'project/rename', title: 'Edited at once' });
    await t.session.saveNow();
    expect(t.autosaves.length).to.equal(1);
    expect(t.autosaves[0]!.flush.callCount).to.equal(1);
  });

  it('reads no draft and starts no autosave with autosave off', async () => {
    const t = setup();
    t.session.apply(config({ project: { id: 'p1', autosave: false } }));
    await waitUntil(() => t.session.ready, 'ready');
    expect(t.drafts.length).to.equal(0);
    expect(t.autosaves.length).to.equal(0);
  });

  it('a config equal in content changes nothing; a live one keeps the session, its services and its project', async () => {
    const t = setup();
    t.session.apply(config());
    await waitUntil(() => t.session.ready, 'ready');
    t.store.dispatch({ type: 'project/rename', title: 'Mine' });
    expect(t.session.apply(config()).kind).to.equal('same');
    const live = t.session.apply(config({ theme: { mode: 'dark' } }));
    expect(live.kind).to.equal('live');
    expect(t.services.length).to.equal(1);
    expect(t.services[0]!.dispose.callCount).to.equal(0);
    expect(t.store.getState().project.title).to.equal('Mine');
  });

  it('gives the store the role of each config, live, keeping the project and its history', async () => {
    const t = setup();
    t.session.apply(config({ tools: { role: 'adopter' } }));
    // The adopter's rules are a chunk of their own: the role turns on once they are loaded, before the project starts.
    await waitUntil(() => t.session.ready, 'ready');
    expect(t.store.getState().role).to.equal('adopter');
    t.store.dispatch({ type: 'project/rename', title: 'Mine' });
    expect(t.session.apply(config({ tools: { role: 'creator' } })).kind).to.equal('live');
    expect(t.store.getState().role).to.equal('creator');
    expect(t.store.getState().project.title).to.equal('Mine');
    expect(t.store.getState().history.pastDepth).to.equal(1);
  });

  it('swaps new auth callbacks in without a restart: the running services call the newest', async () => {
    const t = setup();
    const first = sinon.stub().resolves('one');
    const second = sinon.stub().resolves('two');
    t.session.apply(config({ auth: { ...testAuth(), userId: 'u1', getToken: first } }));
    await waitUntil(() => t.session.ready, 'ready');
    expect(t.session.apply(config({ auth: { ...testAuth(), userId: 'u1', getToken: second } })).kind).to.equal('live');
    await t.services[0]!.config.auth.getToken('u1');
    expect(first.callCount).to.equal(0);
    expect(second.callCount).to.equal(1);
    expect(t.services.length).to.equal(1);
  });

  it('switching project saves first, releases the session and starts one on the new project', async () => {
    const t = setup();
    t.session.apply(config());
    await waitUntil(() => t.session.ready && t.autosaves.length === 1, 'ready, and its autosave');
    const first = t.autosaves[0]!;
    expect(t.session.apply(config({ project: { id: 'p2' } })).kind).to.equal('started');
    expect(t.session.switching).to.equal(true);
    await waitUntil(() => t.services.length === 2, 'a new session');
    expect(first.flush.callCount).to.equal(1);
    expect(t.services[0]!.dispose.callCount).to.equal(1);
    expect(first.options.signal?.aborted).to.equal(true);
    await waitUntil(() => t.session.ready, 'ready again');
    expect(t.store.getState().project.project_id).to.equal('p2');
    expect(t.events.filter((type) => type === 'studio-ready').length).to.equal(2);
  });

  it('a restart on the same user and project keeps the project and its history; another user gets a new project', async () => {
    const t = setup();
    t.session.apply(config());
    await waitUntil(() => t.session.ready, 'ready');
    t.store.dispatch({ type: 'project/rename', title: 'Mine' });
    t.session.release();
    t.session.resume();
    await waitUntil(() => t.session.ready, 'ready again');
    expect(t.store.getState().project.title).to.equal('Mine');
    expect(t.store.getState().history.pastDepth).to.equal(1);
    t.session.apply(config({ auth: { ...auth, userId: 'u2' } }));
    await waitUntil(() => t.services.length === 3 && t.session.ready, 'the other user is ready');
    expect(t.store.getState().project.title).to.equal('Untitled');
    expect(t.drafts.map((draft) => draft.key)).to.deep.equal(['u1/p1', 'u1/p1', 'u2/p1']);
  });

  it('release lets go of everything: services, autosave, audio; a release before the autosave closes the draft read early', async () => {
    const t = setup();
    t.session.apply(config());
    await waitUntil(() => t.session.preview !== undefined && t.autosaves.length === 1, 'the audio and the autosave started');
    const autosave = t.autosaves[0]!;
    t.session.release();
    expect(t.session.running).to.equal(false);
    expect(t.session.ready).to.equal(false);
    expect(t.services[0]!.dispose.callCount).to.equal(1);
    expect(autosave.options.signal?.aborted).to.equal(true);
    expect(t.audio.released).to.equal(1);
    expect(t.session.client).to.equal(undefined);
    expect(t.session.preview).to.equal(undefined);
    expect(t.session.engine).to.equal(undefined);
    // Adopted by the autosave (which closes it after its last save): not closed by the session.
    expect(t.drafts[0]!.close.callCount).to.equal(0);

    const early = setup({ firstPaint: () => new Promise(() => undefined) });
    early.session.apply(config());
    await waitUntil(() => early.drafts[0]?.key === 'u1/p1', 'the draft is read early');
    early.session.release();
    await waitUntil(() => early.drafts[0]!.close.callCount === 1, 'the unused connection is closed');
    expect(early.autosaves.length).to.equal(0);
  });

  it('no config releases the session and forgets the config: nothing resumes', async () => {
    const t = setup();
    t.session.apply(config());
    await waitUntil(() => t.session.ready, 'ready');
    expect(t.session.apply(undefined).kind).to.equal('cleared');
    expect(t.session.running).to.equal(false);
    t.session.resume();
    expect(t.session.running).to.equal(false);
  });

  it('a config set while out of the page starts nothing until resume in the page', () => {
    const t = setup();
    t.setConnected(false);
    expect(t.session.apply(config()).kind).to.equal('started');
    expect(t.session.running).to.equal(false);
    t.setConnected(true);
    t.session.resume();
    expect(t.session.running).to.equal(true);
  });

  it('a wrong config is shown when no session runs, and only reported while one runs', async () => {
    const t = setup();
    const wrong = { ...config(), layout: { height: 'tall' } } as unknown as StudioConfig;
    const first = t.session.apply(wrong);
    expect(first.kind === 'error' && first.shown).to.equal(true);
    expect(t.session.running).to.equal(false);
    t.session.apply(config());
    await waitUntil(() => t.session.ready, 'ready');
    const later = t.session.apply(wrong);
    expect(later.kind === 'error' && !later.shown).to.equal(true);
    expect(t.session.running).to.equal(true);
    expect(t.session.ready).to.equal(true);
  });

  it('an audio module that cannot load is a studio-error, tried again by the next call; an export before any start is refused', async () => {
    const load = sinon.stub().rejects(new TypeError('Failed to fetch dynamically imported module'));
    const t = setup({ loadAudio: load });
    let refused = '';
    await t.session.export({ format: 'wav16' }).catch((error: StudioError) => (refused = error.code));
    expect(refused).to.equal('not-ready');
    t.session.apply(config());
    await waitUntil(() => t.errors.includes('audio-load'), 'the failure is reported');
    let failed = '';
    await t.session.audio().catch((error: StudioError) => (failed = error.code));
    expect(failed).to.equal('audio-load');
    expect(load.callCount).to.equal(2);
  });

  it('a user id that never comes leaves the session not ready, and a release then starts no project', async () => {
    const t = setup({ userId: () => new Promise(() => undefined) });
    t.session.apply(config());
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(t.session.ready).to.equal(false);
    expect(t.autosaves.length).to.equal(0);
    t.session.release();
    expect(t.services[0]!.dispose.callCount).to.equal(1);
    await waitUntil(() => t.drafts[0]!.close.callCount === 1, 'the drafts opened early are closed');
  });
});

describe('keepJournal (the journal while the autosave’s module is on its way)', () => {
  const slot = 'studio-editor\u0000u-journal\u0000p-journal';
  const key = `studio-editor/journal/${slot}`;
  afterEach(() => localStorage.removeItem(key));

  it('copies unsaved work to the journal when the page goes or is hidden, until stopped', () => {
    const store = createEditorStore();
    store.dispatch({ type: 'project/init', project: { ...store.getState().project, project_id: 'p-journal' } });
    const stop = keepJournal(store, 'p-journal', slot);
    window.dispatchEvent(new Event('pagehide'));
    expect(localStorage.getItem(key)).to.equal(null);
    store.dispatch({ type: 'project/rename', title: 'Edited at once' });
    window.dispatchEvent(new Event('pagehide'));
    const entry = JSON.parse(localStorage.getItem(key)!) as { revision: number; doc: { title: string } };
    expect([entry.revision, entry.doc.title]).to.deep.equal([0, 'Edited at once']);
    localStorage.removeItem(key);
    stop();
    window.dispatchEvent(new Event('pagehide'));
    expect(localStorage.getItem(key)).to.equal(null);
  });
});
