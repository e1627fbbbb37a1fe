// An ad made on the emulator as a producer makes it: ideas for a product page, then "Make the ad" on the first
// card; resolves once the takes and the bed are in the project. And that ad made a feed's template.
import { expect } from '@open-wc/testing';
import { waitUntil } from './wait.js';
// @ts-expect-error: a virtual module served by scripts/lib/emulator-plugin.mjs
import { apiBaseUrl } from '/__studio-env.js';
import { endpointAuth } from '../../src/auth/endpoint-auth.js';
import type { StudioDeliverPanel } from '../../src/components/studio-deliver-panel/studio-deliver-panel.js';
import { create, type StudioHandle } from '../../src/create.js';
import { parseFeed } from '../../src/feed/import.js';
import { createFeed } from '../../src/feed/mapping.js';
import { scriptSlots } from '../../src/script/slots.js';
import { mountPoint } from './auth.js';
import { deepQuery } from './deep-query.js';

/** Asks the emulator for one idea for `project_id`, clicks its "Make the ad", and waits for the takes and the bed. */
export async function makeAdOnEmulator(h: StudioHandle, projectId: string, duration = 30): Promise<void> {
  const { recommendations } = await h.api.recommendFromUrl({ project_id: projectId, url: 'https://acme-coffee.com/products/cold-brew-kit', duration, max_recommendations: 1 });
  h.element.store.dispatch({ type: 'recommendations/received', recommendations });
  const makeButton = () => deepQuery(h.element.shadowRoot!, 'studio-editor-recommendation-card')?.shadowRoot?.querySelector<HTMLButtonElement>('button.primary');
  await waitUntil(makeButton, 'the Make the ad button');
  makeButton()!.click();
  await waitUntil(() => h.getProject().clips.length > 0 && h.getProject().music?.url != null, 'the ad is made', { timeout: 40_000 });
}

/**
 * The made ad turned into a feed's template: `{{product_name}}` and `{{price}}` in its Body (samples `Trail shoes`
 * and `59.99`), its Call to action locked, and the feed of `csv` (sku, product_name, price) imported when given.
 */
export function feedTemplate(h: StudioHandle, csv: string | undefined): void {
  const sections = h.getProject().script.sections;
  expect(sections.length, 'hook, body and call to action').to.be.at.least(3);
  const body = sections[1]!;
  const call = sections.at(-1)!;
  const dispatch = h.element.store.dispatch.bind(h.element.store);
  dispatch({ type: 'script/set-text', id: body.id, text: 'Get {{product_name}} for {{price}} dollars, today only.' });
  dispatch({ type: 'lock/set', target: { kind: 'section', id: call.id }, locked: true, reason: 'Legal' });
  dispatch({ type: 'slot/set', slot: { name: 'product_name', sample: 'Trail shoes', maxLength: 30 } });
  dispatch({ type: 'slot/set', slot: { name: 'price', sample: '59.99' } });
  if (csv !== undefined) {
    const names = scriptSlots(h.getProject().script.sections).names;
    dispatch({ type: 'feed/set', feed: createFeed(parseFeed(csv, { name: 'rows.csv' }), names) });
  }
}

/** A :15: the length of the ads made by the e2e files whose subject is the rows or the files, not the ad's length (half a :30's audio a row). */
export const QUICK_AD_SECONDS = 15;

/**
 * An editor with the Feed step in a new `#<mount>`, signed in through the host as a new user `<prefix>-…`
 * (`created` is told of it at once, for the test's cleanup), its ad of `duration` s (a :30 by default) made on the
 * emulator (those whose subject is not the ad's length pass `QUICK_AD_SECONDS`).
 */
export async function madeAdEditor(mount: string, prefix: string, created: (h: StudioHandle) => void, duration = 30): Promise<{ h: StudioHandle; user: string }> {
  mountPoint(mount);
  const user = `${prefix}-${crypto.randomUUID().slice(0, 8)}`;
  const h = await create({
    target: `#${mount}`,
    auth: { userId: user, ...endpointAuth({ tokenUrl: '/host/token', refreshUrl: '/host/refresh' }) },
    api: { baseUrl: apiBaseUrl as string },
    project: { id: user, autosave: false, duration },
    layout: { height: '900px' },
    tools: { feed: true },
  });
  created(h);
  await makeAdOnEmulator(h, user, duration);
  return { h, user };
}

/** The Feed step of `h` opened from the rail, its panel rendered, with a query into its shadow root. */
export async function openFeedStep(h: StudioHandle) {
  const panels = h.element.shadowRoot!.querySelector('studio-editor-panels')!;
  panels.shadowRoot!.querySelector<HTMLButtonElement>('#tab-feed')!.click();
  await customElements.whenDefined('studio-editor-feed-panel');
  const panel = h.element.shadowRoot!.querySelector('studio-editor-feed-panel') as HTMLElement & { updateComplete: Promise<boolean> };
  await panel.updateComplete;
  const $ = <T extends HTMLElement = HTMLElement>(selector: string) => panel.shadowRoot!.querySelector<T>(selector);
  return { panel, $ };
}

/** The Feed step of `h` opened, `csv` pasted and imported; resolves once the summary reads `summary`. */
export async function feedStepWith(h: StudioHandle, csv: string, summary: string) {
  const { panel, $ } = await openFeedStep(h);
  const paste = $<HTMLTextAreaElement>('#feed-paste')!;
  paste.value = csv;
  paste.dispatchEvent(new Event('input'));
  await panel.updateComplete;
  $<HTMLButtonElement>('[part=import-button]')!.click();
  await waitUntil(() => $('#feed-summary')?.textContent === summary, 'the rows checked', { timeout: 10_000 });
  return { panel, $ };
}

/** The Deliver step opened from the rail, its panel rendered. */
export async function openDeliverPanel(h: StudioHandle): Promise<StudioDeliverPanel> {
  const panels = h.element.shadowRoot!.querySelector('studio-editor-panels')!;
  panels.shadowRoot!.querySelector<HTMLButtonElement>('#tab-deliver')!.click();
  await customElements.whenDefined('studio-editor-deliver-panel');
  const panel = h.element.shadowRoot!.querySelector('studio-editor-deliver-panel') as StudioDeliverPanel;
  await panel.updateComplete;
  return panel;
}
