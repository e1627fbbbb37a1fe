// Opening a step of a whole editor by its tab, as a user does, and waiting until its panel is drawn.
import type { LitElement } from 'lit';
import type { StudioPanels } from '../../src/components/studio-panels/studio-panels.js';
import type { PanelId } from '../../src/config/types.js';
import { deepQuery } from './deep-query.js';
import { waitUntil } from './wait.js';

/**
 * Clicks the tab of step `id` in the editor whose shadow root is `root`; resolves with its panel once the panel's
 * module is loaded, it has drawn and its update is complete (a fixed sleep here let a busy machine check a panel
 * not yet drawn).
 */
export async function openPanel(root: ShadowRoot, id: PanelId): Promise<LitElement> {
  const panels = root.querySelector('studio-editor-panels') as StudioPanels;
  panels.shadowRoot!.querySelector<HTMLButtonElement>(`#tab-${id}`)!.click();
  await panels.updateComplete;
  const tag = `studio-editor-${id}-panel`;
  await customElements.whenDefined(tag);
  const panel = () => deepQuery(root, tag) as LitElement | null;
  await waitUntil(() => panel()?.shadowRoot?.childElementCount, `the ${id} panel drawn`);
  await panel()!.updateComplete;
  return panel()!;
}
