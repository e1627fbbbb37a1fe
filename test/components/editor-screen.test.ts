// The producer's screen (issue 33), in a 700 px editor at 1280x800 with a mouse and at 390x844 on a touch
// screen (Chromium's emulation, or the Firefox started as one: the phone group of web-test-runner.firefox.config.mjs),
// through the demo's flow on the service emulator: a product page URL, "Get recommendations", "Make the ad". The
// panels' share of the height before and after, the script's text areas not clipped, each primary action in view,
// every tab reachable, 44 px touch targets, focus on the first result.
import type { StudioLevelMeter } from '../../src/components/studio-toolbar/level-meter.js';
import { expect } from '@open-wc/testing';
import { waitUntil } from '../support/wait.js';
import type { PanelId } from '../../src/config/types.js';
import type { StudioHandle } from '../../src/create.js';
import { deepAll, deepQuery } from '../support/deep-query.js';
import { engine, skipIn } from '../support/engine.js';
import { PRODUCT_URL } from '../support/ideas.js';
import { editorOnEmulator, frame, leaveScreen, pause, useScreen } from '../support/screen.js';

const EDITOR_PX = 700;

/** The element with focus, through shadow roots. */
function deepActive(): Element | null {
  let active = document.activeElement;
  while (active?.shadowRoot?.activeElement) active = active.shadowRoot.activeElement;
  return active;
}

/** Elements matching `selector` in the shadow root of the first `tag`. */
const inside = (root: ParentNode, tag: string, selector: string) => [...(deepQuery(root, tag)?.shadowRoot?.querySelectorAll(selector) ?? [])];

const shown = (element: Element) => {
  const box = element.getBoundingClientRect();
  return box.width > 0 && box.height > 0 && getComputedStyle(element).visibility !== 'hidden';
};

/** `inner` wholly inside `outer` (a pixel of rounding allowed). */
const within = (inner: DOMRect, outer: { top: number; bottom: number; left: number; right: number }) =>
  inner.top >= outer.top - 1 && inner.bottom <= outer.bottom + 1 && inner.left >= outer.left - 1 && inner.right <= outer.right + 1;

const viewport = () => ({ top: 0, left: 0, bottom: window.innerHeight, right: window.innerWidth });

