// Issue 7 in the editor: tools switched off are absent, theming through ::part and the CSSOM, compact
// spacing, French on every panel, axe on every panel, and the layout at 1280 px and 360 px wide (with
// screenshots saved under screenshots/ for a person to look at). Libraries come from the service emulator.
import { expect, fixture, html, oneEvent } from '@open-wc/testing';
import { waitUntil } from '../support/wait.js';
import { executeServerCommand, setViewport } from '@web/test-runner-commands';
// @ts-expect-error: a virtual module served by scripts/lib/emulator-plugin.mjs
import { apiBaseUrl } from '/__studio-env.js';
import '../../src/components/studio-editor/studio-editor.js';
import type { StudioEditor } from '../../src/components/studio-editor/studio-editor.js';
import type { StudioPanels } from '../../src/components/studio-panels/studio-panels.js';
import type { PanelId } from '../../src/config/types.js';
import { en } from '../../src/i18n/en.js';
import { fr } from '../../src/i18n/fr.js';
import { endpointAuth } from '../../src/auth/endpoint-auth.js';
import { MINIBROWSER_MIN_WIDTH, skipIn } from '../support/engine.js';
import { openPanel } from '../support/panels.js';

const PANELS: Array<{ id: PanelId; tag: string }> = [
  { id: 'recommend', tag: 'studio-editor-recommend-panel' },
  { id: 'script', tag: 'studio-editor-script-panel' },
  { id: 'voice', tag: 'studio-editor-voice-panel' },
  { id: 'music', tag: 'studio-editor-music-panel' },
  { id: 'mix', tag: 'studio-editor-mix-panel' },
  { id: 'master', tag: 'studio-editor-master-panel' },
  { id: 'export', tag: 'studio-editor-export-panel' },
  { id: 'deliver', tag: 'studio-editor-deliver-panel' },
];

async function mount(config: object = {}, width = '100%'): Promise<StudioEditor> {
  const element = await fixture<StudioEditor>(html`<studio-editor style="width: ${width}"></studio-editor>`);
  const ready = oneEvent(element, 'studio-ready');
  const userId = `panels-${Math.random().toString(36).slice(2)}`;
  element.config = {
    auth: { userId, ...endpointAuth({ tokenUrl: '/host/token', refreshUrl: '/host/refresh' }) },
    api: { baseUrl: apiBaseUrl as string }, project: { id: `panels-${Math.random().toString(36).slice(2)}`, autosave: false }, ...config };
  await ready;
  return element;
}

const panelsOf = (editor: StudioEditor) => editor.shadowRoot!.querySelector('studio-editor-panels') as StudioPanels;
const tabIds = (editor: StudioEditor) => [...panelsOf(editor).shadowRoot!.querySelectorAll('[part=tab]')].map((tab) => tab.id.replace('tab-', ''));


/** Waits until the libraries a panel shows are loaded (voice and music lists filled). */
async function settle(panel: HTMLElement): Promise<void> {
  const deep = (root: Element | ShadowRoot, selector: string): boolean =>
    root.querySelector(selector) !== null || [...root.querySelectorAll('*')].some((el) => el.shadowRoot !== null && deep(el.shadowRoot, selector));
  if (panel.localName === 'studio-editor-voice-panel' || panel.localName === 'studio-editor-music-panel') {
    await waitUntil(() => deep(panel.shadowRoot!, 'ul li'), `${panel.localName} shows its library`, { timeout: 8000 });
  }
  await new Promise((resolve) => setTimeout(resolve, 30));
}

/** Every visible text and accessible label inside `root`, through shadow roots. */
function visibleTexts(root: Node, out: string[] = []): string[] {
  const walk = (node: Node) => {
    if (node.nodeType === Node.TEXT_NODE) {
      const parent = node.parentElement;
      const text = node.textContent!.trim();
      if (text && parent && parent.localName !== 'style' && parent.closest('[hidden]') === null) out.push(text);
      return;
    }
    if (node instanceof Element) {
      if (node.hasAttribute('hidden') && node.localName !== 'studio-editor-panels') return;
      for (const name of ['aria-label', 'placeholder', 'title', 'aria-valuetext']) {
        const value = node.getAttribute(name);
        if (value) out.push(value.trim());
      }
      if (node.shadowRoot) walk(node.shadowRoot);
    }
    for (const child of node.childNodes) walk(child);
  };
  walk(root);
  return out;
}

