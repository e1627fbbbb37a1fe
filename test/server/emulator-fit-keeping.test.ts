import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { fitKeeping } from '../../demo/server/emulator/fit-keeping.js';
import { HttpError } from '../../demo/server/http.js';
import { factsFromUrl, recommend } from '../../demo/server/emulator/recommend.js';
import { measureSpeech } from '../../demo/server/emulator/speech-meter.js';
import { VOICES, findVoice, voiceSample } from '../../demo/server/emulator/voices.js';

/** The editor's layout (clip-layout.ts): 0.5 s lead-in, takes 0.3 s apart. */
const laidOut = (seconds: number[]) => 0.5 + seconds.reduce((sum, s) => sum + s, 0) + 0.3 * Math.max(0, seconds.length - 1);

describe('emulator format with keep_section_ids', () => {
  it('fits a voiced :30 to a :15, :10 and :6 keeping the call to action word for word; the voiced takes fit', async () => {
    const rates = new Map<string, number>();
    for (const voice of VOICES.filter((entry) => entry.details.language.startsWith('en'))) rates.set(voice.details.voice_id, (await voiceSample(voice)).wordsPerMinute);
    const [idea] = await recommend(factsFromUrl(new URL('https://acme-coffee.com/products/cold-brew-kit')), 'keep', 30, 1, (id) => rates.get(id) ?? 150, measureSpeech);
    const sections = idea!.script.sections;
    const call = sections.at(-1)!;
    const speed = (idea!.voice.speed as number | undefined) ?? 1;
    const voice = findVoice(idea!.voice.voice_id)!;
    const wordsPerMinute = (await voiceSample(voice)).wordsPerMinute * speed;
    for (const target of [15, 10, 6]) {
      const fitted = fitKeeping(sections, target, wordsPerMinute, new Set([call.id]));
      assert.equal(fitted.at(-1)!.text, call.text, `${target} s keeps the call to action`);
      const spoken = fitted.filter((section) => section.text !== '');
      const measured = await Promise.all(spoken.map((section) => measureSpeech(section.text, voice.details.voice_id, speed)));
      assert.ok(laidOut(measured) <= target, `${target} s: the takes laid out last ${laidOut(measured).toFixed(2)} s`);
    }
  });

  it('refuses with the reason when the kept sections alone are too long', () => {
    const sections = [{ id: 'hook', label: 'Hook', text: 'Hello.' }, { id: 'cta', label: 'Call to action', text: 'Order now at acme coffee dot com, or call us free today, any day of the week, from anywhere.' }];
    assert.throws(() => fitKeeping(sections, 6, 160, new Set(['cta'])), (error: unknown) => {
      assert.ok(error instanceof HttpError);
      assert.equal(error.status, 422);
      assert.equal(error.code, 'cannot_fit');
      assert.match(error.message, /the Call to action alone takes \d+\.\d s/);
      return true;
    });
  });
});