for (const screen of [
  { name: 'at 1280x800 with a mouse', width: 1280, height: 800, touch: false },
  { name: 'at 390x844 on a touch screen', width: 390, height: 844, touch: true },
]) {
  describe(`<studio-editor> the producer's screen ${screen.name}`, function () {
    let handle: StudioHandle;
    /** Measured on the way, before the ad is made: the empty timeline, the results as they came. */
    const seen = { emptyShare: 0, emptyTimeline: 0, focusedFirst: false, announced: '', submitInView: false, makeInView: false, quoteLines: 0, quoteInView: false };

    const root = () => handle.element.shadowRoot!;
    const part = (name: string) => root().querySelector<HTMLElement>(`[part="${name}"]`)!;
    const workspace = () => part('workspace').shadowRoot!;
    /** Where the step is shown: the side panel, or the stage while it is the Create view (before the ad). */
    const panelArea = () => {
      const side = workspace().querySelector<HTMLElement>('[part="panel"]')!;
      return side.getBoundingClientRect().height > 0 && side.querySelector('slot') !== null ? side : workspace().querySelector<HTMLElement>('[part="stage"]')!;
    };
    const share = () => workspace().querySelector('[part="stage"]')!.getBoundingClientRect().height / handle.element.getBoundingClientRect().height;
    /** The primary action inside the viewport and inside the panel's visible area. */
    const inView = (button: Element) => within(button.getBoundingClientRect(), viewport()) && within(button.getBoundingClientRect(), panelArea().getBoundingClientRect());

    async function open(id: PanelId): Promise<void> {
      (deepQuery(root(), `#tab-${id}`) as HTMLElement).click();
      await waitUntil(() => deepQuery(root(), `studio-editor-${id}-panel`)?.hasAttribute('hidden') === false, `the ${id} panel shown`);
      await pause(150);
      await frame();
    }

    before(async function () {
      // The pointer asked for: WebKitGTK cannot be a touch screen, and each Firefox of the run is one kind.
      if (!(await useScreen(screen))) skipIn(this, engine === 'firefox' ? 'firefox-pointer-at-launch' : 'touch-screen');
      handle = await editorOnEmulator('editor-screen', EDITOR_PX);
      await waitUntil(() => deepQuery(root(), '#url'), 'the Create view drawn', { timeout: 10_000 });
      await pause(200);
      await frame();
      seen.emptyShare = share();
      seen.emptyTimeline = part('timeline').getBoundingClientRect().height;
      // "Get recommendations" for a product page.
      const url = deepQuery(root(), '#url') as HTMLInputElement;
      url.value = PRODUCT_URL;
      url.dispatchEvent(new Event('input', { bubbles: true, composed: true }));
      url.dispatchEvent(new Event('change', { bubbles: true, composed: true }));
      const submit = deepQuery(root(), 'button[part="submit"]') as HTMLButtonElement;
      seen.submitInView = inView(submit);
      submit.click();
      await waitUntil(() => deepQuery(root(), 'studio-editor-recommendation-card'), 'the recommendations', { timeout: 30_000 });
      await waitUntil(() => deepActive()?.closest('article') !== null || deepActive()?.localName === 'studio-editor-recommendation-card', 'focus on a result', { timeout: 2000 }).catch(() => undefined);
      const first = deepQuery(root(), 'studio-editor-recommendation-card')!;
      const active = deepActive();
      seen.focusedFirst = active !== null && (active === first || first.shadowRoot!.contains(active));
      seen.announced = deepAll(root(), '[role="status"]').map((element) => element.textContent ?? '').join(' ');
      const make = [...first.shadowRoot!.querySelectorAll('button')].find((button) => button.textContent!.trim() === 'Make the ad')!;
      seen.makeInView = inView(make);
      const quote = first.shadowRoot!.querySelector('blockquote')!;
      seen.quoteLines = Math.round(quote.getBoundingClientRect().height / (parseFloat(getComputedStyle(quote).lineHeight) || 20));
      seen.quoteInView = within(quote.getBoundingClientRect(), panelArea().getBoundingClientRect());
      // "Make the ad".
      make.click();
      await waitUntil(() => handle.getProject().clips.length >= 3, 'the ad made', { timeout: 30_000 });
      // The confirmation of the make (issue 38) is a row of its own above both halves until it is closed; the
      // split below is measured as the producer works on, the confirmation read and closed.
      const made = () => part('notices').shadowRoot!.querySelector<HTMLElement>('[data-kind="ad-made"]');
      await waitUntil(made, 'the confirmation of the make');
      made()!.querySelector<HTMLButtonElement>('[part="dismiss"]')!.click();
      await waitUntil(() => made() === null, 'the confirmation closed');
      await pause(300);
      await frame();
    });

    after(() => leaveScreen(handle));

    it('gives the Create view the stage while no ad exists: the timeline is not shown', () => {
      expect(seen.emptyTimeline, 'the timeline, px').to.equal(0);
      expect(seen.emptyShare, "the stage's share of the editor").to.be.above(screen.touch ? 0.5 : 0.65);
      expect(seen.submitInView, 'Get recommendations in view').to.equal(true);
    });

    it('moves focus to the first recommendation, and says how many came', () => {
      expect(seen.focusedFirst, 'focus on the first result').to.equal(true);
      expect(seen.announced).to.match(/\b\d+ recommendations?\b/i);
    });

    it("keeps the first idea's Make the ad in view, and the idea's first lines on its card", () => {
      expect(seen.makeInView, 'Make the ad in view').to.equal(true);
      expect(seen.quoteLines, 'the idea’s first lines').to.be.at.least(2);
      expect(seen.quoteInView, 'the idea’s lines in view').to.equal(true);
    });

    it('shows the made ad on the stage: every track at least 56 px tall, inside the stage', () => {
      const stage = workspace().querySelector('[part="stage"]')!.getBoundingClientRect();
      const tracks = deepAll(root(), '[part="track"]').map((track) => track.getBoundingClientRect());
      expect(tracks.length).to.equal(2);
      for (const track of tracks) {
        expect(track.height).to.be.at.least(56);
        // Whole from top to bottom (across, the timeline's own view scrolls).
        expect(track.top >= stage.top - 0.5 && track.bottom <= stage.bottom + 0.5, `the track inside the stage: ${Math.round(track.top)} to ${Math.round(track.bottom)} in ${Math.round(stage.top)} to ${Math.round(stage.bottom)}`).to.equal(true);
      }
    });

    it('shows the script in text areas that grow with their text', async () => {
      await open('script');
      const areas = inside(root(), 'studio-editor-script-editor', 'textarea') as HTMLTextAreaElement[];
      expect(areas.length).to.be.at.least(2);
      for (const area of areas) expect(area.scrollHeight, `${area.getAttribute('aria-label')} not clipped`).to.be.at.most(area.clientHeight + 1);
      if (!screen.touch) {
        // The Hook and the Body in full in the panel.
        const visible = panelArea().getBoundingClientRect();
        for (const area of areas.slice(0, 2)) expect(within(area.getBoundingClientRect(), visible), `${area.getAttribute('aria-label')} in view`).to.equal(true);
      }
      // Up to a limit, then it scrolls.
      const body = areas[1]!;
      body.value = Array.from({ length: 80 }, (_, i) => `Sentence ${i} of a very long body.`).join('\n');
      body.dispatchEvent(new InputEvent('input', { bubbles: true, composed: true }));
      await frame();
      expect(body.clientHeight, 'the limit').to.be.below(window.innerHeight / 2 + 1);
      expect(body.scrollHeight).to.be.above(body.clientHeight);
    });

    it("keeps each panel's primary action in view at the bottom of the panel", async () => {
      await open('recommend');
      panelArea().scrollTop = 0;
      await frame();
      expect(inView(deepQuery(root(), 'button[part="submit"]')!), 'Get recommendations').to.equal(true);
      await open('script');
      const generate = inside(root(), 'studio-editor-script-editor', 'button.primary')[0]!;
      expect(inView(generate), 'Generate voice-over').to.equal(true);
      await open('export');
      const exportButton = () => inside(root(), 'studio-editor-export-form', 'button[part="submit"]')[0];
      await waitUntil(exportButton, 'the export form');
      expect(inView(exportButton()!), 'Export').to.equal(true);
    });

    it('shows a preset’s text whole', async () => {
      await open('master');
      const presets = inside(root(), 'studio-editor-master-panel', '[part="preset"]');
      expect(presets.length).to.be.at.least(5);
      for (const preset of presets) {
        const numbers = preset.querySelector('[part="numbers"]')!;
        expect(numbers.getClientRects().length, `${numbers.textContent} on one line`).to.equal(1);
        // At 1280 no preset is cut by the side panel's edge (the panel scrolls down to the ones below).
        const [box, area] = [preset.getBoundingClientRect(), panelArea().getBoundingClientRect()];
        if (!screen.touch) expect(box.left >= area.left - 0.5 && box.right <= area.right + 0.5, `${preset.textContent!.trim().slice(0, 20)} whole across`).to.equal(true);
      }
    });

    it("lets every step be reached from the rail, or a phone's bottom bar", async () => {
      const tabs = (deepAll(root(), '[role="tab"]') as HTMLElement[]).filter(shown);
      const row = tabs[0]!.closest('[role="tablist"]') as HTMLElement;
      expect(tabs.length, 'the steps or views shown').to.be.at.least(screen.touch ? 5 : 8);
      expect(row.scrollWidth, 'the row scrolls sideways').to.be.at.most(row.clientWidth + 1);
      for (const tab of tabs) {
        tab.click();
        await pause(120);
        await frame();
        expect(within(tab.getBoundingClientRect(), row.getBoundingClientRect()), `${tab.textContent!.trim()} in view in its row`).to.equal(true);
        expect(within(tab.getBoundingClientRect(), viewport()), `${tab.textContent!.trim()} on the screen`).to.equal(true);
      }
    });

    if (screen.touch) {
      it('keeps a compact meter: at rest, the last mix’s loudness and true peak', async () => {
        const meter = deepQuery(root(), 'studio-editor-level-meter')!;
        expect(shown(meter), 'the meter shown').to.equal(true);
        // Short-term loudness while the ad plays; at rest, the made mix's last measured figures (once it is measured).
        await waitUntil(() => /Last mix/.test(meter.shadowRoot!.textContent!), 'the made mix measured on the meter');
        const text = meter.shadowRoot!.textContent!;
        expect(text).to.match(/LUFS/);
        expect(text).to.match(/dBTP/);
        // Each shown label and figure whole, none cut to an ellipsis ("La…", "True…", "-1…"), with the widest
        // figures a mix shows (a streaming target and a quiet peak: -14.0 and -10.0).
        // In a page with margins too: a 358 px editor (the demo's, 16 px each side).
        (meter as StudioLevelMeter).lastMix = { integrated: -14.02, truePeak: -10.03 };
        for (const width of ['', '358px']) {
          handle.element.style.width = width;
          await (meter as StudioLevelMeter).updateComplete;
          await frame();
          for (const element of meter.shadowRoot!.querySelectorAll<HTMLElement>('.label, .value')) {
            if (!shown(element)) continue;
            expect(element.scrollWidth, `"${element.textContent!.trim()}" whole (${element.scrollWidth} px in ${element.clientWidth} px) in ${Math.round(handle.element.getBoundingClientRect().width)} px`).to.be.at.most(element.clientWidth);
          }
        }
        handle.element.style.width = '';
      });

      it('takes at most two rows for the toolbar', () => {
        // Rows: the toolbar's parts by their vertical middles, a new row where one starts below the last.
        const boxes = [...part('toolbar').shadowRoot!.children].filter(shown).map((element) => element.getBoundingClientRect()).sort((a, b) => a.top - b.top);
        let rows = 0;
        let bottom = -Infinity;
        for (const box of boxes) {
          if (box.top + box.height / 2 > bottom) rows += 1;
          bottom = Math.max(bottom, box.bottom);
        }
        expect(rows, 'rows of the toolbar').to.be.at.most(2);
      });

      it('gives every button, tab and option a touch target of at least 44x44 px', async () => {
        // Each step opened as the rail would (on a phone the bottom bar's views open the same panels).
        const small: string[] = [];
        for (const id of ['recommend', 'script', 'voice', 'music', 'mix', 'master', 'export'] as PanelId[]) {
          await open(id);
          const targets = deepAll(root(), 'button, [role="tab"], [role="separator"], select, summary, input[type="radio"], input[type="checkbox"]').filter(shown);
          for (const target of targets) {
            // A radio button or a check box is hit through its label.
            const label = target instanceof HTMLInputElement ? (target.closest('label') ?? (target.getRootNode() as ShadowRoot).querySelector(`label[for="${target.id}"]`)) : null;
            const box = (label ?? target).getBoundingClientRect();
            const name = `${id}: ${target.localName} “${(target.textContent || target.getAttribute('aria-label') || label?.textContent || '').trim().slice(0, 30)}” ${Math.round(box.width)}x${Math.round(box.height)}`;
            if (box.width < 43.5 || box.height < 43.5) small.push(name);
          }
        }
        expect(small, 'targets under 44 px').to.deep.equal([]);
      });
    }
  });
}
