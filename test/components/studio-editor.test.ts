import { consume } from '@lit/context';
import { expect, fixture, html, oneEvent } from '@open-wc/testing';
import { LitElement } from 'lit';
import sinon from 'sinon';
import '../../src/components/studio-editor/studio-editor.js';
import type { StudioEditor } from '../../src/components/studio-editor/studio-editor.js';
import { storeContext } from '../../src/controllers/contexts.js';
import type { EditorStore } from '../../src/model/editor-state.js';
import { DETACH_GRACE_MS } from '../../src/internal/linger.js';
import { testAuth } from '../support/auth.js';

class StoreProbe extends LitElement {
  @consume({ context: storeContext, subscribe: true })
  store: EditorStore | undefined;
}
customElements.define('test-store-probe', StoreProbe);

/** The title as the user sees it: the value of the toolbar's title field. */
async function titleOf(element: StudioEditor): Promise<string> {
  const toolbar = element.shadowRoot!.querySelector('studio-editor-toolbar')!;
  await toolbar.updateComplete;
  return toolbar.shadowRoot!.querySelector<HTMLInputElement>('[part="title"]')!.value;
}

async function mount(config: object): Promise<StudioEditor> {
  const element = await fixture<StudioEditor>(html`<studio-editor></studio-editor>`);
  const ready = oneEvent(element, 'studio-ready');
  element.config = { auth: testAuth(), ...config };
  await ready;
  return element;
}

