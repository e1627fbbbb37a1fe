// Issue 13: nothing ordinary costs the user work. Config is data (applied by content, live where it can),
// the element is a view of the project (a move in the DOM keeps everything), a reload brings the work back.
import { expect } from '@open-wc/testing';
import { waitUntil } from '../support/wait.js';
import sinon from 'sinon';
// @ts-expect-error: a virtual module served by scripts/lib/emulator-plugin.mjs
import { apiBaseUrl, emulatorAdmin } from '/__studio-env.js';
import { endpointAuth } from '../../src/auth/endpoint-auth.js';
import type { StudioConfig } from '../../src/config/types.js';
import { create, type StudioHandle } from '../../src/create.js';
import { StudioConfigError } from '../../src/errors.js';
import { until } from '../model/autosave-support.js';
import { cleanupMounts, mountPoint } from '../support/auth.js';

const unique = (prefix: string) => `${prefix}-${crypto.randomUUID().slice(0, 8)}`;

/** What the user would lose: the title, the undo depth, whether a notice shows. */
function work(handle: StudioHandle): { title: string; undo: number; notices: number } {
  const element = handle.element;
  const notices = element.shadowRoot!.querySelector('studio-editor-notices')?.shadowRoot?.querySelectorAll('[part~="notice"]').length ?? 0;
  return { title: element.getProject().title, undo: element.store.getState().history.pastDepth, notices };
}

