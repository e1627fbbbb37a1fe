// Why a row or a file failed, in the reader's language: a feed run's reasons (a value's, the judge's finding with
// its fix, a service's error), a row's problems in the grid, a delivered file's fix and an error's words, from the
// same reasons the manifest words in English. In German and French none of the English words reach the reader: no
// run of three of its words (names and figures aside), and no key in place of words.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { findingAndFix, refusalWords, reasonWords, saidWords, wordsOf } from '../../../src/components/shared/reason-words.js';
import { problemText } from '../../../src/components/studio-feed-panel/feed-words.js';
import { StudioApiError } from '../../../src/api/api-error.js';
import { BUILTIN_DESTINATIONS } from '../../../src/delivery/destinations.js';
import { parseCsvFeed } from '../../../src/feed/import.js';
import { createFeed } from '../../../src/feed/mapping.js';
import type { SlotDefinition } from '../../../src/feed/types.js';
import { de } from '../../../src/i18n/de.js';
import { fr } from '../../../src/i18n/fr.js';
import { createTranslator, type Translate } from '../../../src/i18n/translate.js';
import { judge } from '../../../src/rules/judge.js';
import { checkFeed } from '../../../src/rules/row.js';
import { englishWords, reasonText } from '../../../src/rules/said.js';
import { scriptSlots } from '../../../src/script/slots.js';
import { withAdIdProblems } from '../../../src/session/creative-identity.js';
import { deliverFeed, previewFeedRow } from '../../../src/session/feed-deliver.js';
import { englishOnlyErrors } from '../support/english-errors.js';
import { feedHost } from '../support/feed-template.js';

const en = createTranslator('en');
const german = createTranslator('de', de);
const french = createTranslator('fr', fr);
const WAV = ['broadcast-ebu-r128'];
const podcast = BUILTIN_DESTINATIONS.find((destination) => destination.id === 'podcast')!;

/**
 * The words of `text`, lower case, with a `|` where a run of words is broken: at a quoted name or value (said as it
 * is in every language), a `{{slot}}`, a figure, a unit or a code (`LUFS`, `Ad-ID`, `1.20x`), and a sentence's end.
 */
function wordsIn(text: string): string[] {
  const plain = text.replace(/"(?:[^"\\]|\\.)*"|“[^”]*”|„[^“]*“|«[^»]*»|\{\{[^}]*\}\}/g, ' | ');
  return [...plain.matchAll(/[\p{L}\p{N}][\p{L}\p{N}'’_-]*|[.;:()!?|]/gu)].map(([word]) => (/^[\p{L}][\p{Ll}'’-]*$/u.test(word) && word.length > 1 ? word.toLowerCase() : '|'));
}

/** The runs of three words of `english` (`wordsIn`), each as it would be found in another text's words. */
function englishRuns(english: string): string[] {
  const words = wordsIn(english);
  return words.slice(2).flatMap((_, at) => {
    const run = words.slice(at, at + 3);
    return run.includes('|') ? [] : [run.join(' ')];
  });
}

