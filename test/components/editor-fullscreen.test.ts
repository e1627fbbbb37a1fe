// Full screen is a module of its own (components/studio-editor/fullscreen-controller.ts), loaded once the editor
// is ready: the toolbar's button fills the screen (or the window, where the page refuses full screen) and back.
import { expect, fixture, html, oneEvent } from '@open-wc/testing';
import { waitUntil } from '../support/wait.js';
import '../../src/components/studio-editor/studio-editor.js';
import type { StudioEditor } from '../../src/components/studio-editor/studio-editor.js';
import { testAuth } from '../support/auth.js';

describe('<studio-editor> full screen', () => {
  it('the toolbar’s button fills the screen or the window, and gives it back', async () => {
    const element = await fixture<StudioEditor>(html`<studio-editor></studio-editor>`);
    const ready = oneEvent(element, 'studio-ready');
    element.config = { auth: testAuth(), project: { autosave: false }, layout: { height: '400px' } };
    await ready;
    const toolbar = element.shadowRoot!.querySelector('studio-editor-toolbar') as HTMLElement & { fullscreen: boolean };
    const press = () => toolbar.dispatchEvent(new CustomEvent('toolbar-action', { detail: 'fullscreen', bubbles: true, composed: true }));
    press();
    await waitUntil(() => toolbar.fullscreen, 'the toolbar says full screen');
    expect(document.fullscreenElement === element || element.hasAttribute('expanded')).to.equal(true);
    press();
    await waitUntil(() => !toolbar.fullscreen, 'the toolbar says full screen is over');
    expect(document.fullscreenElement).to.equal(null);
    expect(element.hasAttribute('expanded')).to.equal(false);
  });
});
