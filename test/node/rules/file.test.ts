// The rule checks of a destination, as a table: each row a destination, the file's figures and what every
// rule must say (pass, or fail with its figure and a fix naming the number to reach).
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { checkDestination, fileFindings, fileLimit, fixAdvice, passesAll, type RuleFigures } from '../../../src/rules/file.js';
import type { DeliveryRuleResult, DestinationProfile } from '../../../src/delivery/types.js';

const podcast: DestinationProfile = {
  id: 'podcast-insertion',
  label: 'Podcast insertion',
  source: { title: 'PRX ad specs' },
  codec: { container: 'mp3', bitrateKbps: 128 },
  sampleRate: 44100,
  channels: 1,
  loudness: -16,
  tolerance: 1,
  truePeak: -1,
  length: { kind: 'max', maxSeconds: 30 },
  maxBytes: 1_000_000,
  minTailSilence: 0.5,
  metadata: ['title', 'advertiser', 'adId'],
  fileName: '{advertiser}_{title}',
};
const broadcast: DestinationProfile = {
  ...podcast,
  id: 'broadcast-ebu',
  codec: { container: 'wav', bitDepth: 24 },
  sampleRate: 48000,
  channels: 2,
  loudness: -23,
  tolerance: 0.5,
  length: { kind: 'exact' },
  minTailSilence: 0,
};
const { maxBytes: _none, ...noSize } = broadcast;

const good: RuleFigures = { samples: 30 * 44100, seconds: 30, sampleRate: 44100, bytes: 480_000, integrated: -16.2, truePeak: -1.4, tailSilence: 0.8 };
const exact: RuleFigures = { ...good, samples: 30 * 48000, sampleRate: 48000, integrated: -23, bytes: 8_640_044 };

interface Row {
  readonly name: string;
  readonly profile: DestinationProfile;
  readonly figures: RuleFigures;
  readonly adSeconds?: number;
  readonly speechCut?: number;
  readonly wordsPerSecond?: number;
  /** rule -> expected pass, and a fragment the fix must hold when it fails. */
  readonly expect: Partial<Record<DeliveryRuleResult['rule'], true | string>>;
}

const rows: Row[] = [
  { name: 'a podcast file that meets everything', profile: podcast, figures: good, expect: { loudness: true, truePeak: true, length: true, maxBytes: true, tailSilence: true, speech: true } },
  { name: 'too quiet', profile: podcast, figures: { ...good, integrated: -17.3 }, expect: { loudness: 'Master to -16 LUFS' } },
  { name: 'loud by exactly the tolerance passes', profile: podcast, figures: { ...good, integrated: -15 }, expect: { loudness: true } },
  { name: 'silence has no loudness', profile: podcast, figures: { ...good, integrated: -Infinity, truePeak: -Infinity }, expect: { loudness: 'silent', truePeak: true } },
  { name: 'a true peak over the ceiling (MP3)', profile: podcast, figures: { ...good, truePeak: -0.6 }, expect: { truePeak: 'higher bitrate' } },
  { name: 'a true peak over the ceiling (WAV)', profile: broadcast, figures: { ...exact, truePeak: -0.2 }, expect: { truePeak: 'ceiling of -1 dBTP' } },
  { name: 'a true peak that is not a number fails', profile: broadcast, figures: { ...exact, truePeak: Number.NaN }, expect: { truePeak: 'ceiling' } },
  { name: 'longer than the maximum', profile: podcast, figures: { ...good, samples: 31 * 44100, seconds: 31 }, adSeconds: 31, expect: { length: 'Shorten the ad to 30 s' } },
  { name: 'the maximum to the sample passes', profile: podcast, figures: { ...good, samples: 30 * 44100 }, expect: { length: true } },
  { name: 'one sample over the maximum fails', profile: podcast, figures: { ...good, samples: 30 * 44100 + 1 }, expect: { length: 'Shorten the ad to 30 s' } },
  { name: 'an exact destination one sample short', profile: broadcast, figures: { ...exact, samples: 30 * 48000 - 1 }, expect: { length: '1440000 samples' } },
  { name: 'an exact destination to the sample', profile: broadcast, figures: exact, expect: { length: true, loudness: true } },
  { name: 'over the size (MP3)', profile: podcast, figures: { ...good, bytes: 1_000_001 }, expect: { maxBytes: 'Use a lower bitrate' } },
  { name: 'over the size (WAV)', profile: { ...broadcast, maxBytes: 5_000_000 }, figures: exact, expect: { maxBytes: 'Use 16-bit' } },
  { name: 'no size rule where none is set', profile: noSize, figures: exact, expect: {} },
  { name: 'too little silence at the end', profile: podcast, figures: { ...good, tailSilence: 0.2 }, expect: { tailSilence: 'End the ad with 0.5 s of silence' } },
  { name: 'speech cut by the end', profile: podcast, figures: good, speechCut: 0.64, expect: { speech: 'runs 0.6 s past the end' } },
  { name: 'faster than the sheet’s words a second', profile: { ...podcast, maxWordsPerSecond: 2 }, figures: good, wordsPerSecond: 2.4, expect: { 'words-per-second': 'shorten the script' } },
  { name: 'at the sheet’s words a second, to a tenth, passes', profile: { ...podcast, maxWordsPerSecond: 2 }, figures: good, wordsPerSecond: 2.04, expect: { 'words-per-second': true } },
  { name: 'a tenth over the sheet’s words a second fails', profile: { ...podcast, maxWordsPerSecond: 2 }, figures: good, wordsPerSecond: 2.05, expect: { 'words-per-second': 'shorten the script' } },
];

