// Deliver (issue 28) against the emulator: make the ad, fill the campaign fields in the Deliver panel,
// deliver to every built-in destination of one file (VAST: test/e2e/vast.test.ts) with stems, then open the ZIP here and read each file back: its
// header (rate, channels, depth or bitrate), its length to the sample, its metadata (TXXX AD-ID, bext
// OriginatorReference), and the manifest's figures against a fresh measurement of the file. Cancel leaves
// nothing. Axe on the panel with its results, light and dark.
import { expect } from '@open-wc/testing';
import { waitUntil } from '../support/wait.js';
import { unzipSync } from 'fflate';
import { setViewport } from '@web/test-runner-commands';
// @ts-expect-error: a virtual module served by scripts/lib/emulator-plugin.mjs
import { apiBaseUrl } from '/__studio-env.js';
import { measureLoudness } from '../../src/audio/dsp/loudness.js';
import { endpointAuth } from '../../src/auth/endpoint-auth.js';
import type { StudioDeliverPanel } from '../../src/components/studio-deliver-panel/studio-deliver-panel.js';
import type { DeliverProgress } from '../../src/session/deliver-run.js';
import { create, type StudioHandle } from '../../src/create.js';
import { BUILTIN_DESTINATIONS } from '../../src/delivery/destinations.js';
import type { DeliveredFigures, DeliveryManifest } from '../../src/delivery/types.js';
import { cleanupMounts, mountPoint } from '../support/auth.js';
import { makeAdOnEmulator, QUICK_AD_SECONDS } from '../support/made-ad.js';
import { lookAt, lookAtReport } from '../support/look-at.js';
import { cString, id3Frames, mpegHeader, txxx, wavChannels, wavChunks, wavFormat } from '../support/delivered-file.js';

const AD_ID = 'ACME1234000';
/** The built-in destinations of one file each: VAST's, of four files and a vast.xml, has its own test (vast.test.ts). */
const SINGLE = BUILTIN_DESTINATIONS.filter((destination) => destination.renditions === undefined);
const ISCI = 'ACME1234';
/**
 * The ad's length: a :15, which every destination takes, each file checked to its sample against it. The files'
 * making (render, encoders, the engine's decoder) is the subject, the same for any length, and a :30's takes twice as long in each engine.
 */
const SECONDS = QUICK_AD_SECONDS;

/** The file's samples as a player reads them: WAV PCM parsed here, MP3 through the platform's decoder (gapless). */
async function samplesOf(name: string, bytes: Uint8Array, sampleRate: number): Promise<Float32Array[]> {
  if (name.endsWith('.wav')) return wavChannels(wavChunks(bytes));
  const buffer = await new OfflineAudioContext(1, 1, sampleRate).decodeAudioData(bytes.slice().buffer);
  return Array.from({ length: buffer.numberOfChannels }, (_, c) => buffer.getChannelData(c));
}

/** The manifest's figures against a fresh measurement of the samples (same meter, independent read of the file). */
function expectMeasured(name: string, figures: DeliveredFigures, channels: Float32Array[], rate: number): void {
  const fresh = measureLoudness(channels, rate);
  expect(channels[0]!.length, `${name}: samples`).to.equal(figures.samples);
  expect(Math.abs(fresh.integrated - figures.integrated), `${name}: integrated ${fresh.integrated} against ${figures.integrated}`).to.be.below(0.05);
  expect(Math.abs(fresh.truePeak - figures.truePeak), `${name}: true peak ${fresh.truePeak} against ${figures.truePeak}`).to.be.below(0.05);
  expect(Math.abs(fresh.samplePeak - figures.samplePeak), `${name}: sample peak`).to.be.below(0.05);
}

