// The producer's workspace (issue 38): the stage is the Create view until an ad exists, then the timeline with
// every track whole; the step's panel beside it on a wide editor; one view at a time from a bottom bar on a
// phone. Measured at 1280x800 (a 700 px editor), 1920x1080 (layout.height 'auto'), 768x1024 and 390x844 on a
// touch screen. Every assertion is on numbers and strings (a failing assertion on a DOM node hangs the page).
import { expect } from '@open-wc/testing';
import { waitUntil } from '../support/wait.js';
import { executeServerCommand, setViewport } from '@web/test-runner-commands';
import { SIDE_STORAGE_KEY } from '../../src/components/studio-panels/side-size.js';
import type { StudioTimeline } from '../../src/components/studio-timeline/studio-timeline.js';
import { create, type StudioHandle } from '../../src/create.js';
import { afterReady } from '../support/after-ready.js';
import { thirtySecondSpot, voicedUrls } from '../support/audio-urls.js';
import { cleanupMounts, mountPoint, testAuth } from '../support/auth.js';
import { deepAll, deepQuery } from '../support/deep-query.js';
import { engine, skipIn } from '../support/engine.js';
import { frame, useScreen } from '../support/screen.js';

interface Screen {
  name: string;
  width: number;
  height: number;
  touch: boolean;
  /** The mount point's width and height (CSS), and the editor's layout.height. */
  mount: { width: string; height: string };
  layoutHeight: string;
}

const SCREENS: Screen[] = [
  { name: '1280x800, a 700 px editor', width: 1280, height: 800, touch: false, mount: { width: '700px', height: '' }, layoutHeight: '700px' },
  { name: "1920x1080, layout.height 'auto'", width: 1920, height: 1080, touch: false, mount: { width: '', height: '1000px' }, layoutHeight: 'auto' },
  { name: '768x1024 on a touch screen', width: 768, height: 1024, touch: true, mount: { width: '', height: '' }, layoutHeight: '900px' },
  { name: '390x844 on a touch screen', width: 390, height: 844, touch: true, mount: { width: '', height: '' }, layoutHeight: '780px' },
];

/** The deepest element at a point, through shadow roots. */
function deepAt(x: number, y: number): Element | null {
  let found = document.elementFromPoint(x, y);
  while (found?.shadowRoot) {
    const inner = found.shadowRoot.elementFromPoint(x, y);
    if (inner === null || inner === found) break;
    found = inner;
  }
  return found;
}

/** Whether `inner` is `outer` or inside it, across shadow roots and slots (the flat tree). */
function within(inner: Node | null, outer: Node): boolean {
  for (let node = inner; node !== null; node = (node as Element).assignedSlot ?? node.parentNode ?? (node as ShadowRoot).host ?? null) {
    if (node === outer) return true;
  }
  return false;
}

const box = (element: Element) => element.getBoundingClientRect();
const describeBox = (b: DOMRect) => `${Math.round(b.left)},${Math.round(b.top)} ${Math.round(b.width)}x${Math.round(b.height)}`;

