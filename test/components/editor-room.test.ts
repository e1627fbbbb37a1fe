// Room to work (issues 16 and 38): full screen from the toolbar, and the editor filling its container with
// layout.height = 'auto'. The side panel's separator is tested in editor-workspace.test.ts.
import { expect } from '@open-wc/testing';
import { waitUntil } from '../support/wait.js';
import { setViewport } from '@web/test-runner-commands';
import { create, type StudioHandle } from '../../src/create.js';
import { cleanupMounts, mountPoint, testAuth } from '../support/auth.js';

const part = (handle: StudioHandle, name: string) => handle.element.shadowRoot!.querySelector<HTMLElement>(`[part="${name}"]`)!;
const height = (element: Element) => Math.round(element.getBoundingClientRect().height);
const frame = () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));

describe('<studio-editor> room to work', () => {
  let handle: StudioHandle | undefined;
  beforeEach(async () => {
    await setViewport({ width: 1280, height: 900 });
  });
  afterEach(() => {
    handle?.destroy();
    handle = undefined;
    cleanupMounts();
  });

  async function open(layout: object = { height: '800px' }): Promise<StudioHandle> {
    mountPoint('editor-room');
    handle = await create({ target: '#editor-room', auth: testAuth(), project: { autosave: false }, layout });
    await frame();
    return handle;
  }

  it('fills the screen from the toolbar, and gives the page back', async () => {
    const h = await open({ height: '500px' });
    const button = part(h, 'toolbar').shadowRoot!.querySelector<HTMLButtonElement>('button[aria-pressed]')!;
    expect(button.getAttribute('aria-pressed')).to.equal('false');
    button.click();
    await waitUntil(() => button.getAttribute('aria-pressed') === 'true', 'full screen on');
    await frame();
    // The Fullscreen API or, where the page refuses it, an overlay over the window: either way the whole view.
    expect(height(h.element)).to.equal(window.innerHeight);
    button.click();
    await waitUntil(() => button.getAttribute('aria-pressed') === 'false', 'full screen off');
    await frame();
    expect(height(h.element)).to.equal(500);
    expect(h.element.hasAttribute('expanded')).to.equal(false);
  });

  it("fills its container with layout.height = 'auto'", async () => {
    const mount = mountPoint('editor-room');
    mount.style.height = '555px';
    handle = await create({ target: '#editor-room', auth: testAuth(), project: { autosave: false }, layout: { height: 'auto' } });
    expect(height(handle.element)).to.equal(555);
  });
});
