import { expect } from '@open-wc/testing';
import sinon from 'sinon';
import type { ServiceStudioEditorGlobal } from '../src/cdn.js';

/** Loads the built IIFE exactly as a host page would: a classic <script src> tag. */
function loadScript(src: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const script = document.createElement('script');
    script.src = src;
    script.onload = () => resolve();
    script.onerror = () => reject(new Error(`could not load ${src}: run the build first`));
    document.head.append(script);
  });
}

// This file imports nothing from src/: everything here comes from dist/studio-editor.iife.js.
describe('the CDN build (dist/studio-editor.iife.js)', () => {
  /** Intl number formatters made while the script and the files beside it loaded, before any create(). */
  let formattersWhileLoading = 0;
  before(async () => {
    const native = Intl.NumberFormat;
    Intl.NumberFormat = new Proxy(native, {
      construct: (target, args: [string?, Intl.NumberFormatOptions?]) => {
        formattersWhileLoading += 1;
        return Reflect.construct(target, args) as Intl.NumberFormat;
      },
    });
    try {
      await loadScript('/dist/studio-editor.iife.js');
      await customElements.whenDefined('studio-editor');
    } finally {
      Intl.NumberFormat = native;
    }
  });
  afterEach(() => sinon.restore());

  it('makes the page’s first Intl formatter (ICU’s data) while the editor’s files load, not in create()', () => {
    expect(formattersWhileLoading).to.equal(1);
  });

  it('defines window.ServiceStudioEditor at once, and <studio-editor> from the files beside the script', async () => {
    const global = (window as { ServiceStudioEditor?: ServiceStudioEditorGlobal }).ServiceStudioEditor!;
    expect(global.create).to.be.a('function');
    expect(global.version).to.match(/^\d+\.\d+\.\d+/);
    await customElements.whenDefined('studio-editor');
    const scripts = performance.getEntriesByType('resource').map((entry) => new URL(entry.name).pathname).filter((path) => path.startsWith('/dist/'));
    expect(scripts).to.include('/dist/studio-editor.bundled.js');
    // The panels not shown, the timeline, the audio and the other languages are not fetched by the definition.
    expect(scripts.filter((path) => /panel|timeline|audio|mp3|\.fr\.|\.de\./.test(path))).to.deep.equal([]);
  });

  it('fetches nothing ahead but the editor’s entry: the autosave’s module comes with an editor that needs it', () => {
    expect(document.querySelector('link[rel="modulepreload"]')).to.equal(null);
    const scripts = performance.getEntriesByType('resource').map((entry) => new URL(entry.name).pathname);
    expect(scripts).to.not.include('/dist/studio-editor.autosave.js');
  });

  it('mounts with create() from a plain page and destroys', async () => {
    const host = document.createElement('div');
    host.id = 'cdn-editor';
    document.body.append(host);
    const global = window.ServiceStudioEditor!;
    const handle = await global.create({
      target: '#cdn-editor',
      auth: { getToken: async () => 't', refreshToken: async () => 't2' },
      layout: { height: '300px' },
      project: { title: 'From the CDN' },
    });
    const toolbar = handle.element.shadowRoot!.querySelector('studio-editor-toolbar') as HTMLElement & { updateComplete: Promise<unknown> };
    await toolbar.updateComplete;
    expect(toolbar.shadowRoot!.querySelector<HTMLInputElement>('[part="title"]')!.value).to.equal('From the CDN');
    expect(handle.element.getBoundingClientRect().height).to.equal(300);
    handle.destroy();
    handle.destroy();
    expect(host.querySelector('studio-editor')).to.equal(null);
    host.remove();
  });

  it('rejects a bad config with the CDN build error class', async () => {
    const global = window.ServiceStudioEditor!;
    let caught: unknown;
    try {
      await global.create({ target: '#x', auth: { getToken: async () => 't', refreshToken: async () => 't' }, theme: { accent: 'url(x)' } });
    } catch (error) {
      caught = error;
    }
    expect(caught).to.be.instanceOf(global.StudioConfigError);
    expect((caught as Error).message).to.include('config.theme.accent: expected a plain CSS colour');
  });

  it('endpointAuth without a URL: create() rejects naming the key, as the ES module’s endpointAuth throws', async () => {
    const global = window.ServiceStudioEditor!;
    let caught: unknown;
    try {
      await global.create({ target: '#x', auth: { ...global.endpointAuth({ tokenUrl: '', refreshUrl: '/host/refresh' }) } });
    } catch (error) {
      caught = error;
    }
    expect(caught).to.be.instanceOf(global.StudioConfigError);
    expect((caught as Error).message).to.include('endpointAuth.tokenUrl: is required');
  });

  it('a second copy of the script from the same place loads nothing again: no warning, no error, the first global kept', async () => {
    const first = window.ServiceStudioEditor;
    const definition = customElements.get('studio-editor');
    const warn = sinon.stub(console, 'warn');
    const errors: ErrorEvent[] = [];
    const onError = (event: ErrorEvent) => errors.push(event);
    window.addEventListener('error', onError);
    await loadScript('/dist/studio-editor.iife.js?copy=2');
    await new Promise((resolve) => setTimeout(resolve, 100));
    window.removeEventListener('error', onError);
    expect(errors.length).to.equal(0);
    expect(warn.callCount).to.equal(0);
    expect(window.ServiceStudioEditor).to.equal(first);
    expect(customElements.get('studio-editor')).to.equal(definition);
  });
});
