// One price (issue 51) against the emulator, beyond the Feed step (prices-feed.test.ts): "Make the ad" and the
// Script step's "Generate voice-over" say their price before they run, and the credits the emulator then counted
// (the usage on its results, and the account's credits left) never exceed it.
import { expect } from '@open-wc/testing';
import { waitUntil } from '../support/wait.js';
// @ts-expect-error: a virtual module served by scripts/lib/emulator-plugin.mjs
import { apiBaseUrl } from '/__studio-env.js';
import { endpointAuth } from '../../src/auth/endpoint-auth.js';
import { create, type StudioHandle } from '../../src/create.js';
import { cleanupMounts, mountPoint } from '../support/auth.js';
import { counted, shownCredits, spent } from '../support/credits-shown.js';
import { deepQuery } from '../support/deep-query.js';

describe('One price (e2e, emulator)', () => {
  let handle: StudioHandle | undefined;
  afterEach(() => {
    handle?.destroy();
    handle = undefined;
    cleanupMounts();
  });

  it('"Make the ad" and "Generate voice-over" show their price first, and use no more than it', async function () {
    this.timeout(180_000);
    mountPoint('editor-prices-script');
    const user = `prices-${crypto.randomUUID().slice(0, 8)}`;
    const h = (handle = await create({
      target: '#editor-prices-script',
      auth: { userId: user, ...endpointAuth({ tokenUrl: '/host/token', refreshUrl: '/host/refresh' }) },
      api: { baseUrl: apiBaseUrl as string },
      project: { id: user, autosave: false, duration: 30 },
    }));
    const { recommendations } = await h.api.recommendFromUrl({ project_id: user, url: 'https://acme-coffee.com/products/cold-brew-kit', duration: 30, max_recommendations: 1 });
    h.element.store.dispatch({ type: 'recommendations/received', recommendations });
    await waitUntil(() => deepQuery(h.element.shadowRoot!, '#make-cost'), 'the price of Make the ad', { timeout: 30_000 });
    const makeShown = deepQuery(h.element.shadowRoot!, '#make-cost')!.textContent!;
    const before = counted(h.getProject());
    deepQuery(h.element.shadowRoot!, 'studio-editor-recommendation-card')!.shadowRoot!.querySelector<HTMLButtonElement>('button.primary')!.click();
    await waitUntil(() => h.getProject().clips.length > 0 && h.getProject().music?.url != null, 'the ad is made', { timeout: 40_000 });
    const makeUsed = spent(before, counted(h.getProject()));
    console.warn(`prices: Make the ad: shown "${makeShown}", the emulator counted ${makeUsed}`);
    expect(makeUsed).to.be.greaterThan(0);
    expect(makeUsed, makeShown).to.be.at.most(shownCredits(makeShown));

    // One section rewritten: out of date, voiced again for its price.
    const hook = h.getProject().script.sections[0]!;
    h.element.store.dispatch({ type: 'script/set-text', id: hook.id, text: 'Cold brew at home, smooth and strong, ready in the morning without any fuss at all, every single day.' });
    (h.element.shadowRoot!.querySelector('studio-editor-panels') as unknown as { active: string }).active = 'script';
    await waitUntil(() => deepQuery(h.element.shadowRoot!, '#voice-cost'), 'the price beside Generate voice-over', { timeout: 10_000 });
    const voiceShown = deepQuery(h.element.shadowRoot!, '#voice-cost')!.textContent!;
    const beforeVoice = counted(h.getProject());
    const editor = deepQuery(h.element.shadowRoot!, 'studio-editor-script-editor')!;
    editor.shadowRoot!.querySelector<HTMLButtonElement>('.actions button.primary')!.click();
    await waitUntil(() => h.getProject().clips.some((clip) => clip.sectionId === hook.id && clip.source?.text.startsWith('Cold brew at home')), 'the section voiced', { timeout: 60_000 });
    const voiceUsed = spent(beforeVoice, counted(h.getProject()));
    console.warn(`prices: Generate voice-over: shown "${voiceShown}", the emulator counted ${voiceUsed}`);
    expect(voiceUsed).to.be.greaterThan(0);
    expect(voiceUsed, voiceShown).to.be.at.most(shownCredits(voiceShown));
  });
});
