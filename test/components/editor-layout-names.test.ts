// Issue 15: the whole editor mounted with create() at 1280x800 (libraries from the service emulator):
// no panel scrolls sideways, and no two value controls share an accessible name (one "Music level").
import { expect } from '@open-wc/testing';
import { waitUntil } from '../support/wait.js';
import { setViewport } from '@web/test-runner-commands';
// @ts-expect-error: a virtual module served by scripts/lib/emulator-plugin.mjs
import { apiBaseUrl } from '/__studio-env.js';
import { endpointAuth } from '../../src/auth/endpoint-auth.js';
import type { StudioPanels } from '../../src/components/studio-panels/studio-panels.js';
import type { PanelId } from '../../src/config/types.js';
import { create, type StudioHandle } from '../../src/create.js';
import { createProject } from '../../src/model/document.js';
import { cleanupMounts, mountPoint } from '../support/auth.js';

const PANELS: PanelId[] = ['recommend', 'script', 'voice', 'music', 'mix', 'master', 'export', 'deliver'];

/** Every element under `root`, through open shadow roots. */
function deepAll(root: ParentNode, out: Element[] = []): Element[] {
  for (const element of root.querySelectorAll('*')) {
    out.push(element);
    if (element.shadowRoot) deepAll(element.shadowRoot, out);
  }
  return out;
}

/** The accessible name of a form control: aria-label, aria-labelledby, or its label. */
function nameOf(control: HTMLElement): string {
  const root = control.getRootNode() as Document | ShadowRoot;
  const labelledby = control.getAttribute('aria-labelledby');
  if (control.getAttribute('aria-label')) return control.getAttribute('aria-label')!.trim();
  if (labelledby) return labelledby.split(/\s+/).map((id) => root.getElementById(id)?.textContent?.trim() ?? '').join(' ');
  const labels = (control as HTMLInputElement).labels;
  return labels && labels.length > 0 ? [...labels].map((label) => label.textContent!.replace(/\s+/g, ' ').trim()).join(' ') : '';
}

describe('the whole editor at 1280x800 (issue 15)', () => {
  let handle: StudioHandle | undefined;

  afterEach(async () => {
    handle?.destroy();
    cleanupMounts();
    await setViewport({ width: 800, height: 600 });
  });

  async function mountEditor(): Promise<StudioHandle> {
    await setViewport({ width: 1280, height: 800 });
    mountPoint('editor');
    const userId = `layout-${Math.random().toString(36).slice(2)}`;
    const opened = await create({
      target: '#editor',
      api: { baseUrl: apiBaseUrl as string },
      auth: { userId, ...endpointAuth({ tokenUrl: '/host/token', refreshUrl: '/host/refresh' }) },
      project: { id: `layout-${userId}`, autosave: false },
    });
    // A script with a long unbroken word and a few sections, as a chosen idea gives.
    const project = createProject({ projectId: `layout-${userId}`, title: 'Acme Coffee: the espresso that wakes the street', duration: 30 });
    await opened.loadProject({
      ...project,
      script: {
        sections: [
          { id: 'hook', label: 'Hook', text: 'Wake up to Acme Coffee. https://www.acme-coffee.com/products/espresso-single-origin-dark-roast' },
          { id: 'body', label: 'Body', text: 'Roasted fresh in small batches, ground just before brewing, and delivered to your door every week.' },
          { id: 'cta', label: 'Call to action', text: 'Order today at acme-coffee.com.' },
        ],
      },
    });
    return opened;
  }

  it('shows every panel without sideways scrolling', async function () {
    handle = await mountEditor();
    const panels = handle.element.shadowRoot!.querySelector('studio-editor-panels') as StudioPanels;
    for (const id of PANELS) {
      panels.shadowRoot!.querySelector<HTMLButtonElement>(`#tab-${id}`)!.click();
      await panels.updateComplete;
      // The side panel, or the stage where Recommend is the Create view (no ad yet).
      const side = panels.shadowRoot!.querySelector<HTMLElement>('[part=panel]')!;
      const area = side.querySelector('slot') !== null ? side : panels.shadowRoot!.querySelector<HTMLElement>('[part=stage]')!;
      await customElements.whenDefined(`studio-editor-${id}-panel`);
      const panel = handle.element.shadowRoot!.querySelector<HTMLElement & { updateComplete: Promise<unknown> }>(`studio-editor-${id}-panel`)!;
      await panel.updateComplete;
      if (id === 'voice' || id === 'music') await waitUntil(() => deepAll(panel.shadowRoot!).some((element) => element.localName === 'li'), `${id} library`, { timeout: 8000 });
      await new Promise((resolve) => requestAnimationFrame(resolve));
      expect(area.scrollWidth, `${id}: the panel area scrolls sideways`).to.be.at.most(area.clientWidth);
      expect(panel.scrollWidth, `${id}: the panel scrolls sideways`).to.be.at.most(panel.clientWidth);
      const box = area.getBoundingClientRect();
      const clipped = deepAll(panel.shadowRoot!)
        .filter((element) => element instanceof HTMLElement && element.offsetParent !== null)
        .filter((element) => element.getBoundingClientRect().right > box.right + 1)
        .map((element) => `${element.localName}.${element.className}`);
      expect(clipped, `${id}: elements past the panel's right edge`).to.deep.equal([]);
    }
  });

  it('gives every value control across the panels its own accessible name', async function () {
    handle = await mountEditor();
    const panels = handle.element.shadowRoot!.querySelector('studio-editor-panels') as StudioPanels;
    const names = new Map<string, string[]>();
    for (const id of PANELS) {
      panels.shadowRoot!.querySelector<HTMLButtonElement>(`#tab-${id}`)!.click();
      await panels.updateComplete;
      await customElements.whenDefined(`studio-editor-${id}-panel`);
      const panel = handle.element.shadowRoot!.querySelector<HTMLElement & { updateComplete: Promise<unknown> }>(`studio-editor-${id}-panel`)!;
      await panel.updateComplete;
      const controls = deepAll(panel.shadowRoot!).filter(
        (element): element is HTMLElement =>
          (element instanceof HTMLInputElement && !['radio', 'checkbox', 'file', 'hidden'].includes(element.type)) ||
          element instanceof HTMLSelectElement ||
          element instanceof HTMLTextAreaElement ||
          element.getAttribute('role') === 'slider',
      );
      for (const control of controls) {
        const name = nameOf(control);
        expect(name, `${id}: a ${control.localName} without a name`).to.not.equal('');
        names.set(name, [...(names.get(name) ?? []), id]);
      }
    }
    const shared = [...names].filter(([, where]) => where.length > 1).map(([name, where]) => `${name} (${where.join(', ')})`);
    expect(shared).to.deep.equal([]);
    expect(names.has('Music level')).to.equal(true);
  });
});
