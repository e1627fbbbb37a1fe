/**
 * Whether an audio file carries no more than 16 bits a sample, read from its first bytes: 16- or 8-bit
 * PCM WAV (A-law and µ-law too), FLAC of 16 bits or fewer, or a lossy codec (MP3, ADTS AAC, Ogg Vorbis or
 * Opus), whose own noise lies far above 16-bit rounding. Anything else, or anything not recognised, is
 * false: float or 24-bit WAV, deeper FLAC, MP4 (it may hold ALAC), Ogg FLAC. Decoded, such a file loses
 * nothing kept as 16-bit samples (see `as16Bit`).
 */
export function carriesAtMost16Bits(bytes: ArrayBuffer): boolean {
  const view = new DataView(bytes);
  const ascii = (at: number, length: number): string =>
    at + length > view.byteLength ? '' : String.fromCharCode(...new Uint8Array(bytes, at, length));
  if (ascii(0, 4) === 'RIFF' && ascii(8, 4) === 'WAVE') return wavAtMost16Bits(view, ascii);
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

const PCM = 1;
const ALAW = 6;
const MULAW = 7;
const EXTENSIBLE = 0xfffe;

function wavAtMost16Bits(view: DataView, ascii: (at: number, length: number) => string): boolean {
  for (let at = 12; at + 8 <= view.byteLength; ) {
    const size = view.getUint32(at + 4, true);
    if (ascii(at, 4) === 'fmt ') {
      if (size < 16 || at + 24 > view.byteLength) return false;
      let format = view.getUint16(at + 8, true);
      const bits = view.getUint16(at + 22, true);
      // WAVE_FORMAT_EXTENSIBLE names its format in the first two bytes of its sub-format GUID.
      if (format === EXTENSIBLE) format = size >= 40 && at + 34 <= view.byteLength ? view.getUint16(at + 32, true) : 0;
      return (format === PCM && bits <= 16) || format === ALAW || format === MULAW;
    }
    at += 8 + size + (size & 1);
  }
  return false;
}
