// The batch's seam (src/batch): a folder store that writes whole files or none, job ids made from what a job's
// files are made from, and one row delivered to one destination by `createRowRenderer` against the service
// emulator (voice-overs with the account key) and the template's audio over HTTP: its files in its key's folder,
// a second run of it skipped without a voice-over, a row missing a price failed with its reason, a clip that
// is not at an http(s) URL refused naming the clip, and a wrong key refused without the key in the words.
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { startEmulator, type Emulator } from '../../demo/server/emulator/server.js';
import { createRowRenderer } from '../../src/batch/render-row.js';
import { rowJobId, templateId } from '../../src/batch/row-job.js';
import { folderStore, storeOf } from '../../src/batch/store.js';
import { loadTemplate, saveTemplate } from '../../src/batch/template-store.js';
import { writeRunReport } from '../../src/batch/run-report.js';
import type { DeliveryManifest } from '../../src/delivery/types.js';
import { filesUnder } from './support/batch-run.js';
import { servedTemplate, type ServedTemplate } from './support/batch-template.js';
import { feedTemplate } from './support/feed-template.js';
import { needTools } from './support/tools.js';

const KEY = 'sk-batch-row-5c1e8a';

describe('batch store and job ids', () => {
  it('writes whole files inside its folder and refuses paths that lead out of it', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'batch-store-'));
    try {
      const store = folderStore(dir);
      await store.write('A-1/a.wav', new Uint8Array([1, 2, 3]));
      assert.deepEqual(filesUnder(dir), ['A-1/a.wav'], 'no temporary file is left');
      assert.equal(await store.has('A-1/a.wav'), true);
      assert.equal(await store.has('A-1/b.wav'), false);
      assert.deepEqual(await store.read('A-1/a.wav'), new Uint8Array([1, 2, 3]));
      assert.equal(await store.read('nothing'), undefined);
      for (const path of ['../out.wav', 'a/../../out.wav', '/etc/passwd', 'a//b', 'a\\..\\b']) await assert.rejects(store.write(path, new Uint8Array(1)), /refuses the path/, path);
      assert.equal(await storeOf(`file://${dir}`).has('A-1/a.wav'), true);
      assert.throws(() => storeOf('ftp://host/run'), /No store for "ftp:\/\/host\/run": give a folder/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('keeps a template once by its content id, and reads it back by that id', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'batch-template-'));
    try {
      const store = folderStore(dir);
      const { project: template } = feedTemplate(['streaming']);
      const id = await saveTemplate(store, template);
      assert.equal(id, templateId(template));
      assert.equal(await saveTemplate(store, JSON.parse(JSON.stringify(template)) as typeof template), id, 'the same content, the same id');
      assert.deepEqual(filesUnder(dir), [`templates/${id}.json`]);
      assert.deepEqual(await loadTemplate(store, id), JSON.parse(JSON.stringify(template)));
      await assert.rejects(loadTemplate(store, 'f'.repeat(64)), /No template f{64} in the store/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('gives a job the same id for the same template, values and destination, and another for any change', () => {
    const job = { template: 'a'.repeat(64), row: 'TR-100', destination: 'streaming' };
    const values = { sku: 'TR-100', price: '59.99' };
    assert.equal(rowJobId(job, values), rowJobId({ ...job }, { price: '59.99', sku: 'TR-100' }));
    assert.match(rowJobId(job, values), /^[0-9a-f]{64}$/);
    assert.notEqual(rowJobId(job, values), rowJobId({ ...job, destination: 'podcast' }, values));
    assert.notEqual(rowJobId(job, values), rowJobId(job, { ...values, price: '49.99' }));
    assert.notEqual(rowJobId(job, values), rowJobId({ ...job, template: 'b'.repeat(64) }, values));
  });
});

describe('createRowRenderer against the emulator', () => {
  let emulator: Emulator;
  let served: ServedTemplate;
  let dir = '';
  const voiceovers = () => emulator.state.requests.entries.filter((entry) => entry.path === '/v1/voiceover').length;

  before(async () => {
    needTools('ffmpeg');
    emulator = await startEmulator({ apiKey: KEY, jobStepMs: 2, testRoutes: true });
    served = await servedTemplate();
    dir = mkdtempSync(join(tmpdir(), 'batch-row-'));
  });
  after(async () => {
    await emulator?.close();
    await served?.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('delivers one row to one destination into its folder, then skips it without a voice-over', async () => {
    const store = folderStore(dir);
    const render = createRowRenderer({ template: served.template, service: { baseUrl: emulator.url, apiKey: KEY }, store });
    const job = { template: templateId(served.template), row: 'HJ-300', destination: 'streaming' };
    const fractions: number[] = [];
    const result = await render(job, undefined, (fraction) => fractions.push(fraction));
    assert.equal(result.status, 'delivered', result.reasons.join('; '));
    assert.deepEqual(result.files.map((item) => item.path.replace(/^HJ-300\/HJ-300_.*_(streaming\.mp3|captions\.vtt|transcript\.txt)$/, '$1')), ['streaming.mp3', 'captions.vtt', 'transcript.txt'], 'its file, then its captions and transcript, as the browser writes them');
    const [file] = result.files;
    assert.match(readFileSync(join(dir, result.files[1]!.path), 'utf8'), /^WEBVTT\n\n1\n/);
    assert.match(readFileSync(join(dir, result.files[2]!.path), 'utf8'), /Hiking jacket/, "the row's own values, as heard");
    assert.equal(readFileSync(join(dir, file!.path)).length, file!.bytes);
    assert.equal(voiceovers(), 1, 'the Body only: the Hook and the locked Call to action are the template\'s');
    assert.equal(fractions.at(-1), 1);
    assert.ok(filesUnder(dir).every((name) => !name.endsWith('.tmp')));

    const again = await render(job);
    assert.equal(again.status, 'skipped');
    assert.deepEqual(again.files, result.files);
    assert.equal(voiceovers(), 1, 'no voice-over the second time');
  });

  it('fails a row missing its price with the reason, and writes the run\'s manifest and report listing both rows', async () => {
    const store = folderStore(dir);
    const render = createRowRenderer({ template: served.template, service: { baseUrl: emulator.url, apiKey: KEY }, store });
    const template = templateId(served.template);
    const failed = await render({ template, row: 'WS-200', destination: 'streaming' });
    assert.equal(failed.status, 'failed');
    assert.match(failed.reasons.join(' '), /price/);
    const skipped = await render({ template, row: 'HJ-300', destination: 'streaming' });
    await writeRunReport(store, served.template, [skipped, failed]);
    const manifest = JSON.parse(readFileSync(join(dir, 'manifest.json'), 'utf8')) as DeliveryManifest;
    assert.deepEqual(manifest.feed?.rows.map((row) => [row.key, row.status]), [['WS-200', 'failed'], ['HJ-300', 'delivered']]);
    assert.deepEqual(manifest.files.map((file) => `${file.row}/${file.fileName}`), skipped.files.filter((file) => file.path.endsWith('.mp3')).map((file) => file.path));
    assert.deepEqual((manifest.captions ?? []).flatMap((entry) => [entry.captions, entry.transcript]), skipped.files.filter((file) => !file.path.endsWith('.mp3')).map((file) => file.path), 'the captions of the delivered row');
    assert.match(readFileSync(join(dir, 'report.html'), 'utf8'), /WS-200/);
  });

  it('refuses a clip that is not at an http(s) URL, naming it', async () => {
    const template = { ...served.template, clips: served.template.clips.map((clip) => (clip.sectionId === 'hook' ? { ...clip, url: 'javascript:alert(1)' } : clip)) };
    const render = createRowRenderer({ template, service: { baseUrl: emulator.url, apiKey: KEY }, store: folderStore(dir) });
    const result = await render({ template: templateId(template), row: 'TR-100', destination: 'streaming' });
    assert.equal(result.status, 'failed');
    assert.match(result.reasons.join(' '), /the clip of "Hook" \(clip-hook\) has a javascript: URL/);
  });

  it('refuses a wrong API key in words that do not hold it', async () => {
    const wrong = 'sk-wrong-key-9d8e7f6a';
    const render = createRowRenderer({ template: served.template, service: { baseUrl: emulator.url, apiKey: wrong }, store: folderStore(dir) });
    const result = await render({ template: templateId(served.template), row: 'WB-600', destination: 'streaming' });
    assert.equal(result.status, 'failed');
    assert.match(result.reasons.join(' '), /refused the API key \(401\)/);
    assert.ok(!JSON.stringify(result).includes(wrong));
  });
});
