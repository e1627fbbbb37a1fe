// Feeds (issue 40) against the emulator: a made ad becomes a template (`{{product_name}}` and `{{price}}` in its
// Body, its Call to action locked), a CSV of 6 rows is imported (one missing a price, one name over its slot's
// length), the check names both problems, and `deliverFeed()` makes the 4 good rows by 2 destinations: the
// Body voiced once a row, every other section never again; each file, read back, has its key in its name and
// the ad's length; the failed rows are in the manifest with their reasons. Cancel leaves nothing.
import { expect } from '@open-wc/testing';
import { waitUntil } from '../support/wait.js';
import { unzipSync, strFromU8 } from 'fflate';
import sinon from 'sinon';
import type { VoiceoverRequest } from '../../src/api/contract.js';
import type { StudioHandle } from '../../src/create.js';
import type { DeliveryManifest } from '../../src/delivery/types.js';
import { checkFeed, projectCheckInput } from '../../src/rules/row.js';
import { cleanupMounts } from '../support/auth.js';
import { feedStepWith, feedTemplate, madeAdEditor, QUICK_AD_SECONDS } from '../support/made-ad.js';
import { id3Frames, mpegHeader, wavChunks, wavFormat } from '../support/delivered-file.js';

const CSV = `sku,product_name,price
TR-100,Trail shoes,59.99
HJ-300,Hiking jacket,189
WS-200,Wool socks,
WB-600,Water bottle,9.99
TN-900,The ultralight four season mountaineering expedition tent,899
CM-050,Camp mug,12.50
`;
const GOOD = ['TR-100', 'HJ-300', 'WB-600', 'CM-050'];
const DESTINATIONS = ['streaming', 'broadcast-ebu-r128'];
/** The template's length (the rows are the subject; each file is checked to be exactly that long). */
const SECONDS = QUICK_AD_SECONDS;

