// For the scripts that drive the demo in headless Chromium: `find(selector)` waits for the first element
// matching `selector`, or with `text` the first button with that text, through shadow roots.

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
