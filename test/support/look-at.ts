// What a test shows a person, at a desktop's and a phone's width: a part of the editor scrolled into view, and a
// delivery's report.html shown over the test page in a frame (no scripts), checked for sideways scroll.
import { expect } from '@open-wc/testing';
import { executeServerCommand, setViewport } from '@web/test-runner-commands';
import { viewportWidth } from './engine.js';

/** A desktop's and a phone's window (as narrow as the engine's window goes). */
const WINDOWS = [
  [1280, 800],
  [viewportWidth(390), 844],
] as const;

/**
 * At 1280x800 and 390x844 (WebKit: 447x844): waits for `settle` (the component's update), scrolls `target()` to the top of the view and
 * saves `<name>-<width>.png` under screenshots/.
 */
export async function lookAt(name: string, target: () => Element, settle: () => Promise<unknown>): Promise<void> {
  for (const [width, height] of WINDOWS) {
    await setViewport({ width, height });
    await settle();
    target().scrollIntoView({ block: 'start' });
    await executeServerCommand('studio-screenshot', { name: `${name}-${width}` });
  }
}

/**
 * Shows `report` (the text of a ZIP's report.html) over the whole viewport at 1280x800 and 390x844 (WebKit: 447x844),
 * expects no line of it wider than the frame, and saves `<name>-<width>.png` under screenshots/.
 */
export async function lookAtReport(report: string, name: string): Promise<void> {
  const frame = document.createElement('iframe');
  frame.title = 'The delivery report';
  // Same origin, to measure its layout; no scripts.
  frame.sandbox.add('allow-same-origin');
  frame.style.cssText = 'position:fixed;inset:0;width:100vw;height:100vh;border:0;background:#fff;z-index:2147483647';
  const loaded = new Promise((resolve) => frame.addEventListener('load', resolve, { once: true }));
  frame.srcdoc = report;
  document.body.append(frame);
  try {
    await loaded;
    for (const [width, height] of WINDOWS) {
      await setViewport({ width, height });
      await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
      await executeServerCommand('studio-screenshot', { name: `${name}-${width}` });
      const root = frame.contentDocument!.documentElement;
      // What sticks out, named: the innermost elements wider than the frame.
      const wide = [...root.querySelectorAll('body *')].filter((element) => element.getBoundingClientRect().right > root.clientWidth + 1 && ![...element.children].some((child) => child.getBoundingClientRect().right > root.clientWidth + 1));
      const named = wide.slice(0, 5).map((element) => `<${element.localName}${element.className ? `.${String(element.className)}` : ''}> ${(element.textContent ?? '').trim().slice(0, 40)}`);
      expect(root.scrollWidth, `the report at ${width} px scrolls sideways: ${named.join('; ')}`).to.be.at.most(root.clientWidth);
    }
  } finally {
    frame.remove();
  }
}
