// Mastering and the true-peak limiter: targets met, ceilings never crossed, even on hostile signals.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { DELIVERY_PRESETS, checkCompliance, limitTruePeak, master, measureLoudness, renderMix, truePeak, type DeliveryPresetId } from '../../../src/audio/index.js';
import { predictionRuns } from '../../../src/audio/dsp/master.js';
import { releaseScratch } from '../../../src/audio/dsp/scratch.js';
import { subMaxima } from '../../../src/audio/dsp/true-peak-runs.js';
import { music, prng, sine, syntheticSpeech } from '../../audio/signals.js';

const sr = 48000;
const dbtp = (channels: Float32Array[]): number => 20 * Math.log10(truePeak(channels, sr));

describe('true-peak limiter', () => {
  it('keeps a square wave driven 12 dB over the ceiling under it in true peak', () => {
    const square = new Float32Array(sr * 2).map((_, i) => (Math.floor(i / 37) % 2 ? 0.9 : -0.9));
    const out = limitTruePeak([square, square], sr, { ceiling: -1, gainDb: 12 }).channels;
    assert.ok(dbtp(out) <= -1, `true peak ${dbtp(out)}`);
  });

  it('catches inter-sample peaks: fs/4 at 45 degrees (samples at -3 dBFS, true peak 0 dBFS) limited to -1 dBTP', () => {
    const x = sine(12000, 1, 2, sr, 45);
    assert.ok(measureLoudness([x, x], sr).samplePeak < -2.9);
    const out = limitTruePeak([x, x], sr, { ceiling: -1 }).channels;
    assert.ok(dbtp(out) <= -1, `true peak ${dbtp(out)}`);
    assert.ok(dbtp(out) > -1.5, 'and not much lower');
  });

  it('does not touch what stays under the ceiling', () => {
    const x = sine(1000, 0.5, 1);
    const result = limitTruePeak([x], sr, { ceiling: -1 });
    assert.equal(result.maxReductionDb, 0);
    assert.deepEqual(Array.from(result.channels[0]!.subarray(0, 100)), Array.from(x.subarray(0, 100)));
  });

  it('moves the gain smoothly: no step over 0.5 dB between samples on speech driven 10 dB into it', () => {
    const speech = syntheticSpeech(5);
    const gained = speech.map((v) => v * 10);
    const out = limitTruePeak([gained], sr, { ceiling: -1, gainDb: 10 }).channels[0]!;
    let worst = 0;
    for (let i = 1; i < out.length; i++) {
      if (Math.abs(speech[i]!) > 1e-3 && Math.abs(speech[i - 1]!) > 1e-3) {
        const g0 = out[i - 1]! / gained[i - 1]!;
        const g1 = out[i]! / gained[i]!;
        worst = Math.max(worst, Math.abs(20 * Math.log10(g1 / g0)));
      }
    }
    assert.ok(worst < 0.5, `largest gain step ${worst} dB`);
  });
});

