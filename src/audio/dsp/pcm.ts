/**
 * PCM sample writers of `encodeWav`: interleaved 16-bit (optionally TPDF-dithered) and 24-bit little-endian
 * codes from 1 or 2 float channels, into `out` from byte `at`.
 *
 * Each code is floor(clamp(v * s + scale + 0.5 + dither, 0, 2 * scale - 1)) - scale, s being 32767 for
 * positive 16-bit samples and `scale` (32768, 8388608) otherwise, NaN giving code 0 (see `code`). The
 * audio is written in blocks: a fast loop assumes every sample of the block is in range (|v| below
 * 1 - 2^-15), where that formula needs no clamp and rounds as a plain integer conversion, and checks the
 * assumption on the float bits as it goes (one AND per sample, no branch); a block where it fails is
 * written again by the exact loop. The positive 16-bit scale comes from the sign bit (32767 - sign), not
 * from a branch. On little-endian platforms stereo 16-bit frames are stored as one 32-bit word and 24-bit
 * samples four to three words; elsewhere the exact loop writes bytes.
 */

const LITTLE = new Uint8Array(new Uint16Array([1]).buffer)[0] === 1;
const ABS = 0x7fffffff;
/** Float bits of 1 - 2^-15 plus one: `(bits & ABS) - LIMIT` is negative below it. */
const LIMIT = 0x3f7fff01;
/** Frames per block (even: 24-bit stereo packs two frames at a time). */
const BLOCK = 4096;
const S16 = 32768;
const P16 = 32767;
const BIAS16 = S16 + 0.5;
const S24 = 8388608;
const BIAS24 = S24 + 0.5;

/**
 * 32 random bits for frame `i`: a hash of the index and the seed's key (lowbias32, C. Wellons). A hash
 * of the index rather than a generator's sequence: no step waits for the one before (the loops are not
 * held up by a dependency chain), and a block written again gets the same noise.
 */
function noise(i: number, key: number): number {
  let h = (i + key) | 0;
  h ^= h >>> 16;
  h = Math.imul(h, 0x7feb352d);
  h ^= h >>> 15;
  h = Math.imul(h, 0x846ca68b);
  return h ^ (h >>> 16);
}

/**
 * TPDF dither of +-1 LSB from 16 random bits (`h`'s low half): the difference of two independent uniform
 * values in [0, 1) of 8-bit resolution (a triangle of 511 steps of 1/256 LSB).
 */
const tpdf = (h: number): number => ((h & 0xff) - ((h >>> 8) & 0xff)) * (1 / 256);

/** The dither key of a seed: the seed hashed once more, so that near seeds give unrelated noise. */
function ditherKey(seed: number): number {
  let h = Math.imul(seed, 0x9e3779b9);
  h ^= h >>> 16;
  h = Math.imul(h, 0x7feb352d);
  return h ^ (h >>> 15);
}

/** The exact code of `v` with dither `d`: 16 or 24 bits, as a signed integer. */
function code(v: number, bits: 16 | 24, d: number): number {
  const scale = bits === 16 ? S16 : S24;
  let w = (v > 0 ? v * (bits === 16 ? P16 : S24) : v * scale) + (scale + 0.5) + d;
  w = w > 2 * scale - 1 ? 2 * scale - 1 : w >= 0 ? w : w === w ? 0 : scale;
  return (w | 0) - scale;
}

/** Frames [from, to) of `data`, exactly, byte by byte (any platform). */
function writeExact(data: readonly Float32Array[], out: Uint8Array, at: number, bits: 16 | 24, key: number | null, from: number, to: number): void {
  const count = data.length;
  const bytes = bits / 8;
  for (let i = from, p = at + from * count * bytes; i < to; i++) {
    for (let c = 0; c < count; c++, p += bytes) {
      const q = code(data[c]![i]!, bits, key === null ? 0 : tpdf(noise(i, key) >>> (16 * c)));
      out[p] = q;
      out[p + 1] = q >> 8;
      if (bits === 24) out[p + 2] = q >> 16;
    }
  }
}

