// One identity per creative (issue 51) against the emulator. Two versions with one Ad-ID: the Deliver panel says so
// in words naming both, and `deliver()` rejects with `ad-id-duplicate`; nothing is rendered (no progress, no event).
// A feed with an Ad-ID column, delivered to vast-audio: each row's vast.xml carries that row's own UniversalAdId
// (never the campaign's), valid against the VAST 4.1 XSD, and no `about:blank` anywhere in the ZIP; two rows with
// one Ad-ID are refused before anything is voiced. A vast-audio delivery without an impression URL is refused.
import { expect } from '@open-wc/testing';
import { waitUntil } from '../support/wait.js';
import { executeServerCommand } from '@web/test-runner-commands';
import { strFromU8, unzipSync } from 'fflate';
import sinon from 'sinon';
import type { StudioHandle } from '../../src/create.js';
import type { StudioError } from '../../src/errors.js';
import { createFeed } from '../../src/feed/mapping.js';
import { parseFeed } from '../../src/feed/import.js';
import { openContent } from '../../src/model/versions.js';
import { scriptSlots } from '../../src/script/slots.js';
import { cleanupMounts } from '../support/auth.js';
import { feedTemplate, madeAdEditor, openDeliverPanel, QUICK_AD_SECONDS } from '../support/made-ad.js';

const VAST_NS = 'http://www.iab.com/VAST';
const CAMPAIGN_AD_ID = 'ACME1234000';
const BASE = 'https://cdn.example.com/ads/feed/';
const IMPRESSION = 'https://track.example.com/imp?ad=feed';
const CSV = `sku,product_name,price,ad_id
TR-100,Trail shoes,59.99,ACME5000100
HJ-300,Hiking jacket,189,acme5000300
`;

