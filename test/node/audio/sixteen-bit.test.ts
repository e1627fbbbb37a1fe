// Sources kept as 16-bit integers: the same render as their floats, and which files may be kept so.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { renderMix, renderMusic, type AudioSource, type MixSpec } from '../../../src/audio/index.js';
import { as16Bit } from '../../../src/audio/dsp/mix-spec.js';
import { carriesAtMost16Bits } from '../../../src/audio/file-depth.js';
import { AudioInputError } from '../../../src/audio/errors.js';

/** Noise on the 16-bit grid (what decoding a 16-bit file at its own rate gives), and its integers. */
function gridNoise(length: number, seed: number, level = 0.5): { float: Float32Array; int: Int16Array } {
  const float = new Float32Array(length);
  const int = new Int16Array(length);
  let x = seed;
  for (let i = 0; i < length; i++) {
    x = (x * 1103515245 + 12345) % 2147483648;
    int[i] = Math.round(((x / 2147483648) * 2 - 1) * 32767 * level);
    float[i] = int[i]! / 32768;
  }
  return { float, int };
}

function sources(): { float: { voice: AudioSource; slow: AudioSource; bed: AudioSource }; int: { voice: AudioSource; slow: AudioSource; bed: AudioSource } } {
  const voice = gridNoise(48_000, 1);
  const slow = gridNoise(22_050, 2);
  const left = gridNoise(30_000, 3, 0.9);
  const right = gridNoise(30_000, 4, 0.9);
  return {
    float: {
      voice: { channels: [voice.float], sampleRate: 48_000 },
      slow: { channels: [slow.float], sampleRate: 22_050 },
      bed: { channels: [left.float, right.float], sampleRate: 48_000 },
    },
    int: {
      voice: { channels: [voice.int], sampleRate: 48_000 },
      slow: { channels: [slow.int], sampleRate: 22_050 },
      bed: { channels: [left.int, right.int], sampleRate: 48_000 },
    },
  };
}

function spec(s: { voice: AudioSource; slow: AudioSource; bed: AudioSource }, channelCount: 1 | 2, mastered: boolean): MixSpec {
  return {
    length: 3,
    sampleRate: 48_000,
    channelCount,
    voice: [
      { source: s.voice, start: 0.25, gainDb: -3, trimStart: 0.1, fadeIn: 0.05, fadeOut: 0.1 },
      { source: s.slow, start: 1.6, fadeIn: 0.02 },
    ],
    music: { source: s.bed, gainDb: -6, loop: true, loopCrossfade: 0.05, fadeIn: 0.2, fadeOut: 0.5 },
    ducking: { depthDb: 12, attackMs: 100, releaseMs: 300 },
    ...(mastered ? { mastering: { preset: 'streaming' as const } } : {}),
  };
}

describe('16-bit sources', () => {
  for (const channelCount of [1, 2] as const) {
    for (const mastered of [false, true]) {
      it(`render exactly as their floats (${channelCount === 1 ? 'mono' : 'stereo'} mix, ${mastered ? 'mastered' : 'raw'}): placed, trimmed, faded, resampled, looped, ducked`, () => {
        const { float, int } = sources();
        const a = renderMix(spec(float, channelCount, mastered));
        const b = renderMix(spec(int, channelCount, mastered));
        assert.equal(b.channels.length, channelCount);
        for (let c = 0; c < channelCount; c++) {
          const x = a.channels[c]!;
          const y = b.channels[c]!;
          let worst = 0;
          for (let i = 0; i < x.length; i++) worst = Math.max(worst, Math.abs(x[i]! - y[i]!));
          // Only the order of one multiplication differs (sample times 2^-15 times gain): float rounding.
          assert.ok(worst <= 2e-7, `channel ${c}: largest difference ${worst}`);
        }
        if (mastered) assert.equal(b.mastering!.measurement.integrated.toFixed(3), a.mastering!.measurement.integrated.toFixed(3));
      });
    }
  }

  it('render the bed alone exactly as its floats', () => {
    const { float, int } = sources();
    const a = renderMusic(spec(float, 2, false), spec(float, 2, false).music!);
    const b = renderMusic(spec(int, 2, false), spec(int, 2, false).music!);
    for (let c = 0; c < 2; c++) assert.deepEqual(b[c], a[c]);
  });

  it('must not mix 16-bit and float channels in one source', () => {
    const { float, int } = sources();
    const mixed: AudioSource = { channels: [int.bed.channels[0]!, float.bed.channels[1]!], sampleRate: 48_000 };
    assert.throws(() => renderMix({ ...spec(float, 2, false), music: { source: mixed } }), (error: unknown) => error instanceof AudioInputError && /spec\.music\.source\.channels\[1\]: expected an Int16Array/.test(error.message));
  });
});

