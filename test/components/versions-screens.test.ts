// The versions bar on a producer's screen (issue 53), at 1280x800 and 768x1024 with a mouse, in a whole editor on
// the emulator with the Script step open: a made ad, then a :15 made through New version and an alternate through
// Duplicate. Each make ends with a visible confirmation; New version, Duplicate and Rename stay in view (no row
// wider than its box); each version chip shows its whole name, and its status whole or in its tooltip and name;
// the fitted timeline does not scroll sideways and no two labels of its ruler overlap.
import { expect } from '@open-wc/testing';
import { executeServerCommand } from '@web/test-runner-commands';
import type { StudioHandle } from '../../src/create.js';
import { deepQuery } from '../support/deep-query.js';
import { makeAdOnEmulator } from '../support/made-ad.js';
import { editorOnEmulator, frame, leaveScreen, useScreen } from '../support/screen.js';
import { waitUntil } from '../support/wait.js';

type Box = { top: number; bottom: number; left: number; right: number };

/** `inner` wholly inside `outer` (a pixel of rounding allowed). */
const within = (inner: Box, outer: Box) => inner.top >= outer.top - 1 && inner.bottom <= outer.bottom + 1 && inner.left >= outer.left - 1 && inner.right <= outer.right + 1;
const viewport = (): Box => ({ top: 0, left: 0, bottom: innerHeight, right: innerWidth });
const said = (box: Box) => `${Math.round(box.left)}..${Math.round(box.right)} x ${Math.round(box.top)}..${Math.round(box.bottom)}`;
const intersect = (a: DOMRect, b: DOMRect) => a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;