describe('One identity per creative (e2e, emulator)', () => {
  let handle: StudioHandle | undefined;
  afterEach(() => {
    sinon.restore();
    handle?.destroy();
    handle = undefined;
    cleanupMounts();
  });

  it('refuses two versions with one Ad-ID in the Deliver panel and in deliver(), naming both, and renders nothing', async function () {
    this.timeout(180_000);
    const { h } = await madeAdEditor('editor-identity', 'identity', (made) => (handle = made), QUICK_AD_SECONDS);
    const dispatch = h.element.store.dispatch.bind(h.element.store);
    dispatch({ type: 'campaign/set', campaign: { advertiser: 'Acme', adId: CAMPAIGN_AD_ID } });
    // An alternate with the :15's Ad-ID typed again.
    dispatch({ type: 'version/add', version: { id: 'v2', label: 'Alt CTA', adId: CAMPAIGN_AD_ID }, content: openContent(h.getProject()) });
    dispatch({ type: 'version/open', id: 'v1' });
    const events: unknown[] = [];
    h.on('deliver', (detail) => events.push(detail));

    const stages: string[] = [];
    const error = await h.deliver({ destinations: ['broadcast-ebu-r128'], onProgress: ({ stage }) => stages.push(stage) }).then(
      () => null,
      (reason: StudioError) => reason,
    );
    expect(error?.code).to.equal('ad-id-duplicate');
    expect(error?.recoverable).to.equal(true);
    expect(error?.message).to.equal(
      'Not delivered: Version ":15" and version "Alt CTA" have the same Ad-ID, "ACME1234000": an ad server rejects or merges two creatives with one Ad-ID, so give each its own (or leave one empty for no code).',
    );
    expect(stages, 'nothing rendered').to.deep.equal([]);

    const panel = await openDeliverPanel(h);
    const $ = <T extends HTMLElement = HTMLElement>(selector: string) => panel.shadowRoot!.querySelector<T>(selector);
    // Each version's own field: the campaign's Ad-ID is the first version's placeholder only.
    expect($<HTMLInputElement>('#version-adId-v1')!.placeholder).to.equal(CAMPAIGN_AD_ID);
    expect($<HTMLInputElement>('#version-adId-v2')!.value).to.equal(CAMPAIGN_AD_ID);
    $<HTMLButtonElement>('[part=submit]')!.click();
    await waitUntil(() => ($('[part=error]')?.textContent ?? '') !== '', 'the refusal');
    expect($('[part=error]')!.textContent).to.contain('Version “:15” and version “Alt CTA” have the same Ad-ID, ACME1234000');
    expect($('[part=progress]'), 'nothing started').to.equal(null);

    // Given its own Ad-ID in its field, the alternate goes.
    const own = $<HTMLInputElement>('#version-adId-v2')!;
    own.value = 'ACME1234001';
    own.dispatchEvent(new Event('change'));
    await panel.updateComplete;
    expect(h.getProject().versions.find((version) => version.id === 'v2')!.adId).to.equal('ACME1234001');
    const result = await h.deliver({ destinations: ['broadcast-ebu-r128'] });
    expect(result.manifest.versions!.map((version) => version.adId)).to.deep.equal([CAMPAIGN_AD_ID, 'ACME1234001']);
    expect(events.length).to.equal(1);
  });

  it('delivers a feed with an Ad-ID column to vast-audio: each row\'s vast.xml carries its own UniversalAdId, no about:blank anywhere', async function () {
    this.timeout(300_000);
    const { h } = await madeAdEditor('editor-identity-feed', 'identity-feed', (made) => (handle = made), QUICK_AD_SECONDS);
    feedTemplate(h, undefined);
    const dispatch = h.element.store.dispatch.bind(h.element.store);
    dispatch({ type: 'campaign/set', campaign: { adId: CAMPAIGN_AD_ID } });
    dispatch({ type: 'feed/set', feed: createFeed(parseFeed(CSV, { name: 'rows.csv' }), scriptSlots(h.getProject().script.sections).names) });
    dispatch({ type: 'feed/map', slot: '__ad_id__v1', column: 'ad_id' });

    // Without an impression URL, vast-audio is refused before anything is voiced.
    const voiceover = sinon.spy(h.api, 'voiceover');
    const uncounted = await h.deliverFeed({ destinations: ['vast-audio'], vast: { mediaBaseUrl: BASE } }).then(
      () => null,
      (reason: StudioError) => reason,
    );
    expect(uncounted?.code).to.equal('deliver-vast');
    expect(uncounted?.message).to.match(/give at least one impression URL/);
    expect(voiceover.callCount, 'nothing voiced').to.equal(0);

    const result = await h.deliverFeed({ destinations: ['vast-audio'], vast: { mediaBaseUrl: BASE, impressionUrls: [IMPRESSION] } });
    const files = unzipSync(new Uint8Array(await result.zip.arrayBuffer()));
    expect(result.manifest.feed.rows.map((row) => `${row.key}:${row.status}`).sort()).to.deep.equal(['HJ-300:delivered', 'TR-100:delivered']);
    for (const [key, adId] of [
      ['TR-100', 'ACME5000100'],
      ['HJ-300', 'ACME5000300'],
    ] as const) {
      const xml = strFromU8(files[`${key}/vast.xml`]!);
      const doc = new DOMParser().parseFromString(xml, 'application/xml');
      const ids = [...doc.getElementsByTagNameNS(VAST_NS, 'UniversalAdId')];
      expect(ids.map((element) => [element.getAttribute('idRegistry'), element.textContent]), key).to.deep.equal([['ad-id.org', adId]]);
      expect([...doc.getElementsByTagNameNS(VAST_NS, 'Impression')].map((element) => element.textContent!.trim())).to.deep.equal([IMPRESSION]);
      const lint = await executeServerCommand<{ valid: boolean; output: string }, { xml: string }>('studio-xmllint', { xml });
      expect(lint.valid, lint.output).to.equal(true);
    }
    // No placeholder impression in any file of the ZIP; and no row's file (its audio tags, its vast.xml) carries the
    // campaign's Ad-ID, which the manifest still lists as the template version's own.
    for (const [name, bytes] of Object.entries(files)) {
      const text = new TextDecoder('latin1').decode(bytes);
      expect(text.includes('about:blank'), `${name}: about:blank`).to.equal(false);
      if (name.includes('/')) expect(text.includes(CAMPAIGN_AD_ID), `${name}: the campaign's Ad-ID`).to.equal(false);
    }
    expect(result.manifest.feed.rows.every((row) => row.files.length > 0)).to.equal(true);

    // Two rows with one Ad-ID: refused before anything is voiced, naming both.
    const twice = CSV.replace('acme5000300', 'ACME5000100');
    dispatch({ type: 'feed/set', feed: createFeed(parseFeed(twice, { name: 'rows.csv' }), scriptSlots(h.getProject().script.sections).names) });
    dispatch({ type: 'feed/map', slot: '__ad_id__v1', column: 'ad_id' });
    const calls = voiceover.callCount;
    const shared = await h.deliverFeed({ destinations: ['vast-audio'], vast: { mediaBaseUrl: BASE, impressionUrls: [IMPRESSION] } }).then(
      () => null,
      (reason: StudioError) => reason,
    );
    expect(shared?.code).to.equal('ad-id-duplicate');
    expect(shared?.message).to.contain('Row "TR-100" and row "HJ-300" have the same Ad-ID, "ACME5000100"');
    expect(voiceover.callCount, 'nothing voiced').to.equal(calls);
  });
});
