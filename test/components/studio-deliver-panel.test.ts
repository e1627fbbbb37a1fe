// The Deliver panel on a fake delivery: the checklist with its numbers and sources, the campaign fields and
// their code errors, progress rows with Cancel, the results with pass or fail, "Include anyway", downloads
// and their object URLs, and axe on each state.
import { expect, fixture, html } from '@open-wc/testing';
import sinon from 'sinon';
import '../../src/components/studio-deliver-panel/studio-deliver-panel.js';
import type { StudioDeliverPanel } from '../../src/components/studio-deliver-panel/studio-deliver-panel.js';
import type { DeliverOptions, DeliveryRun } from '../../src/session/deliver-run.js';
import { BUILTIN_DESTINATIONS } from '../../src/delivery/destinations.js';
import type { DeliveredFigures, DeliveredFile, DeliveryManifest } from '../../src/delivery/types.js';
import { DETACH_GRACE_MS } from '../../src/internal/linger.js';
import type { VoiceClip } from '../../src/model/document.js';
import type { TestEditorContext } from '../support/editor-context.js';
import '../support/editor-context.js';

const clip: VoiceClip = { id: 'c1', sectionId: null, assetId: 'a1', url: 'https://cdn.example/a1.wav', start: 0, gain: 0, trimIn: 0, trimOut: 0, fadeIn: 0, fadeOut: 0, source: null };
const [streaming, podcast] = BUILTIN_DESTINATIONS;

const figures: DeliveredFigures = {
  samples: 1_323_000, seconds: 30, sampleRate: 44100, channels: 2, bitrateKbps: 192, bytes: 720_000, sha256: '0'.repeat(64),
  integrated: -14, range: 4, truePeak: -1.2, samplePeak: -1.5, dc: 0, tailSilence: 0.2, shortTerm: { step: 1, values: [] },
};

const passing: DeliveredFile = { fileName: 'acme_spring_30s_streaming.mp3', destination: streaming!, figures, rules: [{ rule: 'loudness', pass: true, measured: -14, required: '-14 ±1 LUFS' }], pass: true };
const failing: DeliveredFile = {
  fileName: 'acme_spring_30s_podcast.mp3',
  destination: podcast!,
  figures: { ...figures, channels: 1, bitrateKbps: 128, tailSilence: 0.1 },
  rules: [{ rule: 'tailSilence', pass: false, measured: 0.1, required: 'at least 0.5 s', fix: "End the ad with 0.5 s of silence: move the last words earlier, shorten the music's fade-out, or extend the ad" }],
  pass: false,
};

function manifest(files: DeliveredFile[], excluded: DeliveredFile[]): DeliveryManifest {
  return {
    schema: 'service-studio-editor/delivery-manifest@1', editorVersion: 'test', createdAt: '2026-11-26T00:00:00.000Z',
    project: { projectId: 'p', title: 'Spring', seconds: 30 },
    campaign: { advertiser: 'Acme', campaign: '', adId: 'ACME0001000', isci: '', versionLabel: '' },
    files, excluded, stems: [], assets: [], credits: null,
  };
}

/** A fake delivery: reports progress, then waits for `finish()` (or the signal). */
function fakeDelivery() {
  const calls: DeliverOptions[] = [];
  const repacks: string[][] = [];
  let finish: () => void = () => undefined;
  const run = (included: readonly string[]): DeliveryRun => {
    const inZip = [passing, ...(included.includes('podcast') ? [{ ...failing, includedAnyway: true }] : [])];
    return {
      zip: new Blob(['zip', ...included]),
      fileName: 'acme_spring_delivery.zip',
      manifest: manifest(inZip, included.includes('podcast') ? [] : [failing]),
      vastReasons: new Map(),
      files: new Map([[passing.fileName, new Blob(['a'])], [failing.fileName, new Blob(['b'])]]),
      repack: async (include) => {
        repacks.push([...include]);
        return run(include);
      },
    };
  };
  const deliver = (options: DeliverOptions) => {
    calls.push(options);
    options.onProgress?.({ file: 'streaming', stage: 'encode' });
    return new Promise<DeliveryRun>((resolve, reject) => {
      finish = () => resolve(run([]));
      options.signal?.addEventListener('abort', () => reject(options.signal!.reason));
    });
  };
  return { deliver, calls, repacks, finish: () => finish() };
}

