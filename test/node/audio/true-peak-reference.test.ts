// The true peak we report (truePeak, measureLoudness, a master's measurement) against a brute-force
// reference: every sample interpolated at 32 points per sample interval by a long windowed sinc (256 taps
// per phase, Kaiser beta 10), on a speech + music mix, dense saturated music, and the masters of both
// (limited peaks).
//
// BS.1770's 4x oversampling alone (as libebur128 and ffmpeg compute it) misses a peak that falls between
// its points by up to 1 - cos(pi f / 4 fs): 0.47 dB at 20 kHz, and its short interpolator reads full-band
// material lower still. We refine the 4x candidates (true-peak-refine.ts), and are within 0.05 dB of the
// reference on all of these (within 0.005 dB when written); a master to a -1 dBTP ceiling reads at or
// under -1.0 dBTP by the reference.
import { describe, it } from 'node:test';
import { expect } from '../support/expect.js';
import { master, measureLoudness, renderMix, truePeak, type MixSpec } from '../../../src/audio/index.js';
import { kaiser, sinc } from '../../../src/audio/dsp/window.js';
import { denseMusic, music, syntheticSpeech } from '../../audio/signals.js';

const SR = 48000;
const OVERSAMPLE = 32;
const HALF = 128;
const BETA = 10;

/** The 32x-oversampled reference peak of `channels`, linear: max |x| and every interpolated point. */
function referencePeak(channels: readonly Float32Array[]): number {
  const phases = Array.from({ length: OVERSAMPLE - 1 }, (_, p) => {
    const frac = (p + 1) / OVERSAMPLE;
    return Float64Array.from({ length: 2 * HALF }, (_, i) => {
      const tau = frac - (1 - HALF + i);
      return sinc(tau) * kaiser(tau / HALF, BETA);
    });
  });
  let peak = 0;
  for (const x of channels) {
    for (let n = 0; n < x.length; n++) {
      peak = Math.max(peak, Math.abs(x[n]!));
      // The taps that fall on samples: the same sum, in the same order, without a bounds test a tap.
      const from = Math.max(0, HALF - 1 - n);
      const to = Math.min(2 * HALF, x.length - n - 1 + HALF);
      for (const c of phases) {
        let y = 0;
        for (let i = from, j = n + 1 - HALF + from; i < to; i++, j++) y += c[i]! * x[j]!;
        peak = Math.max(peak, Math.abs(y));
      }
    }
  }
  return peak;
}

const db = (linear: number): number => 20 * Math.log10(linear);

function mixSpec(bed: Float32Array[]): MixSpec {
  const speech = syntheticSpeech(1.2, SR);
  return {
    length: 3,
    sampleRate: SR,
    channelCount: 2,
    voice: [{ source: { channels: [speech], sampleRate: SR }, start: 0.5, fadeIn: 0.01, fadeOut: 0.05 }],
    music: { source: { channels: bed, sampleRate: SR }, gainDb: -4, fadeIn: 0.2, fadeOut: 0.3 },
    ducking: { depthDb: 12, attackMs: 250, releaseMs: 600 },
  };
}

describe('true peak against a 32x-oversampled windowed-sinc reference', function () {
  // 1.5 s excerpts: the reference costs 31 x 256 multiply-adds per sample.
  const excerpt = (channels: readonly Float32Array[]): Float32Array[] => channels.map((c) => c.slice(SR / 2, 2 * SR));
  const mix = renderMix(mixSpec(music(3, SR))).channels;
  const contents: [string, Float32Array[]][] = [
    ['speech + music mix', excerpt(mix)],
    ['dense saturated music', excerpt(denseMusic(3, SR))],
    ['the master of the mix (limited)', excerpt(master(mix, SR, 'custom', { target: -9, truePeak: -1 }).channels)],
  ];
  for (const [name, channels] of contents) {
    it(`${name}: truePeak and measureLoudness within 0.05 dB of it`, () => {
      const reference = db(referencePeak(channels));
      for (const ours of [db(truePeak(channels, SR)), measureLoudness(channels, SR).truePeak]) {
        expect(ours - reference, `${ours} vs ${reference} dBTP`).to.be.within(-0.05, 0.05);
      }
    });
  }

  // [name, input, target LUFS]: the mix pushed 19 dB into the limiter, and the dense mix.
  const masters: [string, Float32Array[], number][] = [
    ['the speech + music mix, limited hard', mix.map((c) => c.slice(0, 2 * SR)), -9],
    ['the dense music mix', renderMix(mixSpec(denseMusic(3, SR))).channels.map((c) => c.slice(0, 2 * SR)), -12],
  ];
  for (const [name, input, target] of masters) {
    it(`a master of ${name} to -1 dBTP reads at most -1.0 dBTP by it, and reports its output's within 0.05 dB`, () => {
      const result = master(input, SR, 'custom', { target, truePeak: -1 });
      const reference = db(referencePeak(result.channels));
      expect(reference, `${reference} dBTP by the reference`).to.be.at.most(-1);
      expect(result.measurement.truePeak - reference, `${result.measurement.truePeak} vs ${reference} dBTP`).to.be.within(-0.05, 0.05);
    });
  }
});
