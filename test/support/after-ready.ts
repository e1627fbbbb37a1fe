import { waitUntil } from './wait.js';
import type { MixPreviewSource } from '../../src/audio/preview-state.js';

type Updating = Element & { updateComplete?: Promise<unknown> };

/**
 * What an editor loads after `studio-ready`, there and rendered: its audio (the mix preview, returned), and
 * the module of the timeline and of every panel (the panels not shown are fetched when the page is idle).
 */
export async function afterReady(element: HTMLElement): Promise<MixPreviewSource> {
  const lazy = [...element.shadowRoot!.querySelectorAll<Updating>('[data-loading]')];
  await Promise.all(lazy.map((panel) => customElements.whenDefined(panel.localName)));
  await Promise.all(lazy.map((panel) => panel.updateComplete));
  const withPreview = element as unknown as { preview: MixPreviewSource | undefined };
  await waitUntil(() => withPreview.preview !== undefined, 'the editor has its audio', { timeout: 10000 });
  return withPreview.preview!;
}
