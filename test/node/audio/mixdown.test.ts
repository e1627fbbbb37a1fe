// Mixdown: sample-exact placement, trims, fades, looping, ducking timing.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { decimateEnvelope, duckingEnvelope, duckingEnvelopeDb, fadeGain, renderMix, type MixSpec } from '../../../src/audio/index.js';
import { duckingEnvelopePoints } from '../../../src/audio/dsp/ducking.js';
import { AudioInputError } from '../../../src/audio/errors.js';

const sr = 48000;
const impulse = (length: number, at: number, value = 1): Float32Array => {
  const x = new Float32Array(length);
  x[at] = value;
  return x;
};
const ones = (length: number): Float32Array => new Float32Array(length).fill(1);
const base = (over: Partial<MixSpec>): MixSpec => ({ length: 1, sampleRate: sr, channelCount: 2, voice: [], ...over });

describe('renderMix placement', () => {
  it('places a clip sample-exactly: an impulse at source sample 10, clip at 0.5 s, lands on sample 24010', () => {
    const out = renderMix(base({ voice: [{ source: { channels: [impulse(100, 10)], sampleRate: sr }, start: 0.5 }] })).channels;
    assert.equal(out.length, 2);
    assert.equal(out[0]!.length, sr);
    assert.equal(out[0]![24010], 1);
    assert.equal(out[1]![24010], 1);
    let nonZero = 0;
    for (const v of out[0]!) if (v !== 0) nonZero++;
    assert.equal(nonZero, 1);
  });

  it('applies trims: trimStart 5 samples moves the impulse 5 samples earlier; trimEnd before it removes it', () => {
    const source = { channels: [impulse(100, 10)], sampleRate: sr };
    const trimmed = renderMix(base({ voice: [{ source, start: 0.5, trimStart: 5 / sr }] })).channels[0]!;
    assert.equal(trimmed[24005], 1);
    const cut = renderMix(base({ voice: [{ source, start: 0.5, trimEnd: 10 / sr }] })).channels[0]!;
    assert.equal(cut.reduce((a, v) => a + Math.abs(v), 0), 0);
  });

  it('applies clip gain in dB and keeps stereo sources apart', () => {
    const l = impulse(10, 0, 0.5);
    const r = impulse(10, 1, 0.25);
    const out = renderMix(base({ voice: [{ source: { channels: [l, r], sampleRate: sr }, start: 0, gainDb: -6.020599913279624 }] })).channels;
    assert.ok(Math.abs(out[0]![0]! - 0.25) < 1e-6);
    assert.equal(out[0]![1], 0);
    assert.ok(Math.abs(out[1]![1]! - 0.125) < 1e-6);
  });

  it('averages stereo to mono for a mono mix', () => {
    const out = renderMix(base({ channelCount: 1, voice: [{ source: { channels: [ones(10), new Float32Array(10)], sampleRate: sr }, start: 0 }] })).channels;
    assert.equal(out.length, 1);
    assert.equal(out[0]![0], 0.5);
  });

  it('shapes fades: linear fade-in sample k is k / n; the fade-out ends silent', () => {
    const n = 480;
    const out = renderMix(base({ fadeCurve: 'linear', voice: [{ source: { channels: [ones(4800)], sampleRate: sr }, start: 0, fadeIn: n / sr, fadeOut: n / sr }] })).channels[0]!;
    for (const k of [0, 1, 120, 240, 479]) assert.ok(Math.abs(out[k]! - k / n) < 1e-6, `fade-in at ${k}: ${out[k]}`);
    assert.equal(out[480], 1);
    assert.equal(out[4799], 0);
    assert.ok(Math.abs(out[4799 - 240]! - 240 / n) < 1e-6);
  });

  it('shapes sine fades as sin(pi/2 t)', () => {
    assert.ok(Math.abs(fadeGain(0.5, 'sine') - Math.SQRT1_2) < 1e-12);
    const out = renderMix(base({ voice: [{ source: { channels: [ones(4800)], sampleRate: sr }, start: 0, fadeIn: 0.01 }] })).channels[0]!;
    assert.ok(Math.abs(out[240]! - Math.SQRT1_2) < 1e-6);
  });

  it('resamples a clip at another rate (22050 Hz) to the mix rate, keeping its duration', () => {
    const out = renderMix(base({ voice: [{ source: { channels: [ones(22050)], sampleRate: 22050 }, start: 0 }], length: 2 })).channels[0]!;
    assert.ok(Math.abs(out[24000]! - 1) < 0.01);
    assert.ok(Math.abs(out[47000]! - 1) < 0.01);
    assert.ok(Math.abs(out[49000]!) < 0.01);
  });

  it('rejects a spec without length with an AudioInputError that names the field', () => {
    assert.throws(() => renderMix(base({ length: 0 })), (error: unknown) => error instanceof AudioInputError && /spec\.length/.test(error.message));
    assert.throws(() => renderMix(base({ channelCount: 3 as 2 })), AudioInputError);
  });
});

