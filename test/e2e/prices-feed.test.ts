// One price (issue 51) against the emulator, in the Feed step: "Play this row" and "Deliver the rows" say their
// price before they run (the run's asked again once the script changed), and the credits the emulator then
// counted (the usage on its results, and the account's credits left) never exceed it; a price is not 0 when
// something was voiced. prices-script.test.ts does the same for Make the ad and Generate voice-over.
import { expect } from '@open-wc/testing';
import { waitUntil } from '../support/wait.js';
import type { StudioHandle } from '../../src/create.js';
import { cleanupMounts } from '../support/auth.js';
import { counted, shownCredits, spent } from '../support/credits-shown.js';
import { feedTemplate, madeAdEditor, openFeedStep, QUICK_AD_SECONDS } from '../support/made-ad.js';

const CSV = `sku,product_name,price
TR-100,Trail shoes,59.99
HJ-300,Hiking jacket,189
WS-200,Wool socks,
`;

describe('One price (e2e, emulator)', () => {
  let handle: StudioHandle | undefined;
  afterEach(() => {
    handle?.destroy();
    handle = undefined;
    cleanupMounts();
  });

  it('the Feed step: "Play this row" and "Deliver the rows" show their price first, and use no more than it', async function () {
    this.timeout(300_000);
    const { h } = await madeAdEditor('editor-prices-feed', 'prices', (made) => (handle = made), QUICK_AD_SECONDS);
    feedTemplate(h, CSV);
    const { panel, $ } = await openFeedStep(h);
    await waitUntil(() => $('#feed-summary')?.textContent === '3 rows: 2 ready, 1 with problems.', 'the rows checked', { timeout: 30_000 });
    const priced = async (part: string) => {
      await waitUntil(() => /credit/.test($(`[part=${part}]`)?.textContent ?? ''), `the price of ${part}`, { timeout: 30_000 });
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

    // The script changes after the price was shown: the price is asked again for it (every row's Body, HJ-300's
    // too, is voiced again).
    const stale = $('[part=price]')!.textContent;
    const body = h.getProject().script.sections[1]!;
    h.element.store.dispatch({ type: 'script/set-text', id: body.id, text: 'Get {{product_name}} for {{price}} dollars, this week only.' });
    await panel.updateComplete;
    const deliverShown = await priced('price');
    expect(deliverShown).not.to.match(/Up to 0\b/);
    const beforeRun = counted(h.getProject());
    $<HTMLButtonElement>('[part=submit]')!.click();
    await waitUntil(() => $<HTMLAnchorElement>('a[part=zip]') !== null, 'the ZIP offered', { timeout: 240_000 });
    const runUsed = spent(beforeRun, counted(h.getProject()));
    console.warn(`prices: Deliver the rows: shown "${deliverShown}" (before the script changed: "${stale}"), the emulator counted ${runUsed}`);
    expect(runUsed, 'a Body for each of the 2 good rows').to.be.at.least(2);
    expect(runUsed, deliverShown).to.be.at.most(shownCredits(deliverShown));
  });
});
