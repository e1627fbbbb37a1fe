import { inspectWavHeader } from './dsp/wav-header.js';

/**
 * Whether an audio file carries no more than 16 bits a sample, read from its first bytes: a WAV the editor
 * reads (`inspectWavHeader`) of 16 or 8 bits, FLAC of 16 bits or fewer, or a lossy codec (MP3, ADTS AAC, Ogg
 * Vorbis or Opus), whose own noise lies far above 16-bit rounding. Anything else, or anything not
 * recognised, is false: float or 24-bit WAV, deeper FLAC, MP4 (it may hold ALAC), Ogg FLAC. Decoded, such a
 * file loses nothing kept as 16-bit samples (see `as16Bit`).
 */
export function carriesAtMost16Bits(bytes: ArrayBuffer): boolean {
  const view = new DataView(bytes);
  const ascii = (at: number, length: number): string =>
    at + length > view.byteLength ? '' : String.fromCharCode(...new Uint8Array(bytes, at, length));
  if (ascii(0, 4) === 'RIFF') {
    const header = inspectWavHeader(new Uint8Array(bytes));
    return typeof header === 'object' && header.bitDepth <= 16;
  }
  if (ascii(0, 4) === 'fLaC') {
    // STREAMINFO is the first metadata block; its bits per sample minus one sit across bytes 20 and 21.
    if (view.byteLength < 22) return false;
    return ((view.getUint8(20) & 1) << 4) + (view.getUint8(21) >> 4) + 1 <= 16;
  }
  if (ascii(0, 4) === 'OggS') return ascii(28, 5) !== '\x7fFLAC';
  if (ascii(0, 3) === 'ID3') return true;
  // An MPEG audio frame or an ADTS header: 11 or 12 sync bits.
  return view.byteLength >= 2 && view.getUint8(0) === 0xff && (view.getUint8(1) & 0xe0) === 0xe0;
}