/** Fails when `said` (words in `t`'s language) holds a run of three words of `english`, a key, or a placeholder. */
function assertNotEnglish(t: Translate, said: string, english: string, what: string): void {
  const own = ` ${wordsIn(said).join(' ')} `;
  const found = englishRuns(english).filter((run) => own.includes(` ${run} `));
  assert.deepEqual(found, [], `${what} in ${t.locale} says English words: ${said}`);
  assert.doesNotMatch(said, /\b(?:fix|feed|error|rule|deliver|length|versions|master)\.[\w.-]+\b/, `${what} in ${t.locale}: a key, not words: ${said}`);
  assert.doesNotMatch(said, /(^|[^{])\{\w+\}(?!\})|\[object/, `${what} in ${t.locale}: a placeholder left: ${said}`);
}

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
          assertNotEnglish(t, words, item.message, row.key);
        }
      }
    }
    // A missing value names its column; in English its words are the manifest's.
    assert.equal(reasonWords(en, result.reasons.get('WS-200')![0]!), failed.find((row) => row.key === 'WS-200')!.reasons[0]);
    assert.match(reasonWords(german, result.reasons.get('WS-200')![0]!), /^price: "price" ist leer/);
    // The service's error in the words its code has, led by what failed.
    assert.equal(reasonWords(german, result.reasons.get('HJ-300')![0]!), `Ein Voice-over ist fehlgeschlagen: ${german('error.server')}`);
    // A row too long for its speed-up: the judge's finding and what to shorten.
    assert.match(reasonWords(german, result.reasons.get('LB-1')![0]!), /^product_name: .*1,20x.*; "product_name" \(90 Wörter, in "Body"\) oder den Abschnitt "Body" des Skripts kürzen$/);
  });

  it('says why a row cannot be heard in the reader\'s words, and its English for the host', async () => {
    const { host } = feedHost({ destinations: WAV });
    const refusal = await previewFeedRow(host, 'WS-200').then(
      () => assert.fail('WS-200 has no price: it cannot be heard'),
      (error: unknown) => error,
    );
    assert.match((refusal as Error).message, /^Row "WS-200" cannot be heard: price: /);
    assert.match(refusalWords(german, refusal)!, /^price: "price" ist leer/);
    for (const t of [german, french]) assertNotEnglish(t, refusalWords(t, refusal)!, (refusal as Error).message.replace(/^Row "WS-200" cannot be heard: /, ''), 'WS-200');
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
      for (const t of [german, french]) {
        assertNotEnglish(t, wordsOf(t, item.advice.key, item.advice.values), item.fix!, `${item.rule}'s fix`);
        assertNotEnglish(t, findingAndFix(t, item), item.message, item.rule);
      }
    }
    const loudness = found.find((item) => item.rule === 'loudness')!;
    assert.equal(loudness.fix, 'Master to -16 LUFS');
    assert.equal(wordsOf(german, loudness.advice!.key, loudness.advice!.values), 'Auf -16 LUFS mastern');
    const speech = found.find((item) => item.rule === 'speech')!;
    assert.equal(wordsOf(french, speech.advice!.key, speech.advice!.values), 'La voix dépasse la fin de 1,2 s : allongez l’annonce ou raccourcissez le script');
  });
  it("says each problem of a row in the grid in German and French, its fix too, with no English words", () => {
    const sections = [
      { label: 'Hook', text: 'Meet {{product_name}}.' },
      { label: 'Body', text: 'The {{product_name}} is just [[say-as currency: {{price}}]] at Northwind Outfitters, this week only.' },
    ];
    const slots: SlotDefinition[] = [
      { name: 'product_name', sample: 'Trail shoes', maxLength: 30 },
      { name: 'price', sample: '59' },
    ];
    const csv = 'id,product_name,price,ad_id\nA-1,Trail shoes,59,ACME1234000\n,Mug,1,\nGL-7\u0007,Lamp,2,\nB-2,Waterproof hiking jacket with a detachable hood and pockets,3,\nC-3,,4,\nD-4,Cup,free,\nE-5,Cap,5,ACME12\nF-6,Hat,6,0CME1234000\nA-1,Tent,7,\n';
    const parsed = createFeed(parseCsvFeed(csv), scriptSlots(sections).names);
    const feed = { ...parsed, mapping: [...parsed.mapping, { column: 'ad_id', slot: '__ad_id__v1' }] };
    const versions = [{ id: 'v1', name: ':30' }];
    const checked = (duration: number) => {
      const { rows } = checkFeed({ feed, slots, sections, duration });
      return rows.flatMap((row, index) => withAdIdProblems(feed, versions, index, row).problems);
    };
    // An ad long enough that only the values, keys and Ad-IDs are wrong; one too short to fit any row; one where a
    // row of the samples is only sped up (a fast read, the section to blame).
    const problems = [...checked(60), ...checked(3.2), ...checked(5.6)];
    const rules = new Set(problems.map((problem) => problem.rule));
    for (const rule of ['empty-key', 'key-control', 'duplicate-key', 'too-long', 'missing', 'say-as', 'ad-id-format', 'fit', 'fast-read', 'words-per-second'] as const) assert.ok(rules.has(rule), `a ${rule} problem to say`);
    assert.ok(problems.some((problem) => /; shorten "product_name" \(\d+ words, in "Hook"\) or the script's "Hook"$/.test(problem.message)), 'a fix blaming a slot');
    for (const t of [german, french]) {
      for (const problem of problems) {
        assert.ok(problem.said !== undefined, `${problem.rule}: words to say it with`);
        assertNotEnglish(t, problemText(t, problem), problem.message, problem.rule);
      }
    }
    const adId = problems.find((problem) => problem.rule === 'ad-id-format')!;
    assert.match(problemText(german, adId), /^Ad-ID: Eine Ad-ID .*; die Ad-ID korrigieren oder leer lassen \(kein Code\)$/);
  });

  it("says in German and French the errors whose own message is English: the reason, then what to do, never the message's words", () => {
    const errors = englishOnlyErrors();
    for (const t of [german, french]) {
      for (const error of errors) assertNotEnglish(t, saidWords(t, { error }, error.message), error.message, error.code);
    }
  });
});