describe('Deliver (e2e, emulator)', () => {
  let handle: StudioHandle | undefined;
  afterEach(() => {
    handle?.destroy();
    handle = undefined;
    cleanupMounts();
  });

  /** An editor with a made ad (the service generates it), its Deliver panel open. */
  async function madeAd(mode: 'light' | 'dark'): Promise<{ h: StudioHandle; panel: StudioDeliverPanel }> {
    mountPoint('editor-deliver');
    const user = `deliver-${crypto.randomUUID().slice(0, 8)}`;
    handle = await create({
      target: '#editor-deliver',
      auth: { userId: user, ...endpointAuth({ tokenUrl: '/host/token', refreshUrl: '/host/refresh' }) },
      api: { baseUrl: apiBaseUrl as string },
      project: { id: user, autosave: false, duration: SECONDS },
      theme: { mode },
      layout: { height: '900px' },
    });
    const h = handle;
    await makeAdOnEmulator(h, user, SECONDS);
    const panels = h.element.shadowRoot!.querySelector('studio-editor-panels')!;
    panels.shadowRoot!.querySelector<HTMLButtonElement>('#tab-deliver')!.click();
    await customElements.whenDefined('studio-editor-deliver-panel');
    const panel = h.element.shadowRoot!.querySelector('studio-editor-deliver-panel') as StudioDeliverPanel;
    await panel.updateComplete;
    return { h, panel };
  }

  it('delivers the made ad to every built-in destination with stems; every file reads back as the manifest says', async function () {
    this.timeout(180_000);
    const { h, panel } = await madeAd('light');
    const $ = <T extends HTMLElement = HTMLElement>(selector: string) => panel.shadowRoot!.querySelector<T>(selector);
    const type = async (name: string, value: string) => {
      const input = $<HTMLInputElement>(`#field-${name}`)!;
      input.value = value;
      input.dispatchEvent(new Event('change'));
      await panel.updateComplete;
    };
    await type('advertiser', 'Acme Coffee');
    await type('campaign', 'Cold brew');
    await type('adId', `${AD_ID}H`);
    expect($('#field-adId')!.getAttribute('aria-invalid')).to.equal('true');
    await type('adId', AD_ID);
    await type('isci', ISCI);
    await type('versionLabel', `:${SECONDS} main`);
    expect(h.getProject().campaign).to.deep.equal({ advertiser: 'Acme Coffee', campaign: 'Cold brew', adId: AD_ID, isci: ISCI });
    // The version label is the open version's (schema 6).
    expect(h.getProject().versions.map((version) => version.label)).to.deep.equal([`:${SECONDS} main`]);
    for (const destination of BUILTIN_DESTINATIONS) {
      const box = $<HTMLInputElement>(`#destination-${destination.id}`)!;
      if (box.checked !== SINGLE.includes(destination)) box.click();
    }
    if (!$<HTMLInputElement>('#stems')!.checked) $<HTMLInputElement>('#stems')!.click();
    await panel.updateComplete;
    const events: DeliveryManifest[] = [];
    h.on('deliver', ({ manifest }) => events.push(manifest));
    const stages = new Set<string>();
    const observer = new MutationObserver(() => panel.shadowRoot!.querySelectorAll<HTMLElement>('[part=row]').forEach((row) => stages.add(row.dataset['stage']!)));
    observer.observe(panel.shadowRoot!, { subtree: true, attributes: true, childList: true });
    $<HTMLButtonElement>('[part=submit]')!.click();
    await waitUntil(() => $('[part~=results]') !== null || $('[part=error]') !== null, 'the delivery ends', { timeout: 150_000 });
    observer.disconnect();
    expect($('[part=error]')?.textContent ?? '').to.equal('');
    expect([...stages]).to.include.members(['render', 'encode']);
    expect(events.length).to.equal(1);
    const manifest = events[0]!;
    const all = [...manifest.files, ...manifest.excluded];
    expect(all.map((file) => file.destination.id).sort()).to.deep.equal(SINGLE.map((d) => d.id).sort());
    expect(manifest.campaign.adId).to.equal(AD_ID);

    // The ZIP the panel offers, opened here.
    const zipUrl = $<HTMLAnchorElement>('[part=zip]')!.href;
    const zip = unzipSync(new Uint8Array(await (await fetch(zipUrl)).arrayBuffer()));
    const names = Object.keys(zip);
    expect(names).to.include.members(['manifest.json', 'report.html']);
    expect(JSON.parse(new TextDecoder().decode(zip['manifest.json']))).to.deep.equal(JSON.parse(JSON.stringify(manifest)));
    for (const file of manifest.excluded) expect(names, `${file.fileName} failed and is left out`).to.not.include(file.fileName);
    // A file left out is read through its own download in the panel.
    const fileBytes = async (name: string): Promise<Uint8Array | undefined> => {
      if (zip[name]) return zip[name];
      const link = [...panel.shadowRoot!.querySelectorAll<HTMLAnchorElement>('a[download]')].find((anchor) => anchor.download === name);
      return link ? new Uint8Array(await (await fetch(link.href)).arrayBuffer()) : undefined;
    };
    const seconds = h.getProject().duration;
    let checked = 0;
    for (const file of all) {
      const bytes = await fileBytes(file.fileName);
      expect(bytes, file.fileName).to.not.equal(undefined);
      checked += 1;
      const { destination, figures } = file;
      expect(bytes!.length, `${file.fileName}: size`).to.equal(figures.bytes);
      if (destination.codec.container === 'wav') {
        const chunks = wavChunks(bytes!);
        const format = wavFormat(chunks);
        expect([format.sampleRate, format.channels, format.bitDepth], file.fileName).to.deep.equal([destination.sampleRate, destination.channels, destination.codec.bitDepth]);
        expect(format.frames, `${file.fileName}: frames`).to.equal(figures.samples);
        if (destination.metadata.includes('adId')) expect(cString(chunks.get('bext')!.subarray(288, 320)), `${file.fileName}: bext OriginatorReference`).to.equal(AD_ID);
      } else {
        const { frames, end } = id3Frames(bytes!);
        if (destination.metadata.includes('adId')) expect(txxx(frames, 'AD-ID'), `${file.fileName}: TXXX AD-ID`).to.equal(AD_ID);
        const header = mpegHeader(bytes!, end);
        expect([header.sampleRate, header.channels, header.bitrateKbps], file.fileName).to.deep.equal([destination.sampleRate, destination.channels, destination.codec.bitrateKbps]);
      }
      if (destination.length.kind === 'exact') expect(figures.samples, `${file.fileName}: exactly the ad`).to.equal(Math.round(seconds * destination.sampleRate));
      expectMeasured(file.fileName, figures, await samplesOf(file.fileName, bytes!, destination.sampleRate), destination.sampleRate);
    }
    expect(checked).to.equal(SINGLE.length);
    expect(manifest.stems.map((stem) => stem.stem).sort()).to.deep.equal(['music', 'voice']);
    for (const stem of manifest.stems) {
      const chunks = wavChunks(zip[stem.fileName]!);
      const format = wavFormat(chunks);
      expect([format.sampleRate, format.bitDepth, format.frames], stem.fileName).to.deep.equal([48000, 24, Math.round(seconds * 48000)]);
      expectMeasured(stem.fileName, stem.figures, wavChannels(chunks), 48000);
    }
    // A failed file included anyway: the ZIP is made again with it, and the manifest says so.
    for (const file of manifest.excluded) {
      const before = events.length;
      $<HTMLInputElement>(`#include-${file.destination.id}`)!.click();
      await waitUntil(() => events.length > before, `${file.fileName} included`, { timeout: 20_000 });
      const again = events.at(-1)!;
      expect(again.files.find((other) => other.fileName === file.fileName)?.includedAnyway).to.equal(true);
      await waitUntil(() => $<HTMLAnchorElement>('[part=zip]')?.href !== zipUrl, 'the new ZIP offered');
      const repacked = unzipSync(new Uint8Array(await (await fetch($<HTMLAnchorElement>('[part=zip]')!.href)).arrayBuffer()));
      expect(Object.keys(repacked)).to.include(file.fileName);
    }
    // The receipt with its failed files, and the report, looked at at 1280 and 390 px.
    await lookAt('deliver-receipt', () => $('[part~=results]')!, () => panel.updateComplete);
    await lookAtReport(new TextDecoder().decode(zip['report.html']), 'deliver-report');
    await setViewport({ width: 800, height: 600 });
    await expect(h.element).to.be.accessible();
    h.update({ theme: { mode: 'dark' } });
    await h.element.updateComplete;
    await expect(h.element).to.be.accessible();
  });

  it('cancelled mid-way, leaves nothing: no download, no event, the project unchanged', async function () {
    const { h, panel } = await madeAd('dark');
    const before = JSON.stringify(h.getProject());
    const events: unknown[] = [];
    h.on('deliver', (detail) => events.push(detail));
    const controller = new AbortController();
    const progress: DeliverProgress[] = [];
    const delivery = h.deliver({
      destinations: SINGLE.map((d) => d.id),
      stems: true,
      signal: controller.signal,
      onProgress: (step) => {
        progress.push(step);
        if (step.stage === 'encode') controller.abort(new DOMException('Cancelled by the test.', 'AbortError'));
      },
    });
    const outcome = await delivery.then(() => 'resolved', (error: unknown) => (error as { name?: string }).name);
    expect(outcome).to.equal('AbortError');
    expect(progress.some((step) => step.stage === 'encode')).to.equal(true);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(events).to.deep.equal([]);
    expect(JSON.stringify(h.getProject())).to.equal(before);
    expect(panel.shadowRoot!.querySelector('[part=zip]')).to.equal(null);

    // In the panel: Cancel on the progress rows.
    const $ = <T extends HTMLElement = HTMLElement>(selector: string) => panel.shadowRoot!.querySelector<T>(selector);
    const box = $<HTMLInputElement>('#destination-podcast')!;
    if (!box.checked) box.click();
    await panel.updateComplete;
    $<HTMLButtonElement>('[part=submit]')!.click();
    await waitUntil(() => $('[part=cancel]') !== null, 'the progress rows');
    await expect(h.element).to.be.accessible();
    $<HTMLButtonElement>('[part=cancel]')!.click();
    await waitUntil(() => $('[part=cancel]') === null, 'the delivery stops');
    expect($('[part=message]')!.textContent).to.equal('Delivery cancelled: nothing was written and your project is unchanged.');
    expect($('[part=zip]')).to.equal(null);
    expect(events).to.deep.equal([]);
    expect(JSON.parse(JSON.stringify(h.getProject())).campaign).to.deep.equal(JSON.parse(before).campaign);
  });
});
