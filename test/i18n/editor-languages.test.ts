// Languages in a running editor: German built in and loaded on demand with no English shown first, a live
// switch that keeps the work, a language a host adds through config.i18n, and strings checked on the way in.
import { expect } from '@open-wc/testing';
import { waitUntil } from '../support/wait.js';
import { create, type StudioHandle } from '../../src/create.js';
import { StudioConfigError } from '../../src/errors.js';
import { rejection } from '../support/async.js';
import { cleanupMounts, mountPoint, testAuth } from '../support/auth.js';

const tabs = (handle: StudioHandle) =>
  [...handle.element.shadowRoot!.querySelector('studio-editor-panels')!.shadowRoot!.querySelectorAll('[part=tab]')].map((tab) => tab.textContent!.trim());

describe('<studio-editor> languages', () => {
  let handle: StudioHandle | undefined;
  afterEach(() => {
    handle?.destroy();
    handle = undefined;
    cleanupMounts();
  });

  it('starts in German, loaded on demand, without showing English first', async () => {
    const mount = mountPoint('editor-de');
    const seen: string[] = [];
    const observer = new MutationObserver(() => {
      const editor = mount.querySelector('studio-editor');
      const text = editor?.shadowRoot?.querySelector('studio-editor-toolbar')?.shadowRoot?.textContent ?? '';
      if (text) seen.push(text);
    });
    observer.observe(mount, { subtree: true, childList: true, attributes: true });
    handle = await create({ target: '#editor-de', auth: testAuth(), project: { autosave: false }, i18n: { locale: 'de' } });
    observer.disconnect();
    expect(tabs(handle).slice(0, 3)).to.deep.equal(['Ideen', 'Skript', 'Stimme']);
    expect(handle.getProject().title, 'the default title in German').to.equal('Unbenannter Spot');
    const toolbar = handle.element.shadowRoot!.querySelector('studio-editor-toolbar')!.shadowRoot!.textContent!;
    expect(toolbar).to.contain('Rückgängig');
    expect(seen.length, 'the toolbar was watched while the editor started').to.be.above(0);
    expect(seen.filter((text) => text.includes('Undo')), 'English toolbar seen before German').to.deep.equal([]);
  });

  it('switches language live, keeping the title and the undo history', async () => {
    mountPoint('editor-switch');
    handle = await create({ target: '#editor-switch', auth: testAuth(), project: { autosave: false } });
    handle.element.store.dispatch({ type: 'project/rename', title: 'Brewline' });
    handle.update({ i18n: { locale: 'fr-CA' } });
    await waitUntil(() => tabs(handle!)[0] === 'Recommandation', 'French tabs');
    expect(handle.getProject().title).to.equal('Brewline');
    expect(handle.element.store.getState().history.pastDepth).to.equal(1);
    handle.update({ i18n: { locale: 'de' } });
    await waitUntil(() => tabs(handle!)[0] === 'Ideen', 'German tabs');
  });

  it('speaks a language the host adds through config.i18n, English where it gives no words', async () => {
    mountPoint('editor-es');
    handle = await create({
      target: '#editor-es',
      auth: testAuth(),
      project: { autosave: false },
      i18n: { locale: 'es', strings: { 'panel.recommend': 'Ideas', 'panel.script': 'Guion' } },
    });
    expect(tabs(handle).slice(0, 3)).to.deep.equal(['Ideas', 'Guion', 'Voice']);
  });

  it('refuses a locale that is not BCP 47 and a string with a placeholder it does not have, naming the key', async () => {
    mountPoint('editor-bad');
    const badLocale = await rejection(create({ target: '#editor-bad', auth: testAuth(), i18n: { locale: 'fr_FR!' } }));
    expect(badLocale).to.be.instanceOf(StudioConfigError);
    expect(badLocale.message).to.contain('config.i18n.locale: expected a BCP 47 locale');
    const badString = await rejection(create({ target: '#editor-bad', auth: testAuth(), i18n: { strings: { 'toolbar.time': '{time} sur {total}' } } }));
    expect(badString.message).to.contain(`config.i18n.strings["toolbar.time"]: uses {total}, which this string does not have; it has {time}, {duration}`);
  });
});