async function mount() {
  const fake = fakeDelivery();
  const context = await fixture<TestEditorContext>(html`<test-editor-context><studio-editor-deliver-panel .destinations=${BUILTIN_DESTINATIONS} .deliver=${fake.deliver}></studio-editor-deliver-panel></test-editor-context>`);
  context.store.dispatch({ type: 'clip/add', clip });
  const panel = context.querySelector('studio-editor-deliver-panel') as StudioDeliverPanel;
  await panel.updateComplete;
  const $ = <T extends HTMLElement = HTMLElement>(selector: string) => panel.shadowRoot!.querySelector<T>(selector);
  const $$ = (selector: string) => [...panel.shadowRoot!.querySelectorAll<HTMLElement>(selector)];
  const type = async (name: string, value: string) => {
    const input = $<HTMLInputElement>(`#field-${name}`)!;
    input.value = value;
    input.dispatchEvent(new Event('change'));
    await panel.updateComplete;
  };
  const tick = async (selector: string) => {
    $<HTMLInputElement>(selector)!.click();
    await panel.updateComplete;
  };
  const settle = async () => {
    await new Promise((resolve) => setTimeout(resolve, 0));
    await panel.updateComplete;
  };
  return { fake, context, panel, store: context.store, $, $$, type, tick, settle };
}

