// Every step on every screen (issue 53): one editor like the demo's (the Feed step on, a reviewer named, an ad made
// and a feed of three rows) at 390x844, 768x1024, 1280x800 and 1920x1080, each step opened in turn: Create,
// Script, Timeline, Sound, Feed, Review, Deliver. In each, no control lies outside the viewport or, sideways,
// outside the box that scrolls it; no box is wider inside than out (its content cut off), but a box made to scroll
// sideways (and what it holds) or to end its text in an ellipsis; no action row stuck to the foot of its box lets
// what scrolls show below it; and on a touch screen every target is at least 44x44 px.
// Chromium and the touch-screen Firefox run the phone as a touch screen; WebKitGTK lays it out at its narrowest
// window, with a mouse.
import { expect } from '@open-wc/testing';
import { executeServerCommand } from '@web/test-runner-commands';
import type { StudioHandle } from '../../src/create.js';
import { deepAll, deepQuery } from '../support/deep-query.js';
import { engine, viewportWidth } from '../support/engine.js';
import { feedTemplate, makeAdOnEmulator } from '../support/made-ad.js';
import { editorOnEmulator, frame, leaveScreen, useScreen } from '../support/screen.js';
import { waitUntil } from '../support/wait.js';

/** What a person can press, pick or type in. */
const TARGETS = 'button, input:not([type="hidden"]), select, textarea, [role="tab"], [role="radio"], summary, a[href]';

/** The steps, by the phone's view and the wide screen's tab that open each. */
const STEPS = [
  { name: 'Create', view: 'create', tab: 'recommend' },
  { name: 'Script', view: 'script', tab: 'script' },
  { name: 'Timeline', view: 'timeline', tab: undefined },
  { name: 'Sound', view: 'sound', tab: 'voice' },
  { name: 'Feed', view: 'feed', tab: 'feed' },
  { name: 'Review', view: 'review', tab: 'review' },
  { name: 'Deliver', view: 'deliver', tab: 'deliver' },
] as const;

const SCREENS = [
  { width: viewportWidth(390), height: 844, touch: true },
  { width: 768, height: 1024, touch: false },
  { width: 1280, height: 800, touch: false },
  { width: 1920, height: 1080, touch: false },
];

/** An element's parent in the flat tree (its slot, its host). */
const flatParent = (element: Element): Element | null => element.assignedSlot ?? element.parentElement ?? ((element.getRootNode() as ShadowRoot).host ?? null);

/** Drawn: a box, visible, and inside no closed disclosure. */
function drawn(element: Element): boolean {
  const box = element.getBoundingClientRect();
  if (box.width === 0 || box.height === 0) return false;
  const style = getComputedStyle(element);
  return style.visibility !== 'hidden' && style.display !== 'contents';
}

/** A box made to scroll sideways; one made to scroll down. */
const sideways = (element: Element) => ['auto', 'scroll'].includes(getComputedStyle(element).overflowX);
const scrollsDown = (element: Element) => ['auto', 'scroll'].includes(getComputedStyle(element).overflowY);

function insideSideways(element: Element): boolean {
  for (let parent = flatParent(element); parent !== null; parent = flatParent(parent)) if (sideways(parent)) return true;
  return false;
}

const said = (element: Element) =>
  `${(element.getRootNode() as ShadowRoot).host?.localName ?? ''} ${element.localName}${element.id ? `#${element.id}` : ''}${typeof element.className === 'string' && element.className ? `.${element.className.trim().split(/\s+/).join('.')}` : ''} “${(element.getAttribute('aria-label') ?? element.textContent ?? '').trim().slice(0, 24)}”`;

/** A radio button or a check box is hit through its label. */
function hitBox(target: Element): DOMRect {
  const label =
    target instanceof HTMLInputElement && (target.type === 'radio' || target.type === 'checkbox')
      ? (target.closest('label') ?? (target.getRootNode() as ShadowRoot).querySelector(`label[for="${target.id}"]`))
      : null;
  return (label ?? target).getBoundingClientRect();
}

/** What is wrong on the step shown: controls out of reach sideways, boxes cut off, small targets. */
function problems(root: ShadowRoot, touch: boolean): string[] {
  const found: string[] = [];
  const elements = deepAll(root, '*').filter(drawn);
  for (const element of elements.filter((candidate) => candidate.matches(TARGETS))) {
    const box = element.getBoundingClientRect();
    // The viewport, and the nearest box that clips it sideways: a box made to scroll sideways brings it in view.
    let clip: Element | null = flatParent(element);
    while (clip !== null && getComputedStyle(clip).overflowX === 'visible') clip = flatParent(clip);
    if (clip !== null && sideways(clip)) continue;
    const outer = clip?.getBoundingClientRect() ?? { left: 0, right: innerWidth };
    const left = Math.max(0, outer.left);
    const right = Math.min(innerWidth, outer.right);
    if (box.left < left - 1 || box.right > right + 1) found.push(`${said(element)} at ${Math.round(box.left)}..${Math.round(box.right)}, out of ${Math.round(left)}..${Math.round(right)}`);
    if (touch) {
      const hit = hitBox(element);
      if (hit.width < 43.5 || hit.height < 43.5) found.push(`${said(element)} ${Math.round(hit.width)}x${Math.round(hit.height)}, under 44 px`);
    }
  }
  for (const element of elements) {
    if (!(element instanceof HTMLElement) || element.scrollWidth <= element.clientWidth + 1) continue;
    const style = getComputedStyle(element);
    if (style.display === 'inline' || sideways(element) || style.textOverflow === 'ellipsis' || element.classList.contains('visually-hidden')) continue;
    // Inside a box made to scroll sideways (the timeline's tracks), what is drawn there may be cut at its own edge: a clip's name, a waveform.
    if (insideSideways(element)) continue;
    found.push(`${said(element)} ${element.scrollWidth} px wide inside its ${element.clientWidth} px`);
  }
  return found;
}

