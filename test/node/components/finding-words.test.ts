// The judge's findings in the reader's language (findingWords): each kind of rule from its own words with its
// figure and limit, numbers in the locale's format with at most 2 decimals, in English, German and French; the
// English `message` never shown in another language.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { findingWords, shortFigure } from '../../../src/components/shared/finding-words.js';
import { BUILTIN_DESTINATIONS } from '../../../src/delivery/destinations.js';
import { de } from '../../../src/i18n/de.js';
import { fr } from '../../../src/i18n/fr.js';
import { createTranslator } from '../../../src/i18n/translate.js';
import { judge } from '../../../src/rules/judge.js';
import { judgePace } from '../../../src/rules/pace.js';

const en = createTranslator('en');
const german = createTranslator('de', de);
const french = createTranslator('fr', fr);
const podcast = BUILTIN_DESTINATIONS.find((destination) => destination.id === 'podcast')!;

describe('findingWords', () => {
  it('formats a figure for the locale with at most 2 decimals', () => {
    assert.deepEqual([shortFigure(en, 30), shortFigure(en, 0.5), shortFigure(en, 1.15757575)], ['30', '0.5', '1.16']);
    assert.deepEqual([shortFigure(german, 0.5), shortFigure(german, 1.15757575)], ['0,5', '1,16']);
  });

  it('says how a script reads in each language, from the same finding', () => {
    const [fit, pace] = judgePace({ speed: 1.3457, wordsPerSecond: 3.44 }, 'ad', { maxFitSpeed: 1.2 });
    assert.equal(fit!.rule, 'fit');
    assert.equal(findingWords(en, fit!), 'It would need 1.35x to fit, faster than the 1.20x allowed. Shorten the script.');
    assert.equal(findingWords(german, fit!), 'Es bräuchte 1,35x, um zu passen, schneller als die erlaubten 1,20x. Kürzen Sie das Skript.');
    assert.equal(findingWords(french, fit!), 'Il faudrait 1,35x pour tenir, plus vite que les 1,20x permis. Raccourcissez le script.');
    assert.equal(findingWords(german, pace!), '3,4 Wörter pro Sekunde: Amazon empfiehlt für Audio-Anzeigen höchstens 3 Wörter pro Sekunde.');
  });

  it("says a delivered file's failed rules with the sheet's limit, in German", () => {
    const figures = { samples: 1_411_200, seconds: 32, sampleRate: 44100, bytes: 2_000_000, integrated: -19.256, truePeak: -0.42, tailSilence: 0 };
    const found = judge({ kind: 'file', destination: podcast, figures, context: { adSeconds: 30, speechCut: 0 } });
    const words = Object.fromEntries(found.map((item) => [item.rule, findingWords(german, item)]));
    assert.equal(words.loudness, 'Lautheit: -19,3 LUFS, verlangt -16,0 LUFS ±1,0 LU');
    assert.equal(words.truePeak, 'True Peak: -0,4 dBTP, verlangt True Peak höchstens -1,0 dBTP');
    assert.ok(found.every((item) => !findingWords(german, item).includes(item.message)), 'no English message in German');
  });

  it('says a VAST setting that is missing or wrong, never the URL', () => {
    const found = judge({ kind: 'vast', destinations: [{ destination: 'vast-audio', mediaBaseUrl: 'https://cdn.example.com/ads/', impressionUrls: [] }] });
    assert.equal(findingWords(german, found[0]!), 'Geben Sie mindestens eine Impression-URL an: Ein Ad-Server zählt die Ausspielungen der Anzeige daran.');
    const [wrong] = judge({ kind: 'vast', destinations: [{ destination: 'vast-audio', mediaBaseUrl: 'https://cdn.example.com/ads/', impressionUrls: ['about:blank?t=secret'] }] });
    assert.ok(!findingWords(french, wrong!).includes('secret'));
  });
});
