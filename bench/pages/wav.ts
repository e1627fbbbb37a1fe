// WAV encoding of 30 s stereo 48 kHz: ours (16-bit plain and with TPDF dither as the export writes it,
// and 24-bit) against audiobuffer-to-wav (16-bit, truncated, no dither; it has no 24-bit mode), in
// interleaved rounds (see `compare`).
import toWav from 'audiobuffer-to-wav';
import { encodeWav } from '../../src/audio/index.js';
import { music } from '../../test/audio/signals.js';
import { compare, contender, publish } from './harness.js';

/** The goal: each of ours at least this many times the speed of audiobuffer-to-wav. */
const GOAL = 10;

publish(async () => {
  const sr = 48000;
  const [left, right] = music(30, sr);
  const buffer = new AudioBuffer({ length: left.length, numberOfChannels: 2, sampleRate: sr });
  buffer.copyToChannel(left as Float32Array<ArrayBuffer>, 0);
  buffer.copyToChannel(right as Float32Array<ArrayBuffer>, 1);
  const size = (bytes: Uint8Array): string => `${bytes.length} bytes`;
  const { rows } = await compare(
    [
      contender('service-studio-editor/audio encodeWav (16-bit, rounded)', () => encodeWav([left, right], sr), size),
      contender('service-studio-editor/audio encodeWav (16-bit, TPDF dither, as the export writes it)', () => encodeWav([left, right], sr, { dither: true }), size),
      contender('service-studio-editor/audio encodeWav (24-bit)', () => encodeWav([left, right], sr, { bitDepth: 24 }), size),
      contender('audiobuffer-to-wav 1.0.0 (16-bit, truncated)', () => toWav(buffer), (bytes: ArrayBuffer) => `${bytes.byteLength} bytes`),
    ],
    15,
    3,
  );
  const [plain, dithered, deep, theirs] = rows as [typeof rows[0], typeof rows[0], typeof rows[0], typeof rows[0]];
  const ratio = (row: typeof plain): string => `${(theirs.medianMs / row.medianMs).toFixed(1)}x (goal ${GOAL}x)`;
  return {
    title: 'WAV encoding, 30 s stereo 48 kHz',
    rows,
    notes: [
      `speed against audiobuffer-to-wav's 16-bit (medians): 16-bit ${ratio(plain)}, 16-bit dithered ${ratio(dithered)}, 24-bit ${ratio(deep)}`,
      `(a fresh 5.8 MB output costs page faults in every contender: allocate-and-touch is part of each time)`,
    ],
  };
});
