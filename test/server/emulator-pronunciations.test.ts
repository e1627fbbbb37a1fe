// The emulator honours the pronunciations of a voice-over request (an assumed field, `PRONUNCIATIONS_FIELD`):
// it speaks each entry's `say` where its text matches, so the audio changes; and it reads a text as text (markup in
// it is words, never obeyed). Over real HTTP.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { ApiErrorBody, JobAccepted, VoiceoverResult } from '../../src/api/contract.js';
import type { Emulator } from '../../demo/server/emulator/server.js';
import { decodeWav } from '../../demo/server/emulator/wav.js';
import { fastEmulator, get, mintToken, post, untilDone } from './helpers.js';

describe('emulator: voice-over pronunciations', () => {
  let emulator: Emulator;
  let token: string;
  before(async () => {
    emulator = await fastEmulator();
    token = await mintToken(emulator, 'pronounce');
  });
  after(() => emulator.close());

  /** The samples of the take the emulator voices for `body`, and the credits it charged. */
  async function take(body: Record<string, unknown>): Promise<{ samples: Float32Array; credits: number }> {
    const response = await post(emulator, '/v1/voiceover', { project_id: 'p', voice_id: 'en-us-ava', ...body }, token);
    assert.equal(response.status, 202, await response.clone().text());
    const { record } = await untilDone<VoiceoverResult>(((await response.json()) as JobAccepted).poll_url, token);
    assert.equal(record.status, 'succeeded');
    const audio = decodeWav(Buffer.from(await (await get(record.result!.asset.url, token)).arrayBuffer()));
    return { samples: audio.channels[0]!, credits: record.result!.usage?.credits_used ?? Number.NaN };
  }

  // eSpeak's voice variants add a little noise, so two takes of one text differ in their samples but never in
  // their length: the length says what was spoken.
  it('speaks the respelling: the take differs from the plain one and is the respelled text', async () => {
    const text = 'Visit Acme today.';
    const plain = await take({ text });
    const withEntry = await take({ text, pronunciations: [{ text: 'acme', say: 'the Acme Coffee Roasting Company' }] });
    const respelled = await take({ text: 'Visit the Acme Coffee Roasting Company today.' });
    assert.ok(withEntry.samples.length > plain.samples.length * 1.5, `${withEntry.samples.length} against ${plain.samples.length}`);
    assert.equal(withEntry.samples.length, respelled.samples.length);
    assert.equal(withEntry.credits, plain.credits, 'the price counts the words as written');
  });

  it('matches by the editor rules: case_sensitive, whole words', async () => {
    const text = 'Tell us about US deals.';
    const plain = await take({ text });
    const sensitive = await take({ text, pronunciations: [{ text: 'US', say: 'the United States of America', case_sensitive: true }] });
    const expected = await take({ text: 'Tell us about the United States of America deals.' });
    assert.equal(sensitive.samples.length, expected.samples.length);
    const unmatched = await take({ text, pronunciations: [{ text: 'deal', say: 'a very good bargain indeed' }] });
    assert.equal(unmatched.samples.length, plain.samples.length, '"deal" is not a whole word of "deals"');
  });

  it('reads markup in a text as words: a break, a speak element and a CDATA end are text, never obeyed', async () => {
    const words = await take({ text: 'Price break time five seconds now.' });
    const tagged = await take({ text: 'Price <break time="5s"/> now.' });
    // eSpeak would pause 5 s for the tag obeyed; read as words, it lasts about as long as the same words spoken.
    assert.ok(Math.abs(tagged.samples.length - words.samples.length) < words.samples.length * 0.5, `${tagged.samples.length} against ${words.samples.length}`);
    const hostile = await take({ text: '<speak>Now</speak> ]]> <prosody rate="x-slow">ok</prosody>' });
    const plain = await take({ text: 'Now ok.' });
    assert.ok(hostile.samples.length > plain.samples.length * 2, 'the tags are read out, as words');
  });

  it("says when each word of the text is heard (the asset's words, an assumed field), in order, within the take", async () => {
    const text = 'Get Trail shoes for 59.99 dollars, today only.';
    const response = await post(emulator, '/v1/voiceover', { project_id: 'p', voice_id: 'en-us-ava', text }, token);
    const { record } = await untilDone<VoiceoverResult>(((await response.json()) as JobAccepted).poll_url, token);
    const { words, duration_s } = record.result!.asset;
    assert.deepEqual(words?.map((word) => word.text), text.split(' '), 'one timing per word of the text, a price one word');
    assert.ok(words!.every((word, at) => word.end_s > word.start_s && (at === 0 || word.start_s >= words![at - 1]!.end_s - 1e-9) && word.end_s <= duration_s + 1e-9), JSON.stringify(words));
  });

  it('refuses a wrong entry with a 400 naming it', async () => {
    const cases: Array<[unknown, RegExp]> = [
      [{ text: 'x', say: '' }, /pronunciations\[0\]\.say/],
      ['acme', /pronunciations\[0\] must be an object/],
      [{ text: 'x', say: 'y', case_sensitive: 'yes' }, /case_sensitive must be true or false/],
    ];
    for (const [entry, message] of cases) {
      const response = await post(emulator, '/v1/voiceover', { project_id: 'p', voice_id: 'en-us-ava', text: 'Hi x.', pronunciations: [entry] }, token);
      assert.equal(response.status, 400);
      assert.match(((await response.json()) as ApiErrorBody).error.message, message);
    }
  });
});
