// Readable (issue 38): no visible text under 11 px anywhere in the editor once an ad exists, with each panel
// shown, at a desktop and a phone width, comfortable and compact; the meters at rest show the made mix's last
// measured loudness and true peak; the Master panel fits a 768 px editor. Libraries come from the service
// emulator; the audio is synthetic.
import { expect } from '@open-wc/testing';
import { waitUntil } from '../support/wait.js';
import { setViewport } from '@web/test-runner-commands';
// @ts-expect-error: a virtual module served by scripts/lib/emulator-plugin.mjs
import { apiBaseUrl } from '/__studio-env.js';
import { endpointAuth } from '../../src/auth/endpoint-auth.js';
import type { PanelId } from '../../src/config/types.js';
import { create, type StudioHandle } from '../../src/create.js';
import type { MixPreviewSource } from '../../src/audio/preview-state.js';
import { cleanupMounts, mountPoint } from '../support/auth.js';
import { voiceClip, voicedUrls } from '../support/audio-urls.js';
import { afterReady } from '../support/after-ready.js';
import { viewportWidth } from '../support/engine.js';
import { openPanel } from '../support/panels.js';

const PANELS: PanelId[] = ['recommend', 'script', 'voice', 'music', 'mix', 'master', 'export', 'deliver'];
/** The smallest text allowed, px. */
const FLOOR = 11;

/** Every element under `root`, through open shadow roots, light DOM and slotted children alike. */
function* everyElement(root: Document | ShadowRoot | Element): Generator<Element> {
  for (const element of root.querySelectorAll('*')) {
    yield element;
    if (element.shadowRoot) yield* everyElement(element.shadowRoot);
  }
}

/** Whether `element` shows text of its own: a non-blank text node, on screen, not a 1 px visually-hidden box. */
function showsText(element: Element): boolean {
  const text = [...element.childNodes].some((node) => node.nodeType === Node.TEXT_NODE && (node.textContent ?? '').trim() !== '');
  if (!text || !element.checkVisibility({ checkOpacity: true, checkVisibilityCSS: true })) return false;
  const box = element.getBoundingClientRect();
  return box.width > 1 && box.height > 1;
}

/** `tag.class "text": 10px` for each element with visible text under the floor. */
function smallText(editor: HTMLElement): string[] {
  const small: string[] = [];
  for (const element of everyElement(editor.shadowRoot!)) {
    if (!showsText(element)) continue;
    const size = parseFloat(getComputedStyle(element).fontSize);
    if (size < FLOOR - 0.01) small.push(`${element.localName}.${[...element.classList].join('.')} "${element.textContent!.trim().slice(0, 30)}": ${size.toFixed(1)}px`);
  }
  return small;
}