/** English strings of the catalogue that French says differently, as patterns (placeholders match anything). */
const englishOnly = (Object.keys(en) as Array<keyof typeof en>)
  // Only strings with words in them: `{speed}×` against `{speed} ×` is typography, not language.
  .filter((key) => en[key] !== fr[key] && /[A-Za-z]{3}/.test(en[key].replace(/\{\w+\}/g, '')))
  .map((key) => ({ key, pattern: new RegExp(`^${en[key].replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\{\w+\}/g, '.+')}$`) }));

describe('<studio-editor> panels (issue 7)', () => {
  beforeEach(() => localStorage.clear());
  after(async () => {
    localStorage.clear();
    await setViewport({ width: 800, height: 600 });
  });

  it('shows a tab and a panel for every tool that is on, in workflow order', async () => {
    const editor = await mount();
    expect(tabIds(editor)).to.deep.equal(['recommend', 'script', 'voice', 'music', 'mix', 'master', 'export', 'deliver']);
    for (const { tag } of PANELS) expect(editor.shadowRoot!.querySelector(tag) !== null, tag).to.equal(true);
  });

  for (const tool of ['script', 'voice', 'music', 'mix', 'master', 'export', 'deliver'] as const) {
    it(`tools.${tool} = false removes its tab and its panel`, async () => {
      const editor = await mount({ tools: { [tool]: false } });
      expect(tabIds(editor)).to.not.include(tool);
      expect(editor.shadowRoot!.querySelector(PANELS.find((p) => p.id === tool)!.tag) === null).to.equal(true);
      expect(tabIds(editor).length).to.equal(7);
    });
  }

  it('tools.recommend and tools.product both off remove the recommend panel; tools.upload off removes the upload area', async () => {
    const editor = await mount({ tools: { recommend: false, product: false, upload: false } });
    expect(tabIds(editor)).to.deep.equal(['script', 'voice', 'music', 'mix', 'master', 'export', 'deliver']);
    expect(editor.shadowRoot!.querySelector('studio-editor-recommend-panel') === null).to.equal(true);
    const music = await openPanel(editor.shadowRoot!, 'music');
    const picker = music.shadowRoot!.querySelector('studio-editor-music-picker')!;
    await (picker as unknown as { updateComplete: Promise<unknown> }).updateComplete;
    expect(picker.shadowRoot!.querySelector('studio-editor-upload') === null).to.equal(true);
  });

  it('lets a host style the tabs and the panels’ parts with ::part()', async () => {
    const style = document.createElement('style');
    style.textContent = `
      studio-editor::part(tab) { letter-spacing: 3px; }
      studio-editor::part(music-dropzone) { border-top-width: 7px; }
      studio-editor::part(mix-controls) { padding-left: 11px; }
      studio-editor::part(music-current) { font-style: italic; }
      studio-editor::part(mix-slider) { color: rgb(1, 2, 3); }
      studio-editor::part(voice-modes) { margin-top: 6px; }
      studio-editor::part(recommend-submit) { margin-top: 4px; }`;
    document.head.append(style);
    try {
      const editor = await mount();
      const tab = panelsOf(editor).shadowRoot!.querySelector('[part=tab]')!;
      expect(getComputedStyle(tab).letterSpacing).to.equal('3px');
      const music = await openPanel(editor.shadowRoot!, 'music');
      expect(getComputedStyle(music.shadowRoot!.querySelector('[part=current]')!).fontStyle).to.equal('italic');
      const picker = music.shadowRoot!.querySelector('studio-editor-music-picker')!;
      const upload = picker.shadowRoot!.querySelector('studio-editor-upload')!;
      expect(getComputedStyle(upload.shadowRoot!.querySelector('[part=dropzone]')!).borderTopWidth).to.equal('7px');
      const mix = await openPanel(editor.shadowRoot!, 'mix');
      expect(getComputedStyle(mix.shadowRoot!.querySelector('[part=controls]')!).paddingLeft).to.equal('11px');
      const slider = mix.shadowRoot!.querySelector('studio-editor-mix-controls')!.shadowRoot!.querySelector('[part=slider]')!;
      // The mix sliders share one grid (display: contents): inherited properties such as colour apply.
      expect(getComputedStyle(slider.querySelector('label')!).color).to.equal('rgb(1, 2, 3)');
      const voice = await openPanel(editor.shadowRoot!, 'voice');
      expect(getComputedStyle(voice.shadowRoot!.querySelector('[part=modes]')!).marginTop).to.equal('6px');
      const recommend = await openPanel(editor.shadowRoot!, 'recommend');
      const form = recommend.shadowRoot!.querySelector('studio-editor-recommend-form')!;
      expect(getComputedStyle(form.shadowRoot!.querySelector('[part=submit]')!).marginTop).to.equal('4px');
    } finally {
      style.remove();
    }
  });

  it('applies the theme to the panels: dark colours and brand tokens through the CSSOM', async function () {
    const light = await mount({ theme: { mode: 'light' } });
    const lightMix = await openPanel(light.shadowRoot!, 'mix');
    const dark = await mount({ theme: { mode: 'dark', accent: '#ff0000' } });
    const darkMix = await openPanel(dark.shadowRoot!, 'mix');
    const colour = (panel: HTMLElement) => getComputedStyle(panel.shadowRoot!.querySelector('h3')!).color;
    expect(colour(lightMix)).to.not.equal(colour(darkMix));
    expect(dark.style.getPropertyValue('--studio-accent')).to.equal('#ff0000');
    // The accent reaches a panel's controls (the range inputs of the mix sliders).
    const range = darkMix.shadowRoot!.querySelector('studio-editor-mix-controls')!.shadowRoot!.querySelector('input[type=range]')!;
    expect(getComputedStyle(range).accentColor).to.equal('rgb(255, 0, 0)');
  });

  it('makes the panels’ spacing tighter with theme.density = compact or layout.compact', async function () {
    const comfortable = await mount();
    expect(getComputedStyle(await openPanel(comfortable.shadowRoot!, 'mix')).rowGap).to.equal('12px');
    const dense = await mount({ theme: { density: 'compact' } });
    expect(getComputedStyle(await openPanel(dense.shadowRoot!, 'mix')).rowGap).to.equal('8px');
    const compact = await mount({ layout: { compact: true } });
    expect(getComputedStyle(await openPanel(compact.shadowRoot!, 'music')).rowGap).to.equal('8px');
  });

  it('passes layout.arrangement to the panels', async () => {
    const editor = await mount({ layout: { arrangement: 'stacked' } });
    expect(panelsOf(editor).getAttribute('arrangement')).to.equal('stacked');
  });

  it('speaks French on every panel: no English string of the catalogue is left visible', async function () {
    const editor = await mount({ i18n: { locale: 'fr' } });
    for (const { id } of PANELS) {
      const panel = await openPanel(editor.shadowRoot!, id);
      await settle(panel);
      const english = visibleTexts(panel).filter((text) => englishOnly.some(({ pattern }) => pattern.test(text)));
      expect(english, `English left in the ${id} panel`).to.deep.equal([]);
    }
    const tabs = visibleTexts(panelsOf(editor).shadowRoot!);
    expect(tabs).to.include.members([fr['panel.recommend'], fr['panel.script'], fr['panel.voice'], fr['panel.music'], fr['panel.mix']]);
  });

  it('has no axe violations with any panel shown', async function () {
    const editor = await mount();
    for (const { id } of PANELS) {
      const panel = await openPanel(editor.shadowRoot!, id);
      await settle(panel);
      await expect(editor).to.be.accessible();
    }
  });

  for (const [width, height, locale] of [[320, 640, 'en'], [360, 740, 'en'], [390, 844, 'en'], [768, 1024, 'en'], [1280, 800, 'en'], [1920, 1080, 'en'], [360, 740, 'de'], [1280, 800, 'de']] as const) {
    it(`fits ${width} px wide without horizontal overflow on every panel, in ${locale} (screenshots)`, async function () {
      if (width < MINIBROWSER_MIN_WIDTH) skipIn(this, 'narrow-window');
      await setViewport({ width, height });
      const editor = await mount({ layout: { height: `${height - 40}px` }, i18n: { locale } });
      for (const { id } of PANELS) {
        const panel = await openPanel(editor.shadowRoot!, id);
        await settle(panel);
        await executeServerCommand('studio-screenshot', { name: `${width}-${locale}-${id}` });
        const area = panelsOf(editor).shadowRoot!.querySelector('[part=panel]')!;
        expect(editor.scrollWidth, `editor at ${width} px, ${id}`).to.be.at.most(editor.clientWidth);
        expect(area.scrollWidth, `panel area at ${width} px, ${id}`).to.be.at.most(area.clientWidth);
        expect(panel.scrollWidth, `${id} panel at ${width} px`).to.be.at.most(panel.clientWidth);
        expect(document.documentElement.scrollWidth, `page at ${width} px, ${id}`).to.be.at.most(width);
      }
    });
  }
});
