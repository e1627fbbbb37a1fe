// A finger on the page for the phone tests: real touches from the test runner where the engine can make them
// (the `studio-finger` command of scripts/lib/touch-plugin.mjs: Chromium's DevTools protocol, Firefox's WebDriver
// BiDi), and elsewhere (WebKitGTK) one finger played as the PointerEvents with pointerType 'touch' that iOS
// Safari sends the editor's pointer handlers, each sent to the element under the finger where it landed (as a
// captured pointer's are).
import { executeServerCommand } from '@web/test-runner-commands';

export interface Point {
  x: number;
  y: number;
}

/** One finger's way: where it lands and where it lifts. */
export interface FingerPath {
  from: Point;
  to: Point;
}

/** What the runner answered: how it touched, or why it could not. */
interface FingerAnswer {
  engine: string;
  touch: 'cdp' | 'bidi' | null;
  reason?: string;
  /** Chromium: how long the fingers were down, ms, as the runner timed it. */
  heldMs?: number;
}

/** How long the last gesture's fingers were down, ms, where the runner timed it. */
let heldMs = 0;

/** How the last gesture was made: `touch` (trusted touch events from the runner) or `pointer` (synthetic). */
export type FingerKind = 'touch' | 'pointer';

/** Why the last synthetic gesture was not made with real touches, as the runner said. */
export let syntheticReason = '';

/** The centre of an element's box, in CSS px from the viewport's top left. */
export const centre = (element: Element): Point => {
  const box = element.getBoundingClientRect();
  return { x: Math.round(box.left + box.width / 2), y: Math.round(box.top + box.height / 2) };
};

/** The innermost element at a point, through open shadow roots. */
function deepElementAt({ x, y }: Point): Element | null {
  let element = document.elementFromPoint(x, y);
  while (element?.shadowRoot) {
    const inner = element.shadowRoot.elementFromPoint(x, y);
    if (inner === null || inner === element) break;
    element = inner;
  }
  return element;
}

/**
 * Moves fingers over the page: each lands at its `from`, all move together to their `to` in `steps` moves, all
 * lift. Resolves to how it was done. Where the runner cannot touch, one finger is played as touch
 * PointerEvents (and a click, for a tap); more fingers throw.
 */
export async function fingers(paths: FingerPath[], steps = 8): Promise<FingerKind> {
  try {
    return await touch(paths, steps);
  } finally {
    lifted = performance.now();
  }
}

/** How long after a finger lifts a tap lands, ms: longer than a double tap's 300 ms (see `tap`). */
const AGAIN_MS = 400;
/** When the last finger lifted (performance.now()). */
let lifted = -Infinity;

async function touch(paths: FingerPath[], steps: number): Promise<FingerKind> {
  const answer = (await executeServerCommand('studio-finger', { fingers: paths, steps })) as FingerAnswer;
  heldMs = answer.heldMs ?? 0;
  if (answer.touch !== null) return 'touch';
  syntheticReason = answer.reason ?? '';
  if (paths.length !== 1) throw new Error(`${paths.length} fingers cannot be played as pointer events`);
  const [{ from, to }] = paths as [FingerPath];
  const target = deepElementAt(from);
  if (target === null) throw new Error(`nothing under the finger at ${from.x},${from.y}`);
  const pointer = (type: string, { x, y }: Point, buttons: number) =>
    target.dispatchEvent(new PointerEvent(type, { bubbles: true, composed: true, cancelable: true, pointerId: 7, pointerType: 'touch', isPrimary: true, button: type === 'pointermove' ? -1 : 0, buttons, clientX: x, clientY: y, width: 20, height: 20, pressure: buttons ? 0.5 : 0 }));
  pointer('pointerdown', from, 1);
  for (let step = 1; step <= steps; step += 1) {
    pointer('pointermove', { x: from.x + ((to.x - from.x) * step) / steps, y: from.y + ((to.y - from.y) * step) / steps }, 1);
    await new Promise((resolve) => requestAnimationFrame(resolve));
  }
  pointer('pointerup', to, 0);
  if (steps === 0) target.dispatchEvent(new MouseEvent('click', { bubbles: true, composed: true, cancelable: true, clientX: to.x, clientY: to.y }));
  return 'pointer';
}

/** One finger from `from` to `to`. */
export const drag = (from: Point, to: Point, steps = 8): Promise<FingerKind> => fingers([{ from, to }], steps);

/** Whether a click came within 5 s (the browser makes the click of a tap after the touch ends). */
async function clickCame(clicked: () => boolean): Promise<boolean> {
  const until = performance.now() + 5000;
  while (!clicked()) {
    if (performance.now() > until) return false;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return true;
}

/** A tap at the centre of `element`, scrolled into view; resolves once its click has come. */
export async function tap(element: Element): Promise<FingerKind> {
  // A tap within a double tap's time (300 ms) of the last finger lifting now and then made no click in Chromium
  // here (two test pages side by side); coming a moment later, as a hand would, it always did.
  await new Promise((resolve) => setTimeout(resolve, Math.max(0, lifted + AGAIN_MS - performance.now())));
  element.scrollIntoView({ block: 'nearest', inline: 'nearest' });
  let clicked = false;
  const listener = () => (clicked = true);
  element.addEventListener('click', listener);
  try {
    let how = await fingers([{ from: centre(element), to: centre(element) }], 0);
    // A runner stalled by a busy machine can hold the finger down past a long press (Chromium then makes no
    // click), or lose a touch sequence whose steps came too far apart (seen in Chromium and Firefox at load 16,
    // the element under the finger being the right one): a tap that made no click is made again, once. A
    // control that never answers a tap still fails, with what was under the finger.
    if (!(await clickCame(() => clicked))) how = await fingers([{ from: centre(element), to: centre(element) }], 0);
    if (!(await clickCame(() => clicked))) {
      throw new Error(`the tap on ${element.localName} “${element.textContent?.trim()}” made no click (finger down ${heldMs} ms; under the finger: ${deepElementAt(centre(element))?.outerHTML.slice(0, 80)})`);
    }
    return how;
  } finally {
    element.removeEventListener('click', listener);
  }
}
