// Issue 30, pronunciations in the whole editor over the service emulator: the host's brand list from the
// config and the project's own, the Voice panel's list and a marked script at 390 and 1280 px (screenshots
// under screenshots/ for a person to look at), no horizontal overflow, axe clean in light and dark.
import { expect } from '@open-wc/testing';
import { waitUntil } from '../support/wait.js';
import { executeServerCommand, setViewport } from '@web/test-runner-commands';
import type { StudioEditor } from '../../src/components/studio-editor/studio-editor.js';
import { openPanel } from '../support/panels.js';
import { elementOnEmulator } from '../support/emulator-editor.js';
import { MINIBROWSER_MIN_WIDTH, skipIn } from '../support/engine.js';

const brand = [{ text: 'Acme', say: 'ack-mee' }, { text: 'ACME Rewards', say: 'ack-mee rewards', caseSensitive: true }];
const own = [{ text: 'acme-coffee.com', say: 'acme coffee dot com' }, { text: 'cold brew', say: 'coald brew' }];
const sections = [
  { id: 's1', label: 'Hook', text: 'Mornings taste better with Acme.' },
  { id: 's2', label: 'Body', text: 'Our cold brew kit makes a week of coffee in one night. Join ACME Rewards for a free refill.' },
  { id: 's3', label: 'Call to action', text: 'Order today at acme-coffee.com.' },
];

async function mount(theme: 'light' | 'dark', height: number): Promise<StudioEditor> {
  const element = await elementOnEmulator('pronounce', {
    vocal: { voice: 'en-us-ava', pronunciations: brand },
    layout: { height: `${height - 40}px`, initialPanel: 'script' },
    theme: { mode: theme },
  });
  element.store.dispatch({ type: 'script/set-sections', sections });
  element.store.dispatch({ type: 'pronunciations/set', entries: own });
  return element;
}

function fits(editor: StudioEditor, panel: HTMLElement, width: number, what: string): void {
  expect(editor.scrollWidth, `editor, ${what}`).to.be.at.most(editor.clientWidth);
  expect(panel.scrollWidth, `panel, ${what}`).to.be.at.most(panel.clientWidth);
  expect(document.documentElement.scrollWidth, `page, ${what}`).to.be.at.most(width);
}

describe('pronunciations in the editor (screenshots)', function () {

  for (const [width, height] of [[390, 844], [1280, 800]] as const) {
    it(`shows the Voice panel's lists and the marked script at ${width} px, light and dark`, async function () {
      if (width < MINIBROWSER_MIN_WIDTH) skipIn(this, 'narrow-window');
      await setViewport({ width, height });
      for (const theme of ['light', 'dark'] as const) {
        const editor = await mount(theme, height);
        const script = await openPanel(editor.shadowRoot!, 'script');
        const scriptEditor = () => script.shadowRoot!.querySelector('studio-editor-script-editor')!;
        await waitUntil(() => scriptEditor().shadowRoot!.querySelectorAll('mark').length === 4, 'the script is marked', { timeout: 10_000 });
        expect([...scriptEditor().shadowRoot!.querySelectorAll('mark')].map((mark) => mark.textContent)).to.deep.equal(['Acme', 'cold brew', 'ACME Rewards', 'acme-coffee.com']);
        await executeServerCommand('studio-screenshot', { name: `pronounce-script-${width}-${theme}` });
        fits(editor, script, width, `script at ${width} px, ${theme}`);
        await expect(editor).to.be.accessible();

        const voice = await openPanel(editor.shadowRoot!, 'voice');
        const list = () => voice.shadowRoot!.querySelector('studio-editor-pronunciation-list')!;
        await waitUntil(() => voice.shadowRoot!.querySelector('studio-editor-voice-picker')?.shadowRoot?.querySelector('ul li') !== null, 'the voices load', { timeout: 60_000 });
        expect(list().shadowRoot!.querySelectorAll('[part=brand-list] li').length).to.equal(2);
        expect(list().shadowRoot!.querySelectorAll('[part=pronunciation-list] li').length).to.equal(2);
        list().scrollIntoView({ block: 'start' });
        await new Promise((resolve) => setTimeout(resolve, 50));
        await executeServerCommand('studio-screenshot', { name: `pronounce-voice-${width}-${theme}` });
        fits(editor, voice, width, `voice at ${width} px, ${theme}`);
        await expect(editor).to.be.accessible();
        editor.remove();
      }
    });
  }
});
