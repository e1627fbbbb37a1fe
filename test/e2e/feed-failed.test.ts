// A feed's run in the Feed step against the emulator (issue 51): when no row can be delivered, the panel says why,
// row by row, in words (not "Something went wrong", not only in the host's studio-error); a row heard that cannot
// be says why too. And a run that delivers: its report's "Credits used" is what the service reported for the
// run, the toolbar's change over it.
import { expect } from '@open-wc/testing';
import { waitUntil } from '../support/wait.js';
import { setViewport } from '@web/test-runner-commands';
import { strFromU8, unzipSync } from 'fflate';
// @ts-expect-error: a virtual module served by scripts/lib/emulator-plugin.mjs
import { emulatorAdmin } from '/__studio-env.js';
import type { StudioHandle } from '../../src/create.js';
import type { DeliveryManifest } from '../../src/delivery/types.js';
import { cleanupMounts } from '../support/auth.js';
import { lookAt, lookAtReport } from '../support/look-at.js';
import { feedStepWith, feedTemplate, madeAdEditor, QUICK_AD_SECONDS } from '../support/made-ad.js';

const CSV = `sku,product_name,price
TR-100,Trail shoes,59.99
HJ-300,Hiking jacket,189
WS-200,Wool socks,
WB-600,Water bottle,9.99
`;

/** Arms (or with `null`, disarms) the emulator's failure of every voice-over whose text holds `text`, for `user` only. */
async function failVoiceovers(user: string, text: string | null): Promise<void> {
  const answer = await fetch(`${emulatorAdmin as string}/faults`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ failVoiceoverText: text, scope: user }),
  });
  expect(answer.status).to.equal(200);
}

describe('A feed run that fails, and its credits (e2e, emulator)', () => {
  let handle: StudioHandle | undefined;
  let user: string | undefined;
  afterEach(async () => {
    if (user !== undefined) await failVoiceovers(user, null);
    await setViewport({ width: 800, height: 600 });
    handle?.destroy();
    handle = undefined;
    user = undefined;
    cleanupMounts();
  });

  /** The Feed step of a made ad turned template, with the CSV pasted and checked. */
  async function feedStep() {
    const made = await madeAdEditor('editor-feed-failed', 'feed-failed', (h) => (handle = h), QUICK_AD_SECONDS);
    user = made.user;
    const h = made.h;
    feedTemplate(h, undefined);
    const { panel, $ } = await feedStepWith(h, CSV, '4 rows: 3 ready, 1 with problems.');
    await waitUntil(() => /credits?|Price not stated/.test($('[part=price]')?.textContent ?? ''), 'the price', { timeout: 10_000 });
    return { h, panel, $ };
  }

  /** The credits the toolbar reads (`33 credits used`), as a number. */
  const toolbarCredits = (h: StudioHandle): number => {
    const text = h.element.shadowRoot!.querySelector('studio-editor-toolbar')!.shadowRoot!.querySelector('.credits')?.textContent ?? '';
    const figure = /([\d,]+) credits? used/.exec(text);
    expect(figure, text).to.not.equal(null);
    return Number(figure![1]!.replace(/,/g, ''));
  };

  it('no row delivered: the panel names each row with its reason, then what to do; a row heard says why it cannot be', async function () {
    this.timeout(300_000);
    const { h, panel, $ } = await feedStep();
    const errors: { code: string; message: string }[] = [];
    h.on('error', (detail) => errors.push(detail));
    // Every row's Body ("… dollars, today only.") fails on the service.
    await failVoiceovers(user!, 'dollars');

    $<HTMLButtonElement>('[part=submit]')!.click();
    await waitUntil(() => $('[part=deliver] [role=alert]') !== null, 'the run failed', { timeout: 240_000 });
    const alert = $('[part=deliver] [role=alert]')!;
    expect(alert.querySelector('p')!.textContent).to.equal('No row could be delivered, for the reasons below; nothing was kept and the project is unchanged. Fix these rows, then deliver again.');
    const rows = [...alert.querySelectorAll<HTMLElement>('[part=error-rows] li')].map((li) => li.textContent!.replace(/\s+/g, ' ').trim());
    expect(rows.map((row) => row.split(':')[0]).sort(), rows.join(' | ')).to.deep.equal(['HJ-300', 'TR-100', 'WB-600', 'WS-200']);
    for (const key of ['TR-100', 'HJ-300', 'WB-600']) expect(rows.find((row) => row.startsWith(`${key}:`)), key).to.match(/voice-over failed.*could not speak this text/i);
    expect(rows.find((row) => row.startsWith('WS-200:')), 'the row the check refused, with its problem').to.match(/price/);
    expect(alert.textContent).not.to.include('Something went wrong');
    // The same reasons reached the host, as before, and no more than once.
    expect(errors.filter((error) => error.code === 'deliver-failed').length).to.equal(1);
    expect($('a[part=zip]'), 'nothing kept').to.equal(null);
    await expect(panel).to.be.accessible();
    await lookAt('feed-failed', () => $('[part=deliver]')!, () => panel.updateComplete);

    // "Play this row": the voice-over fails, and the player says so in words.
    $<HTMLInputElement>('#row-0')!.click();
    await panel.updateComplete;
    $<HTMLButtonElement>('[part=play]')!.click();
    await waitUntil(() => $('[part=player] [role=alert]') !== null, 'the row could not be heard', { timeout: 60_000 });
    const played = $('[part=player] [role=alert]')!.textContent!;
    expect(played).to.match(/^Row TR-100 could not be played: The service could not finish this job\./);
    expect(played).not.to.include('Something went wrong');
  });

  it('a delivered run: the report\'s "Credits used" is what the service reported for the run, the toolbar\'s change over it', async function () {
    this.timeout(300_000);
    const { h, panel, $ } = await feedStep();
    // A row heard first: its take is paid now, not by the run.
    $<HTMLInputElement>('#row-1')!.click();
    await panel.updateComplete;
    $<HTMLButtonElement>('[part=play]')!.click();
    await waitUntil(() => $<HTMLAudioElement>('audio[part=audio]')?.src.startsWith('blob:'), 'the row heard', { timeout: 60_000 });
    await panel.updateComplete;
    const before = toolbarCredits(h);

    $<HTMLButtonElement>('[part=submit]')!.click();
    await waitUntil(() => $<HTMLAnchorElement>('a[part=zip]') !== null, 'the ZIP offered', { timeout: 240_000 });
    await h.element.updateComplete;
    const after = toolbarCredits(h);
    expect(after, 'the run voiced two rows, each a paid Body').to.be.above(before);

    const files = unzipSync(new Uint8Array(await (await fetch($<HTMLAnchorElement>('a[part=zip]')!.href)).arrayBuffer()));
    const manifest = JSON.parse(strFromU8(files['manifest.json']!)) as DeliveryManifest;
    const report = strFromU8(files['report.html']!);
    const figure = /<dt>Credits used<\/dt><dd>([^<]+)<\/dd>/.exec(report)?.[1];
    expect(manifest.credits).to.equal(after - before);
    expect(figure).to.equal(String(after - before));
    expect(manifest.feed!.takes.voiced).to.equal(2);
    // The run with a refused row, looked at: the Feed step's outcome, then the report, at 1280 and 390 px.
    expect(report, 'the report names the refused row').to.include('WS-200');
    await lookAt('feed-delivered-refused', () => $('[part=deliver]')!, () => panel.updateComplete);
    await lookAtReport(report, 'feed-report-refused');
  });
});
