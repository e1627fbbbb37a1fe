// Screenshots of the demo for a person to look at: `npm start` in one shell, then
//   node scripts/demo-shots.mjs [http://127.0.0.1:8080/demo/] [width]
// walks recommend -> choose -> generate voice-over -> mix -> master -> export in headless Chromium and
// saves screenshots/demo-<width>-<step>.png; prints console errors and any CSP violation. Under 640 px it is a
// phone (touch): each step is a view of the bottom bar (Sound's four steps by their buttons), as a phone shows it.
import { mkdirSync } from 'node:fs';
import puppeteer from 'puppeteer-core';
import { chromiumArgs, chromiumPath } from './lib/chromium.mjs';
import { showPhoneView } from './lib/demo-ad.mjs';
import { pageFinder } from './lib/page-find.mjs';

const url = process.argv[2] ?? 'http://127.0.0.1:8080/demo/';
const width = Number(process.argv[3] ?? 1280);
const dir = new URL('../screenshots/', import.meta.url).pathname;
mkdirSync(dir, { recursive: true });
const browser = await puppeteer.launch({ executablePath: chromiumPath(), headless: true, args: chromiumArgs() });
try {
  const page = await browser.newPage();
  const phone = width < 640;
  await page.setViewport({ width, height: phone ? 844 : 900, hasTouch: phone, isMobile: phone });
  page.on('console', (message) => message.type() === 'error' && console.log(`console error: ${message.text()}`));
  page.on('pageerror', (error) => console.log(`page error: ${error.message}`));
  await page.evaluateOnNewDocument(() => {
    document.addEventListener('securitypolicyviolation', (event) => (window.__violations ??= []).push(`${event.violatedDirective} ${event.blockedURI}`));
  });
  await page.goto(url, { waitUntil: 'networkidle0' });
  const pause = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
  const shot = (step) => page.screenshot({ path: `${dir}demo-${width}-${step}.png` });
  const find = pageFinder(page, 30_000);
  // A step's tab; on a phone, its view of the bottom bar (and Sound's step by its button's words).
  const PHONE_VIEWS = { script: ['script'], voice: ['sound', 'Voice'], music: ['sound', 'Music'], mix: ['sound', 'Mix'], master: ['sound', 'Master'], export: ['deliver'] };
  const tab = async (id) => {
    if (phone) await showPhoneView(page, ...PHONE_VIEWS[id]);
    else await (await find(`#tab-${id}`)).click();
    await pause(800);
  };

  await shot('start');
  const input = await find('#url');
  await input.type('https://www.northwind-bikes.com/products/trail-runner-2');
  await input.press('Enter');
  await find('studio-editor-recommendation-card');
  await shot('results');
  await (await find(null, 'Use this')).click();
  await tab('script');
  await (await find(null, 'Generate voice-over')).click();
  await find('studio-editor-timeline .clip, .clip[data-id]');
  await pause(4000);
  await shot('script');
  for (const id of ['voice', 'music', 'mix', 'master', 'export']) {
    await tab(id);
    await shot(id);
  }
  // Once every voice-over has arrived and the preview has caught up with it.
  await page.waitForFunction(() => !/Updating/.test(document.querySelector('studio-editor')?.shadowRoot?.querySelector('[part~="status"]')?.textContent ?? ''), { timeout: 60_000 });
  await pause(6000);
  await shot('settled');
  const violations = await page.evaluate(() => window.__violations ?? []);
  console.log(`saved ${dir}demo-${width}-*.png; CSP violations: ${violations.length ? violations.join(', ') : 'none'}`);
} finally {
  await browser.close();
}