describe('Feeds (e2e, emulator)', () => {
  let handle: StudioHandle | undefined;
  afterEach(() => {
    sinon.restore();
    handle?.destroy();
    handle = undefined;
    cleanupMounts();
  });

  /** A made ad turned into a template with two slots in its Body and a locked Call to action, and the CSV imported. */
  async function template(options: { importFeed?: boolean } = {}): Promise<StudioHandle> {
    const { h } = await madeAdEditor('editor-feed', 'feed', (made) => (handle = made), SECONDS);
    feedTemplate(h, options.importFeed === false ? undefined : CSV);
    return h;
  }

  it('delivers the 4 good rows of 6 by 2 destinations: the Body voiced once a row, each file named by its key and the ad\'s length, the bad rows listed with their reasons', async function () {
    this.timeout(300_000);
    const h = await template();
    const project = h.getProject();
    expect(project.feed!.key).to.equal('sku');
    expect(project.feed!.mapping.map((entry) => entry.slot).sort()).to.deep.equal(['price', 'product_name']);

    // The check, before anything is paid for: both problems named with their column.
    const check = checkFeed(projectCheckInput(project, 1.2)!);
    const problems = (key: string) => check.rows.find((row) => row.key === key)!.problems.filter((problem) => problem.severity === 'problem');
    expect(problems('WS-200').map((problem) => problem.column)).to.include('price');
    expect(problems('TN-900').map((problem) => problem.column)).to.include('product_name');
    expect(problems('TN-900')[0]!.message).to.match(/30/);
    for (const key of GOOD) expect(problems(key), key).to.deep.equal([]);

    const voiceover = sinon.spy(h.api, 'voiceover');
    const events: DeliveryManifest[] = [];
    h.on('deliver', (detail) => events.push(detail.manifest));
    const stages: string[] = [];
    const result = await h.deliverFeed({ destinations: DESTINATIONS, onProgress: ({ row, stage }) => stages.push(`${row}:${stage}`) });

    // The Body (the only section with slots) once a row; the rest reused from the template.
    const sent = voiceover.getCalls().map((call) => call.args[0] as VoiceoverRequest);
    const bodyId = project.script.sections[1]!.id;
    expect(sent.every((request) => request.section_id === bodyId), sent.map((request) => `${request.section_id}@${request.speed}`).join(", ")).to.equal(true);
    expect(sent.map((request) => request.text).sort()).to.deep.equal(
      ['Get Trail shoes for 59.99 dollars, today only.', 'Get Hiking jacket for 189 dollars, today only.', 'Get Water bottle for 9.99 dollars, today only.', 'Get Camp mug for 12.50 dollars, today only.'].sort(),
    );

    // The ZIP: a folder per good row, a file per destination, each named with its key and the ad's length.
    const files = unzipSync(new Uint8Array(await result.zip.arrayBuffer()));
    const manifest = JSON.parse(strFromU8(files['manifest.json']!)) as DeliveryManifest;
    const audio = Object.keys(files).filter((name) => name.includes('/') && /\.(wav|mp3)$/.test(name));
    // Beside them, each good row's captions and transcript (the files besides its audio).
    expect(Object.keys(files).filter((name) => name.includes('/') && /\.(vtt|txt)$/.test(name)).length).to.equal(GOOD.length * 2);
    expect(audio.length, audio.join(', ')).to.equal(GOOD.length * DESTINATIONS.length);
    for (const key of GOOD) {
      for (const name of audio.filter((entry) => entry.startsWith(`${key}/`))) {
        expect(name.slice(key.length + 1).startsWith(`${key}_`), name).to.equal(true);
        expect(name, name).to.include(`_${SECONDS}s_`);
        const bytes = files[name]!;
        if (name.endsWith('.wav')) {
          const format = wavFormat(wavChunks(bytes));
          expect(format.frames, `${name}: samples`).to.equal(SECONDS * format.sampleRate);
        } else {
          const seconds = manifest.files.find((file) => `${file.row}/${file.fileName}` === name)?.figures.seconds;
          expect(mpegHeader(bytes, id3Frames(bytes).end).sampleRate, `${name}: an MP3`).to.be.a('number');
          expect(seconds, `${name}: its length`).to.be.closeTo(SECONDS, 0.001);
        }
      }
    }
    expect(result.fileName).to.match(/_feed\.zip$/);

    // Every row in the manifest, the failed ones first with their reasons; the event carries it.
    const rows = manifest.feed!.rows;
    expect(rows.map((row) => `${row.key}:${row.status}`)).to.deep.equal(['WS-200:failed', 'TN-900:failed', ...GOOD.map((key) => `${key}:delivered`)]);
    expect(rows[0]!.reasons.join(' ')).to.match(/price/);
    expect(rows[1]!.reasons.join(' ')).to.match(/product_name/);
    expect(manifest.feed!.takes.voiced).to.equal(GOOD.length);
    expect(events.length).to.equal(1);
    expect(events[0]!.feed!.rows.length).to.equal(6);
    expect(stages.filter((stage) => stage.endsWith(':done')).length).to.equal(GOOD.length);
    expect(strFromU8(files['report.html']!)).to.include('WS-200');
  });

  it('cancels a run: it rejects with the reason, fires nothing and keeps the project as it was', async function () {
    this.timeout(180_000);
    const h = await template();
    const before = JSON.stringify({ ...h.getProject(), usage: [] });
    const events: unknown[] = [];
    h.on('deliver', (detail) => events.push(detail));
    const controller = new AbortController();
    const run = h.deliverFeed({ destinations: DESTINATIONS, signal: controller.signal, onProgress: ({ stage }) => stage === 'render' && controller.abort(new DOMException('Cancelled', 'AbortError')) });
    const error = await run.then(() => null, (reason: unknown) => reason);
    expect((error as DOMException | null)?.name).to.equal('AbortError');
    expect(events).to.deep.equal([]);
    expect(JSON.stringify({ ...h.getProject(), usage: [] })).to.equal(before);
  });

  it('in the Feed step: a pasted CSV, a row heard in the panel, every row delivered, the ZIP offered and the failed rows named', async function () {
    this.timeout(300_000);
    const h = await template({ importFeed: false });
    const { panel, $ } = await feedStepWith(h, CSV, '6 rows: 4 ready, 2 with problems.');
    expect(h.getProject().feed?.rows.length).to.equal(6);

    // The dynamic player: HJ-300 (row 2) voiced (its Body only) and played in the panel.
    $<HTMLInputElement>('#row-1')!.click();
    await panel.updateComplete;
    $<HTMLButtonElement>('[part=play]')!.click();
    await waitUntil(() => $<HTMLAudioElement>('audio[part=audio]')?.src.startsWith('blob:'), 'the row heard', { timeout: 60_000 });
    expect($('[part=player-status]')!.textContent).to.equal('Row HJ-300: 1 take voiced, 2 reused.');

    // Every row: the price first, then the run; HJ-300's take is not paid for again.
    await waitUntil(() => /credits?|Price not stated/.test($('[part=price]')?.textContent ?? ''), 'the price', { timeout: 10_000 });
    const voiceover = sinon.spy(h.api, 'voiceover');
    $<HTMLButtonElement>('[part=submit]')!.click();
    await waitUntil(() => $<HTMLAnchorElement>('a[part=zip]') !== null, 'the ZIP offered', { timeout: 240_000 });
    expect(voiceover.callCount, 'a Body for each good row but HJ-300, whose take was made when it was heard').to.equal(3);
    expect($<HTMLAnchorElement>('a[part=zip]')!.download).to.match(/_feed\.zip$/);
    const outcome = [...panel.shadowRoot!.querySelectorAll('[part=outcome]')].map((row) => row.textContent!.replace(/\s+/g, ' ').trim());
    expect(outcome[0], outcome.join(' | ')).to.include('WS-200');
    expect(outcome.join(' ')).to.include('TN-900');
    await expect(panel).to.be.accessible();
  });
});
