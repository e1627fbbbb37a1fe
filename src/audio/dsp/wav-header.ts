/** What is wrong with a WAV file's header, in the words the upload check turns into a message. */
export type WavHeaderProblem =
  /** The file ends before its header or its audio does (a cut download, a header-only file). */
  | 'truncated'
  /** A sample format the editor does not read (not PCM 8/16/24/32-bit or 32-bit float). */
  | 'format'
  /** The header describes no playable audio (no channels, an absurd rate, sizes that do not add up). */
  | 'damaged';

/** The facts of a well-formed WAV header. */
export interface WavHeader {
  readonly channels: number;
  readonly sampleRate: number;
  readonly bitDepth: number;
  readonly frames: number;
}

const PCM = 1;
const FLOAT = 3;
const EXTENSIBLE = 0xfffe;
/** Rates a music file can sensibly have. */
export const WAV_MIN_RATE = 8000;
export const WAV_MAX_RATE = 384_000;
export const WAV_MAX_CHANNELS = 8;

/**
 * Reads a RIFF/WAVE header strictly: `undefined` when the bytes are not a RIFF/WAVE file at all, a
 * `WavHeaderProblem` when the header is cut short, lies about the data length, or describes a format or
 * layout the editor cannot play, and the header's facts otherwise. Reads no sample.
 */
export function inspectWavHeader(bytes: Uint8Array): WavHeader | WavHeaderProblem | undefined {
  const tag = (at: number): string => String.fromCharCode(bytes[at]!, bytes[at + 1]!, bytes[at + 2]!, bytes[at + 3]!);
  if (bytes.length < 12 || tag(0) !== 'RIFF' || tag(8) !== 'WAVE') return undefined;
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let fmt: { format: number; channels: number; rate: number; blockAlign: number; bits: number } | undefined;
  for (let at = 12; at + 8 <= bytes.length; ) {
    const id = tag(at);
    const size = view.getUint32(at + 4, true);
    const body = at + 8;
    if (id === 'fmt ') {
      if (size < 16 || body + size > bytes.length) return 'truncated';
      let format = view.getUint16(body, true);
      if (format === EXTENSIBLE) {
        if (size < 26) return 'damaged';
        format = view.getUint16(body + 24, true);
      }
      fmt = { format, channels: view.getUint16(body + 2, true), rate: view.getUint32(body + 4, true), blockAlign: view.getUint16(body + 12, true), bits: view.getUint16(body + 14, true) };
    } else if (id === 'data') {
      if (fmt === undefined) return 'damaged';
      const { format, channels, rate, blockAlign, bits } = fmt;
      if (format !== PCM && format !== FLOAT) return 'format';
      if (format === PCM ? ![8, 16, 24, 32].includes(bits) : bits !== 32) return 'format';
      if (channels < 1 || channels > WAV_MAX_CHANNELS || rate < WAV_MIN_RATE || rate > WAV_MAX_RATE) return 'damaged';
      if (blockAlign !== (bits / 8) * channels) return 'damaged';
      if (body + size > bytes.length) return 'truncated';
      return { channels, sampleRate: rate, bitDepth: bits, frames: Math.floor(size / blockAlign) };
    }
    at = body + size + (size & 1);
  }
  // No data chunk before the end: the file stops inside its header.
  return 'truncated';
}
