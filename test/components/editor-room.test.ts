// Room to work (issue 16): the splitter between the panels and the timeline from the keyboard alone and
// with the pointer, remembered for the host page; the timeline hidden and shown; full screen; the editor
// filling its container with layout.height = 'auto'.
import { expect, waitUntil } from '@open-wc/testing';
import { resetMouse, sendKeys, sendMouse, setViewport } from '@web/test-runner-commands';
import { MIN_PANELS_PX, MIN_TIMELINE_PX, ROOM_STORAGE_KEY } from '../../src/components/studio-editor/room-controller.js';
import { create, type StudioHandle } from '../../src/create.js';
import { cleanupMounts, mountPoint, testAuth } from '../support/auth.js';
import { skipIn } from '../support/engine.js';

const part = (handle: StudioHandle, name: string) => handle.element.shadowRoot!.querySelector<HTMLElement>(`[part="${name}"]`)!;
const height = (element: Element) => Math.round(element.getBoundingClientRect().height);
const separator = (handle: StudioHandle) => handle.element.shadowRoot!.querySelector<HTMLElement>('[role="separator"]')!;
const frame = () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));

describe('<studio-editor> room to work', () => {
  let handle: StudioHandle | undefined;
  beforeEach(async () => {
    localStorage.removeItem(ROOM_STORAGE_KEY);
    await setViewport({ width: 1280, height: 900 });
  });
  afterEach(async () => {
    handle?.destroy();
    handle = undefined;
    cleanupMounts();
    localStorage.removeItem(ROOM_STORAGE_KEY);
    await resetMouse();
  });

  async function open(layout: object = { height: '800px' }): Promise<StudioHandle> {
    mountPoint('editor-room');
    handle = await create({ target: '#editor-room', auth: testAuth(), project: { autosave: false }, layout });
    // The timeline is loaded on demand: its natural height is known once it has drawn its (empty) view.
    const timeline = part(handle, 'timeline');
    await waitUntil(() => timeline.shadowRoot?.querySelector('[part="empty"], studio-editor-timeline'), 'the timeline drawn', { timeout: 5000 });
    await frame();
    return handle;
  }

  it('moves the splitter from the keyboard alone, and remembers it for the next editor on the page', async () => {
    const h = await open();
    const natural = height(part(h, 'timeline'));
    const room = height(part(h, 'workspace')) + natural;
    // Tab reaches the separator (the toolbar and the tabs are one stop each).
    let reached = false;
    for (let i = 0; i < 30 && !reached; i += 1) {
      await sendKeys({ press: 'Tab' });
      reached = h.element.shadowRoot!.activeElement === separator(h);
    }
    expect(reached, 'Tab reaches the splitter').to.equal(true);
    expect(separator(h).getAttribute('aria-orientation')).to.equal('horizontal');
    await sendKeys({ press: 'Home' });
    await frame();
    expect(height(part(h, 'timeline'))).to.equal(MIN_TIMELINE_PX);
    expect(Number(separator(h).getAttribute('aria-valuenow'))).to.equal(Math.round((MIN_TIMELINE_PX / room) * 100));
    await sendKeys({ press: 'ArrowUp' });
    await frame();
    expect(height(part(h, 'timeline'))).to.equal(MIN_TIMELINE_PX + 16);
    await sendKeys({ press: 'End' });
    await frame();
    expect(height(part(h, 'timeline'))).to.be.within(room - MIN_PANELS_PX - 1, room - MIN_PANELS_PX + 1);
    expect(height(part(h, 'workspace'))).to.be.within(MIN_PANELS_PX - 1, MIN_PANELS_PX + 1);
    await sendKeys({ press: 'PageDown' });
    await frame();
    const placed = height(part(h, 'timeline'));
    expect(placed).to.be.within(room - MIN_PANELS_PX - Math.round(room / 4) - 1, room - MIN_PANELS_PX - Math.round(room / 4) + 1);
    expect(separator(h).getAttribute('aria-valuetext')).to.match(/^Timeline: \d+% of the height$/);
    // Another editor on this page (a reload, a re-mount) starts where the user left the splitter.
    h.destroy();
    cleanupMounts();
    const again = await open();
    expect(height(part(again, 'timeline'))).to.equal(placed);
    // Enter gives the timeline its natural height back.
    separator(again).focus();
    await sendKeys({ press: 'Enter' });
    await frame();
    expect(height(part(again, 'timeline'))).to.equal(natural);
  });

  it('follows a pointer drag and resets on a double-click', async () => {
    const h = await open();
    const natural = height(part(h, 'timeline'));
    const grip = separator(h).getBoundingClientRect();
    const [x, y] = [Math.round(grip.left + grip.width / 2), Math.round(grip.top + grip.height / 2)];
    await sendMouse({ type: 'move', position: [x, y] });
    await sendMouse({ type: 'down' });
    await sendMouse({ type: 'move', position: [x, y - 120] });
    await sendMouse({ type: 'up' });
    await frame();
    expect(height(part(h, 'timeline'))).to.be.within(natural + 118, natural + 122);
    const moved = separator(h).getBoundingClientRect();
    await sendMouse({ type: 'move', position: [x, Math.round(moved.top + moved.height / 2)] });
    separator(h).dispatchEvent(new MouseEvent('dblclick', { bubbles: true, composed: true }));
    await frame();
    expect(height(part(h, 'timeline'))).to.equal(natural);
  });

  it('hides the timeline, giving the panels its room, and shows it again', async () => {
    const h = await open();
    const panels = height(part(h, 'workspace'));
    const timeline = height(part(h, 'timeline'));
    expect(timeline).to.be.above(0);
    const toggle = part(h, 'splitter').querySelector<HTMLButtonElement>('button')!;
    expect(toggle.getAttribute('aria-expanded')).to.equal('true');
    toggle.click();
    await h.element.updateComplete;
    await frame();
    expect(part(h, 'timeline').hidden).to.equal(true);
    expect(toggle.getAttribute('aria-expanded')).to.equal('false');
    expect(height(part(h, 'workspace'))).to.be.within(panels + timeline - 1, panels + timeline + 1);
    expect(JSON.parse(localStorage.getItem(ROOM_STORAGE_KEY)!)).to.deep.equal({ collapsed: true });
    toggle.click();
    await h.element.updateComplete;
    expect(part(h, 'timeline').hidden).to.equal(false);
  });

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

  it('gives the panels the room on a phone while the timeline is empty: a slim bar says what will appear there', async function () {
    skipIn(this, 'narrow-window');
    await setViewport({ width: 390, height: 844 });
    const h = await open({ height: '800px' });
    const timeline = height(part(h, 'timeline'));
    expect(timeline / height(h.element.shadowRoot!.querySelector('.shell')!)).to.be.below(0.12);
    expect(part(h, 'timeline').shadowRoot!.querySelector('[part="empty"]')).to.not.equal(null);
    expect(height(part(h, 'workspace')) / height(h.element)).to.be.above(0.6);
  });

  it("fills its container with layout.height = 'auto'", async () => {
    const mount = mountPoint('editor-room');
    mount.style.height = '555px';
    handle = await create({ target: '#editor-room', auth: testAuth(), project: { autosave: false }, layout: { height: 'auto' } });
    expect(height(handle.element)).to.equal(555);
  });
});
