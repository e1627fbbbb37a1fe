/**
 * MPEG audio Layer III frames of an MP3 file, found without decoding: what a WebCodecs `AudioDecoder` needs
 * (the frames as chunks, the rate, the channels) and what trims its output to the samples the encoder was
 * given (the LAME tag's encoder delay and padding), the way Chromium's `decodeAudioData` (FFmpeg) does.
 */

/** The frames of an MP3 file and how to trim its decoded samples. */
export interface Mp3Frames {
  readonly sampleRate: number;
  readonly channelCount: number;
  /** Samples per channel of each frame (1152 for MPEG-1, 576 for MPEG-2 and 2.5). */
  readonly samplesPerFrame: number;
  /** Byte offset and length of each audio frame (the Xing/Info frame excluded). */
  readonly frames: ReadonlyArray<{ readonly offset: number; readonly size: number }>;
  /** Decoded samples to drop at the start: the decoder's delay (529), plus the encoder's delay when a LAME tag tells it. */
  readonly skip: number;
  /** Samples per channel to keep after `skip` (the LAME tag's count; otherwise everything decoded). */
  readonly length: number;
}

/** The decoder's own delay in samples (FFmpeg's mp3 decoder, as Chromium trims it with a LAME tag: 528 + 1). */
export const MP3_DECODER_DELAY = 529;

const BITRATES_V1 = [0, 32, 40, 48, 56, 64, 80, 96, 112, 128, 160, 192, 224, 256, 320];
const BITRATES_V2 = [0, 8, 16, 24, 32, 40, 48, 56, 64, 80, 96, 112, 128, 144, 160];
const RATES = [44100, 48000, 32000];

interface Header {
  readonly sampleRate: number;
  readonly channelCount: number;
  readonly size: number;
  readonly samplesPerFrame: number;
  readonly mpeg1: boolean;
}

/** The Layer III frame header at `at`, or undefined. */
function header(bytes: Uint8Array, at: number): Header | undefined {
  if (at + 4 > bytes.length || bytes[at] !== 0xff || (bytes[at + 1]! & 0xe0) !== 0xe0) return undefined;
  const b1 = bytes[at + 1]!;
  const b2 = bytes[at + 2]!;
  const version = (b1 >> 3) & 3; // 0: MPEG 2.5, 2: MPEG 2, 3: MPEG 1
  const layer = (b1 >> 1) & 3; // 1: Layer III
  const bitrateIndex = b2 >> 4;
  const rateIndex = (b2 >> 2) & 3;
  if (version === 1 || layer !== 1 || bitrateIndex === 0 || bitrateIndex === 15 || rateIndex === 3) return undefined;
  const mpeg1 = version === 3;
  const sampleRate = RATES[rateIndex]! / (mpeg1 ? 1 : version === 2 ? 2 : 4);
  const kbps = (mpeg1 ? BITRATES_V1 : BITRATES_V2)[bitrateIndex]!;
  const samplesPerFrame = mpeg1 ? 1152 : 576;
  const size = Math.floor(((samplesPerFrame / 8) * kbps * 1000) / sampleRate) + ((b2 >> 1) & 1);
  const channelCount = bytes[at + 3]! >> 6 === 3 ? 1 : 2;
  return { sampleRate, channelCount, size, samplesPerFrame, mpeg1 };
}

/** Bytes of an ID3v2 tag at `at` (0 if none). */
function id3Size(bytes: Uint8Array, at: number): number {
  if (at + 10 > bytes.length || bytes[at] !== 0x49 || bytes[at + 1] !== 0x44 || bytes[at + 2] !== 0x33) return 0;
  const size = ((bytes[at + 6]! & 0x7f) << 21) | ((bytes[at + 7]! & 0x7f) << 14) | ((bytes[at + 8]! & 0x7f) << 7) | (bytes[at + 9]! & 0x7f);
  return 10 + size + (bytes[at + 5]! & 0x10 ? 10 : 0);
}

/**
 * The frames of an MP3 file (after any ID3v2 tags), or undefined when the bytes do not start with MPEG
 * audio Layer III frames (another format, or garbage). The first frame must be followed by another
 * (or end the file) so that a stray sync word is not taken for MP3. Stops at the first byte that is not a
 * frame of the same rate (an ID3v1 tag, trailing junk), as the decoders do.
 */
export function mp3Frames(bytes: Uint8Array): Mp3Frames | undefined {
  let at = 0;
  for (let size = id3Size(bytes, at); size > 0; size = id3Size(bytes, at)) at += size;
  const first = header(bytes, at);
  if (first === undefined) return undefined;
  const next = at + first.size;
  if (next < bytes.length - 4 && header(bytes, next)?.sampleRate !== first.sampleRate) return undefined;
  const frames: Array<{ offset: number; size: number }> = [];
  let encoderDelay: number | undefined;
  let total: number | undefined;
  // The Xing/Info tag (in the first frame, after the side information), then LAME's extension.
  const side = first.mpeg1 ? (first.channelCount === 1 ? 17 : 32) : first.channelCount === 1 ? 9 : 17;
  const tagAt = at + 4 + side;
  const tag = String.fromCharCode(...bytes.subarray(tagAt, tagAt + 4));
  // A tag cut short (a hostile or truncated file) is read as no tag: every read stays inside the first frame.
  if ((tag === 'Xing' || tag === 'Info') && tagAt + 12 <= Math.min(bytes.length, at + first.size)) {
    const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    const flags = view.getUint32(tagAt + 4);
    let p = tagAt + 8;
    let frameCount: number | undefined;
    if (flags & 1) {
      frameCount = view.getUint32(p);
      p += 4;
    }
    if (flags & 2) p += 4;
    if (flags & 4) p += 100;
    if (flags & 8) p += 4;
    // LAME extension: 9-byte version string, then at +21 12 bits of delay and 12 of padding.
    if (p + 24 <= Math.min(bytes.length, at + first.size) && /^(LAME|Lavc|Lavf|GOGO|L3.99)/.test(String.fromCharCode(...bytes.subarray(p, p + 4)))) {
      const d = p + 21;
      encoderDelay = (bytes[d]! << 4) | (bytes[d + 1]! >> 4);
      const padding = ((bytes[d + 1]! & 0x0f) << 8) | bytes[d + 2]!;
      if (frameCount !== undefined) total = frameCount * first.samplesPerFrame - encoderDelay - padding;
    }
    at += first.size;
  }
  for (let h = header(bytes, at); h !== undefined && h.sampleRate === first.sampleRate && at + h.size <= bytes.length; h = header(bytes, at)) {
    frames.push({ offset: at, size: h.size });
    at += h.size;
  }
  const decoded = frames.length * first.samplesPerFrame;
  const skip = encoderDelay === undefined ? 0 : encoderDelay + MP3_DECODER_DELAY;
  const length = Math.max(0, Math.min(decoded - skip, total ?? decoded));
  return { sampleRate: first.sampleRate, channelCount: first.channelCount, samplesPerFrame: first.samplesPerFrame, frames, skip, length };
}