describe('master', () => {
  const [l, r] = music(20);
  const speech = syntheticSpeech(6);
  const mix = renderMix({
    length: 20,
    sampleRate: sr,
    channelCount: 2,
    voice: [{ source: { channels: [speech], sampleRate: sr }, start: 1 }, { source: { channels: [speech], sampleRate: sr }, start: 11 }],
    music: { source: { channels: [l, r], sampleRate: sr }, gainDb: -8 },
    ducking: { depthDb: 10, attackMs: 150, releaseMs: 400 },
  }).channels;

  for (const id of Object.keys(DELIVERY_PRESETS) as DeliveryPresetId[]) {
    it(`meets ${id}: integrated within tolerance, true peak at or under the ceiling`, () => {
      const preset = DELIVERY_PRESETS[id];
      const result = master(mix, sr, id);
      const m = measureLoudness(result.channels, sr);
      assert.ok(Math.abs(m.integrated - preset.integrated) <= Math.min(preset.tolerance, 0.5), `${id}: ${m.integrated} LUFS`);
      assert.ok(m.truePeak <= preset.truePeak, `${id}: ${m.truePeak} dBTP`);
      assert.equal(result.compliance.rules.find((rule) => rule.rule === 'integrated')?.pass, true);
      assert.equal(result.compliance.rules.find((rule) => rule.rule === 'truePeak')?.pass, true);
      assert.ok(Math.abs(result.measurement.integrated - m.integrated) < 1e-9, 'reports what it wrote');
      assert.equal(result.measurement.truePeak, m.truePeak, 'and its true peak exactly');
      assert.equal(result.measurement.samplePeak, m.samplePeak);
    });
  }

  it('meets streaming at 44.1 kHz too (runs of 7 samples), reporting what it wrote', () => {
    const at44 = renderMix({
      length: 12,
      sampleRate: 44100,
      channelCount: 2,
      voice: [{ source: { channels: [speech], sampleRate: sr }, start: 1 }],
      music: { source: { channels: [l, r], sampleRate: sr }, gainDb: -8 },
      ducking: { depthDb: 10, attackMs: 150, releaseMs: 400 },
    }).channels;
    const result = master(at44, 44100, 'streaming');
    const m = measureLoudness(result.channels, 44100);
    assert.ok(Math.abs(m.integrated + 14) <= 0.5, `${m.integrated} LUFS`);
    assert.ok(m.truePeak <= -1, `${m.truePeak} dBTP`);
    assert.ok(result.limiterReductionDb > 0, 'the limiter worked');
    assert.ok(Math.abs(result.measurement.integrated - m.integrated) < 1e-9);
    assert.equal(result.measurement.truePeak, m.truePeak);
  });

  it('takes custom target and ceiling', () => {
    const result = master(mix, sr, 'custom', { target: -20, truePeak: -3 });
    assert.ok(Math.abs(result.measurement.integrated + 20) <= 0.5);
    assert.ok(result.measurement.truePeak <= -3);
    assert.equal(result.compliance.pass, true);
  });

  it('removes DC: a programme offset by 0.002 comes out with a mean under 1e-5 in every channel', () => {
    // Tones with a slow tremolo, offset by 0.002, mastered to -14 LUFS. (Hard limiting makes a little DC of
    // its own from a waveform's asymmetry under a moving gain; that is the next test's concern, not this one's.)
    const n = sr * 20;
    const left = sine(220, 0.1, 20);
    const right = sine(330, 0.1, 20);
    for (let i = 0; i < n; i++) {
      const tremolo = 1 - 0.5 * (0.5 + 0.5 * Math.sin((2 * Math.PI * 2 * i) / sr));
      left[i] = left[i]! * tremolo + 0.002;
      right[i] = right[i]! * tremolo + 0.002;
    }
    const mean = (x: Float32Array) => x.reduce((sum, v) => sum + v, 0) / x.length;
    assert.ok(Math.abs(mean(left) - 0.002) < 1e-4, `the input's mean is ${mean(left)}`);
    const result = master([left, right], sr, 'streaming');
    for (const channel of result.channels) assert.ok(Math.abs(mean(channel)) < 1e-5, `output mean ${mean(channel)}`);
    assert.ok(Math.abs(result.measurement.integrated + 14) <= 0.5, `${result.measurement.integrated} LUFS`);
    assert.ok(result.measurement.truePeak <= -1, `${result.measurement.truePeak} dBTP`);
  });

  it('removes an offset added to a mix: the master is the same as without it (mean within 1e-6)', () => {
    const mean = (x: Float32Array) => x.reduce((sum, v) => sum + v, 0) / x.length;
    const plain = master(mix, sr, 'streaming').channels.map(mean);
    const offset = master(mix.map((channel) => channel.map((v) => v + 0.002)), sr, 'streaming').channels.map(mean);
    offset.forEach((m, c) => assert.ok(Math.abs(m - plain[c]!) < 1e-6, `mean ${m} with the offset, ${plain[c]} without`));
  });

  it('filters a consumed input in place: the same master, the input left alone otherwise', () => {
    const input = mix.map((channel) => channel.slice());
    const plain = master(input, sr, 'streaming');
    assert.deepEqual(input, mix, 'the input is not touched without consumeInput');
    const consumed = master(input, sr, 'streaming', { consumeInput: true });
    plain.channels.forEach((channel, c) => assert.ok(channel.every((v, i) => Object.is(v, consumed.channels[c]![i])), `channel ${c} differs`));
    assert.equal(consumed.measurement.truePeak, plain.measurement.truePeak);
    assert.ok(input.some((channel, c) => channel.some((v, i) => v !== mix[c]![i])), 'the consumed input was used as the work buffer');
  });

  it('gives the same master whatever earlier masters left in its work buffers (longer, louder, other channel counts)', () => {
    const short = mix.map((channel) => channel.subarray(0, sr * 7 + 5));
    const mono = [short[0]!];
    releaseScratch();
    const fresh = [master(short, sr, 'streaming'), master(mono, sr, 'streaming'), master(mono, sr, 'custom', { target: -30, truePeak: -1 })];
    assert.equal(fresh[2]!.limiterReductionDb, 0, 'the quiet master is not limited: one gain throughout');
    // Louder and longer renders first (every work buffer written further, with other gains), then the same three.
    master(mix.map((channel) => channel.map((v) => v * 4)), sr, 'streaming');
    master([mix[1]!.map((v) => v * 30)], sr, 'streaming');
    const again = [master(short, sr, 'streaming'), master(mono, sr, 'streaming'), master(mono, sr, 'custom', { target: -30, truePeak: -1 })];
    fresh.forEach((result, r) => {
      assert.equal(again[r]!.gainDb, result.gainDb, `master ${r}: gain`);
      assert.equal(again[r]!.measurement.truePeak, result.measurement.truePeak, `master ${r}: true peak`);
      result.channels.forEach((channel, c) => assert.ok(channel.every((v, i) => Object.is(v, again[r]!.channels[c]![i])), `master ${r}, channel ${c} differs`));
    });
  });

  it("takes the prediction's runs as a plain computation does (runs of 64 and 49 samples, 1 and 2 channels, stale work buffers)", () => {
    const random = prng(5);
    for (const [factor, spread] of [[8, 8], [7, 7]] as const) {
      for (const count of [2, 1]) {
        for (const scale of [3, 1]) {
          // Noise whose louder channel changes every 100 samples, so that each wins somewhere, the second channel in the first run.
          const channels = Array.from({ length: count }, (_, c) => new Float32Array(sr * 2 + 77).map((_, i) => scale * (random() * 2 - 1) * (Math.floor(i / 100) % 2 !== c ? 1 : 0.3)));
          const maxima = channels.map(subMaxima);
          const power = new Float32Array(Math.floor(channels[0]!.length / factor)).map((_, k) => (k % 13) * scale + 1 / (k + 1));
          const { peaks, powers } = predictionRuns(maxima, power, factor, spread);
          const run = factor * spread;
          assert.equal(peaks.length, Math.floor(power.length / spread));
          for (let q = 0; q < peaks.length; q++) {
            let top = 0;
            for (const m of maxima) for (let r = Math.floor((q * run) / 8); r <= Math.floor((q * run + run - 1) / 8); r++) top = Math.max(top, m[r]!);
            let sum = 0;
            for (let k = q * spread; k < q * spread + spread; k++) sum += power[k]!;
            assert.equal(peaks[q], top, `runs of ${run}, ${count} channel(s): peak ${q}`);
            assert.equal(powers[q], Math.fround(sum / spread), `runs of ${run}, ${count} channel(s): power ${q}`);
          }
        }
      }
    }
  });

  it('leaves silence alone and reports it as failing the integrated rule', () => {
    const silent = new Float32Array(sr * 3);
    const result = master([silent, silent], sr, 'streaming');
    assert.equal(result.measurement.integrated, -Infinity);
    assert.equal(result.compliance.pass, false);
  });
});

