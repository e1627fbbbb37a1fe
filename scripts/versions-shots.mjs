// The versions bar in docs/screenshots/: `npm start` in one shell, then
//   node scripts/versions-shots.mjs [http://127.0.0.1:8080/demo/]
// makes an ad in the demo, opens New version (1280-versions-new.png), makes a :15 and an alternate, and saves
// the bar at 390, 1280 and 1920 px wide (<width>-versions.png).
import { mkdirSync } from 'node:fs';
import puppeteer from 'puppeteer-core';
import { chromiumArgs, chromiumPath } from './lib/chromium.mjs';
import { demoWithAd } from './lib/demo-ad.mjs';

const url = process.argv[2] ?? 'http://127.0.0.1:8080/demo/';
const dir = new URL('../docs/screenshots/', import.meta.url).pathname;
mkdirSync(dir, { recursive: true });
const browser = await puppeteer.launch({ executablePath: chromiumPath(), headless: true, args: chromiumArgs() });
try {
  const { page, find } = await demoWithAd(browser, url);
  const pause = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
  await (await find(null, 'New version')).click();
  await pause(500);
  await page.screenshot({ path: `${dir}1280-versions-new.png` });
  await page.evaluate(() => {
    const bar = document.querySelector('studio-editor').shadowRoot.querySelector('studio-editor-versions');
    [...bar.shadowRoot.querySelectorAll('.lengths label')].find((label) => label.textContent.trim() === ':15').querySelector('input').click();
  });
  await (await find(null, 'Make the 15 s version')).click();
  await page.waitForFunction(() => window.studio?.getProject().versions.length === 2, { timeout: 90_000 });
  await (await find(null, 'Duplicate as alternate')).click();
  await page.waitForFunction(() => window.studio?.getProject().versions.length === 3, { timeout: 10_000 });
  await page.waitForFunction(() => document.querySelector('studio-editor')?.preview?.getState().status === 'ready', { timeout: 60_000 });
  await pause(1000);
  for (const [width, height] of [[390, 844], [1280, 800], [1920, 1080]]) {
    await page.setViewport({ width, height });
    await pause(800);
    await page.screenshot({ path: `${dir}${width}-versions.png` });
  }
  console.log(`saved 4 screenshots of the versions bar in ${dir}`);
} finally {
  await browser.close();
}
