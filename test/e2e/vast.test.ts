// VAST in the Deliver panel (issue 41) against the emulator: make the ad, give it a hostile title, version label
// and advertiser (quotes, <, ]]>), choose only vast-audio, type the media base URL and a javascript: impression
// URL (refused first with none at all, then its error in words, Deliver blocked with the focus on it), fix it and
// deliver (no about:blank anywhere in the ZIP); then open the ZIP here: the
// four audio files, one vast.xml, the manifest and the report; the vast.xml parses as XML, its AdTitle is the
// hostile text exactly, its MediaFiles are under the base URL, xmllint finds it valid against the VAST 4.1 XSD,
// the manifest says it is valid; the panel shows its first lines as text. Screenshots at 1280×800 and 390×844,
// and axe.
import { expect } from '@open-wc/testing';
import { waitUntil } from '../support/wait.js';
import { executeServerCommand, setViewport } from '@web/test-runner-commands';
import { unzipSync } from 'fflate';
// @ts-expect-error: a virtual module served by scripts/lib/emulator-plugin.mjs
import { apiBaseUrl } from '/__studio-env.js';
import { endpointAuth } from '../../src/auth/endpoint-auth.js';
import type { StudioDeliverPanel } from '../../src/components/studio-deliver-panel/studio-deliver-panel.js';
import { create, type StudioHandle } from '../../src/create.js';
import { BUILTIN_DESTINATIONS } from '../../src/delivery/destinations.js';
import type { DeliveryManifest } from '../../src/delivery/types.js';
import { cleanupMounts, mountPoint } from '../support/auth.js';
import { viewportWidth } from '../support/engine.js';
import { makeAdOnEmulator, openDeliverPanel, QUICK_AD_SECONDS } from '../support/made-ad.js';

const VAST_NS = 'http://www.iab.com/VAST';
const TITLE = `Cold "brew" <b>&amp;</b> ]]> 'kit'`;
const LABEL = `<script>alert("x")</script> ]]>`;
const ADVERTISER = `Acme "Coffee" <Co> ]]>`;
const BASE = 'https://cdn.example.com/ads/spring/';
const IMPRESSION = 'https://track.example.com/imp?ad=spring&cb=1';

/** Screenshots for a person to look at (screenshots/, git-ignored; Chromium and Firefox take them), `selector` at the top. */
async function look(panel: StudioDeliverPanel, selector: string, name: string): Promise<void> {
  for (const [width, height] of [[1280, 800], [viewportWidth(390), 844]] as const) {
    // setViewport resolves once the page has the size (WebKit's launcher waits for it); the layout follows a frame after.
    await setViewport({ width, height });
    await panel.updateComplete;
    for (let frame = 0; frame < 3; frame += 1) await new Promise((resolve) => requestAnimationFrame(resolve));
    panel.shadowRoot!.querySelector(selector)!.scrollIntoView({ block: 'start' });
    await new Promise((resolve) => requestAnimationFrame(resolve));
    // The panel is never wider than its box, whatever the length of a URL in it: no element reaches past its edge.
    const edge = panel.getBoundingClientRect().right + 1;
    const over = [...panel.shadowRoot!.querySelectorAll<HTMLElement>('*')]
      .filter((element) => element.getBoundingClientRect().right > edge)
      .map((element) => `${element.tagName.toLowerCase()}${element.getAttribute('part') ? `[part=${element.getAttribute('part')}]` : ''}${element.className ? `.${element.className}` : ''} ${Math.round(element.getBoundingClientRect().width)}px`);
    expect(over, `${name} at ${width}: past the panel's edge`).to.deep.equal([]);
    expect(panel.scrollWidth, `${name} at ${width}: the panel's width`).to.be.at.most(panel.clientWidth + 1);
    await executeServerCommand('studio-screenshot', { name: `vast-${name}-${width}` });
  }
}

