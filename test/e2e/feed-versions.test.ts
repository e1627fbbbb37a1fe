// A feed delivered in two versions from the Feed step against the emulator (issue 51, "Versions in a feed" and "a
// row refused before voicing"): the versions are ticked in the step and named before the run starts; a row whose
// key holds a control character is refused before anything is voiced (the emulator logged no voice-over of its
// words) and nothing of it is in the ZIP; the outcome, the manifest and the report name the versions delivered.
// And the step after the run, at 1280 and 390 px, for the eye.
import { expect } from '@open-wc/testing';
import { executeServerCommand, setViewport } from '@web/test-runner-commands';
import { strFromU8, unzipSync } from 'fflate';
// @ts-expect-error: a virtual module served by scripts/lib/emulator-plugin.mjs
import { emulatorAdmin } from '/__studio-env.js';
import type { StudioHandle } from '../../src/create.js';
import type { DeliveryManifest } from '../../src/delivery/types.js';
import { openContent } from '../../src/model/versions.js';
import '../../src/model/delivery-edits.js';
import { cleanupMounts } from '../support/auth.js';
import { feedStepWith, feedTemplate, madeAdEditor, QUICK_AD_SECONDS } from '../support/made-ad.js';
import { waitUntil } from '../support/wait.js';
import { viewportWidth } from '../support/engine.js';

/** The refused row's key: a BEL inside it. Its product's words are voiced by no other row. */
const BAD_KEY = 'GL-7\u0007';
const CSV = `sku,product_name,price
HJ-300,Hiking jacket,189
${BAD_KEY},Gas lantern,24.99
`;

/** The texts `user` asked the emulator to voice, in order (a test-only route). */
async function voiced(user: string): Promise<string[]> {
  const answer = await fetch(`${emulatorAdmin as string}/voiceovers?user=${encodeURIComponent(user)}`);
  expect(answer.status).to.equal(200);
  return ((await answer.json()) as { texts: string[] }).texts;
}

