// The Feed step in the editor (tools.feed): its tab between Master and Export, its parts styled by the host
// through ::part(feed-*), a Feed view in a phone's bottom bar, the grid scrolling in its own box (never the
// page) at 390 px, axe in both colour modes at a desktop and a phone width, and French words. Libraries come
// from the service emulator.
import { expect } from '@open-wc/testing';
import { waitUntil } from '../support/wait.js';
import { executeServerCommand, setViewport } from '@web/test-runner-commands';
import type { StudioPanels } from '../../src/components/studio-panels/studio-panels.js';
import type { StudioHandle } from '../../src/create.js';
import { parseFeed } from '../../src/feed/import.js';
import { createFeed } from '../../src/feed/mapping.js';
import { cleanupMounts } from '../support/auth.js';
import { editorOnEmulator, leaveScreen } from '../support/screen.js';
import { CSV, TEMPLATE } from '../support/feed-panel.js';
import { viewportWidth } from '../support/engine.js';

type Updating = HTMLElement & { updateComplete: Promise<unknown> };

describe('<studio-editor> with tools.feed', () => {
  let handle: StudioHandle | undefined;
  afterEach(async () => {
    await leaveScreen(handle);
    handle = undefined;
  });

  /** An editor with the Feed step on (unless `config.tools` says), a template with two slots and the 6-row feed. */
  async function start(config: Record<string, unknown> = {}): Promise<{ editor: HTMLElement; panels: StudioPanels }> {
    handle = await editorOnEmulator('feed-editor', 720, { tools: { feed: true }, ...config });
    const project = handle.getProject();
    await handle.loadProject({
      ...project,
      title: 'Spring feed',
      script: { sections: TEMPLATE },
      slots: [{ name: 'product_name', sample: 'Trail runner shoes', maxLength: 30 }, { name: 'price', sample: '59.99' }],
      feed: createFeed(parseFeed(CSV, { name: 'rows.csv' }), ['product_name', 'price']),
    });
    const editor = handle.element;
    return { editor, panels: editor.shadowRoot!.querySelector('studio-editor-panels') as StudioPanels };
  }

  /** `start()`, then the Feed panel shown from its tab. */
  async function open(config: Record<string, unknown> = {}): Promise<{ editor: HTMLElement; panels: StudioPanels; panel: Updating }> {
    const { editor, panels } = await start(config);
    panels.shadowRoot!.querySelector<HTMLButtonElement>('#tab-feed')!.click();
    await panels.updateComplete;
    await customElements.whenDefined('studio-editor-feed-panel');
    const panel = editor.shadowRoot!.querySelector<Updating>('studio-editor-feed-panel')!;
    await panel.updateComplete;
    // Every row checked (in the background, a slice at a time): the summary counts them.
    await waitUntil(() => /^\d+ /.test(panel.shadowRoot!.querySelector('#feed-summary')?.textContent ?? ''), 'the rows checked', { timeout: 5000 });
    await panel.updateComplete;
    return { editor, panels, panel };
  }

  it('shows the Feed tab between Master and Export, its panel with the grid, and lets the host style its parts', async () => {
    const style = document.createElement('style');
    style.textContent = 'studio-editor::part(feed-grid-box) { border-top-width: 5px; } studio-editor::part(feed-import) { padding-top: 9px; }';
    document.head.append(style);
    try {
      await setViewport({ width: 1280, height: 800 });
      const { panels, panel } = await open();
      const tabs = [...panels.shadowRoot!.querySelectorAll('[part=tab]')].map((tab) => tab.id.replace('tab-', ''));
      expect(tabs).to.deep.equal(['recommend', 'script', 'voice', 'music', 'mix', 'master', 'feed', 'export', 'deliver']);
      expect(panels.shadowRoot!.querySelector('#tab-feed')!.textContent).to.equal('Feed');
      expect(panel.getAttribute('part')).to.equal('feed-panel');
      expect(panel.shadowRoot!.querySelector('#feed-summary')!.textContent).to.equal('6 rows: 4 ready, 2 with problems.');
      expect(getComputedStyle(panel.shadowRoot!.querySelector('[part=grid-box]')!).borderTopWidth).to.equal('5px');
      expect(getComputedStyle(panel.shadowRoot!.querySelector('[part=import]')!).paddingTop).to.equal('9px');
    } finally {
      style.remove();
    }
  });

  it('exports the Master and Deliver panels\' parts too, set by each panel as it connects (master-result for its mastering)', async () => {
    const { editor, panels } = await start();
    for (const id of ['master', 'deliver']) {
      panels.shadowRoot!.querySelector<HTMLButtonElement>(`#tab-${id}`)!.click();
      await customElements.whenDefined(`studio-editor-${id}-panel`);
    }
    const master = editor.shadowRoot!.querySelector('studio-editor-master-panel')!;
    const deliver = editor.shadowRoot!.querySelector('studio-editor-deliver-panel')!;
    expect(master.getAttribute('exportparts')).to.include('mastering: master-result').and.include('lock-note: master-lock-note');
    expect(deliver.getAttribute('exportparts')).to.include('zip: deliver-zip').and.include('receipt-campaign: deliver-receipt-campaign');
    expect(editor.shadowRoot!.querySelector('studio-editor-feed-panel')!.getAttribute('exportparts')).to.include('grid-box: feed-grid-box');
  });

  it('is off by default', async () => {
    const { editor, panels } = await start({ tools: {} });
    expect(panels.shadowRoot!.querySelector('#tab-feed')).to.equal(null);
    expect(editor.shadowRoot!.querySelector('studio-editor-feed-panel')).to.equal(null);
  });

  it(`has a Feed view on a phone (${viewportWidth(390)} px), its rows as cards that fit the screen: neither the grid nor the page scrolls sideways`, async () => {
    await setViewport({ width: viewportWidth(390), height: 844 });
    const { panels, panel } = await open();
    const view = panels.shadowRoot!.querySelector<HTMLButtonElement>('#view-feed')!;
    expect(view.textContent!.trim()).to.equal('Feed');
    view.click();
    await panels.updateComplete;
    expect(view.getAttribute('aria-selected')).to.equal('true');
    const box = panel.shadowRoot!.querySelector<HTMLElement>('[part=grid-box]')!;
    expect(box.getBoundingClientRect().width).to.be.greaterThan(0);
    expect(getComputedStyle(panel.shadowRoot!.querySelector('tr[part=row]')!).display, 'a row is a card').to.equal('grid');
    expect(box.scrollWidth, 'the grid as wide as a phone').to.be.at.most(box.clientWidth);
    expect(box.getBoundingClientRect().right).to.be.at.most(innerWidth);
    expect(document.documentElement.scrollWidth, 'the page does not scroll sideways').to.be.at.most(innerWidth);
  });

  for (const mode of ['light', 'dark'] as const) {
    for (const [width, height] of [[1280, 800], [viewportWidth(390), 844]] as const) {
      it(`has no axe violations with a feed, ${mode}, ${width} px`, async function () {
        await setViewport({ width, height });
        const { editor } = await open({ theme: { mode } });
        await expect(editor).to.be.accessible();
      });
    }
  }

  it(`saves screenshots of the Feed step at ${viewportWidth(390)}, 768, 1280 and 1920 px (screenshots/, for a person to look at)`, async function () {
    for (const [width, height] of [[viewportWidth(390), 844], [768, 1024], [1280, 800], [1920, 1080]] as const) {
      await setViewport({ width, height });
      const { panels, panel } = await open({ layout: { height: `${height - 40}px` } });
      if (width < 640) panels.shadowRoot!.querySelector<HTMLButtonElement>('#view-feed')!.click();
      await panels.updateComplete;
      await new Promise((resolve) => setTimeout(resolve, 300));
      await executeServerCommand('studio-screenshot', { name: `feed-${width}-top` });
      panel.shadowRoot!.querySelector('[part=summary]')!.scrollIntoView({ block: 'start' });
      await new Promise((resolve) => setTimeout(resolve, 200));
      await executeServerCommand('studio-screenshot', { name: `feed-${width}-grid` });
      panel.shadowRoot!.querySelector('[part=deliver]')!.scrollIntoView({ block: 'end' });
      await new Promise((resolve) => setTimeout(resolve, 200));
      await executeServerCommand('studio-screenshot', { name: `feed-${width}-deliver` });
      handle?.destroy();
      handle = undefined;
      cleanupMounts();
    }
  });

  it('speaks French', async () => {
    const { panels, panel } = await open({ i18n: { locale: 'fr' } });
    expect(panels.shadowRoot!.querySelector('#tab-feed')!.textContent).to.equal('Flux');
    expect(panel.shadowRoot!.querySelector('h3')!.textContent).to.equal('Flux : une annonce par ligne');
    expect(panel.shadowRoot!.querySelector('#feed-summary')!.textContent).to.equal('6 lignes : 4 prêtes, 2 avec problèmes.');
  });
});
