// One price (issue 51) against the emulator: each paid action says its price before it runs, and the credits the
// emulator then counted for it (the usage on its results, and the account's credits left) never exceed it; a price
// is not 0 when something was voiced. The Feed step's "Play this row" and "Deliver the rows" (the price asked again
// once the script changed), "Make the ad" and "Generate voice-over" in the Script step.
import { expect, waitUntil } from '@open-wc/testing';
// @ts-expect-error: a virtual module served by scripts/lib/emulator-plugin.mjs
import { apiBaseUrl } from '/__studio-env.js';
import { endpointAuth } from '../../src/auth/endpoint-auth.js';
import { create, type StudioHandle } from '../../src/create.js';
import { creditsOf } from '../../src/model/credits.js';
import type { ProjectDocument } from '../../src/model/document.js';
import { cleanupMounts, mountPoint } from '../support/auth.js';
import { deepQuery } from '../support/deep-query.js';
import { feedTemplate, madeAdEditor } from '../support/made-ad.js';

const CSV = `sku,product_name,price
TR-100,Trail shoes,59.99
HJ-300,Hiking jacket,189
WS-200,Wool socks,
WB-600,Water bottle,9.99
`;

/** The most a shown price says, in credits: "Up to 4 credits", "2 credits; up to 8 if…", "Uses 3 credits", "Uses no credits". */
function shownCredits(text: string): number {
  if (/no credits/.test(text)) return 0;
  const numbers = [...text.matchAll(/\d+/g)].map(([n]) => Number(n));
  expect(numbers.length, `a price: ${text}`).to.be.greaterThan(0);
  return numbers.at(-1)!;
}

/** What the emulator counted so far: the credits its results reported used, and the credits it last said were left. */
function counted(project: ProjectDocument): { used: number; left: number | undefined } {
  const { used, left } = creditsOf(project.usage);
  return { used: used ?? 0, left };
}

/** The credits an action used, by its usage records and by the account's balance (the two must agree). */
function spent(before: ReturnType<typeof counted>, after: ReturnType<typeof counted>): number {
  const used = after.used - before.used;
  if (before.left !== undefined && after.left !== undefined) expect(before.left - after.left, 'the balance fell by what the results reported').to.equal(used);
  return used;
}

describe('One price (e2e, emulator)', () => {
  let handle: StudioHandle | undefined;
  afterEach(() => {
    handle?.destroy();
    handle = undefined;
    cleanupMounts();
  });

  it('the Feed step: "Play this row" and "Deliver the rows" show their price first, and use no more than it', async function () {
    this.timeout(300_000);
    const { h } = await madeAdEditor('editor-prices-feed', 'prices', (made) => (handle = made));
    feedTemplate(h, CSV);
    const panels = h.element.shadowRoot!.querySelector('studio-editor-panels')!;
    panels.shadowRoot!.querySelector<HTMLButtonElement>('#tab-feed')!.click();
    await customElements.whenDefined('studio-editor-feed-panel');
    const panel = h.element.shadowRoot!.querySelector('studio-editor-feed-panel') as HTMLElement & { updateComplete: Promise<boolean> };
    await panel.updateComplete;
    const $ = <T extends HTMLElement = HTMLElement>(selector: string) => panel.shadowRoot!.querySelector<T>(selector);
    await waitUntil(() => $('#feed-summary')?.textContent === '4 rows: 3 ready, 1 with problems.', 'the rows checked', { timeout: 10_000 });
    const priced = async (part: string) => {
      await waitUntil(() => /credit/.test($(`[part=${part}]`)?.textContent ?? ''), `the price of ${part}`, { timeout: 10_000 });
      return $(`[part=${part}]`)!.textContent!;
    };

    // "Play this row": HJ-300 (row 2), its Body voiced.
    $<HTMLInputElement>('#row-1')!.click();
    await panel.updateComplete;
    const playShown = await priced('play-price');
    const beforePlay = counted(h.getProject());
    $<HTMLButtonElement>('[part=play]')!.click();
    await waitUntil(() => $<HTMLAudioElement>('audio[part=audio]')?.src.startsWith('blob:'), 'the row heard', { timeout: 60_000 });
    const playUsed = spent(beforePlay, counted(h.getProject()));
    console.warn(`prices: Play this row: shown "${playShown}", the emulator counted ${playUsed}`);
    expect(playUsed, 'its Body voiced').to.be.greaterThan(0);
    expect(playUsed, playShown).to.be.at.most(shownCredits(playShown));
    expect(shownCredits(playShown)).to.be.greaterThan(0);

    // The script changes after the price was shown: the price is asked again (the old one would be too low: every
    // row's Body, HJ-300's too, is voiced again).
    const stale = await priced('price');
    const body = h.getProject().script.sections[1]!;
    h.element.store.dispatch({ type: 'script/set-text', id: body.id, text: 'Get {{product_name}} for {{price}} dollars, this week only.' });
    await waitUntil(() => /credit/.test($('[part=price]')?.textContent ?? '') && $('[part=price]')!.textContent !== stale, 'the price asked again', { timeout: 10_000 });
    const deliverShown = await priced('price');
    expect(deliverShown).not.to.match(/Up to 0\b/);
    const beforeRun = counted(h.getProject());
    $<HTMLButtonElement>('[part=submit]')!.click();
    await waitUntil(() => $<HTMLAnchorElement>('a[part=zip]') !== null, 'the ZIP offered', { timeout: 240_000 });
    const runUsed = spent(beforeRun, counted(h.getProject()));
    console.warn(`prices: Deliver the rows: shown "${deliverShown}" (before the script changed: "${stale}"), the emulator counted ${runUsed}`);
    expect(runUsed, 'a Body for each of the 3 good rows').to.be.at.least(3);
    expect(runUsed, deliverShown).to.be.at.most(shownCredits(deliverShown));
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
