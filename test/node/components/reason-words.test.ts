// Why a row or a file failed, in the reader's language: a feed run's reasons (a value's, the judge's finding with
// its fix, a service's error) and a delivered file's fix, from the same reasons the manifest words in English.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { refusalWords, reasonWords, wordsOf } from '../../../src/components/shared/reason-words.js';
import { StudioApiError } from '../../../src/api/api-error.js';
import { BUILTIN_DESTINATIONS } from '../../../src/delivery/destinations.js';
import { de } from '../../../src/i18n/de.js';
import { fr } from '../../../src/i18n/fr.js';
import { createTranslator } from '../../../src/i18n/translate.js';
import { judge } from '../../../src/rules/judge.js';
import { englishWords, reasonText } from '../../../src/rules/said.js';
import { deliverFeed, previewFeedRow } from '../../../src/session/feed-deliver.js';
import { feedHost } from '../support/feed-template.js';

const en = createTranslator('en');
const german = createTranslator('de', de);
const french = createTranslator('fr', fr);
const WAV = ['broadcast-ebu-r128'];
const podcast = BUILTIN_DESTINATIONS.find((destination) => destination.id === 'podcast')!;

describe("a failure's reasons in the reader's words", () => {
  it("gives a feed run's failed rows their reasons: the manifest's English, and the same in German and French", async () => {
    const long = Array.from({ length: 90 }, (_, i) => `word${i}`).join(' ');
    const failure = new StudioApiError('server-error', 'Voice-over failed: the service answered 503 (busy).', { recoverable: true });
    const { host } = feedHost({
      destinations: WAV,
      failVoiceover: (text) => (text.includes('Hiking jacket') ? failure : undefined),
      change: (project) => ({ ...project, slots: project.slots.map((slot) => ({ ...slot, maxLength: 1000 })), feed: { ...project.feed!, rows: [...project.feed!.rows, ['LB-1', long, '5']] } }),
    });
    const result = await deliverFeed(host, { rows: ['TR-100', 'WS-200', 'HJ-300', 'LB-1'] });
    const failed = result.manifest.feed.rows.filter((row) => row.status === 'failed');
    assert.deepEqual(failed.map((row) => row.key).sort(), ['HJ-300', 'LB-1', 'WS-200']);
    for (const row of failed) {
      const reasons = result.reasons.get(row.key)!;
      assert.deepEqual(reasons.map(reasonText), row.reasons, `${row.key}: the manifest's words are the reasons' English`);
      for (const t of [german, french]) {
        for (const [at, item] of reasons.entries()) {
          const words = reasonWords(t, item);
          assert.notEqual(words, row.reasons[at], `${row.key} in ${t.locale}: ${words}`);
          assert.ok(!words.includes(item.message), `${row.key} in ${t.locale}: no English message in ${words}`);
          assert.ok(!words.includes('[object'), words);
        }
      }
    }
    // A missing value names its column; in English its words are the manifest's.
    assert.equal(reasonWords(en, result.reasons.get('WS-200')![0]!), failed.find((row) => row.key === 'WS-200')!.reasons[0]);
    assert.match(reasonWords(german, result.reasons.get('WS-200')![0]!), /^price: "price" ist leer/);
    // The service's error in the words its code has, led by what failed.
    assert.equal(reasonWords(german, result.reasons.get('HJ-300')![0]!), `Ein Voice-over ist fehlgeschlagen: ${german('error.server')}`);
    // A row too long for its speed-up: the judge's finding and what to shorten.
    assert.match(reasonWords(german, result.reasons.get('LB-1')![0]!), /^product_name: .*1,20x/);
  });

  it('says why a row cannot be heard in the reader\'s words, and its English for the host', async () => {
    const { host } = feedHost({ destinations: WAV });
    const refusal = await previewFeedRow(host, 'WS-200').then(
      () => assert.fail('WS-200 has no price: it cannot be heard'),
      (error: unknown) => error,
    );
    assert.match((refusal as Error).message, /^Row "WS-200" cannot be heard: price: /);
    assert.match(refusalWords(german, refusal)!, /^price: "price" ist leer/);
    assert.equal(refusalWords(german, new Error('other')), undefined);
  });

  it("says a delivered file's fix in the reader's words, the manifest's fix made of the same English words", () => {
    const figures = { samples: 1_411_200, seconds: 32, sampleRate: 44100, bytes: 2_000_000, integrated: -19.256, truePeak: -0.42, tailSilence: 0 };
    const found = judge({ kind: 'file', destination: podcast, figures, context: { adSeconds: 30, speechCut: 1.23 } });
    assert.deepEqual(found.map((item) => item.rule).sort(), ['loudness', 'maxBytes', 'speech', 'tailSilence', 'truePeak']);
    for (const item of found) {
      assert.ok(item.advice !== undefined, item.rule);
      assert.equal(item.fix, englishWords(item.advice.key, item.advice.values), `${item.rule}: one English text`);
      const words = wordsOf(german, item.advice.key, item.advice.values);
      assert.notEqual(words, item.fix, `${item.rule} in German`);
    }
    const loudness = found.find((item) => item.rule === 'loudness')!;
    assert.equal(loudness.fix, 'Master to -16 LUFS');
    assert.equal(wordsOf(german, loudness.advice!.key, loudness.advice!.values), 'Auf -16 LUFS mastern');
    const speech = found.find((item) => item.rule === 'speech')!;
    assert.equal(wordsOf(french, speech.advice!.key, speech.advice!.values), 'La voix dépasse la fin de 1,2 s : allongez l’annonce ou raccourcissez le script');
  });
});
