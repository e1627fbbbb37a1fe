// The review's e2e steps against the emulator (review-deliver.test.ts, review-signed.test.ts): an editor of its own
// on the page (a step is opened with openPanel, ./panels.ts), a decision made in the Review step's form, Deliver clicked in its panel.
import { expect } from '@open-wc/testing';
import { waitUntil } from './wait.js';
// @ts-expect-error: a virtual module served by scripts/lib/emulator-plugin.mjs
import { apiBaseUrl } from '/__studio-env.js';
import { endpointAuth } from '../../src/auth/endpoint-auth.js';
import type { StudioDeliverPanel } from '../../src/components/studio-deliver-panel/studio-deliver-panel.js';
import { create, type StudioHandle } from '../../src/create.js';
import { mountPoint } from './auth.js';

/** An editor on the emulator in a mount point of its own (no autosave, a 30 s project); `handles` keeps it for the cleanup. */
export async function reviewEditor(handles: StudioHandle[], id: string, userId: string, review: Parameters<typeof create>[0]['review']): Promise<StudioHandle> {
  mountPoint(id);
  const h = await create({
    target: `#${id}`,
    auth: { userId, ...endpointAuth({ tokenUrl: '/host/token', refreshUrl: '/host/refresh' }) },
    api: { baseUrl: apiBaseUrl as string },
    project: { id: userId, autosave: false, duration: 30 },
    layout: { height: '860px' },
    review,
  });
  handles.push(h);
  return h;
}

/** Picks `label` in the Review step's decision form and submits it. */
export async function submitDecision(review: HTMLElement & { updateComplete: Promise<boolean> }, label: string): Promise<void> {
  review.shadowRoot!.querySelector<HTMLInputElement>(`input[name=review-label][value=${label}]`)!.click();
  await review.updateComplete;
  review.shadowRoot!.querySelector<HTMLButtonElement>('[part=decision-form] button[type=submit]')!.click();
  await review.updateComplete;
}

/** Clicks Deliver in the panel and waits for its outcome: the alert's text, or the ZIP's link. */
export async function deliverInPanel(panel: StudioDeliverPanel): Promise<{ alert: HTMLElement | null; zip: HTMLAnchorElement | null }> {
  const $ = <T extends HTMLElement = HTMLElement>(selector: string) => panel.shadowRoot!.querySelector<T>(selector);
  $<HTMLButtonElement>('[part=submit]')!.click();
  // The run begins by clearing the last outcome (before the refusal can come back).
  await panel.updateComplete;
  expect($('[part=error]'), 'the last outcome cleared').to.equal(null);
  await waitUntil(() => $('[part=error]') !== null || $('[part=zip]') !== null, 'the delivery ends', { timeout: 120_000 });
  await panel.updateComplete;
  return { alert: $('[part=error]'), zip: $<HTMLAnchorElement>('[part=zip]') };
}

/** Ticks only the podcast destination in the Deliver panel: one file, the quickest delivery. */
export async function podcastOnly(panel: StudioDeliverPanel): Promise<void> {
  for (const box of panel.shadowRoot!.querySelectorAll<HTMLInputElement>('input[id^=destination-]')) if (box.checked !== (box.id === 'destination-podcast')) box.click();
  await panel.updateComplete;
}
