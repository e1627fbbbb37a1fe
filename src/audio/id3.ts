// An ID3v2.4 tag (UTF-8 text frames) for the head of an MP3 file.

/** The tag's fields; absent or empty ones are left out. */
export interface Id3Tags {
  /** TIT2. */
  readonly title?: string | undefined;
  /** TPE1. */
  readonly artist?: string | undefined;
  /** TALB (a delivery: the campaign). */
  readonly album?: string | undefined;
  /** TXXX frames, one per entry with a value: `{ 'AD-ID': 'ABCD1234000' }`. */
  readonly userText?: Readonly<Record<string, string | undefined>> | undefined;
  /** COMM (language `eng`, no description). */
  readonly comment?: string | undefined;
  /** TSSE: the software that encoded the file. */
  readonly encoder?: string | undefined;
}

const utf8 = (text: string): Uint8Array => new TextEncoder().encode(text);

/** A 28-bit number as four 7-bit bytes (ID3v2's "syncsafe" integer). */
function syncsafe(out: Uint8Array, at: number, value: number): void {
  if (value >= 1 << 28) throw new RangeError(`id3Tag: ${value} bytes do not fit an ID3v2 size (under 256 MB).`);
  for (let i = 0; i < 4; i++) out[at + i] = (value >> (7 * (3 - i))) & 0x7f;
}

function frame(id: string, body: Uint8Array): Uint8Array {
  const out = new Uint8Array(10 + body.length);
  for (let i = 0; i < 4; i++) out[i] = id.charCodeAt(i);
  syncsafe(out, 4, body.length);
  out.set(body, 10);
  return out;
}

/** An ID3v2.4 tag; an empty array when no field has text. */
export function id3Tag(tags: Id3Tags): Uint8Array {
  const text = (value: string) => [new Uint8Array([3]), utf8(value)];
  const frames: Uint8Array[] = [];
  const add = (id: string, parts: Uint8Array[]) => {
    const body = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0));
    parts.reduce((at, part) => (body.set(part, at), at + part.length), 0);
    frames.push(frame(id, body));
  };
  if (tags.title) add('TIT2', text(tags.title));
  if (tags.artist) add('TPE1', text(tags.artist));
  if (tags.album) add('TALB', text(tags.album));
  for (const [description, value] of Object.entries(tags.userText ?? {})) {
    if (value) add('TXXX', [new Uint8Array([3]), utf8(description), new Uint8Array(1), utf8(value)]);
  }
  if (tags.comment) add('COMM', [new Uint8Array([3, 0x65, 0x6e, 0x67, 0]), utf8(tags.comment)]);
  if (tags.encoder) add('TSSE', text(tags.encoder));
  if (frames.length === 0) return new Uint8Array(0);
  const size = frames.reduce((sum, f) => sum + f.length, 0);
  const out = new Uint8Array(10 + size);
  out.set([0x49, 0x44, 0x33, 4, 0, 0], 0);
  syncsafe(out, 6, size);
  frames.reduce((at, f) => (out.set(f, at), at + f.length), 10);
  return out;
}
