import puppeteer from 'puppeteer-core';
import { chromiumArgs, chromiumPath } from './lib/chromium.mjs';
import { pageFinder } from './lib/page-find.mjs';
const width = Number(process.argv[2] ?? 1280), height = Number(process.argv[3] ?? 800), tag = process.argv[4] ?? 'x';
const browser = await puppeteer.launch({ executablePath: chromiumPath(), headless: true, args: chromiumArgs() });
try {
  const page = await browser.newPage();
  await page.setViewport({ width, height, hasTouch: width < 640, isMobile: width < 640 });
  page.on('pageerror', (e) => console.log('page error', e.message));
  await page.goto('http://127.0.0.1:8080/demo/', { waitUntil: 'networkidle0' });
  const find = pageFinder(page, 60_000);
  const pause = (ms) => new Promise((r) => setTimeout(r, ms));
  await page.screenshot({ path: `/tmp/shots/${tag}-${width}-0start.png` });
  const input = await find('#url');
  await input.type('https://www.northwind-bikes.com/products/trail-runner-2');
  await input.press('Enter');
  await find('studio-editor-recommendation-card');
  await pause(500);
  await page.screenshot({ path: `/tmp/shots/${tag}-${width}-1ideas.png` });
  await (await find(null, 'Make the ad')).click();
  await find('studio-editor-timeline .clip, .clip[data-id]');
  await pause(9000);
  await page.screenshot({ path: `/tmp/shots/${tag}-${width}-2made.png` });
} finally { await browser.close(); }
