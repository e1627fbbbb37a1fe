// @web/test-runner command plugin: `executeServerCommand('studio-touch', { enabled })` makes the test page a
// touch screen (Chromium, through the DevTools protocol): touch events, and `(pointer: coarse)` and
// `(hover: none)` match, without the reload that setViewport's `hasTouch` would need. Elsewhere it answers false.

/** @returns {import('@web/test-runner').TestRunnerPlugin} */
export function touchPlugin() {
  // One DevTools session per page, kept open: an emulation ends with the session that set it.
  const sessions = new WeakMap();
  return {
    name: 'studio-touch',
    async executeCommand({ command, payload, session }) {
      if (command !== 'studio-touch') return undefined;
      if (session.browser.type !== 'puppeteer' || session.browser.name === 'Firefox') return false;
      const enabled = /** @type {{ enabled?: unknown }} */ (payload)?.enabled === true;
      const page = /** @type {any} */ (session.browser).getPage(session.id);
      if (!sessions.has(page)) sessions.set(page, await page.createCDPSession());
      const cdp = sessions.get(page);
      await cdp.send('Emulation.setTouchEmulationEnabled', { enabled, maxTouchPoints: enabled ? 5 : 1 });
      await cdp.send('Emulation.setEmitTouchEventsForMouse', { enabled });
      return true;
    },
  };
}
