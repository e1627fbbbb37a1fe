// A real ad in the demo, for the screenshot scripts: opens `url` at 1280 px, asks for ideas from a product
// page, "Make the ad" on the first, and waits until the three takes are in and the preview is rendered.
import { pageFinder } from './page-find.mjs';

/** Makes the demo's ad in a new page of `browser`; resolves with the page and its finder. */
export async function demoWithAd(browser, url) {
  const page = await browser.newPage();
  await page.setViewport({ width: 1280, height: 900 });
  page.on('pageerror', (error) => console.log(`page error: ${error.message}`));
  await page.goto(url, { waitUntil: 'networkidle0' });
  const find = pageFinder(page, 60_000);
  const input = await find('#url');
  await input.type('https://www.northwind-bikes.com/products/trail-runner-2');
  await input.press('Enter');
  await find('studio-editor-recommendation-card');
  await (await find(null, 'Make the ad')).click();
  await page.waitForFunction(() => window.studio?.getProject().clips.length >= 3, { timeout: 60_000 });
  await page.waitForFunction(() => document.querySelector('studio-editor')?.preview?.getState().status === 'ready', { timeout: 60_000 });
  return { page, find };
}

/**
 * On a phone (under 640 px), shows the bottom bar's view `view` and, for Sound, its step named `step` (the
 * sound-step button's words, such as 'Mix').
 */
export async function showPhoneView(page, view, step) {
  const panels = await page.evaluateHandle(() => document.querySelector('studio-editor').shadowRoot.querySelector('studio-editor-panels').shadowRoot);
  await (await panels.evaluateHandle((root, view) => root.querySelector(`#view-${view}`), view)).asElement().click();
  if (step === undefined) return;
  await (await panels.evaluateHandle((root, step) => [...root.querySelectorAll('[part="sound-step"]')].find((button) => button.textContent.trim() === step), step)).asElement().click();
}
