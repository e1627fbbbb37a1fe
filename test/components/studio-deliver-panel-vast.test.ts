// The Deliver panel's VAST destinations on a fake delivery: what a VAST destination makes, in words from its
// renditions; the media base URL and impression URLs, shown only while one is chosen, with their errors in words
// (never the URL, which may hold a token) as they are left and on Deliver; Deliver blocked with the focus on the
// first wrong field; the values given to the runner; and each vast.xml of the results, its first lines as text
// (a hostile document makes no element), its download. Axe on each state.
import { expect, fixture, html } from '@open-wc/testing';
import { executeServerCommand, setViewport } from '@web/test-runner-commands';
import '../../src/components/studio-deliver-panel/studio-deliver-panel.js';
import type { StudioDeliverPanel } from '../../src/components/studio-deliver-panel/studio-deliver-panel.js';
import type { DeliverOptions, DeliveryRun } from '../../src/session/deliver-run.js';
import { BUILTIN_DESTINATIONS } from '../../src/delivery/destinations.js';
import type { DeliveredFigures, DeliveredFile, DeliveryManifest, DestinationProfile, VastManifestEntry } from '../../src/delivery/types.js';
import type { VoiceClip } from '../../src/model/document.js';
import type { TestEditorContext } from '../support/editor-context.js';
import { viewportWidth } from '../support/engine.js';
import '../support/editor-context.js';

const clip: VoiceClip = { id: 'c1', sectionId: null, assetId: 'a1', url: 'https://cdn.example/a1.wav', start: 0, gain: 0, trimIn: 0, trimOut: 0, fadeIn: 0, fadeOut: 0, source: null };
const vastAudio = BUILTIN_DESTINATIONS.find((destination) => destination.id === 'vast-audio')!;
/** A host's VAST destination: its own renditions and its own media base URL and impression URL. */
const hostVast: DestinationProfile = {
  ...vastAudio,
  id: 'host-vast',
  label: 'Host ad server',
  sampleRate: 48000,
  codec: { container: 'mp3', bitrateKbps: 96 },
  renditions: [
    { id: '96k', codec: { container: 'mp3', bitrateKbps: 96 }, channels: 1 },
    { id: 'master', codec: { container: 'wav', bitDepth: 16 }, mezzanine: true },
  ],
  vast: { mediaBaseUrl: 'https://media.host.example/ads/', impressionUrls: ['https://track.host.example/imp?k=1'] },
};
const DESTINATIONS = [...BUILTIN_DESTINATIONS, hostVast];
const TOKEN = 'SECRET-TOKEN-42';

const figures: DeliveredFigures = {
  samples: 1_323_000, seconds: 30, sampleRate: 44100, channels: 2, bitrateKbps: 192, bytes: 720_000, sha256: '0'.repeat(64),
  integrated: -16, range: 4, truePeak: -1.2, samplePeak: -1.5, dc: 0, tailSilence: 0.2, shortTerm: { step: 1, values: [] },
};
const rendition = (id: string, fileName: string, codec: DestinationProfile['codec']): DeliveredFile => ({
  fileName,
  destination: { ...vastAudio, renditions: undefined, codec, rendition: id },
  figures: codec.container === 'mp3' ? { ...figures, bitrateKbps: codec.bitrateKbps } : { ...figures, bitrateKbps: undefined, bitDepth: 24 },
  rules: [{ rule: 'loudness', pass: true, measured: -16, required: '-16 ±1 LUFS' }],
  pass: true,
});
const files = [rendition('192k', 'acme_30s_192k.mp3', { container: 'mp3', bitrateKbps: 192 }), rendition('mezzanine', 'acme_30s_mezzanine.wav', { container: 'wav', bitDepth: 24 })];