describe('checkDestination', () => {
  for (const row of rows) {
    it(row.name, () => {
      const results = checkDestination(row.profile, row.figures, { adSeconds: row.adSeconds ?? 30, speechCut: row.speechCut ?? 0, wordsPerSecond: row.wordsPerSecond });
      const byRule = new Map(results.map((r) => [r.rule, r]));
      assert.equal(byRule.size, results.length, 'one result per rule');
      assert.equal(byRule.has('maxBytes'), row.profile.maxBytes !== undefined);
      assert.equal(byRule.has('tailSilence'), row.profile.minTailSilence > 0);
      assert.equal(byRule.has('words-per-second'), row.profile.maxWordsPerSecond !== undefined && row.wordsPerSecond !== undefined);
      for (const [name, want] of Object.entries(row.expect)) {
        const result = byRule.get(name as DeliveryRuleResult['rule']);
        assert.ok(result, `${name} is checked`);
        if (want === true) {
          assert.equal(result.pass, true, `${name} passes`);
          assert.equal(result.fix, undefined, `${name} has no fix`);
        } else {
          assert.equal(result.pass, false, `${name} fails`);
          assert.ok(result.fix?.includes(want), `${name}'s fix "${result.fix}" says "${want}"`);
          assert.ok(result.required.length > 0);
        }
      }
      // Nothing says pass for a file that fails a rule.
      assert.equal(passesAll(results), results.every((r) => r.pass));
      if (Object.values(row.expect).some((want) => want !== true)) assert.equal(passesAll(results), false);
    });
  }

  it('carries the file\'s figure and the destination\'s words', () => {
    const results = checkDestination(podcast, { ...good, integrated: -18.25, bytes: 1_200_000 }, { adSeconds: 30, speechCut: 0 });
    const loudness = results.find((r) => r.rule === 'loudness')!;
    assert.equal(loudness.measured, -18.25);
    assert.equal(loudness.required, '-16 ±1 LUFS');
    const bytes = results.find((r) => r.rule === 'maxBytes')!;
    assert.equal(bytes.measured, 1_200_000);
    assert.equal(bytes.required, 'at most 1 MB (1000000 bytes)');
  });

  it('judges words a second only where the sheet limits them and the figure is known, as the pace rules say it', () => {
    const limited = { ...podcast, label: 'Radio X', maxWordsPerSecond: 2 };
    const rule = (profile: DestinationProfile, wordsPerSecond?: number) => checkDestination(profile, good, { adSeconds: 30, speechCut: 0, wordsPerSecond }).find((r) => r.rule === 'words-per-second');
    // No limit on the sheet: Amazon's advice stays a warning of the Script step, never a file's rule.
    assert.equal(rule(podcast, 4.2), undefined);
    // Before any take, nothing is read: not judged.
    assert.equal(rule(limited), undefined);
    const over = rule(limited, 2.43)!;
    assert.deepEqual(over, { rule: 'words-per-second', pass: false, measured: 2.43, required: 'at most 2 words a second', fix: 'shorten the script' });
    assert.equal(fileLimit(limited, 'words-per-second', 30), 2);
    assert.deepEqual(fixAdvice(limited, over, 30), { key: 'fix.shortenScript', values: {} });
    const [found] = fileFindings(limited, [over], 'file', 30);
    assert.equal(found?.rule, 'words-per-second');
    assert.equal(found?.severity, 'problem');
    assert.deepEqual(found?.limit, { value: 2, sheet: 'Radio X' });
    assert.equal(found?.fix, 'shorten the script');
    // A limit of 2.5 and a read of 2.54 words a second: 2.5 as shown, so it passes; 2.55 is 2.6, so it fails.
    assert.equal(rule({ ...limited, maxWordsPerSecond: 2.5 }, 2.54)?.pass, true);
    assert.equal(rule({ ...limited, maxWordsPerSecond: 2.5 }, 2.55)?.pass, false);
  });

  it('passesAll is false for no rules', () => assert.equal(passesAll([]), false));
});
