// A @web/test-runner browser launcher for WebKitGTK's MiniBrowser over plain W3C WebDriver (fetch, no client
// library). Each test file runs in a MiniBrowser of its own display; two at a time by default.
//
// It calls itself a 'playwright' launcher and hands @web/test-runner-commands a page object with Playwright's
// keyboard, mouse and viewport methods, mapped onto WebDriver actions: the commands' own WebDriver branch
// supports neither key down/up nor setViewport, which the suite uses.
import { writeFile } from 'node:fs/promises';
import { focusWindow, startDriver, startXvfb, webkitPaths } from './webkit.mjs';

// Playwright's key names as WebDriver key values (https://w3c.github.io/webdriver/#keyboard-actions).
const KEYS = {
  Backspace: '\uE003', Tab: '\uE004', Enter: '\uE007', Shift: '\uE008', ShiftLeft: '\uE008', Control: '\uE009',
  ControlLeft: '\uE009', Alt: '\uE00A', AltLeft: '\uE00A', Escape: '\uE00C', Space: ' ', PageUp: '\uE00E',
  PageDown: '\uE00F', End: '\uE010', Home: '\uE011', ArrowLeft: '\uE012', ArrowUp: '\uE013', ArrowRight: '\uE014',
  ArrowDown: '\uE015', Insert: '\uE016', Delete: '\uE017', Meta: '\uE03D', MetaLeft: '\uE03D',
  BracketLeft: '[', BracketRight: ']', Minus: '-', Equal: '=', Comma: ',', Period: '.', Slash: '/', Semicolon: ';',
  Quote: "'", Backslash: '\\', Backquote: '`',
};
const BUTTONS = { left: 0, middle: 1, right: 2 };
/** The narrowest viewport MiniBrowser's window can have (its toolbar's width), CSS px: MINIBROWSER_MIN_WIDTH of test/support/engine.ts. */
export const MINIBROWSER_MIN_WIDTH = 447;

/** A canvas that repaints each frame for 30 s at most, drawing nothing; REPAINT_STOP removes it at once. */
const REPAINT_START = `
  const canvas = document.createElement('canvas');
  canvas.width = canvas.height = 1;
  canvas.setAttribute('aria-hidden', 'true');
  canvas.style.cssText = 'position:fixed;left:0;top:0;width:1px;height:1px;pointer-events:none';
  document.documentElement.append(canvas);
  const context = canvas.getContext('2d');
  const until = performance.now() + 30000;
  const frame = (now) => {
    if (!canvas.isConnected || now > until) return canvas.remove();
    context.clearRect(0, 0, 1, 1);
    requestAnimationFrame(frame);
  };
  requestAnimationFrame(frame);
  window.__webdriverRepaint = canvas;`;
const REPAINT_STOP = 'window.__webdriverRepaint?.remove(); delete window.__webdriverRepaint;';

/** A Playwright key name (`KeyZ`, `Digit1`, `Enter`, `a`) as a WebDriver key value. */
function keyValue(name) {
  if (name in KEYS) return KEYS[name];
  const code = /^(?:Key([A-Z])|Digit(\d))$/.exec(name);
  if (code) return (code[1] ?? code[2]).toLowerCase();
  if ([...name].length === 1) return name;
  throw new Error(`WebKit launcher: no WebDriver key for "${name}"`);
}

