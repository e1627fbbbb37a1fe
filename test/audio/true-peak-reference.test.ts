// The true peak we report (truePeak, measureLoudness, a master's measurement) against a brute-force
// reference: every sample interpolated at 32 points per sample interval by a long windowed sinc (256 taps
// per phase, Kaiser beta 10), on three contents: a speech + music mix, dense saturated music, and the
// master of that mix (limited peaks).
//
// BS.1770's 4x oversampling (what we compute, as libebur128 and ffmpeg do) misses a peak that falls
// between its points by up to 1 - cos(pi f / 4 fs): 0.47 dB at 20 kHz, 0.03 dB at 5 kHz. Where the
// content's energy near the peaks is low in frequency (speech, music with soft highs) we are within
// 0.05 dB of the reference; on full-band dense material (saturated, with hiss up to 24 kHz) and on a hard
// limiter's output we are not, and the 0.05-dB goal there would need 16x oversampling or a refined
// search around each candidate peak: not done yet. Those cases assert what holds today: at most 0.05 dB
// above the reference (the interpolators differ slightly), and at most 0.7 dB (4x's worst case) below it.
import { expect } from '@open-wc/testing';
import { master, measureLoudness, renderMix, truePeak, type MixSpec } from '../../src/audio/index.js';
import { kaiser, sinc } from '../../src/audio/dsp/window.js';
import { denseMusic, music, syntheticSpeech } from './signals.js';

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
      for (const c of phases) {
        let y = 0;
        for (let i = 0, j = n + 1 - HALF; i < c.length; i++, j++) if (j >= 0 && j < x.length) y += c[i]! * x[j]!;
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
  this.timeout(120_000);
  // 1.5 s excerpts: the reference costs 31 x 256 multiply-adds per sample.
  const excerpt = (channels: readonly Float32Array[]): Float32Array[] => channels.map((c) => c.slice(SR / 2, 2 * SR));
  const mix = renderMix(mixSpec(music(3, SR))).channels;
  // [name, channels, how far below the reference we may read, dB]
  const contents: [string, Float32Array[], number][] = [
    ['speech + music mix', excerpt(mix), 0.05],
    ['dense saturated music', excerpt(denseMusic(3, SR)), 0.7],
    ['the master of the mix (limited)', excerpt(master(mix, SR, 'custom', { target: -9, truePeak: -1 }).channels), 0.7],
  ];
  for (const [name, channels, below] of contents) {
    it(`${name}: truePeak and measureLoudness at most ${below} dB under it, 0.05 dB over`, () => {
      const reference = db(referencePeak(channels));
      for (const ours of [db(truePeak(channels, SR)), measureLoudness(channels, SR).truePeak]) {
        expect(ours - reference, `${ours} vs ${reference} dBTP`).to.be.within(-below, 0.05);
      }
    });
  }

  it("a master's reported true peak is its output's (dense music), at most 0.7 dB under it, 0.05 dB over", () => {
    const result = master(renderMix(mixSpec(denseMusic(3, SR))).channels.map((c) => c.slice(0, 2 * SR)), SR, 'streaming');
    const reference = db(referencePeak(result.channels));
    expect(result.measurement.truePeak - reference, `${result.measurement.truePeak} vs ${reference} dBTP`).to.be.within(-0.7, 0.05);
  });
});
