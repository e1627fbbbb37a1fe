// What the editor loads after its first paint (issue 18): the panels not shown, the timeline and the audio
// engine are modules of their own, fetched on demand; until one arrives its place shows the loading text
// in the room it will take. This file imports none of them, so the page starts without them.
import { expect } from '@open-wc/testing';
import { waitUntil } from '../support/wait.js';
import { setViewport } from '@web/test-runner-commands';
import { create, type StudioHandle } from '../../src/create.js';
import { decodeWav } from '../../src/audio/dsp/wav.js';
import { afterReady } from '../support/after-ready.js';
import { wavUrl } from '../support/audio-urls.js';
import { sine } from '../support/wav.js';
import { cleanupMounts, mountPoint, testAuth } from '../support/auth.js';
import { viewportWidth } from '../support/engine.js';

const frame = () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
const box = (element: Element) => {
  const { top, height } = element.getBoundingClientRect();
  return { top: Math.round(top), height: Math.round(height) };
};

const PANELS = ['recommend', 'script', 'voice', 'music', 'mix', 'master', 'export', 'deliver'];

/** The text of `element`'s ::before: Firefox computes `attr(name)` as written, Chromium and WebKit as the attribute's string. */
function generated(element: Element): string {
  const content = getComputedStyle(element, '::before').content;
  const attr = /^attr\(([\w-]+)\)$/.exec(content);
  return attr ? JSON.stringify(element.getAttribute(attr[1]!) ?? '') : content;
}

describe('<studio-editor> loads on demand', () => {
  let handle: StudioHandle | undefined;
  afterEach(() => {
    handle?.destroy();
    handle = undefined;
    cleanupMounts();
  });

  for (const [width, height] of [[viewportWidth(390), 844], [1280, 900]] as const) {
    it(`is ready with the panel shown, and the timeline arriving moves nothing (${width} px)`, async () => {
      await setViewport({ width, height });
      mountPoint('editor-demand');
      handle = await create({ target: '#editor-demand', auth: testAuth(), project: { autosave: false }, layout: { height: '720px' } });
      const root = handle.element.shadowRoot!;
      // The first editor of the page: the panel shown is there at studio-ready, the others are not fetched yet.
      if (width === 390) expect(PANELS.filter((id) => customElements.get(`studio-editor-${id}-panel`) !== undefined)).to.deep.equal(['recommend']);
      const timeline = root.querySelector<HTMLElement>('[part="timeline"]')!;
      const createView = root.querySelector<HTMLElement>('studio-editor-recommend-panel')!;
      const status = root.querySelector<HTMLElement>('[part="status"]')!;
      // An empty project: the stage is the Create view, shown at studio-ready; the timeline waits out of sight.
      expect(createView.checkVisibility(), 'the Create view shown').to.equal(true);
      expect(timeline.checkVisibility(), 'no timeline before an ad exists').to.equal(false);
      const before = { create: box(createView), status: box(status) };
      await customElements.whenDefined('studio-editor-timeline-panel');
      await waitUntil(() => timeline.shadowRoot?.querySelector('[part="empty"]'), 'the empty timeline drawn');
      await frame();
      expect({ create: box(createView), status: box(status) }).to.deep.equal(before);
    });
  }

  it('shows the loading text in a panel until its module arrives, then the panel', async () => {
    await setViewport({ width: 1280, height: 900 });
    mountPoint('editor-demand');
    handle = await create({ target: '#editor-demand', auth: testAuth(), project: { autosave: false }, layout: { height: '720px' } });
    const root = handle.element.shadowRoot!;
    const panels = root.querySelector('studio-editor-panels') as HTMLElement & { updateComplete: Promise<unknown> };
    const master = root.querySelector<HTMLElement & { updateComplete: Promise<unknown> }>('studio-editor-master-panel')!;
    panels.shadowRoot!.querySelector<HTMLButtonElement>('#tab-master')!.click();
    await panels.updateComplete;
    expect(master.hidden).to.equal(false);
    // The panels not shown stay out of sight, loaded or not: one loading text at most. Before an ad exists
    // the stage beside it is the Create view (the recommend panel).
    const stage = root.querySelector('studio-editor-recommend-panel');
    const others = [...root.querySelectorAll<HTMLElement>('studio-editor-panels > [slot]')].filter((panel) => panel !== master && panel !== stage);
    expect(others.filter((panel) => panel.checkVisibility()).map((panel) => panel.localName)).to.deep.equal([]);
    if (customElements.get('studio-editor-master-panel') === undefined) {
      expect(generated(master)).to.equal('"Loading…"');
    }
    await customElements.whenDefined('studio-editor-master-panel');
    await master.updateComplete;
    expect(master.shadowRoot!.querySelector('h3')).to.not.equal(null);
    expect(generated(master)).to.equal('none');
  });

  it('exports at once after studio-ready: export() waits for the audio engine', async () => {
    mountPoint('editor-demand');
    handle = await create({ target: '#editor-demand', auth: testAuth(), project: { autosave: false } });
    const project = handle.getProject();
    const url = wavUrl([sine(5, 48000)]);
    await handle.loadProject({ ...project, duration: 5, music: { track: null, assetId: null, url, gain: 0, offset: 0, loop: false, fadeIn: 0, fadeOut: 0 } });
    const blob = await handle.export({ format: 'wav16' });
    const { channels, sampleRate } = decodeWav(new Uint8Array(await blob.arrayBuffer()));
    expect(sampleRate).to.equal(48000);
    expect(channels[0]!.length).to.equal(5 * 48000);
    expect(await afterReady(handle.element)).to.not.equal(undefined);
  });
});
