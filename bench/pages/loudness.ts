// Loudness + true peak of 60 s of stereo 48 kHz material (three contents): ours against ebur128-wasm (libebur128's
// algorithm in Rust, compiled to WebAssembly).
import * as ebur128 from 'ebur128-wasm/ebur128_wasm_bg.js';
import wasmBytes from 'ebur128-wasm/ebur128_wasm_bg.wasm';
import { decodeWav, measureLoudness, renderMix, resample } from '../../src/audio/index.js';
import { denseMusic, music, syntheticSpeech } from '../../test/audio/signals.js';
import { loadSpeech, measure, publish, type Row } from './harness.js';

publish(async () => {
  const { instance } = await WebAssembly.instantiate(wasmBytes as Uint8Array<ArrayBuffer>, { './ebur128_wasm_bg.js': ebur128 as unknown as WebAssembly.ModuleImports });
  (ebur128 as unknown as { __wbg_set_wasm(exports: WebAssembly.Exports): void }).__wbg_set_wasm(instance.exports);
  const sr = 48000;
  const { samples: espeak, origin } = await loadSpeech(decodeWav, (x, from) => resample(x, from, sr), () => syntheticSpeech(20, sr));
  const mix = (speech: Float32Array, bed: Float32Array[]): [Float32Array, Float32Array] =>
    renderMix({
      length: 60,
      sampleRate: sr,
      channelCount: 2,
      voice: [0, 20, 40].map((start) => ({ source: { channels: [speech], sampleRate: sr }, start: start + 0.5 })),
      music: { source: { channels: bed, sampleRate: sr }, gainDb: -3 },
      ducking: { depthDb: 10, attackMs: 200, releaseMs: 500 },
    }).channels as [Float32Array, Float32Array];
  const contents: [string, () => [Float32Array, Float32Array]][] = [
    ['speech + music (synthetic formant speech)', () => mix(syntheticSpeech(20, sr), music(60, sr))],
    ['dense saturated music + speech', () => mix(espeak, denseMusic(60, sr))],
    [`the spec's own clips (${origin} + music)`, () => mix(espeak, music(60, sr))],
  ];
  const fmt = (v: number): string => v.toFixed(2);
  const rows: Row[] = [];
  const notes: string[] = [];
  for (const [name, make] of contents) {
    const [left, right] = make();
    const ours = await measure(
      `[${name}] service-studio-editor/audio measureLoudness (I, M, S, LRA, sample peak, true peak)`,
      () => measureLoudness([left, right], sr),
      (m) => `I ${fmt(m.integrated)} LUFS, true peak ${fmt(m.truePeak)} dBTP, LRA ${fmt(m.range)} LU, M max ${fmt(m.momentaryMax)}, S max ${fmt(m.shortTermMax)}`,
    );
    const theirs = await measure(
      `[${name}] ebur128-wasm 3.0.0 (integrated + true peak, two calls)`,
      () => ({ integrated: ebur128.ebur128_integrated_stereo(sr, left, right), truePeak: ebur128.ebur128_true_peak_stereo(sr, left, right) }),
      // The wrapper returns the true peak in dB already (libebur128's linear peak, converted).
      (m) => `I ${fmt(m.integrated)} LUFS, true peak ${fmt(m.truePeak)} dBTP`,
    );
    rows.push(ours, theirs);
    notes.push(`[${name}] ours is ${(theirs.medianMs / ours.medianMs).toFixed(1)}x the speed of ebur128-wasm (medians; goal at least 6x), and computes LRA, M and S too`);
  }
  return { title: 'Loudness + true peak, 60 s stereo 48 kHz, three contents', rows, notes };
});
