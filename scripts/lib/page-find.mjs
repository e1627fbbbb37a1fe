// For the scripts that drive the demo in headless Chromium: `find(selector)` waits for the first element
// matching `selector`, or with `text` the first button with that text, through shadow roots; `makeTheAd`
// makes the demo's ad.

/** @param {import('puppeteer-core').Page} page */
export const pageFinder =
  (page, timeout = 30_000) =>
  (selector, text) =>
    page.waitForFunction(
      (q, label) => {
        const search = (root) => {
          for (const element of root.querySelectorAll(label ? 'button' : q)) if (!label || element.textContent.trim() === label) return element;
          for (const element of root.querySelectorAll('*')) {
            const hit = element.shadowRoot && search(element.shadowRoot);
            if (hit) return hit;
          }
          return null;
        };
        return search(document);
      },
      { timeout },
      selector,
      text,
    );

/**
 * "Make the ad" in the demo (window.studio): one recommendation from the emulator, then the button, which
 * voices it and picks music; resolves once the project has its clips.
 * @param {import('puppeteer-core').Page} page
 */
export async function makeTheAd(page, find) {
  await page.evaluate(async () => {
    const h = window.studio;
    const { recommendations } = await h.api.recommendFromUrl({ project_id: h.getProject().project_id, url: 'https://www.northwind-bikes.com/products/trail-runner-2', duration: 30, max_recommendations: 1 });
    h.element.store.dispatch({ type: 'recommendations/received', recommendations });
  });
  await (await find(null, 'Make the ad')).click();
  await page.waitForFunction(() => window.studio.getProject().clips.length >= 3, { timeout: 120_000 });
}
