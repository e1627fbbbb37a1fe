import { expect } from '@open-wc/testing';
import sinon from 'sinon';
import { create, type StudioHandle } from '../../src/create.js';
import { StudioConfigError } from '../../src/errors.js';
import { cleanupMounts, mountPoint, testAuth } from '../support/auth.js';

/** Strings a hostile or careless host could put in any config string the editor shows or applies. */
const PAYLOADS: Array<[name: string, value: string]> = [
  ['markup', '<img src=x onerror=alert(1)><script>alert(2)</script>'],
  ['a javascript: URL', 'javascript:alert(1)'],
  ['a bidi override', '\u202eevil.exe'],
  ['a NUL', 'a\u0000b'],
  ['1 MB', 'x'.repeat(1_000_000)],
  ['CSS injection', 'red;}body{background:url(x)'],
];

/** Where each string goes in the config, and its key path in errors. */
const FIELDS: Array<[path: string, put: (value: string) => object]> = [
  ['config.project.title', (value) => ({ project: { title: value } })],
  ['config.i18n.strings["panel.recommend"]', (value) => ({ i18n: { strings: { 'panel.recommend': value } } })],
  ['config.i18n.strings["panels.label"]', (value) => ({ i18n: { strings: { 'panels.label': value } } })],
  ['config.i18n.strings["editor.label"]', (value) => ({ i18n: { strings: { 'editor.label': value } } })],
  ['config.theme.accent', (value) => ({ theme: { accent: value } })],
  ['config.theme.fontFamily', (value) => ({ theme: { fontFamily: value } })],
  ['config.theme.radius', (value) => ({ theme: { radius: value } })],
  ['config.layout.height', (value) => ({ layout: { height: value } })],
  ['config.tools.openInStudio.urlTemplate', (value) => ({ tools: { openInStudio: { urlTemplate: `${value}{project_id}` } } })],
  ['config.api.baseUrl', (value) => ({ api: { baseUrl: value } })],
];

/** Every element in the document, shadow roots included. */
function allElements(root: Document | ShadowRoot = document): Element[] {
  const found: Element[] = [];
  for (const element of root.querySelectorAll('*')) {
    found.push(element);
    if (element.shadowRoot) found.push(...allElements(element.shadowRoot));
  }
  return found;
}

/** Elements a payload could have injected: images, scripts, or anything with an inline event handler. */
const injected = () =>
  allElements().filter((element) => ['img', 'script', 'iframe', 'object', 'embed'].includes(element.localName) || element.getAttributeNames().some((name) => name.startsWith('on')));

describe('hostile config strings', () => {
  beforeEach(() => localStorage.clear());
  after(() => localStorage.clear());
  afterEach(() => {
    sinon.restore();
    cleanupMounts();
  });

  for (const [path, put] of FIELDS) {
    for (const [name, value] of PAYLOADS) {
      it(`${path} with ${name} is refused with its path or shown as text`, async () => {
        const alert = sinon.stub(window, 'alert');
        const before = new Set(injected());
        mountPoint('hostile');
        let handle: StudioHandle | undefined;
        try {
          handle = await create({ target: '#hostile', auth: testAuth(), ...put(value) });
        } catch (error) {
          expect(error instanceof StudioConfigError, String(error)).to.equal(true);
          const message = (error as Error).message;
          expect(message.startsWith(`${path}: `), message.slice(0, 300)).to.equal(true);
          expect(message.length).to.be.below(1000);
          expect(message).to.not.include('\u202e');
          expect(message).to.not.include('\u0000');
          return;
        }
        try {
          await new Promise((resolve) => setTimeout(resolve, 30));
          expect(injected().filter((element) => !before.has(element)).map((element) => element.localName)).to.deep.equal([]);
          expect(alert.callCount).to.equal(0);
          const root = handle.element.shadowRoot!;
          if (path.endsWith('["panel.recommend"]')) {
            const tab = allElements(root).find((element) => element.getAttribute('role') === 'tab');
            expect(tab?.textContent).to.equal(value);
          }
          if (path.endsWith('["panels.label"]')) {
            expect(allElements(root).find((element) => element.getAttribute('role') === 'tablist')?.getAttribute('aria-label')).to.equal(value);
          }
          if (path.endsWith('["editor.label"]')) expect(root.querySelector('section')!.getAttribute('aria-label')).to.equal(value);
          if (path === 'config.project.title') {
            const toolbar = root.querySelector('studio-editor-toolbar')!;
            await toolbar.updateComplete;
            expect(toolbar.shadowRoot!.querySelector<HTMLInputElement>('[part="title"]')!.value).to.equal(value);
          }
          // Only plain strings may be accepted for what the editor applies as CSS or follows as a link.
          expect(['config.theme.accent', 'config.theme.fontFamily', 'config.theme.radius', 'config.layout.height', 'config.api.baseUrl', 'config.tools.openInStudio.urlTemplate']).to.not.include(path);
        } finally {
          handle.destroy();
        }
      });
    }
  }
});