describe('<studio-editor> keeps the work through ordinary events (issue 13)', () => {
  let handle: StudioHandle | undefined;
  let tokens: sinon.SinonSpy;
  let refreshes: sinon.SinonSpy;
  let readies: number;
  let errors: string[];

  /** An editor on the emulator, with a token endpoint whose calls are counted. */
  async function start(extra: Partial<StudioConfig> = {}): Promise<StudioHandle> {
    mountPoint('editor');
    const auth = endpointAuth({ tokenUrl: '/host/token', refreshUrl: '/host/refresh' });
    tokens = sinon.spy(auth, 'getToken');
    refreshes = sinon.spy(auth, 'refreshToken');
    const config: StudioConfig = { target: '#editor', api: { baseUrl: apiBaseUrl as string }, auth: { userId: unique('u'), ...auth }, project: { id: unique('p'), title: 'Spring launch' }, ...extra };
    readies = 0;
    errors = [];
    document.addEventListener('studio-ready', countReady);
    handle = await create(config);
    handle.on('error', (detail) => errors.push(detail.code));
    // Two edits: an undo depth of two, and a title that differs from the config's.
    handle.element.store.dispatch({ type: 'project/rename', title: 'My edited title' });
    handle.element.store.dispatch({ type: 'mix/set', mix: { voiceLevel: -4 } });
    return handle;
  }
  const countReady = () => (readies += 1);

  afterEach(() => {
    document.removeEventListener('studio-ready', countReady);
    handle?.destroy();
    handle = undefined;
    sinon.restore();
    cleanupMounts();
  });

  it('a config equal in content, set 100 times, restarts nothing and asks for no token', async () => {
    const h = await start();
    const element = h.element;
    const client = element.api;
    const before = work(h);
    readies = 0;
    tokens.resetHistory();
    for (let i = 0; i < 100; i += 1) {
      // A new object each time, as an inline literal in a framework's render would be.
      element.config = { ...element.config!, layout: { ...element.config!.layout }, project: { ...element.config!.project } };
      await element.updateComplete;
    }
    expect(readies).to.equal(0);
    expect(tokens.callCount).to.equal(0);
    expect(element.api).to.equal(client);
    expect(work(h)).to.deep.equal(before);
    expect(errors).to.deep.equal([]);
  });

  it('new auth callbacks are swapped in place: no restart, and the next refresh comes from the new one', async function () {
    const h = await start();
    const client = h.element.api;
    const fresh = endpointAuth({ tokenUrl: '/host/token', refreshUrl: '/host/refresh' });
    const refresh = sinon.spy(fresh.refreshToken);
    h.update({ auth: { ...h.element.config!.auth, getToken: fresh.getToken, refreshToken: refresh } });
    await h.element.updateComplete;
    expect(h.element.api).to.equal(client);
    expect(readies).to.equal(1);
    // The service refuses the next token once: the refresh goes through the callback now in the config. A
    // forced 401 goes to the user's next request, which is not always ours: a busy WebKit was seen answering
    // music() without a refresh. So the 401 is armed again (at most 3 times) until one refresh was asked for,
    // whichever request met it; it must be the new callback's.
    const userId = h.element.config!.auth.userId!;
    for (let armed = 1; refresh.callCount + refreshes.callCount === 0 && armed <= 3; armed += 1) {
      const faults = await fetch(`${emulatorAdmin as string}/faults`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ unauthorized: 1, scope: userId }) });
      expect(faults.status).to.equal(200);
      await client!.music();
    }
    expect(refreshes.callCount, 'refreshes through the replaced callback').to.equal(0);
    expect(refresh.callCount, 'refreshes through the new callback').to.be.at.least(1);
    expect(tokens.callCount).to.equal(1);
    expect(work(h).undo).to.equal(2);
  });

  it('each area changes live, keeping the title, the undo history and a job under way', async function () {
    const h = await start();
    const element = h.element;
    const client = element.api!;
    tokens.resetHistory();
    // A recommendation job, under way while the config changes.
    const job = client.recommendFromUrl({ project_id: element.getProject().project_id, url: 'https://acme-coffee.com/beans', duration: 30, max_recommendations: 1 });
    const changes: Array<[string, Partial<StudioConfig>]> = [
      ['i18n', { i18n: { locale: 'fr' } }],
      ['theme', { theme: { mode: 'dark', accent: '#ff0066', density: 'compact' } }],
      ['layout', { layout: { height: '520px', arrangement: 'stacked' } }],
      ['tools', { tools: { mix: false } }],
      ['vocal', { vocal: { speed: 1.1 } }],
      ['music', { music: { gain: -20 } }],
      ['mastering', { mastering: { preset: 'podcast' } }],
    ];
    for (const [area, partial] of changes) {
      h.update(partial);
      await element.updateComplete;
      expect(work(h), area).to.deep.equal({ title: 'My edited title', undo: 2, notices: 0 });
      expect(element.api, area).to.equal(client);
    }
    expect(readies).to.equal(1);
    expect(tokens.callCount).to.equal(0);
    // Each change shows: French tabs, the dark theme and accent, the new height, no Mix tab.
    const tabsNow = () => [...element.shadowRoot!.querySelector('studio-editor-panels')!.shadowRoot!.querySelectorAll('[role="tab"]')].map((tab) => tab.textContent!.trim());
    // French words load on demand: the switch lands once they are there.
    await waitUntil(() => tabsNow().includes('Texte'), 'French tabs');
    const tabs = tabsNow();
    expect(tabs).to.not.include('Mixage');
    expect(element.getAttribute('theme')).to.equal('dark');
    expect(element.style.getPropertyValue('--studio-accent')).to.equal('#ff0066');
    expect(element.getBoundingClientRect().height).to.equal(520);
    // The user's project keeps its own settings: defaults are for new projects.
    expect(element.getProject().mix.voiceLevel).to.equal(-4);
    const result = await job;
    expect(result.recommendations.length).to.equal(1);
    expect(errors).to.deep.equal([]);
  });

  it('update() validates like create(): a wrong value throws a StudioConfigError naming the path, and nothing changes', async () => {
    const h = await start();
    let error: unknown;
    try {
      h.update({ layout: { height: 'tall' } });
    } catch (caught) {
      error = caught;
    }
    expect(error).to.be.instanceOf(StudioConfigError);
    expect((error as Error).message).to.include('config.layout.height');
    expect(() => h.update({ target: '#elsewhere' })).to.throw(StudioConfigError, 'config.target');
    expect(h.element.getBoundingClientRect().height).to.not.equal(0);
    expect(work(h)).to.deep.equal({ title: 'My edited title', undo: 2, notices: 0 });
  });

  it('a new project.id saves the current project first, then switches in one step', async () => {
    const h = await start();
    const first = h.element.getProject().project_id;
    const saved = new Promise<string>((resolve) => h.on('save', (detail) => resolve(detail.projectId)));
    h.update({ project: { id: unique('p-next') } });
    expect(await saved).to.equal(first);
    await until(() => h.element.getProject().project_id !== first && h.element.ready, 'the switch');
    expect(h.element.getProject().title).to.equal('Spring launch');
    expect(h.element.store.getState().history.pastDepth).to.equal(0);
  });

  it('a live change right after a project switch goes with the switch: the new project, in the new theme', async () => {
    const h = await start();
    const next = unique('p-next');
    h.update({ project: { id: next } });
    // Applied on its own (a separate update), while the switch is still saving the old project.
    await h.element.updateComplete;
    h.update({ theme: { mode: 'dark' } });
    await h.element.updateComplete;
    await until(() => h.element.getProject().project_id === next && h.element.ready, 'the switch');
    expect(h.element.getAttribute('theme')).to.equal('dark');
    expect(h.element.config!.project!.id).to.equal(next);
  });

  const moves: Array<[string, (element: HTMLElement) => Promise<void>]> = [
    ['immediately', async (element) => {
      const parent = element.parentElement!;
      element.remove();
      parent.append(element);
    }],
    ['after 100 ms', async (element) => {
      const parent = element.parentElement!;
      element.remove();
      await new Promise((resolve) => setTimeout(resolve, 100));
      parent.append(element);
    }],
    ['after 3 s', async (element) => {
      const parent = element.parentElement!;
      element.remove();
      await new Promise((resolve) => setTimeout(resolve, 3000));
      parent.append(element);
    }],
    ['into another parent', async (element) => {
      mountPoint('elsewhere').append(element);
    }],
    ['into another shadow root', async (element) => {
      const host = mountPoint('shadow-host');
      host.attachShadow({ mode: 'open' }).append(element);
    }],
  ];
  for (const [how, move] of moves) {
    it(`moved in the DOM ${how}: the same project, history, client and no notice`, async () => {
      const h = await start();
      const client = h.element.api;
      const before = work(h);
      readies = 0;
      tokens.resetHistory();
      await move(h.element);
      await h.element.updateComplete;
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(work(h)).to.deep.equal(before);
      expect(h.element.api).to.equal(client);
      expect(readies).to.equal(0);
      expect(tokens.callCount).to.equal(0);
      expect(h.element.ready).to.equal(true);
      // Undo still works on the history from before the move.
      h.element.store.dispatch({ type: 'history/undo' });
      expect(h.element.getProject().mix.voiceLevel).to.not.equal(-4);
    });
  }

  it('removed for good, it lets go after the grace period, and the project survives a later return', async () => {
    const h = await start();
    const clock = sinon.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const { DETACH_GRACE_MS } = await import('../../src/internal/linger.js');
    h.element.remove();
    clock.tick(DETACH_GRACE_MS + 1);
    clock.restore();
    expect(h.element.api).to.equal(undefined);
    expect(h.element.ready).to.equal(false);
    mountPoint('back').append(h.element);
    await until(() => h.element.ready, 'the editor to start again');
    expect(work(h)).to.deep.equal({ title: 'My edited title', undo: 2, notices: 0 });
  });
});