describe('<studio-editor-deliver-panel>', () => {
  afterEach(() => sinon.restore());

  it('lists every destination with its numbers and where they come from, as a labelled checklist', async () => {
    const { panel, $, $$ } = await mount();
    expect($$('[part=destination]').map((row) => row.dataset['destination'])).to.deep.equal(BUILTIN_DESTINATIONS.map((d) => d.id));
    expect($('legend')!.textContent).to.equal('Destinations');
    const box = $<HTMLInputElement>('#destination-podcast')!;
    expect(box.getAttribute('aria-describedby')).to.equal('numbers-podcast');
    expect($('#numbers-podcast')!.textContent).to.contain('MP3 128 kbit/s, 44.1 kHz, mono, -16.0 LUFS');
    const source = $('[data-destination=podcast] [part=source]')!;
    expect(source.querySelector('summary')!.textContent).to.equal('Where these numbers come from');
    expect(source.querySelector('a')!.getAttribute('href')).to.equal(podcast!.source.url);
    await expect(panel).to.be.accessible();
  });

  it('shows a wrong Ad-ID as a field error in words, linked to the field, and keeps it out of the project', async () => {
    const { panel, store, $, type } = await mount();
    await type('adId', 'ABCD1234000H');
    const input = $<HTMLInputElement>('#field-adId')!;
    expect(input.getAttribute('aria-invalid')).to.equal('true');
    expect(input.getAttribute('aria-describedby')).to.equal('hint-adId error-adId');
    expect($('#error-adId')!.textContent).to.contain('HD or 3D video');
    expect(store.getState().project.campaign.adId).to.equal('');
    await expect(panel).to.be.accessible();
    await type('adId', 'ABCD1234000');
    expect(input.getAttribute('aria-invalid')).to.equal('false');
    expect($('#error-adId')).to.equal(null);
    expect(store.getState().project.campaign.adId).to.equal('ABCD1234000');
    await type('advertiser', '<b>Acme</b>');
    expect(store.getState().project.campaign.advertiser).to.equal('<b>Acme</b>');
  });

  it('refuses to deliver with a wrong code (focus on the field) or no destination', async () => {
    const { fake, panel, $, type, tick, settle } = await mount();
    await type('isci', 'AB12');
    $<HTMLButtonElement>('[part=submit]')!.click();
    await settle();
    expect(fake.calls.length).to.equal(0);
    expect($('[part=message]')!.textContent).to.equal('Correct the campaign fields first.');
    expect(panel.shadowRoot!.activeElement?.id).to.equal('field-isci');
    await type('isci', '');
    for (const d of BUILTIN_DESTINATIONS) if ($<HTMLInputElement>(`#destination-${d.id}`)!.checked) await tick(`#destination-${d.id}`);
    $<HTMLButtonElement>('[part=submit]')!.click();
    await settle();
    expect(fake.calls.length).to.equal(0);
    expect($('[part=message]')!.textContent).to.equal('Choose at least one destination.');
  });

  it('shows a progress row per file with Cancel; cancelled, it shows nothing to download', async () => {
    const { fake, panel, $, $$, tick, settle } = await mount();
    if (!$<HTMLInputElement>('#destination-streaming')!.checked) await tick('#destination-streaming');
    if (!$<HTMLInputElement>('#stems')!.checked) await tick('#stems');
    $<HTMLButtonElement>('[part=submit]')!.click();
    await settle();
    expect(fake.calls[0]!.destinations).to.include('streaming');
    expect(fake.calls[0]!.stems).to.equal(true);
    const rows = $$('[part=row]');
    expect(rows.map((row) => row.dataset['file'])).to.include.members(['streaming', 'stem-voice', 'stem-music']);
    expect($('[part=row][data-file=streaming]')!.dataset['stage']).to.equal('encode');
    expect($<HTMLProgressElement>('[part=row][data-file=streaming] progress')!.value).to.equal(3);
    expect($<HTMLProgressElement>('[part=row][data-file=stem-voice] progress')!.value).to.equal(1);
    expect($('[part=message]')!.textContent).to.equal('Streaming audio: Encoding');
    await expect(panel).to.be.accessible();
    $<HTMLButtonElement>('[part=cancel]')!.click();
    await settle();
    expect($$('[part=row]').length).to.equal(0);
    expect($('[part~=results]')).to.equal(null);
    expect($('[part=message]')!.textContent).to.equal('Delivery cancelled: nothing was written and your project is unchanged.');
  });

  it('shows each file with pass or fail, the failed rule with its figure and fix, downloads, and includes a failed file anyway', async () => {
    const created = sinon.spy(URL, 'createObjectURL');
    const revoked = sinon.spy(URL, 'revokeObjectURL');
    const { fake, panel, $, tick, settle } = await mount();
    if (!$<HTMLInputElement>('#destination-streaming')!.checked) await tick('#destination-streaming');
    $<HTMLButtonElement>('[part=submit]')!.click();
    await settle();
    fake.finish();
    await settle();
    expect($('[part=message]')!.textContent).to.contain('1 of 2 files pass; acme_spring_delivery.zip is ready');
    expect(panel.shadowRoot!.activeElement?.id, 'the focus on the results').to.equal('results-heading');
    expect($('[part=file][data-file=streaming] [part=verdict]')!.textContent!.trim()).to.equal('✓ Passes');
    const failed = $('[part=file][data-file=podcast]')!;
    expect(failed.querySelector('[part=verdict]')!.textContent!.trim()).to.equal('✗ Fails');
    expect(failed.querySelector('[data-rule=tailSilence]')!.textContent).to.equal("Silence at the end: 0.1 s, asked at least 0.5 s of silence at the end. Fix: End the ad with 0.5 s of silence: move the last words earlier, shorten the music's fade-out, or extend the ad");
    expect(failed.querySelector('.include .hint')!.textContent).to.equal('Left out of the ZIP.');
    expect($<HTMLAnchorElement>('[part=zip]')!.download).to.equal('acme_spring_delivery.zip');
    expect(failed.querySelector<HTMLAnchorElement>('a[download]')?.download, 'a file left out of the ZIP keeps its own download').to.equal(failing.fileName);
    const firstUrls = created.returnValues.slice();
    expect(firstUrls.length).to.equal(3);
    await expect(panel).to.be.accessible();
    $('#include-podcast')!.focus();
    await tick('#include-podcast');
    await settle();
    expect(fake.repacks).to.deep.equal([['podcast']]);
    expect($('[part=file][data-file=podcast] .include .hint')!.textContent).to.equal('In the ZIP although it fails.');
    expect($<HTMLInputElement>('#include-podcast')!.checked).to.equal(true);
    expect($<HTMLAnchorElement>('[part=file][data-file=podcast] a[download]')?.download, 'included anyway, it can be downloaded').to.equal(failing.fileName);
    expect(panel.shadowRoot!.activeElement?.id, 'the focus stays on the checkbox').to.equal('include-podcast');
    // The first result's URLs were revoked when it was replaced.
    expect(firstUrls.every((url) => revoked.calledWith(url))).to.equal(true);
  });

  it('ends with a receipt: each file with its name, destination, length, loudness and verdict, the downloads, the Ad-ID and advertiser; no Cancel, "Deliver again"', async () => {
    const { fake, panel, $, $$, tick, settle } = await mount();
    if (!$<HTMLInputElement>('#destination-streaming')!.checked) await tick('#destination-streaming');
    expect($('[part=submit]')!.textContent!.trim()).to.equal('Deliver');
    $<HTMLButtonElement>('[part=submit]')!.click();
    await settle();
    expect($('[part=cancel]'), 'Cancel while it runs').to.not.equal(null);
    fake.finish();
    await settle();
    expect($('[part=cancel]'), 'no Cancel after the run').to.equal(null);
    expect($$('[part=progress]').length).to.equal(0);
    const submit = $<HTMLButtonElement>('[part=submit]')!;
    expect(submit.textContent!.trim()).to.equal('Deliver again');
    expect(submit.disabled).to.equal(false);
    const receipt = $('[part~=receipt]')!;
    expect(receipt.querySelector('[part=receipt-campaign] [data-field=advertiser]')!.textContent).to.equal('Acme');
    expect(receipt.querySelector('[part=receipt-campaign] [data-field=adId]')!.textContent).to.equal('ACME0001000');
    const fact = (file: string, name: string) => receipt.querySelector(`[part=file][data-file=${file}] [data-fact=${name}]`)?.textContent;
    expect(receipt.querySelector('[part=file][data-file=streaming] .name')!.textContent).to.equal(passing.fileName);
    expect(fact('streaming', 'destination')).to.equal(streaming!.label);
    expect(fact('streaming', 'length')).to.equal('30.00 s');
    expect(fact('streaming', 'loudness')).to.equal('-14.0 LUFS integrated, -1.2 dBTP true peak');
    expect(fact('streaming', 'verdict')).to.equal('Passes');
    expect(fact('podcast', 'destination')).to.equal(podcast!.label);
    expect(fact('podcast', 'verdict')).to.equal('Fails: Silence at the end');
    const zip = $<HTMLAnchorElement>('[part=zip]')!;
    expect(zip.download).to.equal('acme_spring_delivery.zip');
    expect(zip.href.startsWith('blob:')).to.equal(true);
    const download = receipt.querySelector<HTMLAnchorElement>('[part=file][data-file=streaming] a[download]')!;
    expect(download.download).to.equal(passing.fileName);
    expect(download.href.startsWith('blob:')).to.equal(true);
    expect(receipt.querySelector<HTMLAnchorElement>('[part=file][data-file=podcast] a[download]')?.download, 'a file left out keeps its download').to.equal(failing.fileName);
    await expect(panel).to.be.accessible();
  });

  it('frees the last receipt\'s downloads when a new delivery starts', async () => {
    const revoked = sinon.spy(URL, 'revokeObjectURL');
    const { fake, $, tick, settle } = await mount();
    if (!$<HTMLInputElement>('#destination-streaming')!.checked) await tick('#destination-streaming');
    $<HTMLButtonElement>('[part=submit]')!.click();
    await settle();
    fake.finish();
    await settle();
    const url = $<HTMLAnchorElement>('[part=zip]')!.href;
    $<HTMLButtonElement>('[part=submit]')!.click();
    await settle();
    expect(revoked.calledWith(url)).to.equal(true);
    expect($('[part~=receipt]')).to.equal(null);
    expect($('[part=cancel]')).to.not.equal(null);
  });

  it('revokes its download URLs once removed for good', async () => {
    const clock = sinon.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const revoked = sinon.spy(URL, 'revokeObjectURL');
    const { fake, context, panel, $, tick } = await mount();
    if (!$<HTMLInputElement>('#destination-streaming')!.checked) await tick('#destination-streaming');
    $<HTMLButtonElement>('[part=submit]')!.click();
    await clock.tickAsync(0);
    fake.finish();
    await clock.tickAsync(0);
    await panel.updateComplete;
    expect($('[part=zip]')).to.not.equal(null);
    expect(revoked.callCount).to.equal(0);
    context.remove();
    await clock.tickAsync(DETACH_GRACE_MS + 1);
    expect(revoked.callCount, "the ZIP's, the passing file's and the file left out's").to.equal(3);
  });

  it('offers the versions by destinations: each version ticked by default, its own Ad-ID into the project, a row per version and destination', async () => {
    const { fake, panel, store, $, $$, tick, settle } = await mount();
    expect($('[part=versions]')).to.equal(null);
    const doc = store.getState().project;
    store.dispatch({ type: 'version/add', version: { id: 'v2', label: '<b>Alt</b>' }, content: { duration: 15, voice: doc.voice, script: doc.script, clips: doc.clips, music: doc.music } });
    await panel.updateComplete;
    expect($$('[part=versions] .version').map((row) => row.dataset['version'])).to.deep.equal(['v1', 'v2']);
    // A hostile label is text.
    expect($('[part=versions] [data-version=v2] label')!.textContent!.trim()).to.match(/^<b>Alt<\/b>/);
    await expect(panel).to.be.accessible();
    const adId = $<HTMLInputElement>('#version-adId-v2')!;
    adId.value = 'ACME0002000';
    adId.dispatchEvent(new Event('change'));
    await panel.updateComplete;
    expect(store.getState().project.versions[1]!.adId).to.equal('ACME0002000');
    adId.value = 'nope';
    adId.dispatchEvent(new Event('change'));
    await panel.updateComplete;
    expect(adId.getAttribute('aria-invalid')).to.equal('true');
    expect(store.getState().project.versions[1]!.adId).to.equal('ACME0002000');
    adId.value = '';
    adId.dispatchEvent(new Event('change'));
    await panel.updateComplete;
    expect(store.getState().project.versions[1]!.adId).to.equal('');
    if (!$<HTMLInputElement>('#destination-streaming')!.checked) await tick('#destination-streaming');
    if ($<HTMLInputElement>('#destination-podcast')!.checked) await tick('#destination-podcast');
    for (const other of BUILTIN_DESTINATIONS.slice(2)) if ($<HTMLInputElement>(`#destination-${other.id}`)!.checked) await tick(`#destination-${other.id}`);
    $<HTMLButtonElement>('[part=submit]')!.click();
    await settle();
    expect(fake.calls.at(-1)!.versions).to.deep.equal(['v1', 'v2']);
    expect($$('[part=row]').map((row) => row.dataset['file'])).to.deep.equal(['streaming@v1', 'streaming@v2']);
    fake.finish();
    await settle();
    await tick('#deliver-version-v1');
    $<HTMLButtonElement>('[part=submit]')!.click();
    await settle();
    expect(fake.calls.at(-1)!.versions).to.deep.equal(['v2']);
    fake.finish();
    await settle();
    await tick('#deliver-version-v2');
    $<HTMLButtonElement>('[part=submit]')!.click();
    await settle();
    expect(fake.calls.length).to.equal(2);
    expect($('[part=message]')!.textContent).to.equal('Choose at least one version to deliver.');
  });
});