class WebDriverPage {
  constructor(slot) {
    this.slot = slot;
    const keys = (actions) => slot.actions([{ type: 'key', id: 'keyboard', actions }]);
    this.keyboard = {
      type: (text) => keys([...text].flatMap((value) => [{ type: 'keyDown', value }, { type: 'keyUp', value }])),
      // `Shift+Tab`: the modifiers down, the key down and up, the modifiers up.
      press: (combo) => {
        const values = combo.split(/\+(?!$)/).map(keyValue);
        return keys([
          ...values.map((value) => ({ type: 'keyDown', value })),
          ...values.reverse().map((value) => ({ type: 'keyUp', value })),
        ]);
      },
      down: (name) => keys([{ type: 'keyDown', value: keyValue(name) }]),
      up: (name) => keys([{ type: 'keyUp', value: keyValue(name) }]),
    };
    const pointer = (actions) =>
      slot.actions([{ type: 'pointer', id: 'mouse', parameters: { pointerType: 'mouse' }, actions }]);
    const at = (x, y) => ({ type: 'pointerMove', x: Math.round(x), y: Math.round(y), origin: 'viewport', duration: 0 });
    const button = (options) => BUTTONS[options?.button ?? 'left'];
    this.mouse = {
      move: (x, y) => pointer([at(x, y)]),
      down: (options) => pointer([{ type: 'pointerDown', button: button(options) }]),
      up: (options) => pointer([{ type: 'pointerUp', button: button(options) }]),
      click: (x, y, options) =>
        pointer([at(x, y), { type: 'pointerDown', button: button(options) }, { type: 'pointerUp', button: button(options) }]),
    };
  }

  /**
   * Resizes the window so that the page's viewport is `width` × `height` CSS pixels. A size the window cannot take
   * is an error that says so, never a test run quietly at another size.
   */
  async setViewportSize({ width, height }) {
    if (width < MINIBROWSER_MIN_WIDTH) {
      throw new Error(
        `MiniBrowser's window is at least ${MINIBROWSER_MIN_WIDTH} CSS px wide: a ${width} px viewport cannot be set. ` +
          "Skip the test in WebKit (skipIn(this, 'narrow-window')) or ask for MINIBROWSER_MIN_WIDTH (test/support/engine.ts).",
      );
    }
    const slot = this.slot;
    const inner = await slot.execute('return [innerWidth, innerHeight]');
    if (inner[0] === width && inner[1] === height) return;
    const rect = await slot.command('GET', '/window/rect');
    await slot.command('POST', '/window/rect', {
      width: width + rect.width - inner[0],
      height: height + rect.height - inner[1],
    });
    // The resize lands asynchronously: wait for the page to see it (a busy machine takes its time; a size that never
    // comes is named after 30 s).
    const deadline = Date.now() + 30_000;
    for (;;) {
      const now = await slot.execute('return [innerWidth, innerHeight]');
      if (now[0] === width && now[1] === height) return;
      if (Date.now() > deadline) throw new Error(`MiniBrowser's viewport did not become ${width}x${height} CSS px in 30 s: it is ${now[0]}x${now[1]}.`);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }

  async emulateMedia() {
    throw new Error('WebDriver cannot emulate a media type in WebKit');
  }

  /**
   * Drawn without compositing (scripts/lib/webkit.mjs), WebKitWebDriver answers a screenshot after the page's next
   * paint, and a page at rest does not paint: it answered after 10 s, or never. So a transparent one-pixel canvas is
   * cleared each frame until the picture is taken, which paints without changing a pixel (the same picture, compared),
   * and is then removed.
   */
  async screenshot({ path }) {
    await this.slot.execute(REPAINT_START);
    try {
      const base64 = await this.slot.command('GET', '/screenshot');
      await writeFile(path, Buffer.from(base64, 'base64'));
    } finally {
      await this.slot.execute(REPAINT_STOP).catch(() => {});
    }
  }

  async bringToFront() {}
}

/** One MiniBrowser: its own X display (so that its window has the focus), its own driver and session. */
class WebKitSlot {
  constructor() {
    this.page = new WebDriverPage(this);
  }

