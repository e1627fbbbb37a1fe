// A <studio-editor> on the page against the service emulator (over HTTP, through the host's token endpoints), for
// a user and a project of its own, ready: the start most emulator tests of components share.
import { fixture, html, oneEvent } from '@open-wc/testing';
// @ts-expect-error: a virtual module served by scripts/lib/emulator-plugin.mjs
import { apiBaseUrl } from '/__studio-env.js';
import { endpointAuth } from '../../src/auth/endpoint-auth.js';
import '../../src/components/studio-editor/studio-editor.js';
import type { StudioEditor } from '../../src/components/studio-editor/studio-editor.js';
import type { StudioConfig } from '../../src/config/types.js';
import type { ServiceClient } from '../../src/api/client.js';
import type { StudioPanels } from '../../src/components/studio-panels/studio-panels.js';
import type { StudioScriptPanel } from '../../src/components/studio-script-panel/studio-script-panel.js';
import { waitUntil } from './wait.js';

/** Mounts the editor with `config` (besides auth, the emulator's base and a project of its own, not autosaved). */
export async function elementOnEmulator(prefix: string, config: Omit<StudioConfig, 'auth' | 'api' | 'project'>): Promise<StudioEditor> {
  const element = await fixture<StudioEditor>(html`<studio-editor></studio-editor>`);
  const ready = oneEvent(element, 'studio-ready');
  const id = `${prefix}-${Math.random().toString(36).slice(2)}`;
  element.config = {
    ...config,
    auth: { userId: id, ...endpointAuth({ tokenUrl: '/host/token', refreshUrl: '/host/refresh' }) },
    api: { baseUrl: apiBaseUrl as string },
    project: { id, autosave: false },
  };
  await ready;
  return element;
}

/** Opens `editor`'s Script step and resolves with its panel once the panel has the service client. */
export async function scriptPanel(editor: StudioEditor): Promise<StudioScriptPanel> {
  const panels = editor.shadowRoot!.querySelector('studio-editor-panels') as StudioPanels;
  panels.shadowRoot!.querySelector<HTMLButtonElement>('#tab-script')!.click();
  await customElements.whenDefined('studio-editor-script-panel');
  const panel = editor.shadowRoot!.querySelector<StudioScriptPanel>('studio-editor-script-panel')!;
  await waitUntil(() => (panel as unknown as { client?: ServiceClient }).client !== undefined, 'the panel has no client');
  return panel;
}