for (const screen of [
  { width: 1280, height: 800, editor: 700 },
  { width: 768, height: 1024, editor: 900 },
]) {
  describe(`<studio-editor-versions> at ${screen.width}x${screen.height}`, function () {
    let handle: StudioHandle | undefined;
    const root = () => handle!.element.shadowRoot!;
    const bar = () => root().querySelector<HTMLElement>('studio-editor-versions')!;
    const $ = (selector: string) => bar().shadowRoot!.querySelector<HTMLElement>(selector);
    const $$ = (selector: string) => [...bar().shadowRoot!.querySelectorAll<HTMLElement>(selector)];
    /** The confirmation of a make, when it can be seen (not a visually hidden 1 px box). */
    const confirmation = () => {
      const made = $('[part=made]');
      const box = made?.getBoundingClientRect();
      return made !== null && box !== undefined && box.height > 16 && box.width > 100 ? made : null;
    };

    before(async function () {
      await useScreen({ ...screen, touch: false });
      handle = await editorOnEmulator('versions-screen', screen.editor);
      await makeAdOnEmulator(handle, handle.element.config!.project!.id!);
      const made = () => root().querySelector('[part=notices]')?.shadowRoot?.querySelector<HTMLElement>('[data-kind="ad-made"]');
      await waitUntil(made, 'the confirmation of Make the ad');
      made()!.querySelector<HTMLButtonElement>('[part=dismiss]')!.click();
      (deepQuery(root(), '#tab-script') as HTMLElement).click();
      await waitUntil(() => bar()?.shadowRoot?.querySelector('button.new'), 'the versions bar');
      // The :15 through New version (its first length).
      $('button.new')!.click();
      await waitUntil(() => $('[part=form] button[type=submit]'), 'the New version form');
      $('[part=form] button[type=submit]')!.click();
      await waitUntil(() => handle!.getProject().versions.length === 2 && confirmation() !== null, 'the :15 made and confirmed', { timeout: 60_000 });
      await frame();
    });

    after(() => leaveScreen(handle));

    it('confirms the :15 visibly, with Undo and Dismiss, in view', async () => {
      await executeServerCommand('studio-screenshot', { name: `versions-made-${screen.width}` });
      const made = confirmation()!;
      expect(made.textContent!.replace(/\s+/g, ' ')).to.contain('Made the 15 s version.');
      expect(within(made.getBoundingClientRect(), viewport()), `the confirmation in view: ${said(made.getBoundingClientRect())}`).to.equal(true);
      const buttons = [...made.querySelectorAll('button')].map((button) => button.getAttribute('aria-label') ?? button.textContent!.trim());
      expect(buttons).to.deep.equal(['Undo', 'Dismiss']);
    });

    it('keeps New version, Duplicate and Rename in view: no row wider than its box', () => {
      const box = bar().getBoundingClientRect();
      expect(bar().scrollWidth, 'the bar scrolls sideways').to.be.at.most(bar().clientWidth + 1);
      for (const row of $$('.row, [part=list], [part=actions]')) expect(row.scrollWidth, `${row.className} scrolls sideways`).to.be.at.most(row.clientWidth + 1);
      const buttons = $$('[part=actions] button');
      expect(buttons.map((button) => button.textContent!.trim()).slice(0, 3)).to.deep.equal(['New version', 'Duplicate as alternate', 'Rename']);
      for (const button of buttons) {
        const name = button.textContent!.trim();
        expect(within(button.getBoundingClientRect(), box), `${name} inside the bar: ${said(button.getBoundingClientRect())} in ${said(box)}`).to.equal(true);
        expect(within(button.getBoundingClientRect(), viewport()), `${name} on the screen`).to.equal(true);
      }
    });

    it('shows each chip whole: its name (":15" not cut), and its status whole or in its tooltip and name', () => {
      const box = bar().getBoundingClientRect();
      const chips = $$('[part=version]');
      expect(chips.map((chip) => chip.querySelector('.name')!.textContent)).to.deep.equal([':30', ':15']);
      for (const chip of chips) {
        const name = chip.querySelector<HTMLElement>('.name')!;
        expect(within(chip.getBoundingClientRect(), box), `${name.textContent} inside the bar: ${said(chip.getBoundingClientRect())} in ${said(box)}`).to.equal(true);
        expect(name.scrollWidth, `${name.textContent} not cut`).to.be.at.most(name.clientWidth);
        for (const line of chip.querySelectorAll<HTMLElement>('.status')) {
          const text = line.textContent!.trim();
          // Its radio button's name is the chip's text (a label around it): it says all of it, whatever is cut.
          expect(chip.textContent, 'the name of its radio button').to.contain(text);
          if (line.scrollWidth > line.clientWidth) expect(chip.title, `"${text}" cut, and in the tooltip`).to.contain(text);
        }
      }
    });

    it('fits the timeline without a sideways scroll, and prints no ruler label over another', async () => {
      const timeline = deepQuery(root(), 'studio-editor-timeline')!;
      const scroller = timeline.shadowRoot!.querySelector<HTMLElement>('.scroller')!;
      await waitUntil(() => scroller.clientWidth > 0, 'the timeline shown');
      await frame();
      expect(scroller.scrollWidth, 'the fitted timeline scrolls sideways').to.be.at.most(scroller.clientWidth);
      const labels = [...timeline.shadowRoot!.querySelectorAll<HTMLElement>('.ruler .tick, .ruler .flag')]
        .map((element) => ({ text: element.textContent!.trim(), box: element.getBoundingClientRect() }))
        .filter(({ text, box }) => text !== '' && box.width > 1);
      const overlaps = labels.flatMap((one, i) => labels.slice(i + 1).filter((other) => intersect(one.box, other.box)).map((other) => `${one.text} / ${other.text}`));
      expect(overlaps).to.deep.equal([]);
    });

    it('confirms an alternate made by Duplicate visibly; Dismiss closes it', async () => {
      const duplicate = $$('[part=actions] button').find((button) => button.textContent!.trim() === 'Duplicate as alternate')!;
      duplicate.click();
      await waitUntil(() => handle!.getProject().versions.length === 3 && confirmation()?.textContent?.includes('Alternate made'), 'the alternate confirmed');
      expect(within(confirmation()!.getBoundingClientRect(), viewport()), 'in view').to.equal(true);
      await executeServerCommand('studio-screenshot', { name: `versions-alternate-${screen.width}` });
      confirmation()!.querySelector<HTMLButtonElement>('button[aria-label="Dismiss"]')!.click();
      await waitUntil(() => confirmation() === null, 'the confirmation closed');
      // Three versions: the actions still in view.
      for (const button of $$('[part=actions] button')) expect(within(button.getBoundingClientRect(), bar().getBoundingClientRect()), button.textContent!.trim()).to.equal(true);
    });
  });
}