describe('<studio-editor>', () => {
  // Without project.id the editor reopens the project remembered for the user (and its draft): a fresh
  // one per test, and none left behind for other test files.
  beforeEach(() => localStorage.clear());
  after(() => localStorage.clear());
  afterEach(() => sinon.restore());

  it('renders the shell at layout.height with the project title', async () => {
    const element = await mount({ layout: { height: '420px' }, project: { title: 'Summer sale' } });
    expect(element.getBoundingClientRect().height).to.equal(420);
    expect(await titleOf(element)).to.equal('Summer sale');
    expect(element.hasAttribute('ready')).to.equal(true);
  });

  it('gives the workspace all the height between the toolbar and the status line, with no notices', async () => {
    const element = await mount({ layout: { height: '600px' } });
    const box = (selector: string) => element.shadowRoot!.querySelector(selector)!.getBoundingClientRect();
    const editor = element.getBoundingClientRect();
    expect(Math.round(editor.bottom - box('[part="status"]').bottom)).to.be.lessThan(3);
    expect(Math.round(box('[part="status"]').top - box('[part="workspace"]').bottom)).to.equal(0);
    expect(Math.round(box('[part="workspace"]').top - box('[part="toolbar"]').bottom)).to.equal(0);
    expect(box('[part="workspace"]').height).to.be.greaterThan(450);
  });

  it('leaves the timeline out with tools.timeline = false, and the workspace takes its height', async () => {
    const element = await mount({ layout: { height: '600px' }, tools: { timeline: false } });
    expect(element.shadowRoot!.querySelector('[part="timeline"]')).to.equal(null);
    expect(element.shadowRoot!.querySelector('[part="workspace"]')!.getBoundingClientRect().height).to.be.greaterThan(400);
  });

  it('fires studio-ready bubbling and composed, with the version', async () => {
    const element = await fixture<StudioEditor>(html`<studio-editor></studio-editor>`);
    const seen = oneEvent(document, 'studio-ready');
    element.config = { auth: testAuth() };
    const event = await seen;
    expect(event.bubbles).to.equal(true);
    expect(event.composed).to.equal(true);
    expect(event.detail.version).to.be.a('string').and.not.equal('');
  });

  it('shows a bad config as an alert in the user\'s words and tells the developer (studio-error, console), without throwing', async () => {
    const element = await fixture<StudioEditor>(html`<studio-editor></studio-editor>`);
    const warn = sinon.stub(console, 'warn');
    const failed = oneEvent(element, 'studio-error');
    element.config = { auth: testAuth(), layout: { height: 'tall' } };
    const event = await failed;
    expect(event.detail.code).to.equal('config');
    expect(event.detail.recoverable).to.equal(false);
    expect(event.detail.message).to.equal('config.layout.height: expected a CSS length like "640px" or "80vh", got "tall"');
    await element.updateComplete;
    const alert = element.shadowRoot!.querySelector('[part="error"]')!;
    expect(alert.getAttribute('role')).to.equal('alert');
    expect(alert.textContent).to.equal('The editor could not start because of a problem with this page. Reload the page; if it keeps happening, contact the site.');
    expect(warn.args.some((args) => String(args[0]).includes('config.layout.height: expected a CSS length'))).to.equal(true);
    warn.restore();
    expect(element.hasAttribute('ready')).to.equal(false);
  });

  it('provides one store through context, the same object across config changes', async () => {
    const element = await mount({ project: { title: 'One' } });
    const probe = document.createElement('test-store-probe') as StoreProbe;
    element.shadowRoot!.append(probe);
    expect(probe.store).to.equal(element.store);
    const first = element.store;
    // A project nobody touched follows the new defaults, live (no restart).
    element.config = { auth: testAuth(), project: { title: 'Two' } };
    await element.updateComplete;
    expect(element.store).to.equal(first);
    expect(first.getState().project.title).to.equal('Two');
    expect(Object.isFrozen(first.getState().project)).to.equal(true);
  });

  it('re-renders when the store changes', async () => {
    const element = await mount({ project: { title: 'Before' } });
    element.store.dispatch({ type: 'project/rename', title: 'After' });
    await element.updateComplete;
    expect(await titleOf(element)).to.equal('After');
  });

  it('renders user text as text, never as markup', async () => {
    const element = await mount({ project: { title: '<img src=x onerror="window.__pwned=1">' } });
    const toolbar = element.shadowRoot!.querySelector('studio-editor-toolbar')!;
    await toolbar.updateComplete;
    expect(element.shadowRoot!.querySelector('img')).to.equal(null);
    expect(toolbar.shadowRoot!.querySelector('img')).to.equal(null);
    expect(await titleOf(element)).to.equal('<img src=x onerror="window.__pwned=1">');
  });

  it('reflects theme and compact, and applies brand tokens through the CSSOM', async () => {
    const element = await mount({ theme: { mode: 'dark', accent: 'rgb(255, 0, 102)' }, layout: { compact: true } });
    expect(element.getAttribute('theme')).to.equal('dark');
    expect(element.hasAttribute('compact')).to.equal(true);
    expect(element.style.getPropertyValue('--studio-accent')).to.equal('rgb(255, 0, 102)');
    expect(getComputedStyle(element).colorScheme).to.equal('dark');
  });

  it('removes tokens of a previous config', async () => {
    const element = await mount({ theme: { accent: '#ff0066' } });
    element.config = { auth: testAuth() };
    await element.updateComplete;
    expect(element.style.getPropertyValue('--studio-accent')).to.equal('');
  });

  it('releases its subscriptions once removed from the page for longer than a move takes', async () => {
    const element = await mount({});
    const clock = sinon.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    element.remove();
    clock.tick(DETACH_GRACE_MS);
    clock.restore();
    await element.updateComplete;
    const update = sinon.spy(element, 'requestUpdate');
    element.store.dispatch({ type: 'project/rename', title: 'ignored' });
    expect(update.called).to.equal(false);
    expect(element.hasAttribute('ready')).to.equal(false);
  });

  it('defining the tag a second time warns once and does not throw', async () => {
    const { defineElement } = await import('../../src/internal/define.js');
    const warn = sinon.stub(console, 'warn');
    class Other extends HTMLElement {}
    defineElement('studio-editor', Other);
    defineElement('studio-editor', class Third extends HTMLElement {});
    expect(warn.callCount).to.equal(1);
    expect(String(warn.firstCall.args[0])).to.include('<studio-editor> is already defined');
    expect(customElements.get('studio-editor')).to.not.equal(Other);
  });
});

describe('<studio-editor> language', () => {
  it('speaks the configured language, with host overrides', async () => {
    const element = await fixture<StudioEditor>(html`<studio-editor></studio-editor>`);
    const ready = oneEvent(element, 'studio-ready');
    element.config = { auth: testAuth(), i18n: { locale: 'fr', strings: { 'panels.label': 'Les étapes' } } };
    await ready;
    expect(element.shadowRoot!.querySelector('section')!.getAttribute('aria-label')).to.equal("Éditeur d'annonces audio");
    const panels = element.shadowRoot!.querySelector('studio-editor-panels')!;
    await panels.updateComplete;
    expect(panels.shadowRoot!.querySelector('[role="tablist"]')!.getAttribute('aria-label')).to.equal('Les étapes');
    expect(panels.shadowRoot!.querySelector('[role="tab"]')!.textContent).to.equal('Recommandation');
  });
});