describe('as16Bit', () => {
  it('keeps a 16-bit file decoded at its own rate exactly', () => {
    const { float, int } = gridNoise(10_000, 7, 1);
    const kept = as16Bit({ channels: [float], sampleRate: 48_000, fits16Bit: true });
    assert.ok(kept.channels[0] instanceof Int16Array);
    assert.deepEqual(kept.channels[0], int);
    assert.equal(kept.sampleRate, 48_000);
  });

  it('moves a resampled sample by at most half a 16-bit step', () => {
    const channel = new Float32Array(10_000).map((_, i) => 0.7 * Math.sin(i * 0.0123));
    const kept = as16Bit({ channels: [channel, channel], sampleRate: 48_000, fits16Bit: true });
    for (const out of kept.channels) {
      assert.ok(out instanceof Int16Array);
      for (let i = 0; i < channel.length; i++) assert.ok(Math.abs(out[i]! / 32768 - channel[i]!) <= 0.5 / 32768 + 1e-12);
    }
  });

  it('keeps the floats when the file is deeper, a sample reaches full scale, or one is not a number', () => {
    const quiet = new Float32Array([0.1, -0.2]);
    const deep = { channels: [quiet], sampleRate: 48_000 };
    assert.equal(as16Bit(deep), deep);
    assert.equal(as16Bit({ ...deep, fits16Bit: false }).channels[0], quiet);
    for (const bad of [1, 32767.5 / 32768, -1.0001, NaN]) {
      const source = { channels: [new Float32Array([0.1, bad])], sampleRate: 48_000, fits16Bit: true };
      assert.equal(as16Bit(source), source, `${bad}`);
    }
    // Exactly -1 and the largest 16-bit value round into range.
    const edges = as16Bit({ channels: [new Float32Array([-1, 32767 / 32768])], sampleRate: 48_000, fits16Bit: true });
    assert.deepEqual([...edges.channels[0]!], [-32768, 32767]);
  });
});

/** A mono 48 kHz WAV of 4 bytes of audio with a `fmt ` chunk (after a `JUNK` chunk, as some writers put one first). */
function wav(format: number, bits: number, subFormat?: number): ArrayBuffer {
  const extensible = subFormat !== undefined;
  const fmtSize = extensible ? 40 : 16;
  const fmt = 26;
  const data = fmt + 8 + fmtSize;
  const bytes = new Uint8Array(data + 8 + 4);
  const view = new DataView(bytes.buffer);
  const text = (at: number, s: string) => [...s].forEach((ch, i) => view.setUint8(at + i, ch.charCodeAt(0)));
  text(0, 'RIFF');
  view.setUint32(4, bytes.length - 8, true);
  text(8, 'WAVE');
  text(12, 'JUNK');
  view.setUint32(16, 5, true); // odd: padded to 6
  text(fmt, 'fmt ');
  view.setUint32(fmt + 4, fmtSize, true);
  view.setUint16(fmt + 8, format, true);
  view.setUint16(fmt + 10, 1, true);
  view.setUint32(fmt + 12, 48_000, true);
  view.setUint32(fmt + 16, (48_000 * bits) / 8, true);
  view.setUint16(fmt + 20, bits / 8, true);
  view.setUint16(fmt + 22, bits, true);
  if (extensible) view.setUint16(fmt + 32, subFormat, true);
  text(data, 'data');
  view.setUint32(data + 4, 4, true);
  return bytes.buffer;
}

function flac(bits: number): ArrayBuffer {
  const bytes = new Uint8Array(42);
  bytes.set([0x66, 0x4c, 0x61, 0x43]);
  // 48000 Hz (20 bits), 2 channels (3 bits: 1), bits - 1 (5 bits) across bytes 18 to 21.
  const packed = (48_000 << 12) | (1 << 9) | ((bits - 1) << 4);
  new DataView(bytes.buffer).setUint32(18, packed >>> 0);
  return bytes.buffer;
}

const ascii = (s: string, length = 64): ArrayBuffer => {
  const bytes = new Uint8Array(length);
  [...s].forEach((ch, i) => (bytes[i] = ch.charCodeAt(0)));
  return bytes.buffer;
};

describe('carriesAtMost16Bits', () => {
  const cases: [string, ArrayBuffer, boolean][] = [
    ['16-bit PCM WAV', wav(1, 16), true],
    ['8-bit PCM WAV', wav(1, 8), true],
    ['µ-law WAV (a format the editor does not read)', wav(7, 8), false],
    ['24-bit PCM WAV', wav(1, 24), false],
    ['32-bit float WAV', wav(3, 32), false],
    ['extensible 16-bit PCM WAV', wav(0xfffe, 16, 1), true],
    ['extensible 24-bit PCM WAV', wav(0xfffe, 24, 1), false],
    ['extensible float WAV', wav(0xfffe, 32, 3), false],
    ['16-bit FLAC', flac(16), true],
    ['24-bit FLAC', flac(24), false],
    ['MP3 with an ID3 tag', ascii('ID3\u0004'), true],
    ['MP3 frame', new Uint8Array([0xff, 0xfb, 0x90, 0x64]).buffer, true],
    ['ADTS AAC', new Uint8Array([0xff, 0xf1, 0x50, 0x80]).buffer, true],
    ['Ogg Vorbis', ascii('OggS'), true],
    ['Ogg FLAC', (() => {
      const b = new Uint8Array(ascii('OggS'));
      b.set([0x7f, 0x46, 0x4c, 0x41, 0x43], 28);
      return b.buffer;
    })(), false],
    ['MP4 (may hold ALAC)', ascii('\0\0\0\u0020ftypM4A '), false],
    ['a WAV cut short before its fmt chunk', wav(1, 16).slice(0, 30), false],
    ['not audio', ascii('<!doctype html>'), false],
    ['nothing', new ArrayBuffer(0), false],
  ];
  for (const [name, bytes, expected] of cases) it(`${name}: ${expected}`, () => assert.equal(carriesAtMost16Bits(bytes), expected));
});
