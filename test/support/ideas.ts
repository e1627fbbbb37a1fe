// The first steps of the demo's flow, through the UI: ideas for a product page from the Recommend panel, and
// "Make the ad" on one of them. `root` is searched through its shadow roots (an editor, or a panel).
import { waitUntil } from './wait.js';
import { deepQuery } from './deep-query.js';

/** The product page the emulator knows. */
export const PRODUCT_URL = 'https://www.northwind-bikes.com/products/trail-runner-2';

/** Types the product page into the Recommend form and asks; resolves with the first idea's card once shown. */
export async function askForIdeas(root: ParentNode, url = PRODUCT_URL): Promise<Element> {
  const field = deepQuery(root, '#url') as HTMLInputElement;
  field.value = url;
  field.dispatchEvent(new Event('input', { bubbles: true, composed: true }));
  field.dispatchEvent(new Event('change', { bubbles: true, composed: true }));
  (deepQuery(root, 'button[part="submit"]') as HTMLButtonElement).click();
  await waitUntil(() => deepQuery(root, 'studio-editor-recommendation-card'), 'the ideas', { timeout: 30_000 });
  return deepQuery(root, 'studio-editor-recommendation-card')!;
}

/** Clicks an idea card's "Make the ad". */
export function makeTheAd(card: Element): void {
  [...card.shadowRoot!.querySelectorAll('button')].find((button) => button.textContent!.trim() === 'Make the ad')!.click();
}