/**
 * The action rows stuck to the foot of the box that scrolls them (their place in the flow below its fold): what
 * is wrong with each, nothing scrolled may show below one (a row stuck short of the box's edge, at its padding).
 * `checked` counts the rows found stuck.
 */
function stuckRows(root: ShadowRoot): { found: string[]; checked: number } {
  const found: string[] = [];
  let checked = 0;
  const stuckToFoot = (element: Element) => {
    const style = getComputedStyle(element);
    return style.position === 'sticky' && style.bottom !== 'auto' && drawn(element);
  };
  for (const row of deepAll(root, '*').filter(stuckToFoot)) {
    let area: Element | null = flatParent(row);
    while (area !== null && !scrollsDown(area)) area = flatParent(area);
    if (area === null) continue;
    const box = area.getBoundingClientRect();
    const foot = box.top + area.clientTop + area.clientHeight;
    (row as HTMLElement).style.position = 'static';
    const inFlow = row.getBoundingClientRect().bottom;
    (row as HTMLElement).style.position = '';
    if (inFlow <= foot + 1) continue;
    checked += 1;
    const bottom = row.getBoundingClientRect().bottom;
    if (bottom < foot - 1) found.push(`${said(row)} stuck ${Math.round(foot - bottom)} px above the foot of the box that scrolls it: what scrolls shows below it`);
  }
  return { found, checked };
}

describe('<studio-editor>: every step on every screen', function () {
  let handle: StudioHandle | undefined;
  const root = () => handle!.element.shadowRoot!;
  const panels = () => root().querySelector('studio-editor-panels')!;

  before(async () => {
    await useScreen({ width: 1280, height: 800, touch: false });
    handle = await editorOnEmulator('screens-matrix', 700, { tools: { feed: true }, review: { user: { id: 'matrix-client', name: 'Matrix Client', role: 'client' } } });
    await makeAdOnEmulator(handle, handle.element.config!.project!.id!);
    feedTemplate(handle, ['sku,product_name,price', 'S-1,Trail shoes,59.99', 'S-2,Wool socks,', 'S-3,Water bottle,12.50'].join('\n'));
  });

  after(() => leaveScreen(handle));

  /** Opens a step by its view on a phone, else by its tab; the Timeline is the stage beside every step on a wide screen. */
  async function open(step: (typeof STEPS)[number]): Promise<boolean> {
    const view = panels().shadowRoot!.querySelector<HTMLElement>(`#view-${step.view}`);
    const tab = step.tab === undefined ? null : panels().shadowRoot!.querySelector<HTMLElement>(`#tab-${step.tab}`);
    const button = view !== null && drawn(view) ? view : tab !== null && drawn(tab) ? tab : null;
    if (button === null) return step.tab === undefined;
    button.click();
    await waitUntil(() => button.getAttribute('aria-selected') === 'true', `the ${step.name} step open`);
    // Its panel arrives in a chunk of its own, then lays out.
    await new Promise((resolve) => setTimeout(resolve, 0));
    await frame();
    return true;
  }

  for (const screen of SCREENS) {
    it(`at ${screen.width}x${screen.height}${screen.touch ? ' on a touch screen' : ''}: no control out of reach, nothing cut off${screen.touch ? ', 44 px targets' : ''}`, async () => {
      const touch = (await useScreen(screen)) && screen.touch && matchMedia('(pointer: coarse)').matches;
      handle!.element.style.height = `${screen.height - 40}px`;
      await frame();
      const found: string[] = [];
      let stuck = 0;
      for (const step of STEPS) {
        if (!(await open(step))) {
          found.push(`${step.name}: no view or tab opens it`);
          continue;
        }
        found.push(...problems(root(), touch).map((problem) => `${step.name}: ${problem}`));
        const rows = stuckRows(root());
        found.push(...rows.found.map((problem) => `${step.name}: ${problem}`));
        stuck += rows.checked;
        // Nothing reaches past the editor to lengthen the page (where scroll bars take room, a narrower layout).
        const page = document.documentElement.scrollHeight;
        if (page > innerHeight + 1) found.push(`${step.name}: the page ${page} px tall, past the ${innerHeight} px window`);
        // The pictures of docs/screenshots/ (<width>-feed.png, <width>-review.png), for a person to look at.
        if (step.name === 'Feed') deepQuery(root(), 'studio-editor-feed-panel')?.shadowRoot?.querySelector('#feed-summary')?.scrollIntoView();
        if (step.name === 'Feed' || step.name === 'Review') await executeServerCommand('studio-screenshot', { name: `matrix-${engine}-${screen.width}-${step.view}` });
      }
      expect(found, `at ${screen.width}x${screen.height}`).to.deep.equal([]);
      expect(stuck, 'the action rows stuck to a foot, looked at').to.be.above(0);
    });
  }
});