/** Runs `fast` on each block of frames; where it reports a sample out of its range, writes the block exactly. */
function blocks(data: readonly Float32Array[], out: Uint8Array, at: number, bits: 16 | 24, key: number | null, fast: (from: number, to: number) => boolean): void {
  const frames = data[0]!.length;
  for (let from = 0; from < frames; from += BLOCK) {
    const to = Math.min(frames, from + BLOCK);
    if (!fast(from, to)) writeExact(data, out, at, bits, key, from, to);
  }
}

/**
 * Writes `data` (1 or 2 channels of equal length) as interleaved 16-bit codes from byte `at` (even) of
 * `out`, with TPDF dither when `seed` (a 32-bit integer) is given.
 */
export function writePcm16(data: readonly Float32Array[], out: Uint8Array, at: number, seed: number | null): void {
  const key = seed === null ? null : ditherKey(seed);
  const frames = data[0]!.length;
  if (!LITTLE || (out.byteOffset + at) % 4 !== 0) return writeExact(data, out, at, 16, key, 0, frames);
  if (data.length === 2) {
    const [l, r] = data as [Float32Array, Float32Array];
    const words = new Int32Array(out.buffer, out.byteOffset + at, frames);
    const lb = bitsOf(l);
    const rb = bitsOf(r);
    blocks(data, out, at, 16, key, key === null ? (from, to) => stereo16(l, r, lb, rb, words, from, to) : (from, to) => stereo16Dithered(l, r, lb, rb, words, from, to, key));
  } else {
    const x = data[0]!;
    const words = new Int16Array(out.buffer, out.byteOffset + at, frames);
    const xb = bitsOf(x);
    blocks(data, out, at, 16, key, key === null ? (from, to) => mono16(x, xb, words, from, to) : (from, to) => mono16Dithered(x, xb, words, from, to, key));
  }
}

/** The bits of a Float32Array as int32 (same memory). */
function bitsOf(x: Float32Array): Int32Array {
  return new Int32Array(x.buffer, x.byteOffset, x.length);
}

// The fast loops: `ok` keeps its sign bit while every |v| is under the limit. Each sample's code is
// (v * (32767 - sign) + 32768.5) | 0 - 32768, the integer conversion truncating a positive value.

function stereo16(l: Float32Array, r: Float32Array, lb: Int32Array, rb: Int32Array, words: Int32Array, from: number, to: number): boolean {
  let ok = -1;
  for (let i = from; i < to; i++) {
    const x = lb[i]!;
    const y = rb[i]!;
    const a = (l[i]! * (P16 - (x >> 31)) + BIAS16) | 0;
    const b = (r[i]! * (P16 - (y >> 31)) + BIAS16) | 0;
    ok &= ((x & ABS) - LIMIT) & ((y & ABS) - LIMIT);
    words[i] = ((a - S16) & 0xffff) | ((b - S16) << 16);
  }
  return ok < 0;
}

function stereo16Dithered(l: Float32Array, r: Float32Array, lb: Int32Array, rb: Int32Array, words: Int32Array, from: number, to: number, key: number): boolean {
  let ok = -1;
  for (let i = from; i < to; i++) {
    const x = lb[i]!;
    const y = rb[i]!;
    const h = noise(i, key);
    const a = (l[i]! * (P16 - (x >> 31)) + BIAS16 + tpdf(h)) | 0;
    const b = (r[i]! * (P16 - (y >> 31)) + BIAS16 + tpdf(h >>> 16)) | 0;
    ok &= ((x & ABS) - LIMIT) & ((y & ABS) - LIMIT);
    words[i] = ((a - S16) & 0xffff) | ((b - S16) << 16);
  }
  return ok < 0;
}

function mono16(x: Float32Array, xb: Int32Array, words: Int16Array, from: number, to: number): boolean {
  let ok = -1;
  for (let i = from; i < to; i++) {
    const b = xb[i]!;
    ok &= (b & ABS) - LIMIT;
    words[i] = ((x[i]! * (P16 - (b >> 31)) + BIAS16) | 0) - S16;
  }
  return ok < 0;
}

