// Reading a delivered file back, byte by byte, for the end-to-end delivery test: a WAV's chunks and its PCM
// samples, an MP3's ID3v2.4 frames and its first MPEG frame header. No editor code: what is checked is read
// independently of what wrote it.

const latin = new TextDecoder('latin1');
const utf8 = new TextDecoder();

/** A NUL-terminated string of a fixed field. */
export const cString = (bytes: Uint8Array): string => latin.decode(bytes.subarray(0, bytes.indexOf(0) < 0 ? bytes.length : bytes.indexOf(0)));

/** The chunks of a RIFF/WAVE file by id; throws when the RIFF header is wrong. */
export function wavChunks(file: Uint8Array): Map<string, Uint8Array> {
  const view = new DataView(file.buffer, file.byteOffset, file.byteLength);
  if (latin.decode(file.subarray(0, 4)) !== 'RIFF' || latin.decode(file.subarray(8, 12)) !== 'WAVE') throw new Error('not a RIFF/WAVE file');
  const out = new Map<string, Uint8Array>();
  for (let at = 12; at + 8 <= file.length; ) {
    const size = view.getUint32(at + 4, true);
    out.set(latin.decode(file.subarray(at, at + 4)), file.subarray(at + 8, at + 8 + size));
    at += 8 + size + (size & 1);
  }
  return out;
}

/** A WAV's format: rate, channels, bits per sample, and how many sample frames its data holds. */
export function wavFormat(chunks: Map<string, Uint8Array>): { sampleRate: number; channels: number; bitDepth: number; frames: number } {
  const fmt = chunks.get('fmt ')!;
  const view = new DataView(fmt.buffer, fmt.byteOffset, fmt.byteLength);
  const channels = view.getUint16(2, true);
  const bitDepth = view.getUint16(14, true);
  return { sampleRate: view.getUint32(4, true), channels, bitDepth, frames: chunks.get('data')!.length / (channels * (bitDepth / 8)) };
}

/** A WAV's PCM (16 or 24-bit) as float channels. */
export function wavChannels(chunks: Map<string, Uint8Array>): Float32Array[] {
  const { channels, bitDepth, frames } = wavFormat(chunks);
  const data = chunks.get('data')!;
  const bytes = bitDepth / 8;
  const out = Array.from({ length: channels }, () => new Float32Array(frames));
  for (let frame = 0, at = 0; frame < frames; frame++) {
    for (let c = 0; c < channels; c++, at += bytes) {
      out[c]![frame] =
        bytes === 2
          ? ((data[at]! | (data[at + 1]! << 8)) << 16 >> 16) / 32768
          : ((data[at]! | (data[at + 1]! << 8) | (data[at + 2]! << 16)) << 8 >> 8) / 8388608;
    }
  }
  return out;
}

const syncsafe = (b: Uint8Array, at: number): number => (b[at]! << 21) | (b[at + 1]! << 14) | (b[at + 2]! << 7) | b[at + 3]!;

/** The ID3v2.4 tag at the start of an MP3: its frames, and where the audio starts. */
export function id3Frames(file: Uint8Array): { frames: Array<{ id: string; body: Uint8Array }>; end: number } {
  if (latin.decode(file.subarray(0, 3)) !== 'ID3' || file[3] !== 4) throw new Error('no ID3v2.4 tag');
  const end = 10 + syncsafe(file, 6);
  const frames = [];
  for (let at = 10; at + 10 <= end && file[at] !== 0; ) {
    const length = syncsafe(file, at + 4);
    frames.push({ id: latin.decode(file.subarray(at, at + 4)), body: file.subarray(at + 10, at + 10 + length) });
    at += 10 + length;
  }
  return { frames, end };
}

/** The value of the `TXXX` frame named `description` (UTF-8 encoded frames), or undefined. */
export function txxx(frames: Array<{ id: string; body: Uint8Array }>, description: string): string | undefined {
  for (const frame of frames) {
    if (frame.id !== 'TXXX') continue;
    const [name, value] = utf8.decode(frame.body.subarray(1)).split('\0');
    if (name === description) return value;
  }
  return undefined;
}

const BITRATES = [0, 32, 40, 48, 56, 64, 80, 96, 112, 128, 160, 192, 224, 256, 320];
const RATES = [44100, 48000, 32000];

/** The first MPEG-1 Layer III frame header after `from`: its bitrate, rate and channels. */
export function mpegHeader(file: Uint8Array, from: number): { bitrateKbps: number; sampleRate: number; channels: number } {
  for (let at = from; at + 4 <= file.length; at++) {
    if (file[at] !== 0xff || (file[at + 1]! & 0xfe) !== 0xfa) continue;
    return { bitrateKbps: BITRATES[file[at + 2]! >> 4]!, sampleRate: RATES[(file[at + 2]! >> 2) & 3]!, channels: file[at + 3]! >> 6 === 3 ? 1 : 2 };
  }
  throw new Error('no MPEG-1 Layer III frame');
}