describe('<studio-editor> readable', () => {
  const urls = voicedUrls();
  let handle: StudioHandle | undefined;
  afterEach(async () => {
    handle?.destroy();
    handle = undefined;
    cleanupMounts();
    await setViewport({ width: 800, height: 600 });
  });

  async function open(options: { compact?: boolean; width?: string; stacked?: boolean } = {}): Promise<{ editor: HTMLElement; preview: MixPreviewSource }> {
    const point = mountPoint('editor-readable');
    if (options.width !== undefined) point.style.width = options.width;
    const user = `readable-${Math.random().toString(36).slice(2)}`;
    handle = await create({
      target: '#editor-readable',
      auth: { userId: user, ...endpointAuth({ tokenUrl: '/host/token', refreshUrl: '/host/refresh' }) },
      api: { baseUrl: apiBaseUrl as string },
      project: { id: user, autosave: false },
      theme: { density: options.compact ? 'compact' : 'comfortable' },
      layout: { height: '720px', ...(options.stacked ? { arrangement: 'stacked' as const } : {}) },
    });
    const project = handle.getProject();
    await handle.loadProject({
      ...project,
      title: 'Brewline spring sale',
      duration: 10,
      script: { sections: [{ id: 'hook', label: 'Hook', text: 'Tired of slow mornings?' }, { id: 'offer', label: 'Offer', text: 'Brewline, ready in ninety seconds.' }] },
      clips: [voiceClip('hook', 1, urls.voice), voiceClip('offer', 5, urls.voice)],
      music: { track: null, assetId: null, url: urls.bed, gain: -6, offset: 0, loop: true, fadeIn: 0.5, fadeOut: 1 },
    });
    const editor = handle.element;
    const preview = await afterReady(editor);
    await waitUntil(() => preview.getState().status === 'ready', 'the preview is rendered', { timeout: 15000 });
    const timelinePanel = editor.shadowRoot!.querySelector('studio-editor-timeline-panel')!;
    await waitUntil(() => timelinePanel.shadowRoot?.querySelector('studio-editor-timeline')?.shadowRoot?.querySelector('.clip'), 'the clips are drawn', { timeout: 10000 });
    return { editor, preview };
  }

  const show = async (editor: HTMLElement, id: PanelId) => void (await openPanel(editor.shadowRoot!, id));

  for (const [width, height, compact] of [[1280, 800, false], [1280, 800, true], [viewportWidth(390), 844, false]] as const) {
    it(`shows no text under ${FLOOR} px on any panel, ${width} px${compact ? ', compact' : ''}`, async function () {
      await setViewport({ width, height });
      const { editor } = await open({ compact });
      const small: string[] = [];
      for (const id of PANELS) {
        await show(editor, id);
        small.push(...smallText(editor).map((line) => `${id}: ${line}`));
      }
      expect([...new Set(small)]).to.deep.equal([]);
    });
  }

  it('shows at rest the made mix’s last measured loudness and true peak on the meters, marked as such', async function () {
    await setViewport({ width: 1280, height: 800 });
    const { editor, preview } = await open();
    const measurement = preview.getState().measurement!;
    expect(measurement).to.not.equal(null);
    const toolbar = editor.shadowRoot!.querySelector('studio-editor-toolbar')!;
    await waitUntil(() => toolbar.shadowRoot!.querySelector('studio-editor-level-meter')?.shadowRoot?.querySelector('[part=last-mix]'), 'the meter shows the last mix', { timeout: 5000 });
    const meter = toolbar.shadowRoot!.querySelector('studio-editor-level-meter')!;
    const level = (value: number) => (Math.round(value * 10) / 10).toFixed(1).replace('-0.0', '0.0');
    expect(meter.shadowRoot!.querySelector('[part=last-mix]')!.textContent!.trim()).to.equal('Last mix');
    // What is shown (the wide meter's figures, not the compact one's hidden copies).
    const shownText = (element: Element): string =>
      [...element.childNodes].map((node) => (node.nodeType === Node.TEXT_NODE ? node.textContent : node instanceof Element && node.checkVisibility() ? shownText(node) : '')).join('');
    const visible = [...meter.shadowRoot!.querySelectorAll('.value')].filter((value) => value.checkVisibility()).map((value) => shownText(value).replace(/\s+/g, ' ').trim());
    expect(visible).to.deep.equal([`${level(measurement.integrated)} LUFS`, `${level(measurement.truePeak)} dBTP`]);
    expect(meter.shadowRoot!.querySelector('[role=meter]')!.getAttribute('aria-valuetext')).to.equal(
      `Last mix: ${level(measurement.integrated)} LUFS integrated, ${level(measurement.truePeak)} dBTP true peak`,
    );
    await expect(editor).to.be.accessible();
  });

  it('fits the Master panel in a 768 px editor, with no sideways scroll', async function () {
    await setViewport({ width: 768, height: 1024 });
    const { editor } = await open({ width: '768px', stacked: true });
    await show(editor, 'master');
    const master = editor.shadowRoot!.querySelector('studio-editor-master-panel') as HTMLElement;
    await waitUntil(() => master.shadowRoot?.querySelector('[part=figures]'), 'the figures are shown', { timeout: 10000 });
    const sizes = { scroll: master.scrollWidth, client: master.clientWidth };
    const panelArea = editor.shadowRoot!.querySelector('studio-editor-panels')!.shadowRoot!.querySelector<HTMLElement>('[part=panel]')!;
    expect(sizes.scroll, `the panel's scrollWidth ${sizes.scroll} against ${sizes.client}`).to.be.at.most(sizes.client);
    expect(panelArea.scrollWidth, `the panel area's scrollWidth against ${panelArea.clientWidth}`).to.be.at.most(panelArea.clientWidth);
  });
});