/** A hostile vast.xml: markup, quotes and `]]>` in its text, an element that would run script if it were parsed as HTML; 20 lines. */
const HOSTILE = [
  '<?xml version="1.0" encoding="UTF-8"?>',
  '<VAST version="4.1" xmlns="http://www.iab.com/VAST">',
  '  <Ad id="main">',
  '    <InLine>',
  '      <AdSystem version="1">Service Studio Editor</AdSystem>',
  `      <Impression><![CDATA[https://track.example/imp?t=${TOKEN}]]></Impression>`,
  '      <AdTitle><script>window.__vastPwned = 1</script> "Acme" \'Co\' ]]> &amp; <b>bold</b></AdTitle>',
  '      <img src="x" onerror="window.__vastPwned = 2">',
  `      <MediaFile><![CDATA[https://cdn.example.com/${'very-long-path/'.repeat(20)}acme_30s_192k.mp3]]></MediaFile>`,
  ...Array.from({ length: 9 }, (_, index) => `      <Line n="${index + 10}"/>`),
  '    </InLine>',
  '</VAST>',
];
const vastEntry: VastManifestEntry = { fileName: 'vast.xml', destination: 'vast-audio', version: 'v1', files: files.map((file) => file.fileName), written: true, valid: true, problems: [] };
const unwritten: VastManifestEntry = {
  fileName: 'vast_host-vast.xml', destination: 'host-vast', version: 'v1', files: [], written: false, valid: false,
  problems: ['A file it would point at failed its rules: host_30s_96k.mp3'],
};

function manifest(vast: VastManifestEntry[]): DeliveryManifest {
  return {
    schema: 'service-studio-editor/delivery-manifest@1', editorVersion: 'test', createdAt: '2026-11-28T00:00:00.000Z',
    project: { projectId: 'p', title: 'Spring', seconds: 30 },
    campaign: { advertiser: 'Acme', campaign: '', adId: 'ACME0001000', isci: '', versionLabel: '' },
    files, excluded: [], stems: [], assets: [], credits: null, vast,
  };
}

/** A fake delivery that resolves at once with the hostile vast.xml (and one not written). */
function fakeDelivery() {
  const calls: DeliverOptions[] = [];
  const run: DeliveryRun = {
    zip: new Blob(['zip']),
    fileName: 'acme_spring_delivery.zip',
    manifest: manifest([vastEntry, unwritten]),
    vastReasons: new Map(),
    files: new Map([...files.map((file): [string, Blob] => [file.fileName, new Blob(['a'])]), ['vast.xml', new Blob([`${HOSTILE.join('\n')}\n`], { type: 'application/xml' })]]),
    repack: async () => run,
  };
  const deliver = async (options: DeliverOptions) => {
    calls.push(options);
    return run;
  };
  return { deliver, calls };
}

async function mount() {
  const fake = fakeDelivery();
  const context = await fixture<TestEditorContext>(html`<test-editor-context><studio-editor-deliver-panel .destinations=${DESTINATIONS} .deliver=${fake.deliver}></studio-editor-deliver-panel></test-editor-context>`);
  context.store.dispatch({ type: 'clip/add', clip });
  const panel = context.querySelector('studio-editor-deliver-panel') as StudioDeliverPanel;
  await panel.updateComplete;
  const $ = <T extends HTMLElement = HTMLElement>(selector: string) => panel.shadowRoot!.querySelector<T>(selector);
  const $$ = (selector: string) => [...panel.shadowRoot!.querySelectorAll<HTMLElement>(selector)];
  /** Only these destinations ticked. */
  const choose = async (...ids: string[]) => {
    for (const destination of DESTINATIONS) {
      const box = $<HTMLInputElement>(`#destination-${destination.id}`)!;
      if (box.checked !== ids.includes(destination.id)) box.click();
      await panel.updateComplete;
    }
  };
  /** Types into a field (an input event a key at a time would give the same value), optionally leaving it. */
  const type = async (id: string, value: string, leave = true) => {
    const field = $<HTMLInputElement | HTMLTextAreaElement>(`#${id}`)!;
    field.focus();
    field.value = value;
    field.dispatchEvent(new InputEvent('input', { bubbles: true, composed: true }));
    if (leave) field.blur();
    await panel.updateComplete;
  };
  const error = (id: string) => $(`#${id}-error`)?.textContent ?? '';
  const submit = async () => {
    $<HTMLButtonElement>('[part=submit]')!.click();
    await new Promise((resolve) => setTimeout(resolve, 0));
    await panel.updateComplete;
  };
  const settled = async () => {
    for (let i = 0; i < 5; i += 1) {
      await new Promise((resolve) => setTimeout(resolve, 0));
      await panel.updateComplete;
    }
  };
  return { fake, context, panel, store: context.store, $, $$, choose, type, error, submit, settled };
}

