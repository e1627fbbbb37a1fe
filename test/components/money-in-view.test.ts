// Money in view (issue 16): what an action costs is said before it runs when the service states a price
// (the emulator's GET /v1/pricing), nothing is said when it does not, and the toolbar shows the credits used
// and left.
import { expect } from '@open-wc/testing';
import { waitUntil } from '../support/wait.js';
// @ts-expect-error: a virtual module served by scripts/lib/emulator-plugin.mjs
import { apiBaseUrl } from '/__studio-env.js';
import { endpointAuth } from '../../src/auth/endpoint-auth.js';
import { create, type StudioHandle } from '../../src/create.js';
import { cleanupMounts, mountPoint } from '../support/auth.js';
import { deepQuery } from '../support/deep-query.js';

const deep = deepQuery;

describe('<studio-editor> prices and credits', () => {
  let handle: StudioHandle | undefined;
  afterEach(() => {
    handle?.destroy();
    handle = undefined;
    cleanupMounts();
  });

  async function open(api: object = {}): Promise<StudioHandle> {
    mountPoint('editor-money');
    const user = `money-${crypto.randomUUID().slice(0, 8)}`;
    handle = await create({
      target: '#editor-money',
      auth: { userId: user, ...endpointAuth({ tokenUrl: '/host/token', refreshUrl: '/host/refresh' }) },
      api: { baseUrl: apiBaseUrl as string, ...api },
      project: { id: user, autosave: false },
    });
    return handle;
  }

  it('says what asking for ideas and voicing the script cost before they run', async function () {
    const h = await open();
    const root = h.element.shadowRoot!;
    await waitUntil(() => deep(root, '#cost'), 'the price beside Get recommendations (the token, then the price list, from the emulator)', { timeout: 15_000 });
    expect(deep(root, '#cost')!.textContent!.trim()).to.equal('Uses 3 credits');
    const count = deep(root, 'select#count') as HTMLSelectElement;
    count.value = '5';
    count.dispatchEvent(new Event('change'));
    await waitUntil(() => deep(root, '#cost')!.textContent!.trim() === 'Uses 5 credits', 'the price follows the number of ideas', { timeout: 15_000 });
    expect(deep(root, 'button[part="submit"]')!.getAttribute('aria-describedby')).to.equal('cost');
    // An idea's "Make the ad": 5 credits and one per section (three here).
    const { recommendations } = await h.api!.recommendFromUrl({ project_id: h.getProject().project_id, url: 'https://acme-coffee.com/products/cold-brew-kit', duration: 30, max_recommendations: 1 });
    h.element.store.dispatch({ type: 'recommendations/received', recommendations });
    await waitUntil(() => deep(root, '#make-cost'), 'the price beside Make the ad', { timeout: 15_000 });
    expect(deep(root, '#make-cost')!.textContent!.trim()).to.equal(`Uses ${5 + recommendations[0]!.script.sections.length} credits`);
    // The script: 30 words in one section out of date, one block of 25 started twice.
    const words = Array.from({ length: 30 }, (_, i) => `word${i}`).join(' ');
    await h.loadProject({ ...h.getProject(), script: { sections: [{ id: 'hook', label: 'Hook', text: words }] } });
    (h.element.shadowRoot!.querySelector('studio-editor-panels') as unknown as { active: string }).active = 'script';
    await waitUntil(() => deep(root, '#voice-cost'), 'the price beside Generate voice-over', { timeout: 15_000 });
    expect(deep(root, '#voice-cost')!.textContent!.trim()).to.equal('Uses 2 credits');
    expect(deep(root, '#fit-cost')!.textContent!.trim()).to.equal('Uses 1 credit');
  });

  it('says nothing of prices when the service has no price list', async () => {
    const h = await open({ paths: { pricing: '/v1/no-such-price-list' } });
    await waitUntil(() => deep(h.element.shadowRoot!, 'button[part="submit"]'), 'the form');
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(deep(h.element.shadowRoot!, '.cost')).to.equal(null);
    expect(await h.api!.pricing()).to.equal(undefined);
  });

  it('shows the credits used and left from the service’s latest usage', async () => {
    const h = await open();
    h.element.store.dispatch({ type: 'usage/received', operation: 'voiceover', usage: { credits_used: 2, credits_remaining: 998 } });
    h.element.store.dispatch({ type: 'usage/received', operation: 'voiceover', usage: { credits_used: 3, credits_remaining: 995 } });
    await h.element.updateComplete;
    const toolbar = h.element.shadowRoot!.querySelector('studio-editor-toolbar')!;
    await toolbar.updateComplete;
    expect(toolbar.shadowRoot!.querySelector('.credits')!.textContent!.trim()).to.equal('5 credits used, 995 left');
  });
});
