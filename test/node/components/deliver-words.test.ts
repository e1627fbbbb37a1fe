// The Deliver panel's figures in words, in English and French: a destination's key numbers, the figures a
// source leaves unpublished, a delivered file's figures, a failed rule's line, and each code problem.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { codeProblemText, destinationNumbers, receiptFacts, unpublishedText } from '../../../src/components/studio-deliver-panel/deliver-words.js';
import { BUILTIN_DESTINATIONS } from '../../../src/delivery/destinations.js';
import { adIdProblem, isciProblem } from '../../../src/delivery/codes.js';
import type { DeliveredFigures } from '../../../src/delivery/types.js';
import { createTranslator } from '../../../src/i18n/translate.js';
import { fr } from '../../../src/i18n/fr.js';

const en = createTranslator('en');
const podcast = BUILTIN_DESTINATIONS.find((destination) => destination.id === 'podcast')!;
const ebu = BUILTIN_DESTINATIONS.find((destination) => destination.id === 'broadcast-ebu-r128')!;

const figures: DeliveredFigures = {
  samples: 1_323_000,
  seconds: 30,
  sampleRate: 44100,
  channels: 1,
  bitrateKbps: 128,
  bytes: 482_304,
  sha256: '0'.repeat(64),
  integrated: -16.04,
  range: 4.2,
  truePeak: -1.53,
  samplePeak: -1.9,
  dc: 0,
  tailSilence: 0.61,
  shortTerm: { step: 1, values: [] },
};

describe('Deliver panel words', () => {
  it('says a destination’s key numbers: codec, rate, channels, loudness, true peak, length, size, silence', () => {
    assert.equal(
      destinationNumbers(en, podcast),
      'MP3 128 kbit/s, 44.1 kHz, mono, -16.0 LUFS ±1.0 LU, true peak up to -1.0 dBTP, up to 60 s, under 1.0 MB, at least 0.5 s of silence at the end',
    );
    assert.equal(destinationNumbers(en, ebu), 'WAV 24-bit, 48 kHz, stereo, -23.0 LUFS ±0.5 LU, true peak up to -1.0 dBTP, exactly the ad’s length');
  });

  it('names the figures the source does not publish, in words', () => {
    assert.equal(unpublishedText(en, ebu), 'The source publishes no figure for: the codec, the sample rate, the channels, and the length. Those numbers are common practice.');
    assert.equal(unpublishedText(en, { ...ebu, source: { title: 'All of it' } }), '');
  });

  it('says a file’s receipt facts: length, loudness (integrated and true peak), format', () => {
    assert.deepEqual(receiptFacts(en, figures), {
      length: '30.00 s',
      loudness: '-16.0 LUFS integrated, -1.5 dBTP true peak',
      format: 'MP3 128 kbit/s, 44.1 kHz, mono, 482.3 KB',
    });
  });

  it('says each code problem in words, in English and French', () => {
    const frT = createTranslator('fr', {}, fr);
    assert.equal(codeProblemText(en, adIdProblem('ABCD1234000H')!, 'ABCD1234000H'), 'A 12th character (H or D) marks HD or 3D video only; an audio ad’s Ad-ID has 11 characters.');
    assert.equal(codeProblemText(en, adIdProblem('ABC123')!, 'ABC123'), 'An Ad-ID has 11 characters (a 4-character prefix, then 7); this one has 6.');
    assert.equal(codeProblemText(en, adIdProblem('0BCD1234000')!, '0BCD1234000'), 'An Ad-ID starts with 4 letters or digits, and not with 0.');
    assert.equal(codeProblemText(en, adIdProblem('ABCD-234000')!, 'ABCD-234000'), 'An Ad-ID has only letters and digits.');
    assert.equal(codeProblemText(frT, isciProblem('AB12')!, 'AB12'), 'Un code ISCI se compose de 4 lettres puis 4 chiffres.');
  });
});
