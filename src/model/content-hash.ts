// The hash of what a version sounds like (issue 42): a decision records it, and an approval whose version hashes
// otherwise now is stale. Exactly the document fields that change the sound, as canonical JSON (keys sorted),
// hashed with SHA-256 (a small synchronous implementation: the store's reducer is pure and cannot await
// WebCrypto). Loaded with the review (./review.ts), not by the first paint.

import { isAudible, type MusicBed, type ProjectDocument, type VoiceClip } from './document.js';
import { versionContent } from './versions.js';

/**
 * What a clip adds to the sound: its audio (the asset: a URL may be signed anew without the audio changing), where
 * it plays and how loud, its trims and fades. Not its id (a split that leaves the audio in place changes no
 * sound), its section, what it was voiced from (the asset is what was voiced) nor its lock.
 */
const clipSound = (clip: VoiceClip) => ({ asset: clip.assetId, start: clip.start, gain: clip.gain, trimIn: clip.trimIn, trimOut: clip.trimOut, fadeIn: clip.fadeIn, fadeOut: clip.fadeOut });

/**
 * What the bed adds: its audio (the asset, else the library's track, else the uploaded file's URL: a track's URL
 * arriving from the library changes nothing heard), its level, where it starts, whether it loops, its fades.
 */
const bedSound = (bed: MusicBed | null) =>
  bed === null ? null : { audio: bed.assetId ?? (bed.track === null ? bed.url : `track:${bed.track.track_id}`), gain: bed.gain, offset: bed.offset, loop: bed.loop, fadeIn: bed.fadeIn, fadeOut: bed.fadeOut };

/**
 * The fields of version `id` of `doc` that change its sound, in a fixed shape: its length, its voice clips (in
 * time order), its bed, the project's mix (levels and ducking), which tracks are heard (mute and solo as they
 * sound: a muted track soloed is silent either way) and the mastering (off, or its preset and numbers). Not
 * labels, titles, codes, the campaign or its clearance, the script's words or voice settings (heard only once
 * voiced: the new take's asset changes the hash), pronunciations (likewise), locks, comments or decisions, the
 * delivery format or destinations (the same mix in every file). Undefined for an unknown version.
 */
export function versionSound(doc: ProjectDocument, id: string = doc.openVersion): object | undefined {
  const content = versionContent(doc, id);
  if (content === undefined) return undefined;
  const clips = content.clips.map(clipSound).sort((a, b) => a.start - b.start || compareText(canonicalJson(a), canonicalJson(b)));
  const { enabled, preset, target, truePeak } = doc.mastering;
  return {
    duration: content.duration,
    clips,
    music: bedSound(content.music),
    mix: doc.mix,
    heard: { voice: isAudible(doc.tracks, 'voice'), music: isAudible(doc.tracks, 'music') },
    mastering: enabled ? { enabled, preset, target, truePeak } : { enabled },
  };
}

const compareText = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

/** JSON of plain data with every object's keys sorted and `undefined` members left out: one text for one value. */
export function canonicalJson(value: unknown): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value) ?? 'null';
  if (Array.isArray(value)) return `[${value.map((item: unknown) => (item === undefined ? 'null' : canonicalJson(item))).join(',')}]`;
  const record = value as Record<string, unknown>;
  const keys = Object.keys(record)
    .filter((key) => record[key] !== undefined)
    .sort(compareText);
  return `{${keys.map((key) => `${JSON.stringify(key)}:${canonicalJson(record[key])}`).join(',')}}`;
}

/**
 * The content hash of version `id` (default: the open one): SHA-256, lower-case hex, of the canonical JSON of
 * `versionSound`. Equal for two documents that sound the same; undefined for an unknown version.
 */
export function contentHash(doc: ProjectDocument, id: string = doc.openVersion): string | undefined {
  const sound = versionSound(doc, id);
  return sound === undefined ? undefined : sha256Hex(new TextEncoder().encode(canonicalJson(sound)));
}

const K = new Uint32Array([
  0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5, 0xd807aa98, 0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7,
  0xc19bf174, 0xe49b69c1, 0xefbe4786, 0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da, 0x983e5152, 0xa831c66d, 0xb00327c8, 0xbf597fc7, 0xc6e00bf3, 0xd5a79147,
  0x06ca6351, 0x14292967, 0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13, 0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85, 0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819,
  0xd6990624, 0xf40e3585, 0x106aa070, 0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a, 0x5b9cca4f, 0x682e6ff3, 0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208,
  0x90befffa, 0xa4506ceb, 0xbef9a3f7, 0xc67178f2,
]);

const rotr = (x: number, n: number): number => (x >>> n) | (x << (32 - n));

/** SHA-256 (FIPS 180-4) of `bytes`, lower-case hex, synchronously. */
export function sha256Hex(bytes: Uint8Array): string {
  const length = bytes.length;
  const blocks = Math.ceil((length + 9) / 64);
  const padded = new Uint8Array(blocks * 64);
  padded.set(bytes);
  padded[length] = 0x80;
  const view = new DataView(padded.buffer);
  // The length in bits, as a 64-bit big-endian number (the high word holds what 32 bits cannot).
  view.setUint32(padded.length - 8, Math.floor(length / 0x20000000));
  view.setUint32(padded.length - 4, (length * 8) >>> 0);
  const h = new Uint32Array([0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a, 0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19]);
  const w = new Uint32Array(64);
  for (let block = 0; block < blocks; block++) {
    for (let i = 0; i < 16; i++) w[i] = view.getUint32(block * 64 + i * 4);
    for (let i = 16; i < 64; i++) {
      const a = w[i - 15]!;
      const b = w[i - 2]!;
      w[i] = (w[i - 16]! + (rotr(a, 7) ^ rotr(a, 18) ^ (a >>> 3)) + w[i - 7]! + (rotr(b, 17) ^ rotr(b, 19) ^ (b >>> 10))) >>> 0;
    }
    let [a, b, c, d, e, f, g, hh] = h as unknown as [number, number, number, number, number, number, number, number];
    for (let i = 0; i < 64; i++) {
      const t1 = (hh + (rotr(e, 6) ^ rotr(e, 11) ^ rotr(e, 25)) + ((e & f) ^ (~e & g)) + K[i]! + w[i]!) >>> 0;
      const t2 = ((rotr(a, 2) ^ rotr(a, 13) ^ rotr(a, 22)) + ((a & b) ^ (a & c) ^ (b & c))) >>> 0;
      hh = g;
      g = f;
      f = e;
      e = (d + t1) >>> 0;
      d = c;
      c = b;
      b = a;
      a = (t1 + t2) >>> 0;
    }
    h[0] = (h[0]! + a) >>> 0;
    h[1] = (h[1]! + b) >>> 0;
    h[2] = (h[2]! + c) >>> 0;
    h[3] = (h[3]! + d) >>> 0;
    h[4] = (h[4]! + e) >>> 0;
    h[5] = (h[5]! + f) >>> 0;
    h[6] = (h[6]! + g) >>> 0;
    h[7] = (h[7]! + hh) >>> 0;
  }
  return Array.from(h, (word) => word.toString(16).padStart(8, '0')).join('');
}
