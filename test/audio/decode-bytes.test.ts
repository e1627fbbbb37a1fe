// Decoding off the page (decode-bytes.ts, what the decode worker runs) against Chromium's decodeAudioData at
// the file's own rate (nothing resampled): the same length, the same alignment (the encoder delay and padding
// of an MP3 trimmed alike), the same values within float rounding. The MP3 fixtures were made with
//   SRC="aevalsrc=0.3*sin(2*PI*440*t)+0.5*eq(mod(n\,4410)\,0)|0.3*sin(2*PI*660*t):s=44100:d=1.5"
//   ffmpeg -f lavfi -i "$SRC" -c:a libmp3lame -b:a 128k cbr.mp3            (CBR, Info + LAME tag)
//   ffmpeg -f lavfi -i "$SRC" -c:a libmp3lame -q:a 4 vbr.mp3               (VBR, Xing + LAME tag)
//   ffmpeg -f lavfi -i "$SRC" -c:a libmp3lame -b:a 128k -write_xing 0 notag.mp3   (no tag: nothing trimmed)
//   ffmpeg -f lavfi -i "$SRC" -c:a libmp3lame -ac 1 -ar 22050 -b:a 48k mono22.mp3 (MPEG-2, 576 samples a frame)
//   ffmpeg -f lavfi -i "$SRC" -c:a libmp3lame -b:a 128k -ar 48000 -id3v2_version 3 -metadata title="A bed" cbr48.mp3
import { expect } from '@open-wc/testing';
import { decodeAtFileRate, decodeBytes, NotDecodedHere } from '../../src/audio/decode-bytes.js';
import { resample } from '../../src/audio/dsp/resample.js';
import { music } from './signals.js';
import { rejection } from '../support/async.js';
import { skipIn } from '../support/engine.js';

const fixture = async (name: string): Promise<Uint8Array> => new Uint8Array(await (await fetch(`/test/fixtures/mp3/${name}`)).arrayBuffer());

/** decodeAudioData at the file's own rate (from the decode off the page), at most two channels. */
async function reference(bytes: Uint8Array, sampleRate: number): Promise<Float32Array[]> {
  const buffer = await new OfflineAudioContext(1, 1, sampleRate).decodeAudioData(bytes.slice().buffer);
  expect(buffer.sampleRate).to.equal(sampleRate);
  return Array.from({ length: Math.min(2, buffer.numberOfChannels) }, (_, c) => buffer.getChannelData(c));
}

/** A RIFF/WAVE file of `channels` as `bits`-bit integers or 32-bit floats (codes rounded, clipped). */
function wav(channels: Float32Array[], sampleRate: number, bits: 8 | 16 | 24 | 32, float = false): Uint8Array {
  const frames = channels[0]!.length;
  const bytesPer = bits / 8;
  const size = frames * channels.length * bytesPer;
  const view = new DataView(new ArrayBuffer(44 + size));
  const text = (at: number, value: string): void => [...value].forEach((ch, i) => view.setUint8(at + i, ch.charCodeAt(0)));
  text(0, 'RIFF');
  view.setUint32(4, 36 + size, true);
  text(8, 'WAVEfmt ');
  view.setUint32(16, 16, true);
  view.setUint16(20, float ? 3 : 1, true);
  view.setUint16(22, channels.length, true);
  view.setUint32(24, sampleRate, true);
  view.setUint32(28, sampleRate * channels.length * bytesPer, true);
  view.setUint16(32, channels.length * bytesPer, true);
  view.setUint16(34, bits, true);
  text(36, 'data');
  view.setUint32(40, size, true);
  let at = 44;
  for (let i = 0; i < frames; i++) {
    for (const channel of channels) {
      const v = Math.max(-1, Math.min(1, channel[i]!));
      if (float) view.setFloat32(at, v, true);
      else if (bits === 8) view.setUint8(at, Math.min(255, Math.round(v * 128 + 128)));
      else if (bits === 16) view.setInt16(at, Math.min(32767, Math.round(v * 32768)), true);
      else if (bits === 24) {
        const q = Math.min(8388607, Math.round(v * 8388608));
        view.setUint8(at, q & 0xff);
        view.setInt16(at + 1, q >> 8, true);
      } else view.setInt32(at, Math.min(2147483647, Math.round(v * 2147483648)), true);
      at += bytesPer;
    }
  }
  return new Uint8Array(view.buffer);
}

function maxDifference(a: Float32Array, b: Float32Array): number {
  let worst = 0;
  for (let i = 0; i < a.length; i++) worst = Math.max(worst, Math.abs(a[i]! - b[i]!));
  return worst;
}

describe('decodeBytes (off the page) against decodeAudioData at the file rate', () => {
  for (const name of ['cbr.mp3', 'vbr.mp3', 'notag.mp3', 'mono22.mp3', 'cbr48.mp3']) {
    it(`${name}: the same frames, aligned, values within float rounding`, async function () {
      skipIn(this, 'webcodecs-mp3');
      const bytes = await fixture(name);
      const ours = await decodeAtFileRate(bytes);
      const theirs = await reference(bytes, ours.sampleRate);
      expect(ours.channels.length).to.equal(theirs.length);
      for (let c = 0; c < theirs.length; c++) {
        expect(ours.channels[c]!.length, `channel ${c} frames`).to.equal(theirs[c]!.length);
        expect(maxDifference(ours.channels[c]!, theirs[c]!), `channel ${c}`).to.be.below(1e-6);
      }
    });
  }

  for (const [bitDepth, float] of [[8, false], [16, false], [24, false], [32, false], [32, true]] as const) {
    it(`WAV ${bitDepth}-bit ${float ? 'float' : 'PCM'} at 44.1 kHz: the same samples`, async function () {
      if (bitDepth <= 16) skipIn(this, 'gst-wav');
      const bytes = wav(music(0.5, 44_100), 44_100, bitDepth, float);
      const ours = await decodeAtFileRate(bytes);
      const theirs = await reference(bytes, 44_100);
      expect(ours.sampleRate).to.equal(44_100);
      for (let c = 0; c < 2; c++) {
        expect(ours.channels[c]!.length).to.equal(theirs[c]!.length);
        expect(maxDifference(ours.channels[c]!, theirs[c]!), `channel ${c}`).to.be.below(1e-7);
      }
    });
  }

  it('resamples to the asked rate with the audible design, the length round(n * to / from)', async function () {
    skipIn(this, 'webcodecs-mp3');
    const bytes = await fixture('cbr.mp3');
    const at44 = await decodeAtFileRate(bytes);
    const at48 = await decodeBytes(bytes, 48_000);
    expect(at48.sampleRate).to.equal(48_000);
    expect(at48.channels[0]!.length).to.equal(Math.round((66_150 * 48_000) / 44_100));
    expect(maxDifference(at48.channels[1]!, resample(at44.channels[1]!, 44_100, 48_000, { audible: true }))).to.equal(0);
  });

  it('leaves what it does not decode to decodeAudioData: other formats, garbage, a damaged WAV header', async () => {
    const ogg = new Uint8Array([0x4f, 0x67, 0x67, 0x53, 0, 2, ...new Array(100).fill(0)]);
    for (const bytes of [ogg, new Uint8Array(1000).fill(7), wav([new Float32Array(100)], 48_000, 16).subarray(0, 30)]) {
      expect(await rejection(decodeBytes(bytes, 48_000))).to.be.instanceOf(NotDecodedHere);
    }
  });
});
