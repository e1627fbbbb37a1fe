// The rule checks of a destination, as a table: each row a destination, the file's figures and what every
// rule must say (pass, or fail with its figure and a fix naming the number to reach).
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { checkDestination, passesAll, type RuleFigures } from '../../../src/rules/file.js';
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
];

describe('checkDestination', () => {
  for (const row of rows) {
    it(row.name, () => {
      const results = checkDestination(row.profile, row.figures, { adSeconds: row.adSeconds ?? 30, speechCut: row.speechCut ?? 0 });
      const byRule = new Map(results.map((r) => [r.rule, r]));
      assert.equal(byRule.size, results.length, 'one result per rule');
      assert.equal(byRule.has('maxBytes'), row.profile.maxBytes !== undefined);
      assert.equal(byRule.has('tailSilence'), row.profile.minTailSilence > 0);
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

  it('passesAll is false for no rules', () => assert.equal(passesAll([]), false));
});
