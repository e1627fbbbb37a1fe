// The takes of a feed's rows (session/feed-takes.ts) and a row made of them (session/feed-row.ts), with a
// scripted voice service: what is asked for, how often, how many at once, and where each take goes.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { ServiceClient } from '../../../src/api/client.js';
import type { VoiceoverRequest } from '../../../src/api/contract.js';
import { createProject, type ProjectDocument } from '../../../src/model/document.js';
import { countSpokenWords } from '../../../src/script/estimate.js';
import { planRow, voiceRow, type RowContext } from '../../../src/session/feed-row.js';
import { FeedTakes, FEED_VOICE_CONCURRENCY } from '../../../src/session/feed-takes.js';
import { reasonText } from '../../../src/rules/said.js';

/** A voice service that answers after `delay` ms with a take of 2.5 words a second, and counts what is in flight. */
function service(delay = 5, fail?: (request: VoiceoverRequest) => boolean) {
  const requests: VoiceoverRequest[] = [];
  let inFlight = 0;
  let most = 0;
  const client = {
    voiceover: async (request: VoiceoverRequest, options?: { signal?: AbortSignal }) => {
      requests.push(request);
      const n = requests.length;
      inFlight++;
      most = Math.max(most, inFlight);
      try {
        await new Promise((resolve, reject) => {
          const timer = setTimeout(resolve, delay);
          options?.signal?.addEventListener('abort', () => (clearTimeout(timer), reject(options.signal!.reason)), { once: true });
        });
        if (fail?.(request)) throw new Error(`The voice service refused ${JSON.stringify(request.text)}`);
        return { asset: { asset_id: `t${n}`, kind: 'voice' as const, url: `mem:t${n}`, mime_type: 'audio/wav', duration_s: countSpokenWords(request.text) / 2.5 } };
      } finally {
        inFlight--;
      }
    },
  } as unknown as ServiceClient;
  return { client, requests, most: () => most };
}

/** A template of three sections, none voiced, with `{{name}}` in the second, and a feed of `rows`. */
function context(rows: string[][], maxFitSpeed = 1.2): RowContext {
  const base = createProject({ projectId: 'p', title: 'T', duration: 30, voice: 'v-anna' });
  const template: ProjectDocument = {
    ...base,
    script: { sections: [
      { id: 'a', label: 'Hook', text: 'Summer is here.' },
      { id: 'b', label: 'Body', text: 'Get {{name}} today.' },
      { id: 'c', label: 'Call to action', text: 'Visit acme dot com.' },
    ] },
    slots: [{ name: 'name', sample: 'shoes' }],
    feed: { columns: ['id', 'name'], rows, key: 'id', mapping: [{ column: 'name', slot: 'name' }] },
  };
  return { template, feed: template.feed!, slots: template.slots, brand: [], maxFitSpeed };
}