describe('renderMix music bed', () => {
  it('trims a longer bed to the ad length and fades it out to silence at the end', () => {
    const out = renderMix(base({ music: { source: { channels: [ones(sr * 3)], sampleRate: sr }, fadeOut: 0.1 } })).channels[0]!;
    assert.equal(out.length, sr);
    assert.equal(out[0], 1);
    assert.equal(out[sr - 1], 0);
  });

  it('starts the bed at its offset', () => {
    const ramp = new Float32Array(sr * 2).map((_, i) => i / (sr * 2));
    const out = renderMix(base({ music: { source: { channels: [ramp], sampleRate: sr }, offset: 0.5 } })).channels[0]!;
    assert.ok(Math.abs(out[0]! - 0.25) < 1e-6);
  });

  it('loops a short bed seamlessly: a constant source stays constant through equal-power crossfades of a sine', () => {
    const tone = new Float32Array(sr * 0.3).map((_, i) => Math.sin((2 * Math.PI * 100 * i) / sr));
    const out = renderMix(base({ music: { source: { channels: [tone], sampleRate: sr }, loop: true, loopCrossfade: 0 } })).channels[0]!;
    // 100 Hz over 0.3 s is 30 whole cycles: with no crossfade the loop is the same sine continued.
    for (let i = 0; i < sr; i += 997) assert.ok(Math.abs(out[i]! - Math.sin((2 * Math.PI * 100 * i) / sr)) < 1e-4, `at ${i}`);
  });

  it('leaves silence after a short bed in a mastered ad, whatever an earlier render left in its work buffers', () => {
    const noise = (length: number): Float32Array => new Float32Array(length).map((_, i) => Math.sin(i * 0.37) * 0.5);
    renderMix(base({ music: { source: { channels: [noise(sr)], sampleRate: sr } }, mastering: { preset: 'streaming' } }));
    const out = renderMix(base({ music: { source: { channels: [noise(sr / 2)], sampleRate: sr } }, mastering: { preset: 'streaming' } })).channels;
    assert.ok(out[0]!.subarray(0, sr / 2).some((v) => v !== 0), 'the bed plays');
    // Silent after it, but for the mastering high-pass's decay (a 10 Hz corner rings out in tens of ms);
    // stale work buffers would leave the earlier bed here at full level.
    const tail = (channel: Float32Array) => channel.subarray(sr / 2 + sr / 10).reduce((max, v) => Math.max(max, Math.abs(v)), 0);
    assert.ok(out.every((channel) => tail(channel) < 1e-5), `silent after it: ${out.map(tail).join(', ')}`);
  });

  it('fills the whole ad when looping with a crossfade', () => {
    const out = renderMix(base({ music: { source: { channels: [ones(sr * 0.3)], sampleRate: sr }, loop: true, loopCrossfade: 0.02 } })).channels[0]!;
    assert.ok(out[sr - 1]! > 0.9);
    // Equal power on correlated material peaks at sqrt(2) in the middle of a crossfade; never silent.
    for (let i = 0; i < sr; i++) assert.ok(out[i]! > 0.7 && out[i]! < 1.42, `at ${i}: ${out[i]}`);
  });
});

