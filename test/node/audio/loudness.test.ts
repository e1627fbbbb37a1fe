// BS.1770-4 loudness against analytic values and the EBU Tech 3341 / 3342 test signals, generated here
// to those documents' descriptions (the EBU's own files are not shipped with the project).
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { loudnessBlocks, measureLoudness } from '../../../src/audio/index.js';
import { sine, sineSegments } from '../../audio/signals.js';

const near = (actual: number, expected: number, tolerance: number, what: string): void => {
  assert.ok(Math.abs(actual - expected) <= tolerance, `${what}: ${actual.toFixed(3)} is not within ${tolerance} of ${expected}`);
};
const stereo = (x: Float32Array): Float32Array[] => [x, x];

describe('BS.1770-4 loudness, analytic', () => {
  it('a 0 dBFS 1 kHz sine in one channel measures -3.01 LUFS, in both channels of stereo 0.00 LUFS', () => {
    const x = sine(1000, 1, 10);
    near(measureLoudness([x], 48000).integrated, -3.01, 0.02, 'mono');
    near(measureLoudness([x, new Float32Array(x.length)], 48000).integrated, -3.01, 0.02, 'left only');
    near(measureLoudness(stereo(x), 48000).integrated, 0, 0.02, 'stereo');
  });

  it('gives the same loudness at 44.1 kHz (coefficients re-derived for the rate)', () => {
    const x = sine(997, 1, 10, 44100);
    near(measureLoudness(stereo(x), 44100).integrated, 0, 0.02, '44.1 kHz');
  });

  it('follows the level: -20 dB of gain is -20 LU', () => {
    const a = measureLoudness(stereo(sine(1000, 1, 10)), 48000).integrated;
    const b = measureLoudness(stereo(sine(1000, 0.1, 10)), 48000).integrated;
    near(a - b, 20, 0.001, 'difference');
  });

  it('K-weighting lifts high frequencies by about 4 dB and cuts 20 Hz', () => {
    const at1k = measureLoudness(stereo(sine(1000, 0.5, 10)), 48000).integrated;
    const at10k = measureLoudness(stereo(sine(10000, 0.5, 10)), 48000).integrated;
    const at20 = measureLoudness(stereo(sine(20, 0.5, 10)), 48000).integrated;
    near(at10k - at1k, 3.3, 0.4, '10 kHz vs 1 kHz');
    assert.ok(at20 - at1k < -10, `20 Hz is ${at20 - at1k} dB vs 1 kHz`);
  });

  it('reports silence as -Infinity and a sample peak of -Infinity', () => {
    const m = measureLoudness(stereo(new Float32Array(48000 * 5)), 48000);
    assert.equal(m.integrated, -Infinity);
    assert.equal(m.momentaryMax, -Infinity);
    assert.equal(m.samplePeak, -Infinity);
    assert.equal(m.truePeak, -Infinity);
    assert.equal(m.range, 0);
  });

  it('gates blocks under -70 LUFS out of the integrated loudness', () => {
    const x = sineSegments(1000, [[10, -20], [30, -90]]);
    near(measureLoudness(stereo(x), 48000).integrated, -20, 0.1, 'gated');
  });
});