  /** MiniBrowser in automation mode; audio may start without a gesture, as Chromium's autoplay flag allows. */
  async start() {
    const paths = webkitPaths();
    this.xvfb = await startXvfb(paths.xvfb);
    this.driver = await startDriver(paths.driver, this.xvfb.display);
    const created = await this.request('POST', '/session', {
      capabilities: {
        alwaysMatch: {
          'webkitgtk:browserOptions': { binary: paths.browser, args: ['--automation', '--autoplay-policy=allow'] },
          timeouts: { script: 120_000, pageLoad: 60_000 },
        },
      },
    });
    this.session = created.sessionId;
    // No window manager gives the window focus: without it the page's document never has focus, and
    // `:focus` never matches, as in a browser window behind another one.
    await focusWindow(this.xvfb.display);
  }

  /** One WebDriver command of this session; resolves to its `value`. */
  command(method, path, body) {
    return this.request(method, `/session/${this.session}${path}`, body);
  }

  async request(method, path, body) {
    const response = await fetch(`${this.driver.url}${path}`, {
      method,
      headers: body ? { 'content-type': 'application/json' } : undefined,
      body: body ? JSON.stringify(body) : undefined,
    });
    const { value } = await response.json();
    if (!response.ok) throw new Error(`WebDriver ${method} ${path}: ${value?.error}: ${value?.message}`);
    return value;
  }

  execute(script, args = []) {
    return this.command('POST', '/execute/sync', { script, args });
  }

  actions(actions) {
    return this.command('POST', '/actions', { actions });
  }

  async stop() {
    if (this.session) await this.request('DELETE', `/session/${this.session}`).catch(() => {});
    this.driver?.stop();
    this.xvfb?.stop();
  }
}

class WebKitLauncher {
  constructor(concurrency) {
    this.name = 'WebKit';
    this.type = 'playwright';
    this.concurrency = concurrency;
    /** @type {Array<{ slot: WebKitSlot, ready: Promise<void> }>} */
    this.slots = [];
    this.idle = [];
    this.active = new Map();
  }

  async initialize() {}

  async startSession(sessionId, url) {
    let entry = this.idle.pop() ?? this.#newSlot();
    this.active.set(sessionId, { entry, url });
    try {
      await entry.ready;
      await entry.slot.command('POST', '/url', { url });
    } catch (error) {
      // A driver or browser that died (a crash in an earlier file): a new one, once.
      if (!(error instanceof TypeError)) throw error;
      this.#drop(entry);
      entry = this.#newSlot();
      this.active.set(sessionId, { entry, url });
      await entry.ready;
      await entry.slot.command('POST', '/url', { url });
    }
  }

  #newSlot() {
    const slot = new WebKitSlot();
    const entry = { slot, ready: slot.start() };
    this.slots.push(entry);
    return entry;
  }

  #drop(entry) {
    this.slots = this.slots.filter((other) => other !== entry);
    void entry.slot.stop();
  }

  isActive(sessionId) {
    return this.active.has(sessionId);
  }

  getBrowserUrl(sessionId) {
    return this.active.get(sessionId)?.url;
  }

  getPage(sessionId) {
    const active = this.active.get(sessionId);
    if (!active) throw new Error(`No WebKit page for session ${sessionId}`);
    return active.entry.slot.page;
  }

  async stopSession(sessionId) {
    const active = this.active.get(sessionId);
    this.active.delete(sessionId);
    if (!active) return {};
    const { slot } = active.entry;
    // Let go of held keys and buttons, and leave the page so that its audio and workers stop; a browser that
    // does not answer is replaced for the next file.
    try {
      await slot.command('DELETE', '/actions');
      await slot.command('POST', '/url', { url: 'about:blank' });
      this.idle.push(active.entry);
    } catch {
      this.#drop(active.entry);
    }
    return {};
  }

  async startDebugSession() {
    throw new Error('The WebKit launcher has no debug mode');
  }

  async stop() {
    await Promise.all(this.slots.map(({ slot }) => slot.stop()));
  }
}

/**
 * @param {{ concurrency?: number }} [options] how many MiniBrowsers run test files side by side (2)
 * @returns {import('@web/test-runner').BrowserLauncher}
 */
export const webkitLauncher = ({ concurrency = 2 } = {}) => new WebKitLauncher(concurrency);