describe('A feed in two versions, a row refused before voicing (e2e, emulator)', () => {
  let handle: StudioHandle | undefined;
  afterEach(async () => {
    await setViewport({ width: 800, height: 600 });
    handle?.destroy();
    handle = undefined;
    cleanupMounts();
  });

  it('names the versions before the run and after it, voices nothing of the refused row and zips nothing of it', async function () {
    this.timeout(300_000);
    const { h, user } = await madeAdEditor('editor-feed-versions', 'feed-versions', (made) => (handle = made), QUICK_AD_SECONDS);
    feedTemplate(h, undefined);
    const dispatch = h.element.store.dispatch.bind(h.element.store);
    // An alternate of the template, with no Ad-ID of its own; the :15 stays open.
    dispatch({ type: 'version/add', version: { id: 'v2', label: 'Alt CTA' }, content: openContent(h.getProject()) });
    dispatch({ type: 'version/open', id: 'v1' });
    // One destination: a row is two files (one a version), which keeps the run short on a busy machine.
    dispatch({ type: 'delivery/destinations', destinations: ['client-approval'] });
    const { panel, $ } = await feedStepWith(h, CSV, '2 rows: 1 ready, 1 with problems.');

    // The open version by default; the alternate ticked: the run names both before it starts, and its price is theirs.
    expect($('#feed-plan-versions')?.textContent).to.equal('Versions: :15');
    const alternate = $<HTMLInputElement>('#feed-version-v2')!;
    expect(alternate.checked).to.equal(false);
    alternate.click();
    await panel.updateComplete;
    expect($('#feed-plan-versions')?.textContent).to.equal('Versions: :15 and Alt CTA');
    expect($<HTMLInputElement>('#feed-version-v1')!.checked).to.equal(true);
    expect($('[part=submit]')!.getAttribute('aria-describedby')).to.equal('feed-plan feed-plan-versions');
    await waitUntil(() => /credits?|Price not stated/.test($('[part=price]')?.textContent ?? ''), 'the price of both versions', { timeout: 10_000 });
    // The refused row, in the grid: its key's problem is the same in each version, so said once, with no version.
    const bad = $('tr[data-row="2"]')!;
    expect(bad.dataset['status']).to.equal('problem');
    expect(bad.querySelector('td.key')!.textContent, 'the key\'s BEL written out, not drawn as a box').to.equal('GL-7\\u0007');
    expect(bad.querySelector('li[data-kind=key-control]')?.getAttribute('data-version')).to.equal('');
    expect([...bad.querySelectorAll('.per-version .version')].map((name) => name.textContent)).to.deep.equal([':15', 'Alt CTA', ':15', 'Alt CTA']);

    const before = (await voiced(user)).length;
    $<HTMLButtonElement>('[part=submit]')!.click();
    await waitUntil(() => $<HTMLAnchorElement>('a[part=zip]') !== null || $('[part=deliver] [role=alert]') !== null, 'the run over', { timeout: 240_000 });
    expect($('[part=deliver] [role=alert]'), $('[part=deliver] [role=alert]')?.textContent ?? '').to.equal(null);

    // What the run asked the service to voice: the other rows' words, never the refused row's.
    const texts = (await voiced(user)).slice(before);
    expect(texts.filter((text) => text.includes('Hiking jacket')).length, texts.join(' | ')).to.be.above(0);
    expect(texts.filter((text) => text.includes('Gas lantern')), 'voice-overs of the refused row').to.deep.equal([]);

    // The outcome: the versions it delivered, and the refused row failed with its key's problem.
    expect($('[part=results] .run-versions')?.textContent).to.equal('Versions: :15 and Alt CTA');
    const failed = $(`[part=outcome][data-key="${BAD_KEY}"]`)!;
    expect(failed.classList.contains('failed')).to.equal(true);
    expect(failed.textContent).to.match(/control or bidirectional character/);
    expect(failed.querySelector('strong')!.textContent).to.equal('Row 2: GL-7\\u0007');

    // Nothing of the refused row in the ZIP; the manifest and the report name both versions.
    const zip = unzipSync(new Uint8Array(await (await fetch($<HTMLAnchorElement>('a[part=zip]')!.href)).arrayBuffer()));
    const names = Object.keys(zip);
    expect(names.filter((name) => name.startsWith('GL-7')), names.join(' | ')).to.deep.equal([]);
    expect(names.some((name) => name.startsWith('HJ-300/'))).to.equal(true);
    const manifest = JSON.parse(strFromU8(zip['manifest.json']!)) as DeliveryManifest;
    expect(manifest.versions!.map((version) => version.id)).to.deep.equal(['v1', 'v2']);
    const row = manifest.feed!.rows.find((entry) => entry.key === BAD_KEY)!;
    expect(row.status).to.equal('failed');
    expect(row.files).to.deep.equal([]);
    expect(manifest.files.filter((file) => file.row === BAD_KEY)).to.deep.equal([]);
    expect(strFromU8(zip['report.html']!)).to.match(/<dt>Version<\/dt><dd>:15, Alt CTA<\/dd>/);

    // The step after the run, for the eye: the versions, the outcome with its failed row, at a desktop's and a phone's width.
    await expect(panel).to.be.accessible();
    for (const [width, height] of [
      [1280, 800],
      [viewportWidth(390), 844],
    ] as const) {
      await setViewport({ width, height });
      await panel.updateComplete;
      $('[part=deliver]')!.scrollIntoView({ block: 'start' });
      await executeServerCommand('studio-screenshot', { name: `feed-versions-run-${width}` });
      const box = $('[part=grid-box]')!;
      box.scrollLeft = box.scrollWidth;
      box.scrollIntoView({ block: 'start' });
      await executeServerCommand('studio-screenshot', { name: `feed-versions-grid-${width}` });
    }
  });
});
