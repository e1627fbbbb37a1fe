// A feed delivered (issue 40) as FFmpeg reads it: a template with `{{product_name}}` and `{{price}}` in its Body
// and a locked Call to action, a feed of 6 rows (one missing a price, one name over its slot's length), delivered
// by the editor's feed run (`deliverFeed`, the pipeline's core on this thread, a scripted voice service) to a
// WAV and an MP3 destination. The 4 good rows make 8 files, each in its row's folder with its key in its name,
// each read by ffprobe and FFmpeg against its destination's sheet; the Body is voiced once a row, the Hook and
// the Call to action never again; the 2 bad rows are in the manifest with their reasons.
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { strFromU8, unzipSync } from 'fflate';
import type { VoiceoverRequest } from '../../src/api/contract.js';
import type { DeliveryManifest } from '../../src/delivery/types.js';
import { deliverFeed } from '../../src/session/feed-deliver.js';
import { validate } from './json-schema.js';
import { assertSheet, rowFile } from './support/ffmpeg-sheet.js';
import { feedHost, QUICK_FEED_SECONDS as SECONDS, GOOD_ROWS as GOOD } from './support/feed-template.js';
import { needTools } from './support/tools.js';

const DESTINATIONS = ['streaming', 'broadcast-ebu-r128'];