describe('ducking', () => {
  const voice = { channels: [ones(sr)], sampleRate: sr };
  const spec = base({
    length: 4,
    voice: [{ source: voice, start: 1 }],
    music: { source: { channels: [ones(sr * 4)], sampleRate: sr } },
    ducking: { depthDb: 12, attackMs: 200, releaseMs: 500 },
  });

  it('is at full depth over the voice, ramps down over attack before it and up over release after it', () => {
    const { voiceSpans } = renderMix(spec);
    assert.deepEqual(voiceSpans, [{ start: sr, end: 2 * sr }]);
    const duckingDb = duckingEnvelopeDb(voiceSpans, 4 * sr, sr, spec.ducking!);
    assert.equal(duckingDb[sr - 9601], 0); // before the attack starts (attack = 9600 samples)
    assert.equal(duckingDb[sr - 9600], 0); // first sample of the ramp
    assert.ok(Math.abs(duckingDb[sr - 4800]! + 6) < 1e-4, 'half-way down at -6 dB');
    assert.equal(duckingDb[sr], -12);
    assert.equal(duckingDb[2 * sr - 1], -12);
    assert.ok(Math.abs(duckingDb[2 * sr + 12000]! + 6) < 0.01, 'half-way up after 250 ms');
    assert.equal(duckingDb[2 * sr + 24000], 0);
  });

  it('applies the envelope to the music only', () => {
    const { channels } = renderMix(spec);
    // Voice 1 + music ducked by 12 dB.
    assert.ok(Math.abs(channels[0]![Math.round(1.5 * sr)]! - (1 + Math.pow(10, -12 / 20))) < 1e-5);
    assert.equal(channels[0]![10], 1);
  });

  it('draws the same envelope decimated: 100 points per second, the deepest per point', () => {
    const points = duckingEnvelope(spec, 100);
    assert.equal(points.length, 400);
    assert.equal(points[50], 0); // 0.5 s: before the attack
    assert.equal(points[150], -12);
    assert.equal(points[399], 0);
  });

  it('draws exactly the decimated per-sample envelope without making it: random spans, ramps and rates', () => {
    let seed = 7;
    const random = () => ((seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648);
    for (let run = 0; run < 300; run++) {
      const rate = [8000, 44100, 48000][run % 3]!;
      const length = 1 + Math.floor(random() * rate * 3);
      const spans = Array.from({ length: Math.floor(random() * 6) }, () => {
        const start = Math.floor(random() * length * 1.2) - Math.floor(length * 0.1);
        return { start, end: start + Math.floor(random() * rate) };
      });
      const ducking = { depthDb: run % 17 === 0 ? 0 : -1 - random() * 20, attackMs: run % 5 === 0 ? 0 : random() * 400, releaseMs: run % 7 === 0 ? 0 : random() * 900 };
      const points = [1, 30, 100, 1000][run % 4]!;
      const expected = decimateEnvelope(duckingEnvelopeDb(spans, length, rate, ducking), rate, points);
      assert.deepEqual(duckingEnvelopePoints(spans, length, rate, ducking, points), expected, `run ${run}`);
    }
  });

  it('finds the voice from its signal when asked, bridging short pauses', () => {
    const speech = new Float32Array(sr * 2);
    for (let i = 0; i < sr * 2; i++) speech[i] = i < 0.5 * sr || (i > 0.6 * sr && i < 1.2 * sr) ? 0.1 * Math.sin(i / 10) : 0;
    const { voiceSpans } = renderMix(base({ length: 3, voice: [{ source: { channels: [speech], sampleRate: sr }, start: 0.5 }], ducking: { depthDb: 10, attackMs: 100, releaseMs: 100, detect: 'signal' } }));
    assert.equal(voiceSpans.length, 1);
    assert.ok(Math.abs(voiceSpans[0]!.start - 0.5 * sr) <= 480);
    assert.ok(Math.abs(voiceSpans[0]!.end - 1.7 * sr) <= 480);
  });
});

describe('renderMix into given arrays', () => {
  const bed = (length: number): Float32Array => new Float32Array(length).map((_, i) => Math.sin(i * 0.05) * 0.3);
  const voice = { channels: [new Float32Array(sr / 2).map((_, i) => Math.sin(i * 0.2) * 0.6)], sampleRate: sr };
  for (const mastering of [null, { preset: 'streaming' as const }]) {
    for (const loop of [true, false]) {
      it(`writes the same samples into them, whatever they held (${mastering ? 'mastered' : 'unmastered'}, bed ${loop ? 'looped' : 'shorter than the ad'})`, () => {
        const spec = base({ length: 2, voice: [{ source: voice, start: 0.5 }], music: { source: { channels: [bed(sr * 0.75)], sampleRate: sr }, loop }, ducking: { depthDb: 10, attackMs: 100, releaseMs: 200 }, mastering });
        const fresh = renderMix(spec).channels;
        const given = [new Float32Array(2 * sr).fill(7), new Float32Array(2 * sr).fill(-7)];
        const result = renderMix(spec, { into: given }).channels;
        assert.ok(result[0] === given[0] && result[1] === given[1], 'the given arrays are the result');
        assert.deepEqual(result, fresh);
      });
    }
  }

  it('makes new arrays when the given ones do not fit (a wrong length, one short, or a source among them)', () => {
    const whole = { channels: [new Float32Array(sr).fill(0.1)], sampleRate: sr };
    const spec = base({ voice: [{ source: whole, start: 0 }] });
    const offers: Float32Array[][] = [[new Float32Array(10), new Float32Array(10)], [new Float32Array(sr)], [whole.channels[0]!, new Float32Array(sr)]];
    for (const into of offers) {
      const result = renderMix(spec, { into }).channels;
      assert.ok(result.every((channel) => !into.includes(channel)), 'not written into');
      assert.deepEqual(result, renderMix(spec).channels);
    }
  });
});