describe('feed takes', () => {
  it('voices the sections without a slot once for every row, and two rows with the same value once', async () => {
    const { client, requests } = service();
    const takes = new FeedTakes({ client, projectId: () => 'p', dispatch: () => undefined });
    const ctx = context([['1', 'boots'], ['2', 'a tent'], ['3', 'boots']]);
    const ads = await Promise.all([0, 1, 2].map((index) => voiceRow(ctx, planRow(ctx, index, 1), takes)));
    assert.deepEqual(requests.map((request) => request.text).sort(), ['Get a tent today.', 'Get boots today.', 'Summer is here.', 'Visit acme dot com.']);
    assert.deepEqual(ads.map((ad) => ad.voiced + ad.reused), [3, 3, 3]);
    assert.equal(ads.reduce((sum, ad) => sum + ad.voiced, 0), 4, 'four requests in all');
    // End to end from the lead-in, 0.3 s apart (the template has no takes to keep the places of).
    const clips = ads[0]!.view.clips;
    assert.equal(clips[0]!.start, 0.5);
    assert.ok(Math.abs(clips[1]!.start - (0.5 + 3 / 2.5 + 0.3)) < 1e-6);
  });

  it(`asks at most ${FEED_VOICE_CONCURRENCY} voice-overs at once`, async () => {
    const { client, requests, most } = service(15);
    const takes = new FeedTakes({ client, projectId: () => 'p', dispatch: () => undefined });
    const ctx = context(Array.from({ length: 12 }, (_, i) => [String(i + 1), `product number ${i + 1}`]));
    await Promise.all(ctx.feed.rows.map((_, index) => voiceRow(ctx, planRow(ctx, index, 1), takes)));
    assert.equal(requests.length, 12 + 2);
    assert.equal(most(), FEED_VOICE_CONCURRENCY);
  });

  it('keeps no failed take: the next row asks again', async () => {
    let refuse = true;
    const { client, requests } = service(1, (request) => request.text.includes('boots') && refuse);
    const takes = new FeedTakes({ client, projectId: () => 'p', dispatch: () => undefined });
    const ctx = context([['1', 'boots']]);
    await assert.rejects(voiceRow(ctx, planRow(ctx, 0, 1), takes), /refused "Get boots today\."/);
    refuse = false;
    const ad = await voiceRow(ctx, planRow(ctx, 0, 1), takes);
    assert.equal(requests.filter((request) => request.text === 'Get boots today.').length, 2);
    assert.deepEqual(ad.problems, []);
  });

  it('reads a row faster only when it needs it, rounded up to a step, never past maxFitSpeed', () => {
    const ctx = context([['1', 'boots']], 1.2);
    assert.equal(planRow(ctx, 0, 0.8).speed, 1, 'never slower than the template');
    assert.equal(planRow(ctx, 0, 1).speed, 1);
    assert.equal(planRow(ctx, 0, 1.01).speed, 1.05);
    assert.equal(planRow(ctx, 0, 1.19).speed, 1.2);
    assert.equal(planRow(ctx, 0, 1.4).speed, 1.2);
  });

  it('says what is wrong with a voiced row: speech past the end (a problem), more than 3 words a second (the warning the ad gets too)', async () => {
    const { client } = service(1);
    const takes = new FeedTakes({ client, projectId: () => 'p', dispatch: () => undefined });
    const long = 'a very long product name that goes on and on '.repeat(12).trim();
    const ctx = context([['1', long]]);
    const ad = await voiceRow(ctx, planRow(ctx, 0, 1), takes);
    assert.match(ad.problems.map(reasonText).join(' '), /past the ad's 30 s/);
    assert.deepEqual(ad.problems[0]!.said && 'key' in ad.problems[0]!.said ? ad.problems[0]!.said.key : undefined, 'feed.says.speechPast');
    // A take read at 4 words a second.
    const fast = { ...service(1) };
    const quick = { voiceover: async (request: VoiceoverRequest) => ({ asset: { ...(await fast.client.voiceover(request)).asset, duration_s: countSpokenWords(request.text) / 4 } }) } as unknown as ServiceClient;
    const rushed = await voiceRow(ctx, planRow(context([['1', 'boots']]), 0, 1), new FeedTakes({ client: quick, projectId: () => 'p', dispatch: () => undefined }));
    assert.deepEqual(rushed.problems, []);
    assert.deepEqual(rushed.warnings, ['4.0 words a second: Amazon audio ads advise at most 3 words per second; shorten the script.']);
    // A destination whose sheet limits words a second makes it a problem, in the same words as the ad's.
    const limited = { ...context([['1', 'boots']]), sheets: [{ label: 'Radio X', maxWordsPerSecond: 3.5 }] };
    const refused = await voiceRow(limited, planRow(limited, 0, 1), new FeedTakes({ client: quick, projectId: () => 'p', dispatch: () => undefined }));
    assert.deepEqual(refused.problems.map(reasonText), ['4.0 words a second: Radio X takes at most 3.5 words per second; shorten the script.']);
  });
});