describe('a feed of 6 rows delivered to 2 destinations, read by FFmpeg', () => {
  let dir = '';
  let manifest: DeliveryManifest;
  let entries: Record<string, Uint8Array>;
  let requests: VoiceoverRequest[] = [];
  let events: Event[] = [];

  before(async () => {
    needTools('ffmpeg'); // Missing, each test below fails saying so.
    dir = mkdtempSync(join(tmpdir(), 'studio-feed-'));
    const made = feedHost({ seconds: SECONDS });
    requests = made.requests;
    events = made.events;
    const result = await deliverFeed(made.host, {});
    manifest = result.manifest;
    entries = unzipSync(new Uint8Array(await result.zip.arrayBuffer()));
    for (const [name, bytes] of Object.entries(entries)) writeFileSync(join(dir, name.replace(/\//g, '__')), bytes);
  });
  after(() => {
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it("voices the Body once for each good row but the one whose values are the samples, the Hook and the locked Call to action never again", () => {
    needTools('ffmpeg');
    assert.equal(requests.length, GOOD.length - 1, requests.map((request) => request.text).join(' | '));
    assert.ok(requests.every((request) => request.section_id === 'body'));
    assert.deepEqual(requests.map((request) => request.text), [
      'Get Hiking jacket for just 189.00 dollars at Acme Outdoors.',
      'Get Water bottle for just 9.99 dollars at Acme Outdoors.',
      'Get Camp mug for just 12.50 dollars at Acme Outdoors.',
    ]);
    assert.deepEqual(manifest.feed?.takes, { voiced: 3, reused: 4 * 3 - 3 }, 'TR-100 (the samples) reuses the template\'s Body');
  });

  it('holds a folder per good row with one file per destination, each named with its key, and a valid manifest listing every row', () => {
    needTools('ffmpeg');
    const audio = Object.keys(entries).filter((name) => name.includes('/') && /\.(wav|mp3)$/.test(name)).sort();
    assert.equal(audio.length, GOOD.length * DESTINATIONS.length, audio.join(', '));
    for (const key of GOOD) {
      const mine = audio.filter((name) => name.startsWith(`${key}/`));
      assert.equal(mine.length, DESTINATIONS.length, `${key}: ${mine.join(', ')}`);
      for (const name of mine) assert.ok(name.slice(key.length + 1).startsWith(`${key}_`), `${name} carries its key`);
    }
    assert.ok(entries['manifest.json'] && entries['report.html']);
    const schema = JSON.parse(readFileSync(new URL('../../docs/delivery-manifest.schema.json', import.meta.url), 'utf8')) as Record<string, unknown>;
    assert.deepEqual(validate(JSON.parse(strFromU8(entries['manifest.json']!)), schema), [], 'manifest.json validates against its schema');
    const rows = manifest.feed!.rows;
    assert.deepEqual(rows.map((row) => [row.key, row.status]), [
      ['WS-200', 'failed'],
      ['TN-900', 'failed'],
      ['TR-100', 'delivered'],
      ['HJ-300', 'delivered'],
      ['WB-600', 'delivered'],
      ['CM-050', 'delivered'],
    ], 'failed rows first');
    assert.match(rows[0]!.reasons.join(' '), /price/);
    assert.match(rows[1]!.reasons.join(' '), /product_name/);
    assert.match(rows[1]!.reasons.join(' '), /30/);
    for (const row of rows.slice(2)) {
      assert.deepEqual(row.reasons, []);
      assert.equal(row.files.filter((name) => /\.(wav|mp3)$/.test(name)).length, DESTINATIONS.length);
      assert.equal(row.files.length, DESTINATIONS.length + 2, 'and its captions and transcript');
      assert.equal(row.assets.length, 3, 'Hook, Body and Call to action');
      assert.ok(row.wordsPerSecond !== null && row.wordsPerSecond <= 3, `${row.key}: ${row.wordsPerSecond} words a second`);
    }
    assert.deepEqual(manifest.files.map((file) => file.row).filter((row, i, all) => all.indexOf(row) === i), GOOD);
    assert.equal(events.length, 1, 'studio-deliver fired once');
    const report = strFromU8(entries['report.html']!);
    assert.ok(report.indexOf('WS-200') < report.indexOf('TR-100'), 'the report lists the failed rows first');
  });

  it("holds each good row's captions and transcript in its folder, with the row's own values, listed in the manifest and the report", () => {
    needTools('ffmpeg');
    const captions = manifest.captions ?? [];
    assert.deepEqual(captions.map((entry) => entry.row), GOOD, 'one pair a good row, none for a failed one');
    for (const entry of captions) {
      const row = manifest.feed!.rows.find((candidate) => candidate.key === entry.row)!;
      for (const name of [entry.captions, entry.transcript]) {
        assert.ok(name.startsWith(`${entry.row}/${entry.row}_`), `${name}: in its row's folder, with its key`);
        assert.ok(entries[name] !== undefined, `${name} is in the ZIP`);
        assert.ok(row.files.includes(name), `${name} is among the row's files`);
      }
      const vtt = strFromU8(entries[entry.captions]!);
      const transcript = strFromU8(entries[entry.transcript]!);
      assert.match(vtt, /^WEBVTT\n\n1\n/);
      // The row's own values are heard, so read: its product's name and its price.
      for (const value of [row.values.product_name!, row.values.price!]) {
        assert.ok(transcript.includes(value), `${entry.row}'s transcript says ${value}`);
        for (const word of value.split(' ')) assert.ok(vtt.includes(word), `${entry.row}'s captions say ${word}`);
      }
    }
    const report = strFromU8(entries['report.html']!);
    assert.match(report, /<h2>Transcript and captions<\/h2>/);
    for (const entry of captions) assert.ok(report.includes(entry.captions), `the report names ${entry.captions}`);
  });

  for (const key of GOOD) {
    for (const id of DESTINATIONS) {
      it(`${key} to ${id}: ffprobe and FFmpeg read its destination's sheet`, async (t) => {
        needTools('ffmpeg');
        const { destination, file } = rowFile(manifest, key, id);
        const path = join(dir, `${key}__${file.fileName}`);
        const bytes = entries[`${key}/${file.fileName}`]!;
        const { probe, ref } = await assertSheet(path, destination, bytes.length, SECONDS, dir);
        t.diagnostic(`${key}/${file.fileName}: ${probe.codec} ${probe.sampleRate} Hz ${probe.channels} ch, ${ref.samples} samples, I ${ref.integrated.toFixed(2)} LUFS, TP ${ref.truePeak.toFixed(2)} dBTP, tail ${ref.tailSilence.toFixed(2)} s`);
        assert.equal(file.figures.bytes, bytes.length);
        assert.ok(file.pass && file.rules.every((rule) => rule.pass));
      });
    }
  }
});
