// The screenshots in docs/screenshots/: `npm start` in one shell, then
//   node scripts/docs-shots.mjs [http://127.0.0.1:8080/demo/]
// makes a real ad in the demo (a product page URL, "Make the ad" on the first idea, the preview rendered),
// then saves every step at 390, 768, 1280 and 1920 px wide (wide: each step's panel from the rail, beside the
// timeline; a phone: each view of the bottom bar, Sound's four steps), and the toolbar's live meter while it plays.
import { mkdirSync } from 'node:fs';
import puppeteer from 'puppeteer-core';
import { chromiumArgs, chromiumPath } from './lib/chromium.mjs';
import { demoWithAd, showPhoneView } from './lib/demo-ad.mjs';

const url = process.argv[2] ?? 'http://127.0.0.1:8080/demo/';
const dir = new URL('../docs/screenshots/', import.meta.url).pathname;
mkdirSync(dir, { recursive: true });
const PANELS = ['recommend', 'script', 'voice', 'music', 'mix', 'master', 'export', 'deliver'];
const browser = await puppeteer.launch({ executablePath: chromiumPath(), headless: true, args: [...chromiumArgs(), '--autoplay-policy=no-user-gesture-required'] });
try {
  const { page, find } = await demoWithAd(browser, url);
  const pause = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
  await pause(1500);
  // A phone's views, and the step of the Sound view each picture shows (a sound-step button's words).
  const PHONE = [['create'], ['script'], ['timeline'], ['sound', 'Voice'], ['sound', 'Music'], ['sound', 'Mix'], ['sound', 'Master'], ['deliver']];
  let count = 0;
  for (const [width, height] of [[390, 844], [768, 1024], [1280, 800], [1920, 1080]]) {
    await page.setViewport({ width, height, hasTouch: width < 640, isMobile: width < 640 });
    await pause(600);
    if (width < 640) {
      for (const [view, step] of PHONE) {
        await showPhoneView(page, view, step);
        await pause(700);
        await page.screenshot({ path: `${dir}${width}-${step?.toLowerCase() ?? view}.png` });
        count += 1;
      }
      continue;
    }
    for (const id of PANELS) {
      await (await find(`#tab-${id}`)).click();
      await pause(700);
      await page.screenshot({ path: `${dir}${width}-${id}.png` });
      count += 1;
    }
  }
  // The live meter while the ad plays.
  await page.setViewport({ width: 1280, height: 800 });
  await (await find('#tab-master')).click();
  await page.evaluate(() => document.querySelector('studio-editor').preview.play());
  await pause(4500);
  await page.screenshot({ path: `${dir}1280-playing.png` });
  // The loudness graph in the Master panel, scrolled into view.
  await (await find('studio-editor-loudness-graph')).evaluate((graph) => graph.scrollIntoView({ block: 'center' }));
  await pause(500);
  await page.screenshot({ path: `${dir}1280-master-graph.png` });
  console.log(`saved ${count + 2} screenshots in ${dir}`);
} finally {
  await browser.close();
}