describe('VAST in the Deliver panel (e2e, emulator)', () => {
  let handle: StudioHandle | undefined;
  afterEach(async () => {
    handle?.destroy();
    handle = undefined;
    cleanupMounts();
    await setViewport({ width: 800, height: 600 });
  });

  it('delivers vast-audio with a base URL and an impression URL fixed after its error; the ZIP holds a vast.xml that reads back exactly', async function () {
    this.timeout(180_000);
    mountPoint('editor-vast');
    const user = `vast-${crypto.randomUUID().slice(0, 8)}`;
    handle = await create({
      target: '#editor-vast',
      auth: { userId: user, ...endpointAuth({ tokenUrl: '/host/token', refreshUrl: '/host/refresh' }) },
      api: { baseUrl: apiBaseUrl as string },
      // A :15: the VAST file, its fields and its renditions are the subject, not the ad's length.
      project: { id: user, autosave: false, duration: QUICK_AD_SECONDS },
      layout: { height: '900px' },
    });
    const h = handle;
    await makeAdOnEmulator(h, user, QUICK_AD_SECONDS);
    h.element.store.dispatch({ type: 'project/rename', title: TITLE });
    const panel = await openDeliverPanel(h);
    const $ = <T extends HTMLElement = HTMLElement>(selector: string) => panel.shadowRoot!.querySelector<T>(selector);
    const change = async (name: string, value: string) => {
      const input = $<HTMLInputElement>(`#field-${name}`)!;
      input.value = value;
      input.dispatchEvent(new Event('change'));
      await panel.updateComplete;
    };
    const type = async (id: string, value: string) => {
      const field = $<HTMLInputElement | HTMLTextAreaElement>(`#${id}`)!;
      field.focus();
      field.value = value;
      field.dispatchEvent(new InputEvent('input', { bubbles: true, composed: true }));
      field.blur();
      await panel.updateComplete;
    };
    await change('advertiser', ADVERTISER);
    await change('versionLabel', LABEL);
    expect(h.getProject().campaign.advertiser).to.equal(ADVERTISER);

    // Only vast-audio, no stems.
    for (const destination of BUILTIN_DESTINATIONS) {
      const box = $<HTMLInputElement>(`#destination-${destination.id}`)!;
      if (box.checked !== (destination.id === 'vast-audio')) box.click();
    }
    if ($<HTMLInputElement>('#stems')!.checked) $<HTMLInputElement>('#stems')!.click();
    await panel.updateComplete;
    expect($('[data-destination=vast-audio] [part=vast]')!.textContent).to.contain('the Mezzanine');
    await type('vast-base', BASE);
    // No impression URL: refused before anything starts, said under its field (an ad server counts plays by it).
    $<HTMLButtonElement>('[part=submit]')!.click();
    await waitUntil(() => $('#vast-impressions-error') !== null, 'the missing impression URL said');
    expect($('#vast-impressions-error')!.textContent).to.equal('Give at least one impression URL: an ad server counts the ad’s plays by it.');
    expect(panel.shadowRoot!.activeElement?.id).to.equal('vast-impressions');
    expect($('[part=progress]'), 'nothing started').to.equal(null);
    await type('vast-impressions', 'javascript:alert(document.domain)');
    expect($('#vast-impressions-error')!.textContent).to.equal('Line 1: Only an http or https address works here, not a “javascript:” one.');
    expect($('#vast-impressions')!.getAttribute('aria-invalid')).to.equal('true');
    await look(panel, '[data-destination=vast-audio]', 'fields');

    const events: DeliveryManifest[] = [];
    h.on('deliver', ({ manifest }) => events.push(manifest));
    $<HTMLButtonElement>('[part=submit]')!.click();
    await waitUntil(() => $('[part=message]')!.textContent !== '', 'the refusal');
    expect($('[part=message]')!.textContent).to.equal('Correct the VAST fields first.');
    expect(panel.shadowRoot!.activeElement?.id).to.equal('vast-impressions');
    expect($('[part=progress]'), 'nothing started').to.equal(null);

    await type('vast-impressions', IMPRESSION);
    expect($('#vast-impressions-error')).to.equal(null);
    $<HTMLButtonElement>('[part=submit]')!.click();
    await waitUntil(() => $('[part~=results]') !== null || $('[part=error]') !== null, 'the delivery ends', { timeout: 150_000 });
    expect($('[part=error]')?.textContent ?? '').to.equal('');
    expect(events.length).to.equal(1);
    const manifest = events[0]!;

    // The ZIP the panel offers, opened here: four audio files, the captions and the transcript, one vast.xml, the
    // manifest and the report.
    const zip = unzipSync(new Uint8Array(await (await fetch($<HTMLAnchorElement>('[part=zip]')!.href)).arrayBuffer()));
    const names = Object.keys(zip).sort();
    const audio = names.filter((name) => /\.(mp3|wav)$/.test(name));
    expect(audio.length, names.join(', ')).to.equal(4);
    expect(manifest.captions?.length, 'one version, one pair').to.equal(1);
    const { captions, transcript } = manifest.captions![0]!;
    expect(names).to.deep.equal([...audio, captions, transcript, 'manifest.json', 'report.html', 'vast.xml'].sort());
    expect(manifest.files.map((file) => file.fileName).sort()).to.deep.equal(audio);
    expect(manifest.vast?.length).to.equal(1);
    expect(manifest.vast![0]).to.include({ fileName: 'vast.xml', destination: 'vast-audio', written: true, valid: true });
    expect(manifest.vast![0]!.problems).to.deep.equal([]);
    expect(JSON.parse(new TextDecoder().decode(zip['manifest.json'])).vast[0].valid).to.equal(true);
    // No placeholder impression anywhere: not in the document, the manifest, the report or a file's tags.
    for (const [name, bytes] of Object.entries(zip)) expect(new TextDecoder('latin1').decode(bytes).includes('about:blank'), `${name}: about:blank`).to.equal(false);

    // vast.xml as an XML reader sees it.
    const xml = new TextDecoder().decode(zip['vast.xml']);
    const doc = new DOMParser().parseFromString(xml, 'application/xml');
    expect(doc.getElementsByTagNameNS('*', 'parsererror').length, 'well formed').to.equal(0);
    expect(doc.documentElement.namespaceURI).to.equal(VAST_NS);
    const all = (name: string) => [...doc.getElementsByTagNameNS(VAST_NS, name)];
    expect(all('AdTitle').map((element) => element.textContent)).to.deep.equal([`${TITLE}: ${LABEL}`]);
    const mediaFiles = all('MediaFile').map((element) => element.textContent!.trim());
    expect(mediaFiles.length).to.equal(3);
    for (const url of [...mediaFiles, ...all('Mezzanine').map((element) => element.textContent!.trim())]) expect(url.startsWith(BASE), url).to.equal(true);
    expect(all('Mezzanine').length).to.equal(1);
    expect(all('Impression').map((element) => element.textContent!.trim())).to.deep.equal([IMPRESSION]);
    expect(doc.getElementsByTagName('script').length, 'the label is text').to.equal(0);
    // And as the IAB's VAST 4.1 XSD sees it (xmllint, on the test server).
    const lint = await executeServerCommand<{ valid: boolean; output: string }, { xml: string }>('studio-xmllint', { xml });
    expect(lint.valid, lint.output).to.equal(true);

    // The panel shows its first lines as text.
    const entry = $('[part=vast-file][data-vast="vast.xml"]')!;
    expect(entry.querySelector('[part=verdict]')!.textContent!.trim()).to.equal('✓ Valid');
    await waitUntil(() => entry.querySelector('pre[part=vast-xml]') !== null, 'the first lines');
    const pre = entry.querySelector<HTMLPreElement>('pre[part=vast-xml]')!;
    expect(pre.textContent).to.equal(xml.split('\n').slice(0, 12).join('\n'));
    expect(pre.textContent).to.contain('<AdTitle>');
    expect(pre.childElementCount).to.equal(0);
    expect(entry.querySelector<HTMLAnchorElement>('a[download]')!.download).to.equal('vast.xml');
    await look(panel, '[part=vast-file]', 'results');
    await expect(h.element).to.be.accessible();
  });
});
