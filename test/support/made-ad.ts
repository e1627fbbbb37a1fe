// An ad made on the emulator as a producer makes it: ideas for a product page, then "Make the ad" on the first
// card; resolves once the takes and the bed are in the project.
import { waitUntil } from '@open-wc/testing';
import type { StudioHandle } from '../../src/create.js';
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