function mono16Dithered(x: Float32Array, xb: Int32Array, words: Int16Array, from: number, to: number, key: number): boolean {
  let ok = -1;
  for (let i = from; i < to; i++) {
    const b = xb[i]!;
    ok &= (b & ABS) - LIMIT;
    words[i] = ((x[i]! * (P16 - (b >> 31)) + BIAS16 + tpdf(noise(i, key))) | 0) - S16;
  }
  return ok < 0;
}

/** Writes `data` (1 or 2 channels of equal length) as interleaved 24-bit codes from byte `at` of `out`. */
export function writePcm24(data: readonly Float32Array[], out: Uint8Array, at: number): void {
  const frames = data[0]!.length;
  if (!LITTLE || (out.byteOffset + at) % 4 !== 0) return writeExact(data, out, at, 24, null, 0, frames);
  const count = data.length;
  // Four samples to three words: whole blocks of frames pack evenly (BLOCK is even); the frames past the
  // last group of four samples are written exactly.
  const packed = count === 2 ? frames & ~1 : frames & ~3;
  const words = new Int32Array(out.buffer, out.byteOffset + at, (packed * count * 3) / 4);
  if (count === 2) {
    const [l, r] = data as [Float32Array, Float32Array];
    const lb = bitsOf(l);
    const rb = bitsOf(r);
    blocks([l.subarray(0, packed), r.subarray(0, packed)], out, at, 24, null, (from, to) => stereo24(l, r, lb, rb, words, from, to));
  } else {
    const x = data[0]!;
    const xb = bitsOf(x);
    blocks([x.subarray(0, packed)], out, at, 24, null, (from, to) => mono24(x, xb, words, from, to));
  }
  writeExact(data, out, at, 24, null, packed, frames);
}

// 24-bit: the limit is 1 - 2^-15 as for 16 bits (any limit under 1 would do: v * 2^23 + 2^23 + 0.5 stays under 2^24).

/** Four 24-bit codes into three little-endian words from words[j]. */
function pack(words: Int32Array, j: number, a: number, b: number, c: number, d: number): void {
  words[j] = (a & 0xffffff) | (b << 24);
  words[j + 1] = ((b >> 8) & 0xffff) | (c << 16);
  words[j + 2] = ((c >> 16) & 0xff) | (d << 8);
}

function stereo24(l: Float32Array, r: Float32Array, lb: Int32Array, rb: Int32Array, words: Int32Array, from: number, to: number): boolean {
  let ok = -1;
  for (let i = from, j = (from * 3) / 2; i < to; i += 2, j += 3) {
    ok &= ((lb[i]! & ABS) - LIMIT) & ((rb[i]! & ABS) - LIMIT) & ((lb[i + 1]! & ABS) - LIMIT) & ((rb[i + 1]! & ABS) - LIMIT);
    const a = ((l[i]! * S24 + BIAS24) | 0) - S24;
    const b = ((r[i]! * S24 + BIAS24) | 0) - S24;
    const c = ((l[i + 1]! * S24 + BIAS24) | 0) - S24;
    const d = ((r[i + 1]! * S24 + BIAS24) | 0) - S24;
    pack(words, j, a, b, c, d);
  }
  return ok < 0;
}

function mono24(x: Float32Array, xb: Int32Array, words: Int32Array, from: number, to: number): boolean {
  let ok = -1;
  for (let i = from, j = (from * 3) / 4; i < to; i += 4, j += 3) {
    ok &= ((xb[i]! & ABS) - LIMIT) & ((xb[i + 1]! & ABS) - LIMIT) & ((xb[i + 2]! & ABS) - LIMIT) & ((xb[i + 3]! & ABS) - LIMIT);
    const a = ((x[i]! * S24 + BIAS24) | 0) - S24;
    const b = ((x[i + 1]! * S24 + BIAS24) | 0) - S24;
    const c = ((x[i + 2]! * S24 + BIAS24) | 0) - S24;
    const d = ((x[i + 3]! * S24 + BIAS24) | 0) - S24;
    pack(words, j, a, b, c, d);
  }
  return ok < 0;
}
