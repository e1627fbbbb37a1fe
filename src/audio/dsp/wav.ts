import { AudioInputError } from '../errors.js';
import { writePcm16, writePcm24 } from './pcm.js';
import { resample } from './resample.js';
import { assertChannels, assertSampleRate } from './validate.js';

/** Options of `encodeWav`. */
export interface WavOptions {
  /** 16 or 24 bits PCM. Default 16. */
  readonly bitDepth?: 16 | 24;
  /** Output rate; other than the input rate, the audio is resampled (windowed sinc). Default: the input rate. */
  readonly sampleRate?: number;
  /** Output channels: 1 (stereo is averaged) or 2 (mono is copied). Default: as the input (1 or 2). */
  readonly channelCount?: 1 | 2;
  /** TPDF dither of +-1 LSB before 16-bit quantisation. Default false (bit-exact round trips). */
  readonly dither?: boolean;
  /** Seed of the dither's noise, for reproducible files. Default 1. */
  readonly ditherSeed?: number;
}

function toChannelCount(channels: readonly Float32Array[], count: number): Float32Array[] {
  if (channels.length === count) return [...channels];
  if (count === 1) {
    const out = new Float32Array(channels[0]!.length);
    for (const channel of channels) for (let i = 0; i < out.length; i++) out[i]! += channel[i]! / channels.length;
    return [out];
  }
  if (channels.length === 1) return [channels[0]!, channels[0]!];
  throw new AudioInputError(`encodeWav: cannot map ${channels.length} channels to ${count}; give 1 or 2 channels.`);
}

/**
 * Encodes PCM WAV (RIFF, WAVE_FORMAT_PCM). Samples are clamped to [-1, 1] and rounded to the nearest code
 * with the decoders' own scales, so that a decode-encode round trip is bit-exact in Chromium:
 * 16-bit uses 32768 for negative and 32767 for positive values (Chromium's int16 conversion; +1.0 is
 * code 32767), 24-bit uses 8388608 (the top positive code is 8388607).
 */
export function encodeWav(channels: Float32Array[], sampleRate: number, options: WavOptions = {}): Uint8Array {
  assertChannels(channels);
  assertSampleRate(sampleRate);
  const bits = options.bitDepth ?? 16;
  if (bits !== 16 && bits !== 24) throw new AudioInputError(`encodeWav: bitDepth ${String(bits)} is not supported; use 16 or 24.`);
  const rate = options.sampleRate ?? sampleRate;
  assertSampleRate(rate, 'encodeWav sampleRate');
  const count = options.channelCount ?? (channels.length >= 2 ? 2 : 1);
  let data = toChannelCount(channels, count);
  if (rate !== sampleRate) data = data.map((channel) => resample(channel, sampleRate, rate));
  const frames = data[0]!.length;
  const bytesPerSample = bits / 8;
  const blockAlign = bytesPerSample * count;
  const dataBytes = frames * blockAlign;
  const out = new Uint8Array(44 + dataBytes);
  const view = new DataView(out.buffer);
  const ascii = (at: number, text: string): void => {
    for (let i = 0; i < text.length; i++) out[at + i] = text.charCodeAt(i);
  };
  ascii(0, 'RIFF');
  view.setUint32(4, 36 + dataBytes, true);
  ascii(8, 'WAVE');
  ascii(12, 'fmt ');
  view.setUint32(16, 16, true);
  view.setUint16(20, 1, true);
  view.setUint16(22, count, true);
  view.setUint32(24, rate, true);
  view.setUint32(28, rate * blockAlign, true);
  view.setUint16(32, blockAlign, true);
  view.setUint16(34, bits, true);
  ascii(36, 'data');
  view.setUint32(40, dataBytes, true);
  if (bits === 24) writePcm24(data, out, 44);
  else writePcm16(data, out, 44, options.dither === true ? (options.ditherSeed ?? 1) >>> 0 || 1 : null);
  return out;
}

const INV_32767 = Math.fround(1 / 32767);
const INV_127 = Math.fround(1 / 127);

/** A decoded WAV file. */
export interface DecodedWav {
  readonly channels: Float32Array[];
  readonly sampleRate: number;
  readonly bitDepth: number;
}

/**
 * Decodes PCM (8, 16, 24, 32 bit) or IEEE float (32 bit) WAV. Integers are divided by 2^(bits-1), except
 * positive 8-bit and 16-bit codes, multiplied by float32(1 / 127) or float32(1 / 32767) in float32 as Chromium does (so that the
 * samples equal Chromium's decodeAudioData output and `encodeWav` round trips are exact).
 */
export function decodeWav(bytes: Uint8Array): DecodedWav {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const tag = (at: number): string => String.fromCharCode(bytes[at]!, bytes[at + 1]!, bytes[at + 2]!, bytes[at + 3]!);
  if (bytes.length < 12 || tag(0) !== 'RIFF' || tag(8) !== 'WAVE') throw new AudioInputError('decodeWav: not a RIFF/WAVE file.');
  let at = 12;
  let format = 0;
  let count = 0;
  let rate = 0;
  let bits = 0;
  while (at + 8 <= bytes.length) {
    const id = tag(at);
    const size = view.getUint32(at + 4, true);
    const body = at + 8;
    if (id === 'fmt ') {
      format = view.getUint16(body, true);
      count = view.getUint16(body + 2, true);
      rate = view.getUint32(body + 4, true);
      bits = view.getUint16(body + 14, true);
      if (format === 0xfffe && size >= 26) format = view.getUint16(body + 24, true);
    } else if (id === 'data') {
      if (!count) throw new AudioInputError('decodeWav: the data chunk comes before the fmt chunk.');
      const bytesPer = bits / 8;
      const frames = Math.floor(Math.min(size, bytes.length - body) / (bytesPer * count));
      const channels = Array.from({ length: count }, () => new Float32Array(frames));
      let p = body;
      for (let i = 0; i < frames; i++) {
        for (let c = 0; c < count; c++) {
          let v: number;
          if (format === 3 && bits === 32) v = view.getFloat32(p, true);
          else if (bits === 16) {
            const q = view.getInt16(p, true);
            v = q > 0 ? Math.fround(q * INV_32767) : q / 32768;
          }
          else if (bits === 24) v = (((bytes[p]! | (bytes[p + 1]! << 8) | (bytes[p + 2]! << 16)) << 8) >> 8) / 8388608;
          else if (bits === 32) v = view.getInt32(p, true) / 2147483648;
          else if (bits === 8) {
            const q = bytes[p]! - 128;
            v = q > 0 ? Math.fround(q * INV_127) : q / 128;
          }
          else throw new AudioInputError(`decodeWav: ${bits}-bit samples are not supported.`);
          channels[c]![i] = v;
          p += bytesPer;
        }
      }
      return { channels, sampleRate: rate, bitDepth: bits };
    }
    at = body + size + (size & 1);
  }
  throw new AudioInputError('decodeWav: no data chunk found.');
}
