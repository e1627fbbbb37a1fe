// Opening a step of a whole editor by its tab, as a user does, and waiting until its panel is drawn: the one way
// the tests open a step (the review's e2e steps, axe and text-size checks, the panels' own tests).
import type { LitElement } from 'lit';
import type { StudioPanels } from '../../src/components/studio-panels/studio-panels.js';
import type { PanelId } from '../../src/config/types.js';
import { waitUntil } from './wait.js';

/**
 * Clicks the tab of step `id` in the editor whose shadow root is `root` (once the tab is there); resolves with its
 * panel once the panel's module is loaded, it has drawn and its update is complete (a fixed sleep here let a busy
 * machine check a panel not yet drawn).
 */
export async function openPanel<T extends HTMLElement = LitElement>(root: ShadowRoot, id: PanelId): Promise<T & { updateComplete: Promise<boolean> }> {
  const panels = root.querySelector('studio-editor-panels') as StudioPanels;
  const tab = () => panels.shadowRoot?.querySelector<HTMLButtonElement>(`#tab-${id}`) ?? null;
  await waitUntil(() => tab() !== null, `the ${id} tab`);
  tab()!.click();
  await panels.updateComplete;
  const tag = `studio-editor-${id}-panel`;
  await customElements.whenDefined(tag);
  const panel = () => root.querySelector(tag) as (T & { updateComplete: Promise<boolean> }) | null;
  await waitUntil(() => panel()?.shadowRoot?.childElementCount, `the ${id} panel drawn`);
  await panel()!.updateComplete;
  return panel()!;
}
