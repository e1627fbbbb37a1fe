// Screenshots of the demo in Firefox and WebKit, for docs/browsers.md: `npm start` in one shell
// (STUDIO_PORT=18300 STUDIO_API_PORT=18301 npm start), then
//   node scripts/engine-shots.mjs [http://127.0.0.1:18300/demo/] [firefox,webkit]
// makes the demo's ad in each engine (a product page URL, "Make the ad" on the first idea, the preview
// rendered) and saves docs/screenshots/{firefox,webkit}-1280.png and the phone shot: firefox-390.png
// (390 × 844 with touch), and webkit-<width>.png at the narrowest width MiniBrowser allows (447 px here:
// its window cannot be narrower, and the demo's frame-ancestors 'none' forbids a 390 px iframe of it).
import { mkdirSync } from 'node:fs';
import puppeteer from 'puppeteer-core';
import { demoWithAd } from './lib/demo-ad.mjs';
import { firefoxPath, firefoxPrefs, firefoxTouchPrefs } from './lib/firefox.mjs';
import { pulseaudioPath, startNullSink } from './lib/null-sink.mjs';
import { hasWebkit } from './lib/webkit.mjs';
import { MINIBROWSER_MIN_WIDTH, webkitLauncher } from './lib/webkit-launcher.mjs';

const url = process.argv[2] ?? 'http://127.0.0.1:18300/demo/';
const engines = (process.argv[3] ?? 'firefox,webkit').split(',');
const dir = new URL('../docs/screenshots/', import.meta.url).pathname;
mkdirSync(dir, { recursive: true });
const pause = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const PHONE = { width: 390, height: 844 };

async function firefoxShots(env) {
  const launch = (prefs) => puppeteer.launch({ browser: 'firefox', executablePath: firefoxPath(), headless: true, extraPrefsFirefox: prefs, env });
  const browser = await launch(firefoxPrefs);
  try {
    await demoWithAd(browser, url);
    await pause(1500);
    await (await browser.pages()).at(-1).screenshot({ path: `${dir}firefox-1280.png` });
  } finally {
    await browser.close();
  }
  // The phone in a Firefox started as a touch screen ((pointer: coarse) is read at launch, as in the phone tests).
  const phone = await launch({ ...firefoxPrefs, ...firefoxTouchPrefs });
  try {
    const { page } = await demoWithAd(phone, url);
    await page.setViewport(PHONE);
    await pause(1500);
    await page.evaluate(() => window.studio.element.scrollIntoView());
    await pause(500);
    await page.screenshot({ path: `${dir}firefox-390.png` });
    const touch = await page.evaluate(() => `${innerWidth} px (page ${document.documentElement.clientWidth} px), pointer: ${matchMedia('(pointer: coarse)').matches ? 'coarse' : 'fine'}, TouchEvent: ${'TouchEvent' in window}`);
    console.log(`firefox: saved firefox-1280.png and firefox-390.png (${touch})`);
  } finally {
    await phone.close();
  }
}

// In WebKit the page is driven with WebDriver's execute: the same steps as demoWithAd, through shadow roots.
const MAKE_THE_AD = `
  const done = arguments[arguments.length - 1];
  const deep = (selector, text, root = document) => {
    for (const element of root.querySelectorAll(selector)) if (text === undefined || element.textContent.trim() === text) return element;
    for (const element of root.querySelectorAll('*')) {
      const hit = element.shadowRoot && deep(selector, text, element.shadowRoot);
      if (hit) return hit;
    }
    return null;
  };
  const until = async (probe) => {
    for (let tries = 0; tries < 1200; tries += 1) {
      const value = probe();
      if (value) return value;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    throw new Error('timed out: ' + probe);
  };
  (async () => {
    const input = await until(() => window.studio && deep('#url'));
    input.value = 'https://www.northwind-bikes.com/products/trail-runner-2';
    input.dispatchEvent(new Event('input', { bubbles: true, composed: true }));
    input.form.requestSubmit();
    (await until(() => deep('button', 'Make the ad'))).click();
    await until(() => window.studio.getProject().clips.length >= 3);
    await until(() => window.studio.element.preview.getState().status === 'ready');
  })().then(() => done('ok'), (error) => done(String(error)));
`;

async function webkitShots(env) {
  // The launcher's driver (and the MiniBrowser it starts) take this process's environment.
  process.env.PULSE_SERVER = env.PULSE_SERVER;
  const launcher = webkitLauncher({ concurrency: 1 });
  try {
    await launcher.startSession('shots', url);
    const page = launcher.getPage('shots');
    await page.setViewportSize({ width: 1280, height: 900 });
    const made = await page.slot.command('POST', '/execute/async', { script: MAKE_THE_AD, args: [] });
    if (made !== 'ok') throw new Error(`WebKit: the ad was not made: ${made}`);
    await pause(1500);
    await page.screenshot({ path: `${dir}webkit-1280.png` });
    // MiniBrowser's window is never narrower than MINIBROWSER_MIN_WIDTH: the launcher refuses a phone's 390 px.
    await page.setViewportSize({ ...PHONE, width: Math.max(PHONE.width, MINIBROWSER_MIN_WIDTH) });
    await pause(1500);
    await page.slot.execute('window.studio.element.scrollIntoView()');
    await pause(500);
    const width = await page.slot.execute('return innerWidth');
    await page.screenshot({ path: `${dir}webkit-${width}.png` });
    console.log(`webkit: saved webkit-1280.png and webkit-${width}.png (the narrowest MiniBrowser allows; 390 asked)`);
  } finally {
    await launcher.stop();
  }
}

const sink = pulseaudioPath() ? await startNullSink() : undefined;
const env = sink ? { ...process.env, PULSE_SERVER: sink.server } : process.env;
try {
  if (engines.includes('firefox')) {
    if (firefoxPath()) await firefoxShots(env);
    else console.log('firefox: not installed (apt-get install -y firefox-esr), no shots');
  }
  if (engines.includes('webkit')) {
    if (hasWebkit()) await webkitShots(env);
    else console.log('webkit: not installed (apt-get install -y webkit2gtk-driver xvfb xdotool), no shots');
  }
} finally {
  sink?.stop();
}