describe('<studio-editor-deliver-panel> and VAST', () => {
  it('says under a VAST destination what it makes, from its renditions, and that vast.xml points at files the user hosts', async () => {
    const { panel, $, $$ } = await mount();
    const lines = (id: string) => $$(`[data-destination=${id}] [part=vast] li`).map((li) => li.textContent);
    expect(lines('vast-audio')).to.deep.equal([
      'MP3 192 kbit/s, 44.1 kHz, stereo, for players',
      'MP3 128 kbit/s, 44.1 kHz, stereo, for players',
      'MP3 64 kbit/s, 44.1 kHz, mono, for players',
      'WAV 24-bit, 44.1 kHz, stereo: the Mezzanine, the best copy, for the ad server to transcode from; never served to listeners',
    ]);
    // A host's: its own renditions, rate and channels.
    expect(lines('host-vast')).to.deep.equal([
      'MP3 96 kbit/s, 48 kHz, mono, for players',
      'WAV 16-bit, 48 kHz, stereo: the Mezzanine, the best copy, for the ad server to transcode from; never served to listeners',
    ]);
    const explanation = $('[data-destination=vast-audio] [part=vast]')!.textContent!;
    expect(explanation).to.contain('vast.xml that points at each file where you will host it').and.contain('never uploads the files');
    // Its numbers say how many files, not one codec.
    expect($('#numbers-vast-audio')!.textContent).to.match(/^4 files, 44\.1 kHz, -16\.0 LUFS/);
    expect($$('[part=vast]').length, 'only VAST destinations explain it').to.equal(2);
    expect($('[data-destination=streaming] .renditions')).to.equal(null);
    await expect(panel).to.be.accessible();
  });

  it('asks for the media base URL and impression URLs only while a VAST destination is chosen, prefilled from its profile', async () => {
    const { panel, $, choose } = await mount();
    expect($('[part=vast-fields]'), 'streaming and client approval are chosen').to.equal(null);
    await choose('streaming', 'vast-audio');
    const fields = $('[part=vast-fields]')!;
    expect(fields.querySelector('legend')!.textContent).to.equal('Where you will host the VAST files');
    const base = $<HTMLInputElement>('#vast-base')!;
    expect([base.type, base.inputMode, base.autocomplete, base.required]).to.deep.equal(['url', 'url', 'off', true]);
    expect(panel.shadowRoot!.querySelector('label[for=vast-base]')!.textContent).to.equal('Media base URL');
    expect(base.value, 'the built-in presets none').to.equal('');
    expect(base.getAttribute('aria-invalid'), 'no error before the field is left').to.equal('false');
    expect(base.getAttribute('aria-describedby')).to.equal('vast-base-hint');
    const impressions = $<HTMLTextAreaElement>('#vast-impressions')!;
    expect([impressions.tagName, impressions.required]).to.deep.equal(['TEXTAREA', true]);
    expect(panel.shadowRoot!.querySelector('label[for=vast-impressions]')!.textContent).to.equal('Impression URLs');
    expect($('#vast-impressions-hint')!.textContent).to.equal('One per line, at most 10: the player requests each when the ad plays.');
    await expect(panel).to.be.accessible();
    await choose('streaming');
    expect($('[part=vast-fields]')).to.equal(null);
    await choose('host-vast');
    expect($<HTMLInputElement>('#vast-base')!.value).to.equal('https://media.host.example/ads/');
    expect($<HTMLTextAreaElement>('#vast-impressions')!.value).to.equal('https://track.host.example/imp?k=1');
  });

  it('shows each wrong URL as a field error in words, once left, linked to the field, never repeating the URL', async () => {
    const { panel, $, choose, type, error } = await mount();
    await choose('vast-audio');
    await type('vast-base', `ads/${TOKEN}/`, false);
    expect(error('vast-base'), 'not while it is typed for the first time').to.equal('');
    $<HTMLInputElement>('#vast-base')!.blur();
    await panel.updateComplete;
    const base = $<HTMLInputElement>('#vast-base')!;
    expect(error('vast-base')).to.equal('Enter a whole address starting with https://, like https://cdn.example.com/ads/.');
    expect(base.getAttribute('aria-invalid')).to.equal('true');
    expect(base.getAttribute('aria-describedby')).to.equal('vast-base-hint vast-base-error');
    await expect(panel).to.be.accessible();
    const cases: [string, string][] = [
      [`javascript:alert("${TOKEN}")`, 'Only an http or https address works here, not a “javascript:” one.'],
      [`data:text/html,<script>${TOKEN}</script>`, 'Only an http or https address works here, not a “data:” one.'],
      [`https://cdn.example.com/my ads/${TOKEN}/`, 'An address has no spaces or control characters: write a space as %20.'],
      [`https://cdn.example.com/ads/?t=${TOKEN}`, 'No “?” or “#” in the base address: the file names are added to its path.'],
      [`https://cdn.example.com/${TOKEN}/[CACHEBUSTING]/`, '“[” and “]” only go around an IPv6 host: a macro like [CACHEBUSTING] would make vast.xml invalid.'],
      ['', 'Enter the address the files will be served under.'],
    ];
    for (const [url, words] of cases) {
      // Once left, the error follows what is typed.
      await type('vast-base', url, false);
      expect(error('vast-base'), url).to.equal(words);
    }
    await type('vast-base', 'https://cdn.example.com/ads/spring/');
    expect(error('vast-base')).to.equal('');
    expect(base.getAttribute('aria-invalid')).to.equal('false');
    await type('vast-impressions', `https://track.example.com/imp?t=${TOKEN}\n\n  javascript:alert("${TOKEN}")  \n`);
    const impressions = $<HTMLTextAreaElement>('#vast-impressions')!;
    expect(error('vast-impressions')).to.equal('Line 3: Only an http or https address works here, not a “javascript:” one.');
    expect(impressions.getAttribute('aria-invalid')).to.equal('true');
    expect(impressions.getAttribute('aria-describedby')).to.equal('vast-impressions-hint vast-impressions-error');
    await type('vast-impressions', Array.from({ length: 11 }, (_, index) => `https://track.example.com/imp${index}`).join('\n'));
    expect(error('vast-impressions')).to.equal('At most 10 impression URLs; there are 11.');
    expect(panel.shadowRoot!.textContent, 'no error repeats a URL').to.not.contain(TOKEN);
    await expect(panel).to.be.accessible();
  });

  it('does not deliver with a VAST destination and a wrong or empty field: the focus goes to the first wrong one', async () => {
    const { fake, panel, $, choose, type, error, submit } = await mount();
    await choose('streaming', 'vast-audio');
    // A wrong campaign field too: the VAST fields come first in the form.
    const isci = $<HTMLInputElement>('#field-isci')!;
    isci.value = 'AB12';
    isci.dispatchEvent(new Event('change'));
    await panel.updateComplete;
    await submit();
    expect(fake.calls.length).to.equal(0);
    expect(panel.shadowRoot!.activeElement?.id).to.equal('vast-base');
    expect(error('vast-base')).to.equal('Enter the address the files will be served under.');
    expect($('[part=message]')!.textContent).to.equal('Correct the VAST fields first.');
    await type('vast-base', 'https://cdn.example.com/ads/');
    // No impression URL: required, as the media base URL is (an ad server counts plays by it).
    $<HTMLButtonElement>('[part=submit]')!.focus();
    await submit();
    expect(fake.calls.length).to.equal(0);
    expect(panel.shadowRoot!.activeElement?.id).to.equal('vast-impressions');
    expect(error('vast-impressions')).to.equal('Give at least one impression URL: an ad server counts the ad’s plays by it.');
    await type('vast-impressions', 'data:,x');
    $<HTMLButtonElement>('[part=submit]')!.focus();
    await submit();
    expect(fake.calls.length).to.equal(0);
    expect(panel.shadowRoot!.activeElement?.id).to.equal('vast-impressions');
    expect(error('vast-impressions')).to.equal('Line 1: Only an http or https address works here, not a “data:” one.');
    await expect(panel).to.be.accessible();
  });

  it('gives the runner the VAST values as typed (one URL a line, blank lines left out); none without a VAST destination', async () => {
    const { fake, $, choose, type, submit, settled } = await mount();
    await choose('streaming');
    await submit();
    await settled();
    expect(fake.calls.length).to.equal(1);
    expect('vast' in fake.calls[0]!).to.equal(false);
    await choose('vast-audio');
    await type('vast-base', 'https://cdn.example.com/ads/spring/');
    await type('vast-impressions', '\nhttps://track.example.com/imp?a=1&b=2\n\n  https://other.example/p  \n');
    await submit();
    await settled();
    expect(fake.calls.length).to.equal(2);
    expect(fake.calls[1]!.destinations).to.deep.equal(['vast-audio']);
    expect(fake.calls[1]!.vast).to.deep.equal({ mediaBaseUrl: 'https://cdn.example.com/ads/spring/', impressionUrls: ['https://track.example.com/imp?a=1&b=2', 'https://other.example/p'] });
    // The values stay for the editor's life: not in the project, still there after unticking and ticking again.
    await choose('streaming');
    await choose('vast-audio');
    expect($<HTMLInputElement>('#vast-base')!.value).to.equal('https://cdn.example.com/ads/spring/');
  });

  it('shows each vast.xml of the results: valid, its first 12 lines as text (a hostile document makes no element), its download; one not written says why', async () => {
    const { panel, store, $, $$, choose, type, submit, settled } = await mount();
    await choose('vast-audio');
    await type('vast-base', 'https://cdn.example.com/ads/');
    await type('vast-impressions', 'https://track.example.com/imp');
    await submit();
    await settled();
    const entry = $('[part=vast-file][data-vast="vast.xml"]')!;
    expect(entry.querySelector('[part=verdict]')!.textContent!.trim()).to.equal('✓ Valid');
    expect(entry.querySelector('strong')!.textContent).to.equal(vastAudio.label);
    const details = entry.querySelector('details')!;
    expect(details.open, 'the one vast.xml is shown open').to.equal(true);
    expect(details.querySelector('summary')!.textContent).to.equal('First lines of vast.xml');
    const pre = entry.querySelector<HTMLPreElement>('pre[part=vast-xml]')!;
    expect(pre.textContent).to.equal(HOSTILE.slice(0, 12).join('\n'));
    expect(pre.childElementCount, 'the document is text: no element made from it').to.equal(0);
    expect(panel.shadowRoot!.querySelector('[part~=results] script, [part~=results] img, [part~=results] b')).to.equal(null);
    expect((window as { __vastPwned?: number }).__vastPwned).to.equal(undefined);
    // A long URL wraps inside its box: the panel is no wider for it, on a phone too.
    for (const width of [1280, viewportWidth(390)]) {
      await setViewport({ width, height: 844 });
      expect(pre.scrollWidth, `at ${width}`).to.be.at.most(pre.clientWidth + 1);
      expect(panel.scrollWidth, `at ${width}`).to.be.at.most(panel.clientWidth + 1);
    }
    entry.scrollIntoView({ block: 'start' });
    await executeServerCommand('studio-screenshot', { name: 'vast-hostile-xml-390' });
    await setViewport({ width: 800, height: 600 });
    const download = entry.querySelector<HTMLAnchorElement>('a[download]')!;
    expect(download.download).to.equal('vast.xml');
    expect(download.href.startsWith('blob:')).to.equal(true);
    expect(await (await fetch(download.href)).text()).to.equal(`${HOSTILE.join('\n')}\n`);
    const notWritten = $('[part=vast-file][data-vast="vast_host-vast.xml"]')!;
    expect(notWritten.querySelector('[part=verdict]')!.textContent!.trim()).to.equal('✗ Not written');
    expect(notWritten.querySelector('ul li')!.textContent).to.equal(unwritten.problems[0]);
    expect(notWritten.querySelector('pre, a[download]')).to.equal(null);
    // Each rendition is a row of its own, told apart by its file's name.
    expect($$('[part=file]').map((row) => row.dataset['file'])).to.deep.equal(files.map((file) => file.fileName));
    // The VAST values never went into the project.
    expect(JSON.stringify(store.getState().project)).to.not.contain('cdn.example.com/ads');
    await expect(panel).to.be.accessible();
  });
});