describe('<studio-editor> after a reload (issue 13)', () => {
  const frames: HTMLIFrameElement[] = [];
  afterEach(() => {
    for (const frame of frames.splice(0)) frame.remove();
  });

  type Page = NonNullable<Window['page']>;

  async function openPage(user: string, project: string): Promise<{ frame: HTMLIFrameElement; page: () => Page }> {
    const frame = document.createElement('iframe');
    frame.style.cssText = 'width: 1000px; height: 700px';
    frame.src = `/test/lifecycle/fixtures/editor-page.html?user=${user}&project=${project}`;
    document.body.append(frame);
    frames.push(frame);
    await until(() => frame.contentWindow?.page !== undefined, 'the page to start', 8000);
    return { frame, page: () => frame.contentWindow!.page! };
  }

  for (const delay of [0, 150, 2000]) {
    it(`an edit ${delay} ms before a reload is there afterwards, restored without asking`, async () => {
      const { frame, page } = await openPage(unique('u'), unique('p'));
      page().handle.element.store.dispatch({ type: 'project/rename', title: `Edited ${delay} ms before the reload` });
      await new Promise((resolve) => setTimeout(resolve, delay));
      const old = page();
      frame.contentWindow!.location.reload();
      await until(() => frame.contentWindow?.page !== undefined && frame.contentWindow.page !== old, 'the page to load again', 8000);
      const element = page().handle.element;
      expect(element.getProject().title).to.equal(`Edited ${delay} ms before the reload`);
      await element.updateComplete;
      const notices = element.shadowRoot!.querySelector('studio-editor-notices')!;
      await notices.updateComplete;
      expect(notices.shadowRoot!.querySelectorAll('[part~="notice"]').length).to.equal(0);
      expect(element.shadowRoot!.querySelector('[part="status"]')!.textContent).to.match(/^Restored your work from /);
      expect(page().errors).to.deep.equal([]);
    });
  }
});

describe('create() and errors while starting (issue 13)', () => {
  afterEach(() => {
    sinon.restore();
    cleanupMounts();
  });

  it('a storage failure at start-up reaches handle.on("error")', async () => {
    sinon.stub(IDBFactory.prototype, 'open').throws(new DOMException('The user denied permission to access the database.', 'SecurityError'));
    mountPoint('editor');
    const handle = await create({ target: '#editor', auth: { getToken: async () => 't', refreshToken: async () => 't2' }, project: { id: unique('p') } });
    const codes: string[] = [];
    handle.on('error', (detail) => codes.push(detail.code));
    await until(() => codes.length > 0, 'the replayed error');
    expect(codes[0]).to.match(/^storage-/);
    handle.destroy();
  });
});