describe('checkCompliance', () => {
  const measurement = { integrated: -23.4, momentaryMax: -15, shortTermMax: -17.5, range: 6, samplePeak: -2, truePeak: -0.8 };

  it('gives each rule with the measured and required values', () => {
    const result = checkCompliance(measurement, 'ebu-r128');
    assert.equal(result.pass, false);
    assert.deepEqual(result.rules.map((rule) => [rule.rule, rule.pass]), [['integrated', true], ['truePeak', false], ['shortTermMax', false]]);
    const tp = result.rules[1]!;
    assert.equal(tp.measured, -0.8);
    assert.equal(tp.max, -1);
    assert.match(tp.required, /-1 dBTP/);
  });

  it('passes ATSC A/85 for the same measurement (±2 LU, -2 dBTP fails on the peak)', () => {
    const result = checkCompliance({ ...measurement, truePeak: -2.5, integrated: -25.9 }, 'atsc-a85');
    assert.equal(result.pass, true);
  });

  it('names the preset ids of config.mastering.preset exactly', () => {
    assert.deepEqual(Object.keys(DELIVERY_PRESETS).sort(), ['aes-ads', 'atsc-a85', 'custom', 'ebu-r128', 'podcast', 'streaming']);
    for (const preset of Object.values(DELIVERY_PRESETS)) assert.ok(preset.source.length > 20, `${preset.id} has a source`);
  });
});

