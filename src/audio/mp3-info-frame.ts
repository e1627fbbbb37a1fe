// The first frame of a gapless MP3: a silent MPEG frame carrying the Xing "Info" tag (frame and byte
// counts, seek table) and the LAME tag (encoder delay and padding), which decoders such as FFmpeg use to
// drop the encoder's delay and the last frame's padding, so the file decodes to exactly its samples.

/** MPEG-1 Layer III bitrates, kbps, by header index. */
const BITRATES = [0, 32, 40, 48, 56, 64, 80, 96, 112, 128, 160, 192, 224, 256, 320];
const RATES = [44100, 48000, 32000];

/** One MPEG-1 Layer III frame header, read. */
export interface FrameHeader {
  readonly bitrate: number;
  readonly sampleRate: number;
  readonly padding: boolean;
  readonly mono: boolean;
  /** Bytes of the whole frame. */
  readonly size: number;
}

/** Reads the MPEG-1 Layer III frame header at `at`; null when there is none. */
export function readFrameHeader(bytes: Uint8Array, at: number): FrameHeader | null {
  if (at + 4 > bytes.length || bytes[at] !== 0xff || (bytes[at + 1]! & 0xfe) !== 0xfa) return null;
  const bitrate = BITRATES[bytes[at + 2]! >> 4];
  const sampleRate = RATES[(bytes[at + 2]! >> 2) & 3];
  if (!bitrate || !sampleRate) return null;
  const padding = (bytes[at + 2]! & 2) !== 0;
  return { bitrate, sampleRate, padding, mono: bytes[at + 3]! >> 6 === 3, size: Math.floor((144000 * bitrate) / sampleRate) + (padding ? 1 : 0) };
}

/** Frames in an MPEG-1 Layer III stream that starts with a frame and has nothing else. */
export function countFrames(bytes: Uint8Array): number {
  let frames = 0;
  for (let at = 0, header = readFrameHeader(bytes, 0); header; at += header.size, header = readFrameHeader(bytes, at)) frames++;
  return frames;
}

/** CRC-16 (polynomial 0x8005, reflected; initial 0): the LAME tag's checksums (FFmpeg's crcA001). */
export function crc16(bytes: Uint8Array, crc = 0): number {
  for (let i = 0; i < bytes.length; i++) {
    crc ^= bytes[i]!;
    for (let k = 0; k < 8; k++) crc = crc & 1 ? (crc >>> 1) ^ 0xa001 : crc >>> 1;
  }
  return crc;
}

/** What the Info frame describes. */
export interface InfoFrameOptions {
  /** Header of the stream's first audio frame: the Info frame copies its rate and channel mode. */
  readonly first: Uint8Array;
  /** Audio frames after the Info frame. */
  readonly frames: number;
  /** Bytes of the audio frames after the Info frame. */
  readonly audioBytes: number;
  /** Samples of encoder delay before the first real sample (LAME: 576; decoders add their own 529). */
  readonly delay: number;
  /** Samples of padding after the last real sample. */
  readonly padding: number;
  /** CRC-16 of the audio frames (the LAME tag's music CRC). */
  readonly musicCrc: number;
  /** The stream's bitrate, kbps. */
  readonly kbps: number;
}

/**
 * A silent MPEG-1 Layer III frame with the Xing "Info" tag (CBR: frames, bytes, seek table) and the
 * LAME tag (delay and padding, 12 bits each; music length and CRCs). It takes the stream's bitrate, or
 * the lowest that holds the tags when that is too small.
 */
export function infoFrame(options: InfoFrameOptions): Uint8Array {
  if (options.delay < 0 || options.delay > 4095 || options.padding < 0 || options.padding > 4095) {
    throw new RangeError(`infoFrame: delay ${options.delay} and padding ${options.padding} must each fit in 12 bits (0 to 4095).`);
  }
  const first = options.first;
  const rate = RATES[(first[2]! >> 2) & 3]!;
  const mono = first[3]! >> 6 === 3;
  const tagAt = 4 + (mono ? 17 : 32);
  const needed = tagAt + 156;
  let index = BITRATES.indexOf(options.kbps);
  if (index < 1 || Math.floor((144000 * options.kbps) / rate) < needed) index = BITRATES.findIndex((kbps) => kbps > 0 && Math.floor((144000 * kbps) / rate) >= needed);
  const size = Math.floor((144000 * BITRATES[index]!) / rate);
  const frame = new Uint8Array(size);
  const view = new DataView(frame.buffer);
  // Header: the first frame's, with this bitrate, no padding, no CRC.
  frame[0] = 0xff;
  frame[1] = 0xfb;
  frame[2] = (index << 4) | (first[2]! & 0x0c);
  frame[3] = first[3]!;
  const ascii = (at: number, text: string): void => {
    for (let i = 0; i < text.length; i++) frame[at + i] = text.charCodeAt(i);
  };
  const total = size + options.audioBytes;
  ascii(tagAt, 'Info');
  view.setUint32(tagAt + 4, 0x0f, false); // frames, bytes, seek table, quality
  view.setUint32(tagAt + 8, options.frames, false);
  view.setUint32(tagAt + 12, total, false);
  for (let i = 0; i < 100; i++) frame[tagAt + 16 + i] = Math.floor((i * 256) / 100);
  view.setUint32(tagAt + 116, 0, false);
  const lame = tagAt + 120;
  ascii(lame, 'LAMEjs   ');
  frame[lame + 9] = 0x01; // tag revision 0, CBR
  frame[lame + 20] = Math.min(255, options.kbps);
  frame[lame + 21] = options.delay >> 4;
  frame[lame + 22] = ((options.delay & 0x0f) << 4) | (options.padding >> 8);
  frame[lame + 23] = options.padding & 0xff;
  view.setUint32(lame + 28, total, false);
  view.setUint16(lame + 32, options.musicCrc, false);
  view.setUint16(lame + 34, crc16(frame.subarray(0, lame + 34)), false);
  return frame;
}
