// A feed's run (session/feed-deliver.ts) by its options and refusals: chosen rows, two versions, a row that
// cannot be fitted, the price before a run, and the refusals that name what to do. One WAV destination keeps
// it quick; feed-ffmpeg.test.ts reads the files against their sheets.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { strFromU8, unzipSync } from 'fflate';
import type { ProjectDocument } from '../../../src/model/document.js';
import { StudioApiError } from '../../../src/api/api-error.js';
import { projectReducer } from '../../../src/model/reducer.js';
import { openContent } from '../../../src/model/versions.js';
import { deliverFeed, feedPrice, previewFeedRow } from '../../../src/session/feed-deliver.js';
import { StudioDeliverEvent } from '../../../src/events/studio-deliver.js';
import { LINE_BREAK, RAW_CONTROL } from '../support/raw-controls.js';
import { feedHost } from '../support/feed-template.js';

const WAV = ['broadcast-ebu-r128'];

describe('deliverFeed', () => {
  it('delivers only the rows asked for, and a row with a problem asked for is listed failed with it, not voiced', async () => {
    const { host, requests } = feedHost({ destinations: WAV });
    const result = await deliverFeed(host, { rows: ['HJ-300', 'WS-200'] });
    assert.deepEqual(result.manifest.feed.rows.map((row) => `${row.key}:${row.status}`), ['WS-200:failed', 'HJ-300:delivered']);
    assert.match(result.manifest.feed.rows[0]!.reasons[0]!, /^price: /);
    assert.deepEqual(requests.map((request) => request.text), ['Get Hiking jacket for just 189.00 dollars at Acme Outdoors.']);
    assert.deepEqual(Object.keys(unzipSync(new Uint8Array(await result.zip.arrayBuffer()))).sort(), [
      'HJ-300/HJ-300_Acme-Outdoors_Summer-gear_30s_captions.vtt',
      'HJ-300/HJ-300_Acme-Outdoors_Summer-gear_30s_ebu-r128.wav',
      'HJ-300/HJ-300_Acme-Outdoors_Summer-gear_30s_transcript.txt',
      'manifest.json',
      'report.html',
    ]);
  });

  it('fails a row whose voice-over fails with the service\'s words, said once, and delivers the others', async () => {
    const failure = new StudioApiError('server-error', 'Voice-over failed: the service answered 503 (busy). Try again in a minute.', { recoverable: true });
    const { host } = feedHost({ destinations: WAV, failVoiceover: (text) => (text.includes('Hiking jacket') ? failure : undefined) });
    const result = await deliverFeed(host, { rows: ['TR-100', 'HJ-300'] });
    assert.deepEqual(result.manifest.feed.rows.map((row) => `${row.key}:${row.status}`), ['HJ-300:failed', 'TR-100:delivered']);
    assert.deepEqual(result.manifest.feed.rows[0]!.reasons, ['A voice-over failed: the service answered 503 (busy). Try again in a minute.']);
  });

  it('says, when no row can be delivered, each row with its reason in one sentence that ends once', async () => {
    const failure = new StudioApiError('server-error', 'Voice-over failed: the service answered 503 (busy). Try again in a minute.', { recoverable: true });
    const { host } = feedHost({ destinations: WAV, failVoiceover: () => failure });
    await assert.rejects(deliverFeed(host, { rows: ['HJ-300', 'WS-200'] }), (error: Error) => {
      assert.equal(error.message, 'No row could be delivered: HJ-300: A voice-over failed: the service answered 503 (busy). Try again in a minute; WS-200: price: "price" is empty: {{price}} needs a value.');
      return true;
    });
  });

  it('delivers each row in each version asked for, each file named with its version, the rows\' takes made per version', async () => {
    const { host, requests } = feedHost({
      destinations: WAV,
      change: (project) => {
        const named = projectReducer(project, { type: 'version/set', id: 'v1', label: 'Main' });
        const alternate = { ...openContent(named), script: { sections: named.script.sections.map((section) => (section.id === 'hook' ? { ...section, text: 'Summer is calling.' } : section)) } };
        return projectReducer(projectReducer(named, { type: 'version/add', version: { id: 'v2', label: 'Alt hook' }, content: alternate }), { type: 'version/open', id: 'v1' });
      },
    });
    const result = await deliverFeed(host, { rows: ['HJ-300'], versions: ['v1', 'v2'] });
    const names = Object.keys(unzipSync(new Uint8Array(await result.zip.arrayBuffer()))).filter((name) => name.includes('/')).sort();
    assert.deepEqual(names.filter((name) => name.endsWith('.wav')), ['HJ-300/HJ-300_Acme-Outdoors_Summer-gear_30s_Alt-hook_ebu-r128.wav', 'HJ-300/HJ-300_Acme-Outdoors_Summer-gear_30s_Main_ebu-r128.wav']);
    assert.deepEqual(names.filter((name) => name.endsWith('.vtt')), ['HJ-300/HJ-300_Acme-Outdoors_Summer-gear_30s_Alt-hook_captions.vtt', 'HJ-300/HJ-300_Acme-Outdoors_Summer-gear_30s_Main_captions.vtt'], "each version's captions");
    assert.deepEqual(result.manifest.captions?.map((entry) => `${entry.row}@${entry.version}`), ['HJ-300@v1', 'HJ-300@v2']);
    assert.deepEqual(result.manifest.files.map((file) => `${file.row}@${file.version}`), ['HJ-300@v1', 'HJ-300@v2']);
    // v2's hook has no take of that text: voiced once; the Body once (the same text in both versions).
    assert.deepEqual(requests.map((request) => request.section_id).sort(), ['body', 'hook']);
  });

  it('fails a row its speed-up cannot fit, past vocal.maxFitSpeed, with its reason, and voices nothing for it', async () => {
    const long = Array.from({ length: 90 }, (_, i) => `word${i}`).join(' ');
    const { host, requests } = feedHost({
      destinations: WAV,
      change: (project) => ({ ...project, slots: project.slots.map((slot) => ({ ...slot, maxLength: 1000 })), feed: { ...project.feed!, rows: [...project.feed!.rows, ['LB-1', long, '5']] } }),
    });
    const result = await deliverFeed(host, { rows: ['HJ-300', 'LB-1'] });
    const row = result.manifest.feed.rows.find((entry) => entry.key === 'LB-1')!;
    assert.equal(row.status, 'failed');
    assert.match(row.reasons.join(' '), /product_name: .*faster than the 1\.20x allowed/);
    assert.deepEqual(requests.map((request) => request.text), ['Get Hiking jacket for just 189.00 dollars at Acme Outdoors.'], 'nothing voiced for LB-1');
  });

  it('prices a run before it starts: each take it needs once, none of the template\'s, none already made', async () => {
    const { host } = feedHost({ destinations: WAV });
    // Two rows, each a Body of 12 spoken words: 2 x (1 + 1 per started 25 words) credits; at most, should a row be
    // read again faster, its 3 sections again (2 credits each at this price): 2 x 6 more.
    assert.deepEqual(await feedPrice(host, ['HJ-300', 'WB-600']), { credits: 4, most: 16 });
    assert.deepEqual(await feedPrice(host, ['TR-100']), { credits: 0, most: 0 }, 'the samples: the template\'s takes, which fit');
    assert.deepEqual(await feedPrice(host, ['HJ-300', 'HJ-300']), { credits: 2, most: 8 }, 'a row asked twice: priced once');
    await deliverFeed(host, { rows: ['HJ-300'] });
    assert.deepEqual(await feedPrice(host, ['HJ-300', 'WB-600']), { credits: 2, most: 14 }, 'HJ-300\'s take is made');
    assert.equal(await feedPrice(feedHost({ destinations: WAV, prices: { format: { base: 1 } } }).host, ['HJ-300']), undefined, 'no price for voice-overs: none said');
  });

  it('refuses without a feed, without a key column, and for an unknown row, saying what to do', async () => {
    const none = feedHost({ destinations: WAV, change: (project): ProjectDocument => ({ ...project, feed: null }) });
    await assert.rejects(deliverFeed(none.host, {}), /no feed: import a CSV or JSON file in the Feed step/);
    const keyless = feedHost({ destinations: WAV, change: (project) => ({ ...project, feed: { ...project.feed!, key: null } }) });
    await assert.rejects(deliverFeed(keyless.host, {}), /no key column: choose the column/);
    const { host } = feedHost({ destinations: WAV });
    await assert.rejects(deliverFeed(host, { rows: ['NOPE'] }), /No row with the key "NOPE" in the feed's "sku" column/);
    await assert.rejects(previewFeedRow(host, 'WS-200'), /Row "WS-200" cannot be heard: price: /);
  });

  it('quotes hostile keys and values escaped in the studio-deliver event\'s reasons and in the refusal of a run with no row delivered', async () => {
    const keys: Record<string, string> = { 'HJ-300': 'HJ\u202E300\nFAKE', 'WS-200': 'WS\x1b[2J\x1b]0;pwned\x07\u2066200\u2069' };
    const hostile = (project: ProjectDocument): ProjectDocument => ({ ...project, feed: { ...project.feed!, rows: project.feed!.rows.map((row) => (keys[row[0]!] === undefined ? row : [keys[row[0]!]!, `${row[1]}\u202E\x1b[31m\nFAKE`, row[2]!])) } });
    const clean = (text: string) => {
      assert.doesNotMatch(text, RAW_CONTROL, text);
      assert.doesNotMatch(text, LINE_BREAK, text);
    };
    // Some rows delivered: the event's manifest lists each failed row's reasons, the values in them escaped.
    const some = feedHost({ destinations: WAV, change: hostile });
    await deliverFeed(some.host, { rows: ['TR-100', ...Object.values(keys)] });
    const event = some.events.find((fired): fired is StudioDeliverEvent => fired instanceof StudioDeliverEvent)!;
    const failed = event.detail.manifest.feed!.rows.filter((row) => row.status === 'failed');
    assert.equal(failed.length, 2);
    for (const reason of failed.flatMap((row) => row.reasons)) clean(reason);
    // None delivered: the refusal (what studio-error and on('error') carry) names each key and reason on its one line.
    const none = feedHost({ destinations: WAV, change: hostile });
    const refusal = await deliverFeed(none.host, { rows: Object.values(keys) }).then(() => assert.fail('delivered'), (error: Error) => error);
    assert.match(refusal.message, /^No row could be delivered: /);
    clean(refusal.message);
    assert.match(refusal.message, /HJ\\u202e300\\u000aFAKE: /);
    const unknown = await deliverFeed(none.host, { rows: ['NO\u202EPE\nFAKE'] }).then(() => assert.fail('delivered'), (error: Error) => error);
    assert.match(unknown.message, /^No row with the key "NO\\u202ePE\\nFAKE"/);
    clean(unknown.message);
  });

  it('writes a report whose rows table lists the failed rows first, every value escaped', async () => {
    const { host } = feedHost({ destinations: WAV, change: (project) => ({ ...project, feed: { ...project.feed!, rows: project.feed!.rows.map((row) => (row[0] === 'HJ-300' ? [row[0], '<img src=x onerror=alert(1)>', row[2]!] : row)) } }) });
    const result = await deliverFeed(host, { rows: ['HJ-300', 'WS-200'] });
    const report = strFromU8(unzipSync(new Uint8Array(await result.zip.arrayBuffer()))['report.html']!);
    assert.ok(report.indexOf('WS-200') < report.indexOf('HJ-300'));
    assert.ok(!report.includes('<img src=x'));
    assert.ok(report.includes('&lt;img src=x onerror=alert(1)&gt;'));
  });
});
