// @web/test-runner command plugin for touch screens. Two commands:
//
// - `executeServerCommand('studio-touch', { enabled })` makes the test page a touch screen: touch events, and
//   `(pointer: coarse)` and `(hover: none)` match. Chromium does it on the page through the DevTools protocol
//   (without the reload that setViewport's `hasTouch` would need): it answers true. Firefox reads its pointer
//   kind at launch: it answers whether its window was started as a touch screen
//   (web-test-runner.firefox.config.mjs, the `phone` group), that is whether the page now is what was asked.
//   WebKit answers whether a mouse was asked for: it cannot be a touch screen.
// - `executeServerCommand('studio-finger', { fingers: [{ from: { x, y }, to: { x, y } }, ...], steps })` touches
//   the page with real fingers (trusted touch and pointer events, as a touch screen sends): each finger lands at
//   its `from` (CSS px from the viewport's top left), all move together to their `to` in `steps` moves, and
//   all lift; a finger whose `from` is its `to` with `steps: 0` is a tap (the browser then makes its click). It
//   answers what it did:
//   `{ engine, touch: 'cdp' | 'bidi' }`, or `{ engine, touch: null, reason }` where the engine cannot make a
//   touch from automation (WebKitGTK), and the test then makes the gesture another way.

/** Why WebKitGTK gets no finger from the test runner (seen with WebKitGTK 2.50's WebKitWebDriver). */
export const WEBKIT_NO_TOUCH =
  "WebKitGTK's WebDriver plays pointerType touch actions as a mouse (pointer events of type mouse, no touch events), " +
  'and WebKit has no Touch constructor outside iOS';

/** @returns {import('@web/test-runner').TestRunnerPlugin} */
export function touchPlugin() {
  // One DevTools session per page, kept open: an emulation ends with the session that set it.
  const sessions = new WeakMap();
  const cdpOf = async (page) => {
    if (!sessions.has(page)) sessions.set(page, await page.createCDPSession());
    return sessions.get(page);
  };
  return {
    name: 'studio-touch',
    async executeCommand({ command, payload, session }) {
      if (command !== 'studio-touch' && command !== 'studio-finger') return undefined;
      const browser = /** @type {any} */ (session.browser);
      const engine = browser.type !== 'puppeteer' ? 'webkit' : browser.name === 'Firefox' ? 'firefox' : 'chromium';
      const page = engine === 'webkit' ? undefined : browser.getPage(session.id);
      if (command === 'studio-touch') {
        const enabled = /** @type {{ enabled?: unknown }} */ (payload)?.enabled === true;
        if (engine === 'webkit') return !enabled;
        if (engine === 'firefox') return (await page.evaluate(() => matchMedia('(pointer: coarse)').matches)) === enabled;
        const cdp = await cdpOf(page);
        await cdp.send('Emulation.setTouchEmulationEnabled', { enabled, maxTouchPoints: enabled ? 5 : 1 });
        await cdp.send('Emulation.setEmitTouchEventsForMouse', { enabled });
        return true;
      }
      const { fingers, steps = 8 } = /** @type {{ fingers: Finger[], steps?: number }} */ (payload);
      if (engine === 'webkit') return { engine, touch: null, reason: WEBKIT_NO_TOUCH };
      if (engine === 'firefox') {
        await bidiFingers(page, fingers, steps);
        return { engine, touch: 'bidi' };
      }
      const heldMs = await cdpFingers(await cdpOf(page), fingers, steps);
      return { engine, touch: 'cdp', heldMs };
    },
  };
}

/** How long a tap's finger stays down, ms. */
const TAP_MS = 80;

/** @typedef {{ from: { x: number, y: number }, to: { x: number, y: number } }} Finger */

/** Where each finger is at move `step` of `steps` (linear), rounded to whole CSS px. */
const at = (finger, step, steps) => {
  const part = steps === 0 ? 1 : step / steps;
  return { x: Math.round(finger.from.x + (finger.to.x - finger.from.x) * part), y: Math.round(finger.from.y + (finger.to.y - finger.from.y) * part) };
};

/**
 * Chromium: `Input.dispatchTouchEvent`, which takes every finger on the screen in each event (a finger left out
 * is lifted), so two fingers land one after the other and move together. Resolves to how long the fingers were
 * down, ms, as the runner timed it (a busy machine can stretch a tap into a long press).
 */
async function cdpFingers(cdp, fingers, steps) {
  const point = (finger, index, step) => ({ ...at(finger, step, steps), id: index, radiusX: 1, radiusY: 1, force: 0.5 });
  for (let count = 1; count <= fingers.length; count += 1) {
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: fingers.slice(0, count).map((finger, index) => point(finger, index, 0)) });
  }
  const down = Date.now();
  // A finger's tap lasts a moment: one that ends in the same instant can pass Chromium's tap detection by.
  if (steps === 0) await new Promise((resolve) => setTimeout(resolve, TAP_MS));
  for (let step = 1; step <= steps; step += 1) {
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: fingers.map((finger, index) => point(finger, index, step)) });
  }
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
  return Date.now() - down;
}

/** Firefox: puppeteer's touch screen, WebDriver BiDi `input.performActions` with a touch pointer per finger. */
async function bidiFingers(page, fingers, steps) {
  const handles = [];
  for (const finger of fingers) handles.push(await page.touchscreen.touchStart(finger.from.x, finger.from.y));
  for (let step = 1; step <= steps; step += 1) {
    for (const [index, handle] of handles.entries()) {
      const { x, y } = at(fingers[index], step, steps);
      await handle.move(x, y);
    }
  }
  for (const handle of handles) await handle.end();
}
