// The emulator honours a voice-over request's direction (`ssml`, an assumption of src/api/contract.ts) for real: a
// pause is that long a silence in the take, a telephone number is read group by group, hostile text stays words,
// and SSML it does not read is refused. The SSML is the editor's own (src/script/ssml.ts). Over real HTTP.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { ApiErrorBody, AssetMetadata, JobAccepted, VoiceoverResult } from '../../src/api/contract.js';
import { directed, writeSsml } from '../../src/script/ssml.js';
import type { Emulator } from '../../demo/server/emulator/server.js';
import { decodeWav } from '../../demo/server/emulator/wav.js';
import { fastEmulator, get, mintToken, post, untilDone } from './helpers.js';

/** Quiet: a 10 ms window whose RMS is under this (full scale 1). */
const QUIET = 0.01;

/** The longest run of quiet 10 ms windows in `samples`, seconds. */
function longestSilence(samples: Float32Array, sampleRate: number): number {
  const window = Math.round(sampleRate / 100);
  let longest = 0;
  let run = 0;
  for (let from = 0; from + window <= samples.length; from += window) {
    let sum = 0;
    for (let i = from; i < from + window; i++) sum += samples[i]! * samples[i]!;
    run = Math.sqrt(sum / window) < QUIET ? run + 1 : 0;
    longest = Math.max(longest, run);
  }
  return (longest * window) / sampleRate;
}

describe('emulator: voice-over direction (ssml)', () => {
  let emulator: Emulator;
  let token: string;
  before(async () => {
    emulator = await fastEmulator();
    token = await mintToken(emulator, 'direct');
  });
  after(() => emulator.close());

  const ssmlOf = (text: string, language = 'en-US') => writeSsml(directed(text, (raw) => raw), language);

  /** The take the emulator voices for `body`: its samples, sample rate and asset. */
  async function take(body: Record<string, unknown>): Promise<{ samples: Float32Array; sampleRate: number; asset: AssetMetadata }> {
    const response = await post(emulator, '/v1/voiceover', { project_id: 'p', voice_id: 'en-us-ava', ...body }, token);
    assert.equal(response.status, 202, await response.clone().text());
    const { record } = await untilDone<VoiceoverResult>(((await response.json()) as JobAccepted).poll_url, token);
    assert.equal(record.status, 'succeeded', JSON.stringify(record.error));
    const audio = decodeWav(Buffer.from(await (await get(record.result!.asset.url, token)).arrayBuffer()));
    return { samples: audio.channels[0]!, sampleRate: audio.sampleRate, asset: record.result!.asset };
  }

  it('puts a 1.0 s silence (±0.1 s) where a [[pause 1.0s]] stands, and none without it', async () => {
    const text = 'Fresh coffee every morning. [[pause 1.0s]] Only at Acme.';
    const paused = await take({ text: 'Fresh coffee every morning. Only at Acme.', ssml: ssmlOf(text) });
    const silence = longestSilence(paused.samples, paused.sampleRate);
    assert.ok(Math.abs(silence - 1) <= 0.1, `the longest silence is ${silence.toFixed(3)} s`);
    const plain = await take({ text: 'Fresh coffee every morning. Only at Acme.' });
    assert.ok(longestSilence(plain.samples, plain.sampleRate) < 0.5, 'without the pause there is no such silence');
    // The words after the pause start after it.
    const words = (paused.asset['words'] as { text: string; start_s: number }[]).map((word) => word.text);
    assert.deepEqual(words, ['Fresh', 'coffee', 'every', 'morning.', 'Only', 'at', 'Acme.']);
    const only = (paused.asset['words'] as { text: string; start_s: number }[])[4]!;
    const morning = (paused.asset['words'] as { text: string; end_s: number }[])[3]!;
    assert.ok(only.start_s - morning.end_s >= 0.9, `"Only" starts ${(only.start_s - morning.end_s).toFixed(3)} s after "morning." ends`);
  });

  it('reads a telephone number digit by digit, group by group, with its word timings in order', async () => {
    const { asset } = await take({ text: 'Call 800-555-0199 now.', ssml: ssmlOf('Call [[say-as telephone: 800-555-0199]] now.') });
    const words = asset['words'] as { text: string; start_s: number; end_s: number }[];
    assert.deepEqual(
      words.map((word) => word.text),
      ['Call', '8', '0', '0,', '5', '5', '5,', '0', '1', '9', '9', 'now.'],
    );
    for (const [index, word] of words.entries()) {
      assert.ok(word.end_s >= word.start_s && (index === 0 || word.start_s >= words[index - 1]!.start_s), JSON.stringify(word));
    }
  });

  it('says a currency, a date and an ordinal in words, and a sub as its alias', async () => {
    const { asset } = await take({
      text: 'x',
      ssml: ssmlOf('[[say-as currency: $14.50]] on [[say-as date: 2026-05-01]], the [[say-as ordinal: 3]] at [[sub acme dot com: acme.com]]'),
    });
    const said = (asset['words'] as { text: string }[]).map((word) => word.text).join(' ');
    assert.equal(said, '14 dollars and 50 cents on May 1st, 2026 the 3rd at acme dot com');
    const french = await take({ voice_id: 'fr-fr-lea', text: 'x', ssml: ssmlOf('[[say-as currency: 14,50 €]] le [[say-as date: 2026-05-02]]', 'fr-FR') });
    assert.equal((french.asset['words'] as { text: string }[]).map((word) => word.text).join(' '), '14 euros et 50 centimes le 2 mai 2026');
  });

  it('reads hostile text in the SSML as words: an escaped <break time="60s"/> is no pause', async () => {
    const hostile = 'Now <break time="60s"/> <speak>x</speak> ]]> done.';
    const { samples, sampleRate } = await take({ text: hostile, ssml: ssmlOf(`${hostile} [[emphasis strong: Acme]]`) });
    assert.ok(samples.length / sampleRate < 20, `the take lasts ${(samples.length / sampleRate).toFixed(1)} s`);
    assert.ok(longestSilence(samples, sampleRate) < 0.5);
  });

  it('refuses SSML it does not read, naming what', async () => {
    for (const [ssml, words] of [
      ['<speak><audio src="https://example.com/a.mp3"/></speak>', /<audio> is not read/],
      ['<speak><break time="60s"/></speak>', /0 to 10 s/],
      ['<speak>unclosed', /one <speak> element, closed/],
      ['<speak>plain & simple</speak>', /"&" that starts no entity/],
      ['<speak><prosody rate="500%">x</prosody></speak>', /50% to 200%/],
    ] as const) {
      const response = await post(emulator, '/v1/voiceover', { project_id: 'p', voice_id: 'en-us-ava', text: 'x', ssml }, token);
      assert.equal(response.status, 400, ssml);
      assert.match(((await response.json()) as ApiErrorBody).error.message, words, ssml);
    }
  });
});