describe("<studio-editor> the producer's workspace", function () {
  const urls = voicedUrls();
  let handle: StudioHandle | undefined;
  afterEach(async function () {
    handle?.destroy();
    handle = undefined;
    cleanupMounts();
    localStorage.removeItem(SIDE_STORAGE_KEY);
    await executeServerCommand('studio-touch', { enabled: false });
    await setViewport({ width: 800, height: 600 });
  });

  const root = () => handle!.element.shadowRoot!;
  const part = (name: string) => root().querySelector<HTMLElement>(`[part="${name}"]`);
  const panels = () => root().querySelector('studio-editor-panels')!;
  const inPanels = (selector: string) => panels().shadowRoot!.querySelector<HTMLElement>(selector);
  const timeline = () => deepQuery(root(), 'studio-editor-timeline') as StudioTimeline | null;
  const tracks = () => deepAll(root(), '[part="track"]') as HTMLElement[];

  /** The screen asked for, or the test skipped where the engine cannot be that kind of screen now (see useScreen). */
  async function open(test: Mocha.Context, screen: Screen, withAd = true): Promise<void> {
    if (!(await useScreen(screen))) skipIn(test, engine === 'firefox' ? 'firefox-pointer-at-launch' : 'touch-screen');
    const mount = mountPoint('editor-workspace');
    mount.style.width = screen.mount.width;
    mount.style.height = screen.mount.height;
    handle = await create({ target: '#editor-workspace', auth: testAuth(), project: { autosave: false }, layout: { height: screen.layoutHeight } });
    await afterReady(handle.element);
    if (withAd) await loadAd();
  }

  /** A 30 s spot: Hook at 0 s, Body at 4 s, Call to action at 28 s (2 s each), a looped bed. */
  async function loadAd(): Promise<void> {
    await handle!.loadProject(thirtySecondSpot(handle!.getProject(), urls.voice, urls.bed));
    await waitUntil(() => timeline()?.shadowRoot?.querySelector('.clip[data-id=cta]'), 'the clips drawn', { timeout: 10000 });
    await waitUntil(() => deepQuery(root(), 'studio-editor-versions')?.shadowRoot?.querySelector('[part="version"]'), 'the versions bar', { timeout: 10000 });
    await frame();
    await timeline()!.updateComplete;
    await frame();
  }

  /** Each track row: its name, height, whether it is inside the stage, the timeline's view and the window, and whether it is also on top at its centre (seen whole). */
  function trackReport(): { track: string; height: number; inside: boolean; whole: boolean; where: string }[] {
    const stage = box(part('workspace')!.shadowRoot!.querySelector('[part="stage"]')!);
    const scroller = box(timeline()!.shadowRoot!.querySelector('.scroller')!);
    return tracks().map((track) => {
      const b = box(track);
      const inside = (outer: DOMRect) => b.top >= outer.top - 0.5 && b.bottom <= outer.bottom + 0.5;
      const lane = track.querySelector('.lane') ?? track;
      const l = box(lane);
      const hit = deepAt(Math.min(l.left + 20, l.right - 2), l.top + l.height / 2);
      const seen = inside(stage) && inside(scroller) && b.top >= 0 && b.bottom <= innerHeight;
      return { track: track.dataset['track'] ?? '?', height: Math.round(b.height), inside: seen, whole: seen && within(hit, track), where: describeBox(b) };
    });
  }

  /** Every track whole, once the lanes have settled (they follow the stage within a frame or two). */
  async function expectTracksWhole(when: string): Promise<void> {
    await waitUntil(() => trackReport().every((row) => row.whole), `the tracks whole ${when}`, { timeout: 2000 }).catch(() => undefined);
    const report = trackReport();
    expect(report.map((row) => row.track), `the track rows ${when}`).to.deep.equal(['voice', 'music']);
    for (const row of report) {
      expect(row.height, `${row.track} track's height ${when}`).to.be.at.least(56);
      expect(row.whole, `${row.track} track seen whole ${when} (${row.where})`).to.equal(true);
    }
  }

  for (const screen of SCREENS) {
    const phone = screen.width < 640;

    it(`shows every track whole and at least 56 px tall once an ad exists, at ${screen.name}`, async function () {
      await open(this, screen);
      if (phone) expect(currentViewName(), 'the phone shows the timeline once the ad is made').to.equal('timeline');
      await expectTracksWhole('after the ad is loaded');
      // The whole spot fits the view with no sideways scroll (on a touch screen the shortest clip is a finger wide instead).
      const view = timeline()!.shadowRoot!.querySelector<HTMLElement>('.scroller')!;
      expect(view.scrollLeft).to.equal(0);
      if (!screen.touch) expect(30 * timeline()!.zoom, `30 s at ${timeline()!.zoom} px/s in ${view.clientWidth} px`).to.be.at.most(view.clientWidth);
      // Nothing in the editor scrolls sideways but the timeline's own view.
      const stage = part('workspace')!.shadowRoot!.querySelector<HTMLElement>('[part="stage"]')!;
      expect(stage.scrollWidth, 'the stage scrolls sideways').to.be.at.most(stage.clientWidth + 1);
      expect(Math.round(box(handle!.element).right), 'the editor inside the window').to.be.at.most(innerWidth);
    });

    it(`keeps the versions bar to one row on a phone (whole in the bar elsewhere), and every track whole with New version open, at ${screen.name}`, async function () {
      await open(this, screen);
      const versions = deepQuery(root(), 'studio-editor-versions')!;
      const row = [...versions.shadowRoot!.querySelectorAll('[part="version"], [part="actions"] button')].map((element) => box(element));
      expect(row.length).to.be.at.least(3);
      if (innerWidth < 640) {
        // A phone: one row (scrolling sideways), every version and action sharing a band of height with every other.
        const [lowestTop, highestBottom] = [Math.max(...row.map((b) => b.top)), Math.min(...row.map((b) => b.bottom))];
        expect(lowestTop < highestBottom, `the versions and their actions: ${row.map(describeBox).join(', ')}`).to.equal(true);
      } else {
        // Wider (issue 53): they wrap rather than scroll, each whole inside the bar.
        const bar = box(versions);
        for (const item of row) expect(item.left >= bar.left - 1 && item.right <= bar.right + 1 && item.top >= bar.top - 1 && item.bottom <= bar.bottom + 1, `${describeBox(item)} inside the bar ${describeBox(bar)}`).to.equal(true);
      }
      await expectTracksWhole('before New version');
      const barHeight = (versions as HTMLElement).offsetHeight;
      const newVersion = [...versions.shadowRoot!.querySelectorAll<HTMLButtonElement>('[part="actions"] button')].find((button) => button.textContent!.trim() === 'New version')!;
      newVersion.click();
      await (versions as HTMLElement & { updateComplete: Promise<unknown> }).updateComplete;
      await frame();
      await frame();
      const popover = versions.shadowRoot!.querySelector<HTMLElement>('[part="popover"]')!;
      expect(popover?.querySelector('[part="form"]') ?? null, 'the New version form opens in a popover').not.to.equal(null);
      // The form takes no room from the tracks: the bar keeps its height, every track its place in view and 56 px.
      expect((versions as HTMLElement).offsetHeight, 'the versions bar with New version open').to.equal(barHeight);
      for (const row of trackReport()) {
        expect(row.height, `${row.track} track's height with New version open`).to.be.at.least(56);
        expect(row.inside, `${row.track} track in view with New version open (${row.where})`).to.equal(true);
      }
      // It is whole inside the editor, under the bar, and on top: its Make button is what a pointer at its centre meets.
      const make = popover.querySelector<HTMLButtonElement>('button[type="submit"]')!;
      const editor = box(handle!.element);
      const p = box(popover);
      expect(p.left >= editor.left - 0.5 && p.right <= editor.right + 0.5 && p.bottom <= Math.min(editor.bottom, innerHeight) + 0.5, `the popover ${describeBox(p)} inside the editor ${describeBox(editor)}`).to.equal(true);
      expect(p.top, 'the popover under the versions').to.be.at.least(box(versions.shadowRoot!.querySelector('[part="list"]')!).bottom);
      const m = box(make);
      const top = deepAt(m.left + m.width / 2, m.top + m.height / 2);
      expect(within(top, make), `Make ${describeBox(m)} is on top, not ${top?.outerHTML.slice(0, 120)}`).to.equal(true);
      // Escape closes it and gives focus back to New version.
      popover.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true, composed: true }));
      await (versions as HTMLElement & { updateComplete: Promise<unknown> }).updateComplete;
      expect(versions.shadowRoot!.querySelector('[part="popover"]'), 'Escape closes it').to.equal(null);
      expect(versions.shadowRoot!.activeElement, 'focus back on New version').to.equal(newVersion);
    });
  }

  it('grows the tracks with a taller editor', async function () {
    await open(this, SCREENS[0]!);
    const small = trackReport().map((row) => row.height);
    handle!.destroy();
    cleanupMounts();
    await open(this, SCREENS[1]!);
    const sum = (heights: number[]) => heights[0]! + heights[1]!;
    await waitUntil(() => sum(trackReport().map((row) => row.height)) > sum(small) + 20, 'the tracks grown');
    const tall = trackReport().map((row) => row.height);
    expect(sum(tall), `voice and music ${small.join(' + ')} px at 700 px, ${tall.join(' + ')} px at 1000 px`).to.be.above(sum(small) + 20);
    for (const [index, height] of tall.entries()) expect(height).to.be.at.least(small[index]!);
    await expectTracksWhole('grown');
  });

  it('gives the Create view all the room until an ad exists, then the timeline the stage and Recommend the side panel, at 1280x800', async function () {
    await open(this, SCREENS[0]!, false);
    const stage = inPanels('[part="stage"]')!;
    expect(stage.querySelector('slot')!.name, 'the stage shows the Create view').to.equal('recommend');
    const side = inPanels('[part="side"]')!;
    expect(box(side).width, 'no side panel beside the Create view').to.equal(0);
    // Another step opens beside the stage, 320 to 480 px wide.
    inPanels('#tab-script')!.click();
    await handle!.element.updateComplete;
    await frame();
    expect(box(side).width).to.be.within(279, 481);
    expect(Math.round(box(side).right), 'the side panel beside the stage').to.be.at.most(Math.round(box(stage).left) + 1);
    inPanels('#tab-recommend')!.click();
    await handle!.element.updateComplete;
    expect(box(side).width, 'Recommend is the Create view').to.equal(0);
    // The ad made: the timeline takes the stage, Recommend opens in the side panel.
    await loadAd();
    expect(stage.querySelector('slot')!.name).to.equal('stage');
    expect(box(side).width).to.be.within(279, 481);
    expect(side.querySelector('slot')!.name).to.equal('recommend');
    await expectTracksWhole('after the ad is made');
  });

  it('at 768x1024 puts the steps in a row above, so that the timeline beside the side panel keeps 400 px and more', async function () {
    await open(this, SCREENS[2]!);
    inPanels('#tab-script')!.click();
    await handle!.element.updateComplete;
    await frame();
    await frame();
    const tabs = inPanels('[part="tabs"]')!;
    const [first, last] = [tabs.firstElementChild!, tabs.lastElementChild!].map(box);
    expect(Math.round(first!.top), 'the steps in one row').to.equal(Math.round(last!.top));
    expect(tabs.getAttribute('aria-orientation'), 'the tablist says it is a row').to.equal('horizontal');
    const side = box(inPanels('[part="side"]')!);
    const stage = box(inPanels('[part="stage"]')!);
    expect(side.width, 'the side panel').to.be.within(279, 481);
    expect(stage.left, 'the stage beside the side panel').to.be.at.least(side.right - 1);
    expect(stage.width, `the stage beside the side panel (${describeBox(stage)})`).to.be.at.least(400);
    expect(box(tabs).bottom, 'the steps above the panel and the stage').to.be.at.most(Math.min(side.top, stage.top) + 1);
    await expectTracksWhole('at 768 px');
  });

  for (const width of ['768px', '660px']) {
    it(`shows every step and the side panel's Hide button whole in the row above, with the Feed step on, in a ${width} editor`, async function () {
      const screen: Screen = { name: `768x1024, a ${width} editor`, width: 768, height: 1024, touch: false, mount: { width, height: '' }, layoutHeight: '900px' };
      if (!(await useScreen(screen))) skipIn(this, 'firefox-pointer-at-launch');
      const mount = mountPoint('editor-workspace');
      mount.style.width = width;
      handle = await create({ target: '#editor-workspace', auth: testAuth(), project: { autosave: false }, layout: { height: '900px' }, tools: { feed: true } });
      await afterReady(handle.element);
      await loadAd();
      inPanels('#tab-deliver')!.click();
      await handle.element.updateComplete;
      await frame();
      const rail = inPanels('.rail')!;
      const tabs = [...inPanels('[part="tabs"]')!.children];
      expect(tabs.map((tab) => tab.id)).to.include('tab-feed');
      expect(rail.scrollWidth, `the row scrolls sideways (${rail.scrollWidth} px in ${rail.clientWidth} px)`).to.be.at.most(rail.clientWidth + 1);
      const inside = box(rail);
      for (const element of [...tabs, inPanels('[part="side-toggle"]')!]) {
        const b = box(element);
        expect(b.left >= inside.left - 0.5 && b.right <= inside.right + 0.5, `"${element.textContent!.trim()}" at ${describeBox(b)} in ${describeBox(inside)}`).to.equal(true);
        expect(element.scrollWidth, `"${element.textContent!.trim()}" whole`).to.be.at.most(element.clientWidth + 1);
      }
    });
  }

  it("keeps each side panel's primary action in view without scrolling at 1280x800", async function () {
    await open(this, SCREENS[0]!);
    const actions: Record<string, string> = { recommend: 'button[part="submit"]', export: 'button[part="submit"]', deliver: 'button[part="submit"]' };
    for (const [id, selector] of Object.entries(actions)) {
      inPanels(`#tab-${id}`)!.click();
      await handle!.element.updateComplete;
      const panel = root().querySelector<HTMLElement & { updateComplete: Promise<unknown> }>(`[slot="${id}"]`)!;
      await customElements.whenDefined(panel.localName);
      await panel.updateComplete;
      await frame();
      await waitUntil(() => deepQuery(panel.shadowRoot!, selector), `${id}'s ${selector}`);
      const action = deepQuery(panel.shadowRoot!, selector)!;
      const area = box(inPanels('[part="panel"]')!);
      const b = box(action);
      expect(b.top >= area.top && b.bottom <= area.bottom && b.bottom <= innerHeight && b.height > 0, `${id}'s ${action.textContent!.trim()} at ${describeBox(b)} in ${describeBox(area)}`).to.equal(true);
    }
  });

  it('resizes the side panel from the keyboard and the pointer, remembers it, and hides it with its button', async function () {
    await open(this, SCREENS[1]!);
    inPanels('#tab-script')!.click();
    await handle!.element.updateComplete;
    await frame();
    const separator = inPanels('[role="separator"]')!;
    const side = inPanels('[part="side"]')!;
    expect(separator.getAttribute('aria-orientation')).to.equal('vertical');
    const start = Math.round(box(side).width);
    expect(Number(separator.getAttribute('aria-valuenow'))).to.equal(start);
    separator.focus();
    separator.dispatchEvent(new KeyboardEvent('keydown', { key: 'ArrowRight', bubbles: true }));
    await frame();
    expect(Math.round(box(side).width)).to.equal(start + 16);
    separator.dispatchEvent(new KeyboardEvent('keydown', { key: 'Home', bubbles: true }));
    await frame();
    expect(Math.round(box(side).width)).to.equal(280);
    expect(JSON.parse(localStorage.getItem(SIDE_STORAGE_KEY)!)).to.deep.equal({ sidePx: 280 });
    const toggle = inPanels('[part="side-toggle"]')!;
    expect(toggle.getAttribute('aria-expanded')).to.equal('true');
    toggle.click();
    await handle!.element.updateComplete;
    await frame();
    expect(box(side).width).to.equal(0);
    expect(toggle.getAttribute('aria-expanded')).to.equal('false');
    // A step chosen in the rail shows the panel again.
    inPanels('#tab-voice')!.click();
    await handle!.element.updateComplete;
    await frame();
    expect(Math.round(box(side).width)).to.equal(280);
  });

  const currentViewName = () => inPanels('[part="view"][aria-selected="true"]')?.id.replace('view-', '') ?? '';

  it('on a 390x844 touch screen: one view at a time from a bottom bar, every destination in view, no control over an input, 44 px targets', async function () {
    const screen = SCREENS[3]!;
    await open(this, screen);
    const bar = inPanels('[part="views"]')!;
    const views = [...bar.querySelectorAll<HTMLElement>('[part="view"]')];
    expect(views.map((view) => view.textContent!.trim())).to.deep.equal(['Create', 'Script', 'Timeline', 'Sound', 'Deliver']);
    expect(bar.scrollWidth, 'the bottom bar scrolls sideways').to.be.at.most(bar.clientWidth + 1);
    for (const view of views) {
      const b = box(view);
      expect(b.left >= 0 && b.right <= innerWidth && b.top >= 0 && b.bottom <= innerHeight, `${view.textContent!.trim()} in view at ${describeBox(b)}`).to.equal(true);
      expect(Math.min(b.width, b.height), `${view.textContent!.trim()} a finger's target`).to.be.at.least(44);
    }
    // The Timeline view: the tracks whole, every clip a finger wide.
    expect(currentViewName()).to.equal('timeline');
    expect(box(inPanels('[part="side"]')!).height, 'only one view').to.equal(0);
    const clipWidths = () => (deepAll(timeline()!.shadowRoot!, 'studio-editor-timeline-clip') as HTMLElement[]).map((clip) => box(clip).width);
    await waitUntil(() => Math.min(...clipWidths()) >= 44, 'every clip a finger wide', { timeout: 5000 }).catch(() => undefined);
    const clips = (deepAll(timeline()!.shadowRoot!, 'studio-editor-timeline-clip') as HTMLElement[]).map((clip) => Math.round(box(clip).width));
    expect(Math.min(...clips), `clip widths ${clips.join(', ')}`).to.be.at.least(44);
    // Export and Deliver one tap away from every view; no control over an input; radio buttons a finger's target.
    for (const view of views) {
      view.click();
      await handle!.element.updateComplete;
      await frame();
      const name = view.textContent!.trim();
      expect(currentViewName(), `${name} chosen`).to.not.equal('');
      const exportButton = part('toolbar')!.shadowRoot!.querySelector('button.export');
      expect(exportButton !== null && box(exportButton).width >= 44 && box(exportButton).bottom <= innerHeight, `Export in the toolbar on ${name}`).to.equal(true);
      const shown = inPanels(currentViewName() === 'timeline' ? '[part="stage"]' : '[part="panel"]')!;
      const slot = shown.querySelector('slot')!;
      for (const panel of slot.assignedElements()) {
        await customElements.whenDefined(panel.localName);
        await (panel as HTMLElement & { updateComplete?: Promise<unknown> }).updateComplete;
      }
      await frame();
      for (const panel of slot.assignedElements()) {
        for (const input of deepAll(panel, 'input:not([type="hidden"]), textarea, select') as HTMLElement[]) {
          const b = box(input);
          if (b.width === 0 || b.height === 0 || b.bottom < 0 || b.top > innerHeight) continue;
          const radio = input instanceof HTMLInputElement && (input.type === 'radio' || input.type === 'checkbox');
          const hit = deepAt(b.left + b.width / 2, b.top + b.height / 2);
          const label = radio ? input.closest('label') : null;
          expect(within(hit, input) || (label !== null && within(hit, label)), `${name}: what is at the centre of ${input.localName}[${input.getAttribute('type') ?? ''}] ${describeBox(b)}: ${hit?.localName ?? 'nothing'}.${String(hit?.className ?? '')}`).to.equal(true);
          if (radio) {
            const target = box(label ?? input);
            expect(Math.min(target.width, target.height), `${name}: a ${input.getAttribute('type')} button's target ${describeBox(target)}`).to.be.at.least(44);
          }
        }
      }
    }
  });
});
