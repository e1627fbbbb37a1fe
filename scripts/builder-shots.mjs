// Screenshots of the Embed Builder for a person to look at: `npm start` in one shell, then
//   node scripts/builder-shots.mjs [http://127.0.0.1:8080/demo/builder/] [width]
// saves screenshots/builder-<width>-{start,react,invalid}.png (full page) and -{playground,code}-view.png; prints console errors and any CSP violation.
import { mkdirSync } from 'node:fs';
import puppeteer from 'puppeteer-core';
import { chromiumArgs, chromiumPath } from './lib/chromium.mjs';

const url = process.argv[2] ?? 'http://127.0.0.1:8080/demo/builder/';
const width = Number(process.argv[3] ?? 1280);
const dir = new URL('../screenshots/', import.meta.url).pathname;
mkdirSync(dir, { recursive: true });
const browser = await puppeteer.launch({ executablePath: chromiumPath(), headless: true, args: chromiumArgs() });
try {
  const page = await browser.newPage();
  await page.setViewport({ width, height: 900 });
  page.on('console', (message) => message.type() === 'error' && console.log(`console error: ${message.text()}`));
  page.on('pageerror', (error) => console.log(`page error: ${error.message}`));
  await page.evaluateOnNewDocument(() => {
    document.addEventListener('securitypolicyviolation', (event) => (window.__violations ??= []).push(`${event.violatedDirective} ${event.blockedURI}`));
  });
  await page.goto(url, { waitUntil: 'networkidle0' });
  await page.waitForFunction(() => document.querySelector('studio-editor')?.ready === true, { timeout: 30_000 });
  const pause = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
  const shot = (step) => page.screenshot({ path: `${dir}builder-${width}-${step}.png`, fullPage: true });
  await pause(500);
  await shot('start');
  // A setup: dark, an accent, French, a podcast preset, a user id; then a cleared refresh endpoint.
  await page.select('#themeMode', 'dark');
  await page.click('#accent-on');
  await page.select('#locale', 'fr');
  await page.select('#preset', 'podcast');
  await page.type('#userId', 'user-42');
  await page.click('#tab-react');
  await pause(1500);
  await shot('react');
  await page.click('#refreshUrl', { clickCount: 3 });
  await page.keyboard.press('Backspace');
  await page.click('#tokenUrl', { clickCount: 3 });
  await page.keyboard.type('https://evil.example/token');
  await pause(800);
  await shot('invalid');
  // The Playground and the code as a person sees them on one screen.
  for (const section of ['playground', 'code']) {
    await page.$eval(`.${section}`, (element) => element.scrollIntoView());
    await pause(300);
    await page.screenshot({ path: `${dir}builder-${width}-${section}-view.png` });
  }
  const violations = await page.evaluate(() => window.__violations ?? []);
  console.log(`saved ${dir}builder-${width}-*.png; CSP violations: ${violations.length ? violations.join(', ') : 'none'}`);
} finally {
  await browser.close();
}