describe('limiter gain curve', () => {
  it('equals a plain per-sample computation of the same definition (sparse peaks, idle stretches, block edges)', async () => {
    const { limiterGains } = await import('../../../src/audio/dsp/limiter.js');
    const width = 7;
    const release = 0.9;
    const random = (await import('../../audio/signals.js')).prng(5);
    const peaks = new Float32Array(2000).map(() => (random() < 0.02 ? 1 + random() : 0.5 * random()));
    peaks[0] = 1.5;
    peaks[1999] = 1.8;
    peaks[699] = 1.3; // the last sample of a block
    peaks[700] = 1.2; // the first of the next
    const curve = limiterGains(peaks, 1, 1, width, release)!;
    const gains = Array.from(curve.gains);
    assert.ok(Math.abs(curve.lowest - Math.min(...gains)) < 1e-7, `lowest ${curve.lowest} vs ${Math.min(...gains)}`);
    // Reference: required gain, forward window minimum, release, box average of width, clamp.
    const n = peaks.length;
    const req = Array.from(peaks, (p) => (p > 1 ? 1 / p : 1));
    const min = req.map((_, i) => Math.min(...req.slice(i, i + width)));
    let state = min[0]!;
    const r: number[] = [];
    for (let i = 0; i < n; i++) {
      state = min[i]! < state ? min[i]! : min[i]! + (state - min[i]!) * release;
      if (min[i] === 1 && state > 0.999999) state = 1;
      r.push(state);
    }
    for (let i = 0; i < n; i++) {
      let sum = 0;
      for (let k = i - width + 1; k <= i; k++) sum += k < 0 ? min[0]! : r[k]!;
      const expected = Math.min(sum / width, req[i]!);
      assert.ok(Math.abs(gains[i]! - expected) < 1e-5, `sample ${i}: ${gains[i]} vs ${expected}`);
      assert.ok(gains[i]! * peaks[i]! <= 1 + 1e-6, `sample ${i} over the ceiling`);
    }
  });

  it('gives the same curve when it finds its blocks from run maxima (runs of 8 and 7, a partial run at the end)', async () => {
    const { limiterGains } = await import('../../../src/audio/dsp/limiter.js');
    const random = (await import('../../audio/signals.js')).prng(9);
    const peaks = new Float32Array(5003).map(() => (random() < 0.01 ? 1 + random() : 0.9 * random()));
    peaks[5002] = 1.4; // in the partial run
    for (const length of [8, 7]) {
      const maxima = new Float32Array(Math.floor(peaks.length / length)).map((_, r) => Math.max(...peaks.subarray(r * length, r * length + length)));
      const plain = limiterGains(peaks, 1, 1, 240, 0.999)!.gains.slice();
      const fromRuns = limiterGains(peaks, 1, 1, 240, 0.999, { maxima, length })!.gains;
      assert.deepEqual(Array.from(fromRuns), Array.from(plain), `runs of ${length}`);
    }
  });
});

