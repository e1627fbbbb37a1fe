// Metadata chunks of a WAV file: LIST/INFO (title, artist, product, software, comment) and the BWF `bext` chunk
// (EBU Tech 3285 version 2, with its loudness fields). Decoders skip chunks they do not know.
import { AudioInputError } from '../errors.js';

/** Loudness figures for `bext` version 2 (EBU Tech 3285): LUFS, LU and dBTP. */
export interface BextLoudness {
  readonly integrated: number;
  readonly range: number;
  readonly truePeak: number;
  readonly momentaryMax: number;
  readonly shortTermMax: number;
}

/**
 * What `wavMetadataChunks` writes; every field is optional, and nothing is written when none is given. A
 * `bext` chunk is written when `loudness`, `description` or `originatorReference` is given.
 */
export interface WavMetadata {
  /** INFO `INAM`. */
  readonly title?: string | undefined;
  /** INFO `IART`. */
  readonly artist?: string | undefined;
  /** INFO `IPRD` (the product: a delivery's campaign). */
  readonly product?: string | undefined;
  /** `bext` OriginatorReference (32 ASCII characters at most: a delivery's Ad-ID). */
  readonly originatorReference?: string | undefined;
  /** INFO `ISFT`, and `bext` Originator. */
  readonly software?: string | undefined;
  /** INFO `ICMT`, and `bext` Description unless `description` is given. */
  readonly comment?: string | undefined;
  /** `bext` Description (256 ASCII characters at most). Default: `comment`. */
  readonly description?: string | undefined;
  /** The `bext` loudness fields (not given, 0x7fff, when absent). */
  readonly loudness?: BextLoudness | undefined;
}

const utf8 = (text: string): Uint8Array => new TextEncoder().encode(text);

function chunk(id: string, body: Uint8Array): Uint8Array {
  const out = new Uint8Array(8 + body.length + (body.length & 1));
  for (let i = 0; i < 4; i++) out[i] = id.charCodeAt(i);
  new DataView(out.buffer).setUint32(4, body.length, true);
  out.set(body, 8);
  return out;
}

function concat(parts: readonly Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}

/** A LIST/INFO chunk (each text NUL-terminated, UTF-8), or nothing when there is no text. */
function infoChunk(metadata: WavMetadata): Uint8Array | null {
  const fields: Array<[string, string | undefined]> = [
    ['INAM', metadata.title],
    ['IART', metadata.artist],
    ['IPRD', metadata.product],
    ['ISFT', metadata.software],
    ['ICMT', metadata.comment],
  ];
  const subchunks = fields.filter(([, text]) => text).map(([id, text]) => chunk(id, concat([utf8(text!), new Uint8Array(1)])));
  if (subchunks.length === 0) return null;
  return chunk('LIST', concat([utf8('INFO'), ...subchunks]));
}

/** Hundredths as a 16-bit field; 0x7fff when the figure is not finite (EBU Tech 3285: not given). */
const hundredths = (value: number): number => (Number.isFinite(value) ? Math.max(-32768, Math.min(32767, Math.round(value * 100))) : 0x7fff);

/**
 * A `bext` chunk, version 2 (EBU Tech 3285 offsets: Description 0, Originator 256, OriginatorReference 288,
 * Version 346, loudness fields 412 to 421): description, originator, originator reference and the loudness
 * fields; no date, time or UMID.
 */
function bextChunk(metadata: WavMetadata, loudness: BextLoudness | undefined): Uint8Array {
  const body = new Uint8Array(602);
  const view = new DataView(body.buffer);
  const ascii = (at: number, size: number, text: string | undefined): void => {
    const bytes = utf8((text ?? '').replace(/[^\x20-\x7e]/g, '?'));
    body.set(bytes.subarray(0, size), at);
  };
  ascii(0, 256, metadata.description ?? metadata.comment);
  ascii(256, 32, metadata.software);
  ascii(288, 32, metadata.originatorReference);
  view.setUint16(346, 2, true);
  view.setInt16(412, hundredths(loudness?.integrated ?? NaN), true);
  view.setInt16(414, hundredths(loudness?.range ?? NaN), true);
  view.setInt16(416, hundredths(loudness?.truePeak ?? NaN), true);
  view.setInt16(418, hundredths(loudness?.momentaryMax ?? NaN), true);
  view.setInt16(420, hundredths(loudness?.shortTermMax ?? NaN), true);
  return chunk('bext', body);
}

/** The metadata chunks to place between `fmt ` and `data` (an even number of bytes; empty when none). */
export function wavMetadataChunks(metadata: WavMetadata | undefined): Uint8Array {
  if (!metadata) return new Uint8Array(0);
  const parts: Uint8Array[] = [];
  if (metadata.loudness || metadata.description || metadata.originatorReference) parts.push(bextChunk(metadata, metadata.loudness));
  const info = infoChunk(metadata);
  if (info) parts.push(info);
  return concat(parts);
}

/**
 * `wav` (a file `encodeWav` wrote: `fmt ` then `data`, no other chunk) with the metadata chunks placed
 * before its `data` chunk and the RIFF size corrected. The samples are copied once.
 */
export function withWavMetadata(wav: Uint8Array, metadata: WavMetadata): Uint8Array {
  if (String.fromCharCode(...wav.subarray(36, 40)) !== 'data') throw new AudioInputError('withWavMetadata: give a file as encodeWav writes it (its data chunk at byte 36).');
  const extra = wavMetadataChunks(metadata);
  if (extra.length === 0) return wav;
  const out = new Uint8Array(wav.length + extra.length);
  out.set(wav.subarray(0, 36), 0);
  out.set(extra, 36);
  out.set(wav.subarray(36), 36 + extra.length);
  new DataView(out.buffer).setUint32(4, out.length - 8, true);
  return out;
}
