// The Embed Builder page (demo/builder/): the Playground follows the form through handle.update(), the User ID
// drives the Playground only, and an invalid endpoint holds back the code and the Playground.
import { expect } from '@open-wc/testing';
import type { StudioEditor } from '../../src/components/studio-editor/studio-editor.js';
import { until } from '../model/autosave-support.js';

describe('Embed Builder page', () => {
  let frame: HTMLIFrameElement | undefined;
  afterEach(() => frame?.remove());

  it('follows the form live, keeps the User ID out of the code and the link, and holds back while an endpoint is invalid', async function () {
    frame = document.createElement('iframe');
    frame.style.cssText = 'width: 1280px; height: 900px';
    frame.src = '/demo/builder/index.html';
    document.body.append(frame);
    const doc = () => frame!.contentDocument!;
    const editor = () => doc().querySelector('studio-editor') as StudioEditor | null;
    await until(() => editor()?.ready === true, 'the Playground to be ready', 20_000);
    const element = editor()!;
    const code = () => doc().getElementById('code')!.textContent!;
    const field = (id: string) => doc().getElementById(id) as HTMLInputElement & HTMLSelectElement;
    const set = (id: string, value: string) => {
      field(id).value = value;
      field(id).dispatchEvent(new Event('input', { bubbles: true }));
    };
    expect(code()).to.include("auth: endpointAuth({ tokenUrl: '/host/token', refreshUrl: '/host/refresh' }),");

    // A choice reaches the Playground through update(): the same element, no restart.
    set('locale', 'fr');
    await until(() => element.config?.i18n?.locale === 'fr', 'the Playground in French');
    expect(editor()).to.equal(element);
    expect(code()).to.include("i18n: { locale: 'fr' },");
    const tool = doc().querySelector('input[name="tool"][value="upload"]') as HTMLInputElement;
    tool.click();
    await until(() => element.config?.tools?.upload === false, 'the upload tool off');
    expect(code()).to.include('tools: { upload: false },');

    // The User ID drives the Playground only.
    const userId = `u-${crypto.randomUUID()}`;
    set('userId', userId);
    await until(() => element.config?.auth.userId === userId, 'the Playground to run as the user', 3000);
    for (const flavour of ['cdn', 'esm', 'react', 'vue']) {
      (doc().getElementById(`tab-${flavour}`) as HTMLButtonElement).click();
      expect(code(), flavour).not.to.include(userId);
      expect(code(), flavour).to.include('auth.userId');
    }
    expect(field('share-url').value).not.to.include(userId);
    expect(frame.contentWindow!.location.href).not.to.include(userId);
    expect(field('share-url').value).to.match(/#.*lang=fr/);

    // An empty refresh endpoint: marked, explained, and neither the code nor the Playground moves.
    const before = code();
    set('refreshUrl', '');
    await until(() => field('refreshUrl').getAttribute('aria-invalid') === 'true', 'the refresh field marked invalid');
    expect(doc().getElementById('refreshUrl-error')!.textContent).to.match(/refresh endpoint is required/);
    expect(doc().getElementById('refreshUrl-error')!.hidden).to.equal(false);
    set('locale', 'en');
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(code()).to.equal(before);
    expect(element.config?.i18n?.locale).to.equal('fr');
    set('refreshUrl', 'https://elsewhere.example/refresh');
    await until(() => /path on your own site/.test(doc().getElementById('refreshUrl-error')!.textContent!), 'the same-origin message');
    set('refreshUrl', '/host/refresh');
    await until(() => element.config?.i18n?.locale === 'en', 'the Playground back in English once valid');
    expect(field('refreshUrl').hasAttribute('aria-invalid')).to.equal(false);

    // Copy says so in a live region.
    (doc().getElementById('copy-code') as HTMLButtonElement).click();
    await until(() => /Copied|Could not copy/.test(doc().getElementById('copy-status')!.textContent!), 'the copy feedback');
    expect(doc().getElementById('copy-status')!.getAttribute('aria-live')).to.equal('polite');
  });

  it('restores the form from a share link', async function () {
    frame = document.createElement('iframe');
    frame.style.cssText = 'width: 390px; height: 900px';
    frame.src = '/demo/builder/index.html#lang=fr&preset=podcast&off=upload,mix&token=%2Fauth%2Ftoken&userId=leak';
    document.body.append(frame);
    await until(() => (frame!.contentDocument?.querySelector('studio-editor') as StudioEditor | null)?.ready === true, 'the Playground to be ready', 20_000);
    const doc = frame.contentDocument!;
    expect((doc.getElementById('locale') as HTMLSelectElement).value).to.equal('fr');
    expect((doc.getElementById('preset') as HTMLSelectElement).value).to.equal('podcast');
    expect((doc.getElementById('tokenUrl') as HTMLInputElement).value).to.equal('/auth/token');
    expect((doc.getElementById('userId') as HTMLInputElement).value).to.equal('');
    expect((doc.querySelector('input[name="tool"][value="mix"]') as HTMLInputElement).checked).to.equal(false);
    expect(doc.getElementById('code')!.textContent).to.include("tools: { upload: false, mix: false },");
  });
});
