// WAV encoding of 30 s stereo 48 kHz, 16-bit: ours against audiobuffer-to-wav.
import toWav from 'audiobuffer-to-wav';
import { encodeWav } from '../../src/audio/index.js';
import { music } from '../../test/audio/signals.js';
import { measure, publish } from './harness.js';

publish(async () => {
  const sr = 48000;
  const [left, right] = music(30, sr);
  const buffer = new AudioBuffer({ length: left.length, numberOfChannels: 2, sampleRate: sr });
  buffer.copyToChannel(left as Float32Array<ArrayBuffer>, 0);
  buffer.copyToChannel(right as Float32Array<ArrayBuffer>, 1);
  const ours = await measure('service-studio-editor/audio encodeWav (16-bit, rounded)', () => encodeWav([left, right], sr), (bytes) => `${bytes.length} bytes`);
  const ours24 = await measure('service-studio-editor/audio encodeWav (24-bit)', () => encodeWav([left, right], sr, { bitDepth: 24 }), (bytes) => `${bytes.length} bytes`);
  const theirs = await measure('audiobuffer-to-wav 1.0.0 (16-bit, truncated)', () => toWav(buffer), (bytes: ArrayBuffer) => `${bytes.byteLength} bytes`);
  return {
    title: 'WAV encoding, 30 s stereo 48 kHz',
    rows: [ours, ours24, theirs],
    notes: [`16-bit: ours is ${(theirs.medianMs / ours.medianMs).toFixed(1)}x the speed of audiobuffer-to-wav (medians)`],
  };
});