describe('EBU Tech 3341 minimum requirements (stereo 1 kHz sine signals, 48 kHz)', () => {
  const cases: Array<[string, ReadonlyArray<readonly [number, number]>]> = [
    ['case 1: -23 dBFS, 20 s', [[20, -23]]],
    ['case 2: -33 dBFS, 20 s', [[20, -33]]],
    ['case 3: -36 / -23 / -36 dBFS', [[10, -36], [60, -23], [10, -36]]],
    ['case 4: -72 / -36 / -23 / -36 / -72 dBFS', [[10, -72], [10, -36], [60, -23], [10, -36], [10, -72]]],
    ['case 5: -26 / -20 / -26 dBFS', [[20, -26], [20.1, -20], [20, -26]]],
  ];
  const expected = [-23, -33, -23, -23, -23];
  cases.forEach(([name, segments], i) => {
    it(`${name}: integrated ${expected[i]} LUFS ±0.1`, () => {
      const m = measureLoudness(stereo(sineSegments(1000, segments)), 48000);
      near(m.integrated, expected[i]!, 0.1, name);
    });
  });

  it('case 1 also gives momentary and short-term -23.0', () => {
    const m = measureLoudness(stereo(sineSegments(1000, [[20, -23]])), 48000);
    near(m.momentaryMax, -23, 0.1, 'M');
    near(m.shortTermMax, -23, 0.1, 'S');
  });

  it('case 9: 1.34 s at -20 and 1.66 s at -30 dBFS x5: short-term -23.0 ±0.1 constant after 3 s', () => {
    const segments: Array<[number, number]> = [];
    for (let k = 0; k < 5; k++) segments.push([1.34, -20], [1.66, -30]);
    const { shortTerm } = loudnessBlocks(stereo(sineSegments(1000, segments)), 48000);
    assert.ok(shortTerm.length > 100);
    for (const value of shortTerm) near(value, -23, 0.1, 'S');
  });

  it('case 12: 0.18 s at -20 and 0.22 s at -30 dBFS x25: momentary -23.0 ±0.1 constant after 1 s', () => {
    const segments: Array<[number, number]> = [];
    for (let k = 0; k < 25; k++) segments.push([0.18, -20], [0.22, -30]);
    const { momentary } = loudnessBlocks(stereo(sineSegments(1000, segments)), 48000);
    for (let j = 6; j < momentary.length; j++) near(momentary[j]!, -23, 0.1, `M at ${j / 10 + 0.4} s`);
  });

  // True peak, 48 kHz: [frequency, amplitude, phase] and the expected maximum, +0.2 / -0.4 dB.
  const peaks: Array<[string, number, number, number, number]> = [
    ['case 15: fs/4, 0.5, 0 deg', 12000, 0.5, 0, -6],
    ['case 16: fs/4, 0.5, 45 deg', 12000, 0.5, 45, -6],
    ['case 17: fs/6, 0.5, 60 deg', 8000, 0.5, 60, -6],
    ['case 18: fs/8, 0.5, 67.5 deg', 6000, 0.5, 67.5, -6],
    ['case 19: fs/4, 1.41, 45 deg', 12000, 1.41, 45, 3],
  ];
  for (const [name, f, a, phase, tp] of peaks) {
    it(`${name}: true peak ${tp} dBTP (+0.2/-0.4), measured within 0.1 dB of the true value`, () => {
      const x = sine(f, a, 3, 48000, phase, 0.05);
      const m = measureLoudness(stereo(x), 48000);
      assert.ok(m.truePeak <= tp + 0.2 && m.truePeak >= tp - 0.4, `${name}: ${m.truePeak}`);
      near(m.truePeak, 20 * Math.log10(a), 0.1, name);
    });
  }
});

describe('EBU Tech 3342 loudness range (stereo 1 kHz sine, 48 kHz)', () => {
  const cases: Array<[string, ReadonlyArray<readonly [number, number]>, number]> = [
    ['case 1: -20 then -30 dBFS', [[20, -20], [20, -30]], 10],
    ['case 2: -20 then -15 dBFS', [[20, -20], [20, -15]], 5],
    ['case 3: -40 then -20 dBFS', [[20, -40], [20, -20]], 20],
    ['case 4: -50 / -35 / -20 / -35 / -50 dBFS', [[20, -50], [20, -35], [20, -20], [20, -35], [20, -50]], 15],
  ];
  for (const [name, segments, lra] of cases) {
    it(`${name}: LRA ${lra} LU ±0.1`, () => {
      near(measureLoudness(stereo(sineSegments(1000, segments)), 48000).range, lra, 0.1, name);
    });
  }
});
