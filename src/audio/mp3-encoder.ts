// MP3 encoding with LAME (lamejs, LGPL-3.0). This module runs only when an MP3 is asked for, and in every
// build it is in files of its own: the MP3 worker (dist/esm/audio/mp3-worker.js, dist/mp3-worker.js), and for
// the export on the page's thread where no worker can start, dist/esm/audio/mp3-encoder.js and
// dist/studio-editor.mp3.js.
import { Mp3Encoder } from '@breezystack/lamejs';
import { countFrames, crc16, infoFrame } from './mp3-info-frame.js';

export { id3Tag, type Id3Tags } from './id3.js';

/**
 * Samples LAME puts before the first real one (its ENCDELAY; decoders add their own 529). Measured on
 * this encoder: an impulse at sample 0 decodes (without the tag) at sample 1105 at 44.1 and 48 kHz.
 */
export const ENCODER_DELAY = 576;
/** Samples per MPEG-1 Layer III frame. */
const FRAME = 1152;

/** Samples per call into the encoder (a multiple of the 1152-sample MP3 frame). */
const CHUNK = 1152 * 64;

function toInt16(x: Float32Array, from: number, to: number): Int16Array {
  const out = new Int16Array(to - from);
  for (let i = from; i < to; i++) {
    const v = x[i]!;
    out[i - from] = v >= 1 ? 32767 : v <= -1 ? -32768 : Math.round(v < 0 ? v * 32768 : v * 32767);
  }
  return out;
}

/**
 * Encodes 1 or 2 channels (44.1 or 48 kHz) as constant-bitrate MP3 at `kbps`, a chunk at a time: yields
 * the MP3 frames of each chunk as LAME gives them, and returns the gapless Info frame that goes before them
 * all (see `encodeMp3`). The MP3 worker posts each chunk as it comes.
 */
export function* mp3Chunks(channels: readonly Float32Array[], sampleRate: number, kbps: number): Generator<Uint8Array, Uint8Array, void> {
  const stereo = channels.length >= 2;
  const encoder = new Mp3Encoder(stereo ? 2 : 1, sampleRate, kbps);
  const parts: Uint8Array[] = [];
  const n = channels[0]?.length ?? 0;
  for (let from = 0; from < n; from += CHUNK) {
    const to = Math.min(n, from + CHUNK);
    const left = toInt16(channels[0]!, from, to);
    const part = stereo ? encoder.encodeBuffer(left, toInt16(channels[1]!, from, to)) : encoder.encodeBuffer(left);
    if (part.length > 0) {
      parts.push(new Uint8Array(part));
      yield parts[parts.length - 1]!;
    }
  }
  const tail = encoder.flush();
  if (tail.length > 0) {
    parts.push(new Uint8Array(tail));
    yield parts[parts.length - 1]!;
  }
  return gaplessInfo(parts, n, kbps);
}

/**
 * Encodes 1 or 2 channels (44.1 or 48 kHz) as constant-bitrate MP3 at `kbps`, gapless: the first frame is
 * a Xing "Info" frame whose LAME tag gives the encoder delay and the padding, so a decoder that reads it
 * (FFmpeg, and browsers built on it) gives back exactly the input's samples. No ID3 tag (see `id3Tag`).
 * Yields to the event loop between chunks so the page stays responsive; stops with the signal's reason
 * when it aborts. (The export runs it where no MP3 worker can start, and in Node.)
 */
export async function encodeMp3(channels: readonly Float32Array[], sampleRate: number, kbps: number, signal?: AbortSignal): Promise<Uint8Array[]> {
  const chunks = mp3Chunks(channels, sampleRate, kbps);
  const parts: Uint8Array[] = [];
  let lastYield = performance.now();
  for (let step = chunks.next(); ; step = chunks.next()) {
    if (step.done) return [step.value, ...parts];
    parts.push(step.value);
    if (performance.now() - lastYield > 30) {
      await new Promise((resolve) => setTimeout(resolve, 0));
      signal?.throwIfAborted();
      lastYield = performance.now();
    }
  }
}

/** The Info frame for the encoded `parts` of `samples` input samples. */
function gaplessInfo(parts: readonly Uint8Array[], samples: number, kbps: number): Uint8Array {
  const audio = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0));
  parts.reduce((at, part) => (audio.set(part, at), at + part.length), 0);
  const frames = countFrames(audio);
  const padding = frames * FRAME - ENCODER_DELAY - samples;
  // LAME picks a lower sample rate of its own below a rate's least bit rate (MPEG-2 frames, which are not counted here).
  if (samples > 0 && padding < 0) throw new RangeError(`The MP3 encoder could not keep the sample rate at ${kbps} kbit/s: give a higher bit rate, or 1 channel (src/delivery/mp3-rates.ts, MP3_LEAST_KBPS).`);
  return infoFrame({ first: audio.subarray(0, 4), frames, audioBytes: audio.length, delay: ENCODER_DELAY, padding, musicCrc: crc16(audio), kbps });
}
